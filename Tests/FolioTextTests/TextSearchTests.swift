import XCTest
import FolioText

/// Searches that answer in UTF-8 bytes, and conversions from `String.Index` ranges:
/// the same answers on a storage and on attributed text, across multi-byte text.
final class TextSearchTests: XCTestCase {
    private let text = "Café — naïve *bold* text, CAFÉ again; 👍🏽 *more*"

    private func both() -> [any UTF8IndexedText] {
        var built = AttributedText()
        built.append(text, attributes: Fixture.plain)
        return [TextStorage(text, attributes: Fixture.plain), built]
    }

    /// The byte range of the `n`th occurrence of `piece` in `text`, worked out by hand.
    private func bytes(of piece: String, occurrence n: Int = 0) -> Range<Int> {
        var from = text.startIndex
        var found = text.range(of: piece)!
        for _ in 0..<n { from = found.upperBound; found = text.range(of: piece, range: from..<text.endIndex)! }
        let lo = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
        return lo..<(lo + piece.utf8.count)
    }

    func testRangeOfFindsExactTextInBytes() {
        for t in both() {
            XCTAssertEqual(t.range(of: "naïve"), bytes(of: "naïve"))
            XCTAssertEqual(t.substring(t.range(of: "naïve")!), "naïve")
            XCTAssertEqual(t.range(of: "👍🏽"), bytes(of: "👍🏽"))
            XCTAssertNil(t.range(of: "café"), "exact search is case-sensitive")
            XCTAssertNil(t.range(of: ""))
        }
    }

    func testCaseInsensitiveSearchFindsEveryCase() {
        for t in both() {
            XCTAssertEqual(t.ranges(of: "café", caseInsensitive: true), [bytes(of: "Café"), bytes(of: "CAFÉ")])
        }
    }

    func testRangesOfWithinARangeOnlyLooksThere() {
        for t in both() {
            let all = t.ranges(of: "*")
            XCTAssertEqual(all.count, 4)
            let second = bytes(of: "*more*")
            XCTAssertEqual(t.ranges(of: "*", in: second.lowerBound..<t.length), [all[2], all[3]])
        }
    }

    func testRegexMatchesAnswerByteRangesOfTheMatchAndItsCaptures() {
        for t in both() {
            let matches = t.matches(of: /\*([^*]+)\*/)
            XCTAssertEqual(matches.map(\.range), [bytes(of: "*bold*"), bytes(of: "*more*")])
            XCTAssertEqual(matches.map { t.substring($0.captureRanges[1]!) }, ["bold", "more"])
            XCTAssertEqual(matches.map { String($0.output.1) }, ["bold", "more"])
            XCTAssertEqual(matches[0].captureRanges[0], matches[0].range)
        }
    }

    func testRegexOptionalGroupThatTookNoPartIsNil() {
        for t in both() {
            let m = t.matches(of: /na(x)?ïve/)
            XCTAssertEqual(m.count, 1)
            XCTAssertEqual(m[0].captureRanges.count, 2)
            XCTAssertNil(m[0].captureRanges[1])
        }
    }

    func testRegexInARangeGivesOffsetsInTheWholeText() {
        for t in both() {
            let tail = bytes(of: "👍🏽").lowerBound..<t.length
            let m = t.matches(of: /\w+/, in: tail)
            XCTAssertEqual(m.map(\.range), [bytes(of: "more")])
        }
    }

    func testStringIndexConversionsRoundTrip() {
        for t in both() {
            let s = t.string
            let indices = s.range(of: "naïve")!
            let r = t.range(for: indices, in: s)
            XCTAssertEqual(r, bytes(of: "naïve"))
            XCTAssertEqual(t.stringRange(for: r, in: s), indices)
            XCTAssertEqual(t.range(of: s[indices]), r)
            // An index in the middle of "ï" (two bytes) is taken back to its start.
            let inside = s.utf8.index(after: s.utf8.index(s.startIndex, offsetBy: bytes(of: "ï").lowerBound))
            XCTAssertEqual(t.range(for: inside..<indices.upperBound, in: s).lowerBound, bytes(of: "ï").lowerBound)
        }
    }

    func testSubstringOfAPieceConvertsWithItsBase() {
        let storage = TextStorage(text, attributes: Fixture.plain)
        let paragraph = bytes(of: "CAFÉ again")
        let piece = storage.substring(paragraph)
        let match = piece.firstMatch(of: /again/)!
        XCTAssertEqual(storage.range(of: match.output, base: paragraph.lowerBound), bytes(of: "again"))
    }
}
