import FolioLayout
import Foundation
import XCTest

/// Foundation's UTF-16 `NSRange`s beside Folio's UTF-8 byte ranges: conversions both ways
/// and `NSRegularExpression` matches answered in bytes, across text where the two differ.
final class FoundationRangeTests: XCTestCase {
    // "é" is 2 bytes / 1 unit, "—" 3 / 1, "👍" 4 / 2, "🏽" 4 / 2.
    private let text = "Café — 👍🏽 *Folio* sets #text"
    private var storage: TextStorage { TextStorage(text, attributes: TextAttributes(font: FontDescriptor(family: "DejaVu Serif", size: 10))) }

    private func bytes(of piece: String) -> Range<Int> {
        let found = text.range(of: piece)!
        let lo = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
        return lo..<(lo + piece.utf8.count)
    }

    func testNSRangeConvertsToBytesAndBack() {
        let s = storage
        let ns = (text as NSString).range(of: "*Folio*")
        XCTAssertEqual(ns.location, 12, "UTF-16 units before it")
        XCTAssertEqual(s.range(for: ns), bytes(of: "*Folio*"))
        XCTAssertEqual(s.nsRange(for: bytes(of: "*Folio*")), ns)
        let thumbs = (text as NSString).range(of: "👍🏽")
        XCTAssertEqual(s.range(for: thumbs), bytes(of: "👍🏽"))
        XCTAssertEqual(s.nsRange(for: bytes(of: "👍🏽")), thumbs)
    }

    func testAnNSRangeThatCutsASurrogatePairOrRunsOffTheEndIsNil() {
        let s = storage
        let thumbs = text.utf16.distance(from: text.startIndex, to: text.firstIndex(of: "👍🏽")!)
        XCTAssertNotNil(s.range(for: NSRange(location: thumbs, length: 2)))
        XCTAssertNil(s.range(for: NSRange(location: thumbs + 1, length: 1)), "starts between the halves of 👍")
        XCTAssertNil(s.range(for: NSRange(location: thumbs, length: 1)), "ends between them")
        XCTAssertNil(s.range(for: NSRange(location: 0, length: (text as NSString).length + 1)))
        XCTAssertNil(s.range(for: NSRange(location: NSNotFound, length: 0)))
    }

    func testRegularExpressionMatchesAnswerInBytesWithCaptures() throws {
        let s = storage
        let expression = try NSRegularExpression(pattern: #"\*([^*]+)\*|#(\w+)"#)
        let matches = s.matches(of: expression)
        XCTAssertEqual(matches.map(\.range), [bytes(of: "*Folio*"), bytes(of: "#text")])
        XCTAssertEqual(matches[0].captureRanges[1], bytes(of: "Folio"))
        XCTAssertNil(matches[0].captureRanges[2])
        XCTAssertEqual(matches[1].captureRanges[2], bytes(of: "text"))
        XCTAssertEqual(matches[1].output.numberOfRanges, 3)
    }

    func testRegularExpressionInARangeAnswersWholeTextOffsets() throws {
        let s = storage
        let words = try NSRegularExpression(pattern: #"\w+"#)
        let from = bytes(of: "sets").lowerBound
        XCTAssertEqual(s.matches(of: words, in: from..<s.length).map(\.range), [bytes(of: "sets"), bytes(of: "text")])
    }

    func testAttributedTextConvertsTheSameWay() {
        var built = AttributedText()
        built.append(text, attributes: .none)
        let ns = (text as NSString).range(of: "sets")
        XCTAssertEqual(built.range(for: ns), bytes(of: "sets"))
        XCTAssertEqual(built.nsRange(for: bytes(of: "sets")), ns)
    }
}
