import FolioDocument
import Foundation
import XCTest

final class LinkTests: RenderTestCase {
    func testLinkBecomesAnAnnotationOverItsWords() throws {
        let manager = layout("Visit the project page for more.", alignment: .left)
        manager.textStorage.addAttributes(TextAttributes(link: "https://example.org/folio"), range: 10..<22)
        let path = try write(manager, to: "link.pdf")
        // cairo 1.16 writes a damaged file for a link alone; the renderer works around it.
        try assertValidPDF(path)
        let raw = try uncompressed(path)
        XCTAssertTrue(raw.contains("/URI (https://example.org/folio)"), "no link annotation")
        XCTAssertEqual(raw.components(separatedBy: "/Subtype /Link").count - 1, 1)

        // The annotation covers "project page" where pdftotext finds it.
        let rect = try XCTUnwrap(raw.firstMatch(of: /\/Rect \[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/))
        let pageHeight = 400.0
        let (x0, y0, x1, y1) = (Double(rect.1)!, pageHeight - Double(rect.4)!, Double(rect.3)!, pageHeight - Double(rect.2)!)
        let words = try wordBoxes(path)
        for name in ["project", "page"] {
            let box = try XCTUnwrap(words.first { $0.word == name }?.box, name)
            XCTAssertLessThanOrEqual(x0, box.minX + 1, name); XCTAssertGreaterThanOrEqual(x1, box.maxX - 1, name)
            XCTAssertLessThanOrEqual(y0, (box.minY + box.height / 2), name); XCTAssertGreaterThanOrEqual(y1, (box.minY + box.height / 2), name)
        }
        let visit = try XCTUnwrap(words.first { $0.word == "Visit" }?.box)
        XCTAssertGreaterThan(x0, visit.maxX, "the link starts after the unlinked words")
    }

    func testURIsWithCharactersPDFStringsCannotHoldAreEncoded() throws {
        let manager = layout("one two three four", alignment: .left)
        let s = manager.textStorage
        s.addAttributes(TextAttributes(link: "https://en.wikipedia.org/wiki/Foo_(bar"), range: 0..<3)
        s.addAttributes(TextAttributes(link: "https://example.org/a b\\c'd"), range: 4..<7)
        s.addAttributes(TextAttributes(link: "https://example.org/café"), range: 8..<13)
        let path = try write(manager, to: "uris.pdf")
        try assertValidPDF(path)
        let raw = try uncompressed(path)
        XCTAssertTrue(raw.contains("/URI (https://en.wikipedia.org/wiki/Foo_%28bar)"), raw)
        XCTAssertTrue(raw.contains("/URI (https://example.org/a%20b%5Cc%27d)"))
        XCTAssertTrue(raw.contains("/URI (https://example.org/caf%C3%A9)"))
        XCTAssertTrue(try text(of: path).contains("one two three four"))
    }

    func testLinksOnSeveralPagesAndLines() throws {
        let words = (1...60).map { "w\($0)" }.joined(separator: " ")
        let manager = layout(words, width: 120)
        // A link long enough to wrap onto a second line: one annotation per line piece.
        manager.textStorage.addAttributes(TextAttributes(link: "https://example.org/long"), range: 0..<60)
        let path = try write(manager, to: "pages.pdf", pages: 2)
        try assertValidPDF(path)
        let raw = try uncompressed(path)
        let annotations = raw.components(separatedBy: "/Subtype /Link").count - 1
        XCTAssertGreaterThanOrEqual(annotations, 4, "at least two line pieces on each of two pages")
        XCTAssertEqual(annotations % 2, 0)
        XCTAssertEqual(PageCanvasProbe.uriAttribute("https://x.org/(a)"), "uri='https://x.org/%28a%29'")
    }

    /// What cairo may not copy raw is percent-encoded byte by byte (UTF-8, upper-case hex),
    /// the same way for a link and for its destination.
    func testPercentEncodingOfURIsAndDestinationNames() {
        XCTAssertEqual(PageCanvasProbe.uriAttribute("https://x.org/a b'c\\d"), "uri='https://x.org/a%20b%27c%5Cd'")
        XCTAssertEqual(PageCanvasProbe.uriAttribute("http://例.cn/é"), "uri='http://%E4%BE%8B.cn/%C3%A9'")
        XCTAssertEqual(PageCanvasProbe.uriAttribute("a\u{0}\u{7F}\u{FF}"), "uri='a%00%7F%C3%BF'")
        XCTAssertNil(PageCanvasProbe.uriAttribute(""))
        XCTAssertNil(PageCanvasProbe.uriAttribute("#"))
        XCTAssertEqual(PageCanvasProbe.destinationName("入门-指南_1.2", scope: nil), "%E5%85%A5%E9%97%A8-%E6%8C%87%E5%8D%97_1.2")
        XCTAssertEqual(PageCanvasProbe.destinationName("a:b", scope: "doc2"), "doc2:a%3Ab")
        XCTAssertEqual(PageCanvasProbe.destinationName("", scope: nil), "")
        XCTAssertEqual(PageCanvasProbe.linkAttributes("#入门", scope: "s"), "dest='s:%E5%85%A5%E9%97%A8'")
        // Every ASCII byte and the lead and continuation bytes of two- to four-byte UTF-8:
        // kept as itself or written %XX, and decoded back to the name.
        let all = String(String.UnicodeScalarView((0...0x7FF).compactMap { Unicode.Scalar(UInt32($0)) }))
            + "入門\u{FFFD}\u{1F600}\u{10FFFF}"
        let name = PageCanvasProbe.destinationName(all, scope: nil)
        XCTAssertTrue(name.utf8.allSatisfy { $0 < 0x80 && $0 != 0x3A })
        XCTAssertEqual(name.removingPercentEncoding, all)
    }
}
