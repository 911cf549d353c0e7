@testable import FolioMarkup
import FolioLayout
import FolioTestSupport
import XCTest

/// The byte searches the Markdown reader makes over a whole book (`UTF8Bytes.contains`,
/// `forEach`) against a plain walk over the bytes, on random text of ASCII, brackets, line
/// breaks and multi-byte characters, and on strings whose bytes are not contiguous.
final class MarkdownSourceScanTests: XCTestCase {
    private let alphabet: [String] = ["a", " ", "[", "]", ":", "\n", "\r", "\\", "{", "é", "“", "\u{0091}", "中", "\u{1F600}"]

    func testSearchesFindWhatAWalkFinds() {
        var rng = SplitMix64(seed: 0xB7E5)
        for _ in 0..<2_000 {
            let text = (0..<rng.below(40)).map { _ in rng.pick(alphabet) }.joined()
            let bytes = Array(text.utf8)
            for (byte, other) in [(UInt8(0x5B), UInt8?(0x5D)), (0x0D, nil), (0xC2, nil), (0x0A, 0x3A)] {
                XCTAssertEqual(UTF8Bytes.contains(byte, or: other, in: text),
                               bytes.contains { $0 == byte || $0 == other }, "\(text.debugDescription) \(byte)")
            }
            var found: [Int] = []
            UTF8Bytes.forEach(0x0A, in: bytes) { found.append($0); return true }
            XCTAssertEqual(found, bytes.indices.filter { bytes[$0] == 0x0A })
            var first: [Int] = []
            UTF8Bytes.forEach(0x5D, in: bytes) { first.append($0); return false }
            XCTAssertEqual(first, Array(bytes.indices.filter { bytes[$0] == 0x5D }.prefix(1)))
        }
    }

    func testAStringWithoutContiguousBytesIsSearchedToo() {
        // A substring's view of a larger string, and a bridged one, may not hand out a buffer.
        let whole = "plain text, then a [bracket] and a line\r\nend"
        let piece = whole[whole.index(whole.startIndex, offsetBy: 10)...]
        XCTAssertTrue(UTF8Bytes.contains(0x5B, or: 0x5D, in: String(piece)))
        XCTAssertTrue(UTF8Bytes.contains(0x0D, in: NSString(string: whole) as String))
        XCTAssertFalse(UTF8Bytes.contains(0x0D, in: NSString(string: "no return here") as String))
        XCTAssertFalse(UTF8Bytes.contains(0x5B, in: ""))
    }

    /// A lone carriage return ends a line as a line feed does; CR LF is left to cmark.
    func testLoneCarriageReturnsBecomeLineFeeds() throws {
        let lf = "# Title\n\nOne [span]{.x} line.\nAnother \\[escaped\\] line.\n\n[ref]: https://example.com\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(MarkdownReader.withLineFeeds(lf), lf)
        XCTAssertEqual(MarkdownReader.withLineFeeds(crlf), crlf)
        XCTAssertEqual(MarkdownReader.withLineFeeds(lf.replacingOccurrences(of: "\n", with: "\r")), lf)
        XCTAssertEqual(MarkdownReader.withLineFeeds("a\rb\r\nc\r"), "a\nb\r\nc\n")
    }

    /// `{toc}` alone in its paragraph, white space (Unicode's, as Foundation's set has it)
    /// around it allowed; the quick look at the first byte changes none of these.
    func testTheContentsMarkerIsFoundOnlyAlone() {
        for text in ["{toc}", "  {toc} ", "\t{toc}", "\u{00A0}{toc}\u{2003}", "\u{3000}{toc}"] {
            XCTAssertTrue(CmarkTree.isContentsMarker(text), text.debugDescription)
        }
        for text in ["", " ", "{toc} more", "a {toc}", "{TOC}", "x", "é{toc}", "\n{toc}", "{to c}"] {
            XCTAssertFalse(CmarkTree.isContentsMarker(text), text.debugDescription)
        }
    }
}
