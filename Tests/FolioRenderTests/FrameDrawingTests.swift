import FolioDocument
import FolioTestSupport
import Foundation
import XCTest

/// Frames as drawn on the page: a fill is a filled box, an image named by a field is the
/// document's file placed where `align` says, and a multi-line field keeps its lines —
/// looked at in the page's pixels and in its text's positions.
final class FrameDrawingTests: RenderTestCase {
    /// Renders `markdown` (in the test folder, beside `square.png`) with a template of
    /// `frames` on its first master, at 1 pixel a point; the PDF's path and page 1's pixels.
    private func render(frames: String, _ markdown: String) throws -> (pdf: String, page: RasterImage) {
        if !FileManager.default.fileExists(atPath: path("square.png")) {
            try FileManager.default.copyItem(atPath: asset("square.png"), toPath: path("square.png"))
        }
        let template = dir.appendingPathComponent("tpl")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        try """
        page: {size: 400pt x 300pt, margins: {top: 200pt, bottom: 20pt, left: 20pt, right: 20pt}}
        variables: {logo: "", recipient: ""}
        styles:
          body: {font: "DejaVu Sans", size: 10pt, leading: 12pt, align: left, indent: 0, hyphenate: false}
          address: {parent: body}
        masters:
          first:
            frames:
        \(frames)
        """.write(to: template.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
        try markdown.write(toFile: path("doc.md"), atomically: true, encoding: .utf8)
        var job = RenderJob(input: path("doc.md"))
        job.templateName = template.path
        job.settings.pngDirectory = dir.path
        job.settings.pngScale = 1
        let prepared = try job.prepare()
        _ = try job.render(prepared, to: path("doc.pdf"))
        return (path("doc.pdf"), try XCTUnwrap(RasterImage(path: path("page-1.png"))))
    }

    /// The box around the pixels in `rect` that are not white.
    private func inked(_ page: RasterImage, in rect: Rect) -> Rect? {
        let dark = page.pixels(in: rect).filter { !$0.pixel.isWhite }
        guard let x0 = dark.map(\.x).min(), let x1 = dark.map(\.x).max(), let y0 = dark.map(\.y).min(), let y1 = dark.map(\.y).max() else { return nil }
        return Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1))
    }

    private func assertBox(_ box: Rect?, _ expected: Rect, _ message: String, line: UInt = #line) {
        guard let box else { return XCTFail("nothing drawn: \(message)", line: line) }
        for (a, b) in [(box.minX, expected.minX), (box.minY, expected.minY), (box.maxX, expected.maxX), (box.maxY, expected.maxY)] {
            XCTAssertEqual(a, b, accuracy: 1.01, "\(box) against \(expected): \(message)", line: line)
        }
    }

    func testAFillIsABoxOfItsColour() throws {
        let (_, page) = try render(frames: "      - {x: 10pt, y: 50pt, width: 30pt, height: 4pt, fill: \"#0000ff\"}", "Text.\n")
        XCTAssertEqual(inked(page, in: Rect(x: 0, y: 0, width: 100, height: 100)), Rect(x: 10, y: 50, width: 30, height: 4))
        XCTAssertEqual(page.pixel(25, 52), RasterImage.Pixel(r: 0, g: 0, b: 255, a: 255))
    }

    func testAnImageNamedByAFieldIsTheDocumentsAndSitsWhereAlignSays() throws {
        let (_, page) = try render(frames: """
              - {x: 100pt, y: 20pt, width: 200pt, height: 40pt, image: "{logo}", align: top right}
              - {x: 100pt, y: 80pt, width: 200pt, height: 40pt, image: "{logo}", align: left}
        """, "---\nlogo: square.png\n---\nText.\n")
        // The image's edge pixels are filtered into their neighbours: a pixel either way.
        assertBox(inked(page, in: Rect(x: 90, y: 10, width: 220, height: 60)), Rect(x: 260, y: 20, width: 40, height: 40),
                  "the square fitted to the frame's height, flush right and top")
        assertBox(inked(page, in: Rect(x: 90, y: 70, width: 220, height: 60)), Rect(x: 100, y: 80, width: 40, height: 40), "flush left, centred")
        let none = try render(frames: "      - {x: 100pt, y: 20pt, width: 200pt, height: 40pt, image: \"{logo}\"}", "Text.\n")
        XCTAssertNil(inked(none.page, in: Rect(x: 90, y: 10, width: 220, height: 60)), "no logo given: nothing drawn")
    }

    func testAMultiLineFieldKeepsItsLinesInsideItsFrame() throws {
        let (pdf, _) = try render(frames: """
              - {x: 30pt, y: 60pt, width: 150pt, height: 60pt, text: "{recipient}", style: address}
              - {x: 30pt, y: 40pt, width: 300pt, height: 12pt, text: "{oneline(recipient)}", style: address}
        """, "---\nrecipient: |\n  Ann Lee\n  1 Main Street\n  Springfield\n---\nText.\n")
        let lines = try pdfLines(pdf).filter { $0.yMin < 150 }.sorted { $0.yMin < $1.yMin }
        XCTAssertEqual(lines.map(\.text), ["Ann Lee · 1 Main Street · Springfield", "Ann Lee", "1 Main Street", "Springfield"])
        for line in lines.dropFirst() {
            XCTAssertGreaterThanOrEqual(line.xMin, 30 - 0.5)
            XCTAssertGreaterThanOrEqual(line.yMin, 60 - 0.5)
            XCTAssertLessThanOrEqual(line.yMax, 120 + 0.5)
        }
    }
}
