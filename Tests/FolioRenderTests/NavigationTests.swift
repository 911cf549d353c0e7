import FolioDocument
import Foundation
import XCTest

/// Outline items, page labels and internal links in the written PDF.
final class NavigationTests: RenderTestCase {
    func testOutlineLabelsAndInternalLinks() throws {
        let storage = TextStorage("Go to the target.\nThe target paragraph.",
                                  attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 11)))
        var link = TextAttributes()
        link.link = "#the target"
        storage.addAttributes(link, range: 6..<16)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 300)))
        manager.ensureLayout()
        let path = path("nav.pdf")
        let pdf = try PDFDocument(path: path)
        pdf.beginPage(size: Size(width: 400, height: 400))
        pdf.setPageLabel("iv")
        pdf.draw(fragments: manager.lineFragments.prefix(1), at: Point(x: 40, y: 40))
        let chapter = pdf.addOutlineItem("Chapter", page: 1, at: Point(x: 40, y: 40), open: true)
        pdf.endPage()
        pdf.beginPage(size: Size(width: 400, height: 400))
        pdf.setPageLabel("v")
        pdf.draw(fragments: manager.lineFragments.dropFirst(), at: Point(x: 40, y: 40))
        pdf.canvas.addDestination("the target", at: Point(x: 40, y: 40))
        pdf.addOutlineItem("Section (ü)", parent: chapter, page: 2, at: Point(x: 40, y: 40))
        pdf.endPage()
        try pdf.finish()

        XCTAssertEqual(try run("qpdf", ["--check", path]).status, 0)
        let json = try run("qpdf", ["--json", path]).output
        XCTAssertTrue(json.contains("\"title\": \"Chapter\""), "outline")
        XCTAssertTrue(json.contains("\"title\": \"Section (ü)\""), "nested outline item, UTF-8")
        let raw = try uncompressed(path)
        XCTAssertTrue(raw.contains("/PageLabels"), "page labels written")
        XCTAssertTrue(raw.contains("/P (iv)") && raw.contains("/P (v)"), "labels iv and v")
        // The link annotation points at the named destination, and the name is defined.
        XCTAssertTrue(raw.contains("/Dest (the%20target)") || raw.contains("/D (the%20target)"), "link to the destination")
        XCTAssertTrue(raw.contains("(the%20target)"), "destination defined")
    }
}
