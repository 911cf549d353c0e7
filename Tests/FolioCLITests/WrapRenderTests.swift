import FolioTestSupport
import Foundation
import XCTest

/// `{wrap=right}` on a figure, end to end: the figure and its caption keep to the right of
/// the column and the body text runs down beside them, then takes the full width below.
final class WrapRenderTests: XCTestCase {
    func testTheTextRunsBesideAWrappedFigureAndTakesTheFullWidthBelowIt() throws {
        let dir = try makeTemporaryDirectory()
        let square = repositoryDirectory.appendingPathComponent("Examples/Documents/images/square.png")
        try FileManager.default.copyItem(at: square, to: dir.appendingPathComponent("square.png"))
        let prose = String(repeating: "The text runs down beside the figure in lines that are shorter than the column, and then below it at full width again. ", count: 12)
        let doc = "Opening paragraph before the figure.\n\n{wrap=right wrap-width=40%}\n![Zanzibar caption](square.png)\n\n" + prose + "\n"
        let source = try write(doc, "wrap.md", in: dir)
        let pdf = dir.appendingPathComponent("wrap.pdf").path
        let result = try folio(["render", source, "-o", pdf, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try qpdfCheck(pdf).status, 0)

        let words = try pdfWords(pdf, first: 1, last: 1)
        let caption = try XCTUnwrap(words.first { $0.text == "Zanzibar" })
        let body = words.filter { $0.text != "Zanzibar" && $0.text != "caption" }
        // Beside the caption, on its line: body words, all to its left with room between.
        let beside = body.filter { $0.midY > caption.yMin && $0.midY < caption.yMax }
        XCTAssertFalse(beside.isEmpty, "no text beside the figure's caption")
        for word in beside { XCTAssertLessThan(word.xMax, caption.xMin - 9, "'\(word.text)' runs into the figure") }
        // Below the figure the lines are wider than beside it.
        let rightEdge = { (ws: [PDFWord]) in ws.map(\.xMax).max() ?? 0 }
        let below = body.filter { $0.yMin > caption.yMax + 20 }
        XCTAssertFalse(below.isEmpty)
        XCTAssertGreaterThan(rightEdge(below), caption.xMax - 1, "the lines below take the full width")
        XCTAssertLessThan(rightEdge(beside), caption.xMin)
    }
}
