import FolioTestSupport
import Foundation
import XCTest

/// Figures across the columns of a page (`{span=all}`), the room a new band of columns
/// leaves for what is set above it, and columns balanced with figures in them, end to end
/// with the two-column template.
final class SpanningFigureTests: XCTestCase {
    private let prose = "Columns of text run on either side of the gutter, and the figure below them is meant to cross it. "

    private func render(_ doc: String, in dir: URL, name: String = "doc") throws -> String {
        let square = repositoryDirectory.appendingPathComponent("Examples/Documents/images/chart.png")
        let image = dir.appendingPathComponent("chart.png")
        if !FileManager.default.fileExists(atPath: image.path) { try FileManager.default.copyItem(at: square, to: image) }
        let source = try write(doc, "\(name).md", in: dir)
        let pdf = dir.appendingPathComponent("\(name).pdf").path
        let result = try folio(["render", source, "-t", "two-column", "-o", pdf, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)
        return pdf
    }

    /// The x-range of the text on `page`: the left column's left edge and the right one's right edge.
    private func textExtent(_ words: [PDFWord]) -> (minX: Double, maxX: Double) {
        (words.map(\.xMin).min() ?? 0, words.map(\.xMax).max() ?? 0)
    }

    func testAFigureWithSpanAllCrossesBothColumnsAndTheColumnsAboveItBalance() throws {
        let dir = try makeTemporaryDirectory()
        let doc = "# Spanning\n\n" + String(repeating: prose, count: 8) + "\n\n{span=all}\n![Crossingcaption across the page](chart.png)\n\n"
            + String(repeating: "After the figure the two columns go on below it. ", count: 30) + "\n"
        let pdf = try render(doc, in: dir)
        XCTAssertEqual(try pdfPageCount(pdf), 1)
        let words = try pdfWords(pdf, first: 1, last: 1)
        let extent = textExtent(words.filter { $0.text != "Crossingcaption" })
        let caption = try XCTUnwrap(words.first { $0.text == "Crossingcaption" })
        // The caption is centred under a figure as wide as the page's text: across the gutter.
        let lineOfCaption = words.filter { abs($0.midY - caption.midY) < 2 }
        let captionMid = (lineOfCaption.map(\.xMin).min()! + lineOfCaption.map(\.xMax).max()!) / 2
        XCTAssertEqual(captionMid, (extent.minX + extent.maxX) / 2, accuracy: 6, "centred across the page, not in a column")
        // Above it, the text stands in both columns, ending at nearly the same height.
        let above = words.filter { $0.yMax < caption.yMin - 30 && $0.text != "Spanning" }
        let middle = (extent.minX + extent.maxX) / 2
        let left = above.filter { $0.midX < middle }, right = above.filter { $0.midX > middle }
        XCTAssertFalse(left.isEmpty)
        XCTAssertFalse(right.isEmpty, "the columns above the figure are balanced, not all in the left one")
        XCTAssertEqual(left.map(\.yMax).max()!, right.map(\.yMax).max()!, accuracy: 14)
        // Below it, both columns again.
        let below = words.filter { $0.yMin > caption.yMax }
        XCTAssertTrue(below.contains { $0.midX < middle } && below.contains { $0.midX > middle })
    }

    func testASpanningFigureTooTallForTheRoomLeftOpensTheNextPage() throws {
        let dir = try makeTemporaryDirectory()
        // More and more text before the figure, until the room left under it is too little.
        var movedOn = false
        for count in stride(from: 20, through: 60, by: 4) {
            let doc = String(repeating: prose + "\n\n", count: count) + "{span=all}\n![Tallcaption across the page](chart.png)\n\nThe end.\n"
            let pdf = try render(doc, in: dir, name: "doc\(count)")
            let pages = try pdfPageCount(pdf)
            let captionPage = try XCTUnwrap((1...pages).first { try pdfText(pdf, first: $0, last: $0).contains("Tallcaption") })
            let caption = try XCTUnwrap(try pdfWords(pdf, first: captionPage, last: captionPage).first { $0.text == "Tallcaption" })
            XCTAssertLessThan(caption.yMax, 842 - 40, "\(count) paragraphs: the figure runs past the foot of page \(captionPage)")
            // The image is on the caption's page: not left behind, running past the foot of the page before.
            let listing = try tool("pdfimages", ["-list", pdf]).stdout.split(separator: "\n").dropFirst(2)
            let imagePages = listing.compactMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).first ?? "") }
            XCTAssertEqual(imagePages, [captionPage], "\(count) paragraphs: the figure and its caption are on different pages")
            let text = try pdfText(pdf, first: captionPage, last: captionPage)
            if captionPage > 1, !text.contains("Columns of text") { movedOn = true }
        }
        XCTAssertTrue(movedOn, "no case opened a page for the figure")
    }

    /// A short document whose columns balance, with drop caps in it: both columns hold
    /// text, on one page, and each letter sits beside its lines.
    func testColumnsWithDropCapsBalanceOnOnePage() throws {
        let dir = try makeTemporaryDirectory()
        let doc = (0..<4).map { _ in "{.dropcap}\n" + String(repeating: prose, count: 6) }.joined(separator: "\n\n") + "\n"
        let pdf = try render(doc, in: dir)
        XCTAssertEqual(try pdfPageCount(pdf), 1)
        // The text, without the folio at the page's foot.
        let words = try pdfWords(pdf, first: 1, last: 1).filter { $0.yMax < 780 }
        let extent = textExtent(words)
        let middle = (extent.minX + extent.maxX) / 2
        let left = words.filter { $0.midX < middle }, right = words.filter { $0.midX > middle }
        XCTAssertFalse(left.isEmpty || right.isEmpty, "both columns hold text")
        XCTAssertEqual(left.map(\.yMax).max()!, right.map(\.yMax).max()!, accuracy: 30, "balanced")
    }

    func testANewBandOfColumnsStartsBelowAFigureAtTheFootOfAColumn() throws {
        let dir = try makeTemporaryDirectory()
        let doc = String(repeating: prose, count: 3) + "\n\n{float=bottom}\n![Footcaption of a figure](chart.png)\n\n"
            + String(repeating: prose, count: 2) + "\n\n{columns=1}\nNewsection text set in one column across the page, after the two columns above it.\n"
        let pdf = try render(doc, in: dir)
        let pages = try pdfPageCount(pdf)
        var caption: PDFWord?, section: PDFWord?
        for page in 1...pages {
            let words = try pdfWords(pdf, first: page, last: page)
            if let c = words.first(where: { $0.text == "Footcaption" }) { caption = c }
            if let s = words.first(where: { $0.text == "Newsection" }) { section = s }
        }
        let c = try XCTUnwrap(caption), s = try XCTUnwrap(section)
        XCTAssert(s.page > c.page || s.yMin > c.yMax, "the new section's text overlaps the figure at the column's foot: \(s) \(c)")
    }
}
