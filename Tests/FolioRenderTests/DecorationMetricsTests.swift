import FolioDocument
import FolioTestSupport
import Foundation
import XCTest

/// Underlines and strikethroughs: placed and sized by the font's own metrics, and drawn
/// there (measured in a PNG rendered at 10 pixels per point).
final class DecorationMetricsTests: RenderTestCase {
    /// DejaVu Serif's metrics, in font units, read from the font file's tables.
    private struct FileMetrics { var unitsPerEm, underlinePosition, underlineThickness, strikeoutSize, strikeoutPosition: Int }

    private func readMetrics(_ path: String) throws -> FileMetrics {
        guard let data = FileManager.default.contents(atPath: path) else { throw skipOrFail("the font file \(path) is missing (fonts-dejavu-core)") }
        let b = [UInt8](data)
        func u16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func i16(_ i: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(i)))) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        var tables: [String: Int] = [:]
        for t in 0..<u16(4) {
            let entry = 12 + 16 * t
            tables[String(decoding: b[entry..<(entry + 4)], as: UTF8.self)] = u32(entry + 8)
        }
        let head = try XCTUnwrap(tables["head"]), post = try XCTUnwrap(tables["post"]), os2 = try XCTUnwrap(tables["OS/2"])
        return FileMetrics(unitsPerEm: u16(head + 18), underlinePosition: i16(post + 8), underlineThickness: i16(post + 10),
                           strikeoutSize: i16(os2 + 26), strikeoutPosition: i16(os2 + 28))
    }

    func testMetricsComeFromTheFontAndLinesAreDrawnThere() throws {
        let size = 20.0
        let storage = TextStorage("MM MM", attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: size)),
                                  paragraphStyle: ParagraphStyle(alignment: .left))
        storage.addAttributes(TextAttributes(underline: TextLine(color: Color(red: 1, green: 0, blue: 0)),
                                             strikethrough: TextLine(color: Color(red: 0, green: 0, blue: 1))), range: 0..<5)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 60)))
        manager.ensureLayout()
        let run = try XCTUnwrap(manager.lineFragments.first?.glyphRuns.first)
        let font = run.font
        XCTAssertEqual(font.familyName, "DejaVu Serif")
        // The font's own numbers (DejaVu Serif: post.underlinePosition −40, underlineThickness
        // 90, OS/2 yStrikeoutPosition 530, yStrikeoutSize 102, 2048 units per em), scaled to 20 pt.
        let m = try readMetrics("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let scale = size / Double(m.unitsPerEm)
        XCTAssertEqual(font.underlinePosition, -Double(m.underlinePosition) * scale, accuracy: 1e-3)   // 0.39 below
        XCTAssertEqual(font.underlineThickness, Double(m.underlineThickness) * scale, accuracy: 1e-3)  // 0.88
        XCTAssertEqual(font.strikethroughPosition, Double(m.strikeoutPosition) * scale, accuracy: 1e-3) // 5.18 above
        XCTAssertEqual(font.strikethroughThickness, Double(m.strikeoutSize) * scale, accuracy: 1e-3)  // 1.00

        let pixelsPerPoint = 10.0, origin = Point(x: 10, y: 10)
        let path = path("lines.png")
        try PNGRenderer.renderPage(size: Size(width: 220, height: 60), scale: pixelsPerPoint, to: path) { canvas in
            canvas.draw(manager, containerAt: 0, at: origin)
        }
        let image = try XCTUnwrap(RasterImage(path: path))
        XCTAssertEqual(image.width, 2200); XCTAssertEqual(image.height, 600)

        // Down the middle of the space between the words (no glyph ink there), how much of
        // each pixel row the red underline and the blue strikethrough cover: red over white
        // keeps r at 255 and lowers b in proportion, blue keeps b and lowers r.
        let spaceMid = (run.positions[2].x + run.positions[3].x) / 2
        let columns = Int(((origin.x + spaceMid - 1) * pixelsPerPoint).rounded())...Int(((origin.x + spaceMid + 1) * pixelsPerPoint).rounded())
        func band(_ coverage: (RasterImage.Pixel) -> Double) -> (centre: Double, thickness: Double) {
            var total = 0.0, moment = 0.0
            for y in 0..<image.height {
                let c = columns.map { coverage(image.pixel($0, y)) }.reduce(0, +) / Double(columns.count)
                total += c; moment += c * (Double(y) + 0.5)
            }
            return (moment / max(total, 1e-9) / pixelsPerPoint - origin.y, total / pixelsPerPoint)
        }
        let underline = band { Double(max(0, $0.r - $0.b)) / 255 }
        let strike = band { Double(max(0, $0.b - $0.r)) / 255 }
        // OpenType's post/OS/2 fields and Pango's metrics give the *top* of each line, and
        // Pango's own renderer draws the line's top there: so does PageCanvas, each line as
        // thick as the font says, its top at baseline + underlinePosition (below) and
        // baseline − strikethroughPosition (above).
        XCTAssertEqual(underline.thickness, font.underlineThickness, accuracy: 0.02)
        XCTAssertEqual(underline.centre - underline.thickness / 2, run.baseline + font.underlinePosition, accuracy: 0.02)
        XCTAssertEqual(strike.thickness, font.strikethroughThickness, accuracy: 0.02)
        XCTAssertEqual(strike.centre - strike.thickness / 2, run.baseline - font.strikethroughPosition, accuracy: 0.02)

        // Along the underline, it runs from the run's left edge to its right edge.
        let row = Int(((origin.y + underline.centre) * pixelsPerPoint).rounded(.down))
        let red = (0..<image.width).filter { image.pixel($0, row).r - image.pixel($0, row).b > 128 }
        XCTAssertEqual(Double(try XCTUnwrap(red.first)), (origin.x + run.bounds.minX) * pixelsPerPoint, accuracy: 1)
        XCTAssertEqual(Double(try XCTUnwrap(red.last)) + 1, (origin.x + run.bounds.maxX) * pixelsPerPoint, accuracy: 1)
        XCTAssertEqual(red.count, red.last! - red.first! + 1, "one unbroken line")
    }
}
