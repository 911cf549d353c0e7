import FolioDocument
import FolioTestSupport
import Foundation
import XCTest

/// The paper's colour: painted under everything on each page of the PDF and of the PNG
/// previews (white unless said), or left out for transparent pages.
final class PageBackgroundTests: RenderTestCase {
    /// The content streams of `pdf`'s pages, uncompressed, in page order.
    private func pageContents(_ pdf: String) throws -> [Substring] {
        let qdf = try uncompressed(pdf)
        return qdf.components(separatedBy: "%% Contents for page ").dropFirst().compactMap { section in
            guard let start = section.range(of: "stream\n"),
                  let end = section.range(of: "endstream", range: start.upperBound..<section.endIndex) else { return nil }
            return section[start.upperBound..<end.lowerBound]
        }
    }

    /// Two pages of different sizes with text on them, on `background`.
    private func writeTwoPages(_ name: String, background: Color??) throws -> String {
        let pdf = try PDFDocument(path: path(name))
        if let background { pdf.pageBackground = background }
        let manager = layout(prose)
        for size in [Size(width: 500, height: 400), Size(width: 300, height: 200)] {
            pdf.beginPage(size: size)
            pdf.draw(manager, containerAt: 0, at: Point(x: 20, y: 20))
            pdf.endPage()
        }
        try pdf.finish()
        return path(name)
    }

    func testEachPageIsPaintedWhiteUnderEverythingByDefault() throws {
        let pdf = try writeTwoPages("white.pdf", background: nil)
        try assertValidPDF(pdf)
        let pages = try pageContents(pdf)
        XCTAssertEqual(pages.count, 2)
        for (page, size) in zip(pages, ["500 400", "300 200"]) {
            let fill = try XCTUnwrap(page.range(of: "1 1 1 rg"), String(page.prefix(300)))
            let rectangle = try XCTUnwrap(page.range(of: "0 0 \(size) re f"), String(page.prefix(300)))
            let text = try XCTUnwrap(page.range(of: "BT"))
            XCTAssertLessThan(fill.lowerBound, rectangle.lowerBound)
            XCTAssertLessThan(rectangle.lowerBound, text.lowerBound, "the paper is painted before the text")
            XCTAssertEqual(page.components(separatedBy: " re f").count - 1, 1, "one fill a page: \(page.prefix(300))")
        }
        let extracted = try text(of: pdf)
        XCTAssertTrue(extracted.contains("quick brown fox"), "the text is still found: \(extracted)")
    }

    func testATransparentPageHasNoFill() throws {
        let pdf = try writeTwoPages("clear.pdf", background: .some(nil))
        try assertValidPDF(pdf)
        for page in try pageContents(pdf) {
            XCTAssertFalse(page.contains(" re f"), String(page.prefix(300)))
            XCTAssertTrue(page.contains("BT"))
        }
    }

    func testAColouredPageIsThatColourInTheDrawnPage() throws {
        let cream = Color(red: 244 / 255, green: 236 / 255, blue: 216 / 255)
        let pdf = try writeTwoPages("cream.pdf", background: cream)
        let prefix = path("cream")
        _ = try run("pdftoppm", ["-r", "36", "-png", "-f", "2", "-l", "2", pdf, prefix])
        let image = try XCTUnwrap(RasterImage(path: prefix + "-2.png"))
        XCTAssertEqual(image.width, 150)
        for (x, y) in [(0, 0), (image.width - 1, image.height - 1), (image.width / 2, image.height - 2)] {
            let p = image.pixel(x, y)
            XCTAssertEqual([p.r, p.g, p.b], [244, 236, 216], "(\(x), \(y))")
        }
    }

    /// A template's `page: {background: …}` reaches the PDF and the PNG previews.
    func testATemplatesBackgroundReachesThePDFAndThePreviews() throws {
        for (setting, expected) in [("'#203040'", Optional(RasterImage.Pixel(r: 0x20, g: 0x30, b: 0x40, a: 255))),
                                    ("none", nil)] {
            let folder = dir.appendingPathComponent("tpl-\(expected == nil ? "none" : "dark")")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "extends: default\npage: {size: 200pt x 150pt, margins: 20pt, background: \(setting)}\n"
                .write(to: folder.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
            try "Some text on a page.\n".write(toFile: path("doc.md"), atomically: true, encoding: .utf8)
            let previews = dir.appendingPathComponent("png-\(expected == nil ? "none" : "dark")")
            try FileManager.default.createDirectory(at: previews, withIntermediateDirectories: true)
            var job = RenderJob(input: path("doc.md"))
            job.templateName = folder.path
            job.settings.pngDirectory = previews.path
            job.settings.pngScale = 1
            let out = path("doc-\(expected == nil ? "none" : "dark").pdf")
            _ = try job.render(try job.prepare(), to: out)
            let page = try XCTUnwrap(pageContents(out).first)
            let preview = try XCTUnwrap(RasterImage(path: previews.appendingPathComponent("page-1.png").path))
            if let expected {
                XCTAssertTrue(page.contains("0.12549 0.188235 0.25098 rg"), String(page.prefix(300)))
                XCTAssertEqual(preview.pixel(0, 0), expected)
                XCTAssertEqual(preview.pixel(199, 149), expected)
            } else {
                XCTAssertFalse(page.contains(" re f"), String(page.prefix(300)))
                XCTAssertEqual(preview.pixel(0, 0).a, 0, "a transparent page is a transparent preview")
            }
        }
    }
}
