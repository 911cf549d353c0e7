import FolioDocument
import Foundation
import FolioTestSupport
import XCTest

final class PNGRendererTests: RenderTestCase {
    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ data: Data) -> (Int, Int) {
        let b = [UInt8](data)
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be32(16), be32(20))
    }

    func testPreviewHasInkAtTheRequestedScale() throws {
        let manager = layout(prose)
        let path = path("page.png")
        let origin = Point(x: 10, y: 10), scale = 2.0
        try PNGRenderer.renderPage(size: Size(width: 300, height: 200), scale: scale, to: path) { canvas in
            canvas.draw(manager, containerAt: 0, at: origin)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertTrue(pngSize(data) == (600, 400), "\(pngSize(data))")

        let blank = self.path("blank.png")
        try PNGRenderer.renderPage(size: Size(width: 300, height: 200), scale: scale, to: blank) { _ in }
        let empty = try XCTUnwrap(RasterImage(path: blank))
        XCTAssertEqual(empty.width, 600); XCTAssertEqual(empty.height, 400)
        XCTAssertTrue(empty.pixels(in: Rect(x: 0, y: 0, width: 600, height: 400)).allSatisfy { $0.pixel.isWhite }, "a blank page is white")

        // Ink exactly where the lines are: every line has dark pixels within its rect (in
        // pixels: origin plus rect, times the scale), and nothing is drawn outside the
        // lines' rects.
        let image = try XCTUnwrap(RasterImage(path: path))
        XCTAssertEqual(image.width, 600); XCTAssertEqual(image.height, 400)
        func device(_ r: Rect) -> Rect {
            Rect(x: (origin.x + r.minX) * scale, y: (origin.y + r.minY) * scale, width: r.width * scale, height: r.height * scale)
        }
        let lines = Array(manager.lineFragments(inContainerAt: 0))
        XCTAssertGreaterThan(lines.count, 1)
        for line in lines {
            XCTAssertTrue(image.pixels(in: device(line.usedRect)).contains { $0.pixel.luminance < 60 }, "ink in \(line.characterRange)")
        }
        let ink = image.pixels(in: Rect(x: 0, y: 0, width: 600, height: 400)).filter { !$0.pixel.isWhite }
        // Lines' rects, and what hangs out of them (punctuation in the margin).
        let block = lines.map { device($0.rect.union($0.usedRect)) }.reduce(device(lines[0].rect)) { a, b in
            Rect(x: min(a.minX, b.minX), y: min(a.minY, b.minY), width: max(a.maxX, b.maxX) - min(a.minX, b.minX),
                 height: max(a.maxY, b.maxY) - min(a.minY, b.minY))
        }
        let outside = ink.filter { Double($0.x) + 0.5 < block.minX - 1 || Double($0.x) + 0.5 > block.maxX + 1
            || Double($0.y) + 0.5 < block.minY - 1 || Double($0.y) + 0.5 > block.maxY + 1 }
        XCTAssertEqual(outside.count, 0, "ink outside the text block \(block): \(outside.prefix(3))")
        // Justified lines reach both edges of the 200 pt column (the right one with what hangs
        // past it): the ink spans it.
        XCTAssertEqual(Double(ink.map(\.x).min()!), (origin.x + 0) * scale, accuracy: 3)
        XCTAssertEqual(Double(ink.map(\.x).max()! + 1), (origin.x + lines.map(\.usedRect.maxX).max()!) * scale, accuracy: 3)
        XCTAssertLessThanOrEqual(lines.map(\.usedRect.maxX).max()!, 200 + hangingAllowance)
        XCTAssertEqual(try filesInDir(), ["blank.png", "page.png"], "no temporary files left")
    }

    func testImagesAndDecorationsDrawOnPNG() throws {
        let text = "Picture \u{FFFC} photo \u{FFFC} link."
        let manager = layout(text, containers: 1, alignment: .left)
        let offsets = objectReplacementOffsets(text)
        let s = manager.textStorage
        s.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("square.png"), size: Size(width: 12, height: 12))), range: offsets[0]..<(offsets[0] + 3))
        s.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("sun.jpg"), size: Size(width: 12, height: 12))), range: offsets[1]..<(offsets[1] + 3))
        s.addAttributes(TextAttributes(underline: TextLine(), link: "https://example.org"), range: offsets[1] + 4..<s.length)
        manager.ensureLayout()
        let path = path("deco.png")
        let origin = Point(x: 10, y: 10), scale = 4.0
        try PNGRenderer.renderPage(size: Size(width: 220, height: 60), scale: scale, to: path) { canvas in
            canvas.draw(manager, containerAt: 0, at: origin)
        }
        let image = try XCTUnwrap(RasterImage(path: path))
        XCTAssertEqual(image.width, 880); XCTAssertEqual(image.height, 240)
        func device(_ r: Rect, inset: Double = 0) -> Rect {
            Rect(x: (origin.x + r.minX + inset) * scale, y: (origin.y + r.minY + inset) * scale,
                 width: (r.width - 2 * inset) * scale, height: (r.height - 2 * inset) * scale)
        }
        let runs = manager.lineFragments.flatMap(\.glyphRuns)
        let images = runs.compactMap { run in run.attachmentRect.map { (run.attachment!.path, $0) } }
        XCTAssertEqual(images.count, 2)

        // The PNG picture is drawn in its rect, in its own colour (a flat red square).
        let source = try XCTUnwrap(RasterImage(path: asset("square.png")))
        let colour = source.pixel(source.width / 2, source.height / 2)
        let square = try XCTUnwrap(images.first { $0.0.hasSuffix("square.png") }?.1)
        let inSquare = image.pixels(in: device(square, inset: 1))
        XCTAssertGreaterThan(inSquare.count, 100)
        for p in inSquare {
            XCTAssertEqual(p.pixel.r, colour.r, accuracy: 12); XCTAssertEqual(p.pixel.g, colour.g, accuracy: 12)
            XCTAssertEqual(p.pixel.b, colour.b, accuracy: 12)
        }
        // Raster output cannot decode JPEG: a light grey box (0.88 → 224) with a darker cross.
        let photo = try XCTUnwrap(images.first { $0.0.hasSuffix("sun.jpg") }?.1)
        let inPhoto = image.pixels(in: device(photo, inset: 1)).map(\.pixel)
        XCTAssertTrue(inPhoto.allSatisfy { $0.r == $0.g && $0.g == $0.b }, "grey")
        XCTAssertGreaterThan(inPhoto.filter { abs($0.r - 224) <= 2 }.count, inPhoto.count / 2, "mostly light grey")
        XCTAssertLessThan(inPhoto.map(\.r).min()!, 200, "with a darker cross")

        // The underlined link: a dark line along the run, its top at the font's underline
        // position (the middle of the line's band is sampled).
        let link = try XCTUnwrap(runs.first { $0.attributes.underline != nil })
        let y = (origin.y + link.baseline + link.font.underlinePosition + max(link.font.underlineThickness, 0.4) / 2) * scale
        let row = image.pixels(in: Rect(x: (origin.x + link.bounds.minX) * scale + 2, y: y - 0.5, width: link.bounds.width * scale - 4, height: 1))
        XCTAssertGreaterThan(row.count, 40)
        XCTAssertTrue(row.allSatisfy { $0.pixel.luminance < 128 }, "an unbroken dark underline")
        // Just above the underline's band, between the letters, the row is not all ink.
        let above = image.pixels(in: Rect(x: (origin.x + link.bounds.minX) * scale, y: (origin.y + link.baseline - 3) * scale,
                                          width: link.bounds.width * scale, height: 1))
        XCTAssertTrue(above.contains { $0.pixel.isWhite })
    }

    func testImpossibleSizesThrow() {
        XCTAssertThrowsError(try PNGRenderer.renderPage(size: Size(width: 0, height: 100), to: path("zero.png")) { _ in })
        XCTAssertThrowsError(try PNGRenderer.renderPage(size: Size(width: 100_000, height: 100), to: path("huge.png")) { _ in })
    }

    func testExistingFileIsReplacedWhole() throws {
        let path = path("page.png")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        try PNGRenderer.renderPage(size: Size(width: 50, height: 50), to: path) { _ in }
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}
