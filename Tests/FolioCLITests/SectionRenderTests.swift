import FolioTestSupport
import Foundation
import XCTest

/// A heading right before a change of columns (`{columns=4}` on the paragraph after it)
/// belongs to the section before: carried into the new section's first column with its
/// paragraph, it used to lose that paragraph's text and split the heading (found by the
/// render fuzzer). Wherever the change falls on the page, every word is set, in order.
/// When the new section's first lines do not fit on the page, the heading goes over with
/// them: the next page opens with the heading in its own section, the new columns below.
final class SectionRenderTests: XCTestCase {
    func testAHeadingBeforeAChangeOfColumnsKeepsEveryWordInOrder() throws {
        let dir = try makeTemporaryDirectory()
        let filler = String(repeating: "Filler paragraph with enough words to take a few lines of the page, so that the page fills. ", count: 3)
        // Page 1 holds 10 or 11 fillers: the heading lands at its foot for one of these.
        for count in [0, 8, 9, 10, 11, 12, 16] {
            let doc = "# Title\n\n" + Array(repeating: filler, count: count).joined(separator: "\n\n")
                + "\n\n# Harbour Festival Draws Record Crowds Despite the Weather\n\n{columns=4}\n"
                + "More than twelve thousand people came to the harbour festival last weekend, according to the organisers.\n\n"
                + "The rain came, as promised, on Saturday afternoon.\n"
            let source = try write(doc, "doc\(count).md", in: dir)
            let pdf = dir.appendingPathComponent("doc\(count).pdf").path
            let result = try folio(["render", source, "-o", pdf, "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = try pdfFlatText(pdf)
            var from = text.startIndex
            for phrase in ["Harbour Festival Draws Record Crowds Despite the Weather", "More than twelve thousand people",
                           "according to the organisers.", "The rain came, as promised"] {
                guard let found = text.range(of: phrase, range: from..<text.endIndex) else {
                    XCTFail("\(count) paragraphs before: '\(phrase)' missing or out of order in: …\(text.suffix(400))")
                    break
                }
                from = found.upperBound
            }
            for page in 1...(try pdfPageCount(pdf)) {
                let words = try pdfText(pdf, first: page, last: page).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if words.contains("Harbour Festival") {
                    XCTAssert(words.contains("More than twelve"),
                              "\(count) paragraphs before: the heading is left at the foot of page \(page): …\(words.suffix(200))")
                }
            }
        }
    }
}
