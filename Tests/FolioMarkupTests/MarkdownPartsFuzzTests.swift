import FolioTestSupport
import Foundation
import XCTest
@testable import FolioMarkup

/// Markdown read in parts (cut where cmark's own block parse starts a top-level block)
/// must read exactly as the whole body does. Random documents built from the constructs
/// that span lines — fences, lists with blank lines, quotes with lazy lines, HTML blocks of
/// every kind, setext underlines, tables, task items, byte-order marks, CRLF — are parsed
/// both ways, cut as finely as possible. Seeded, so a failure repeats.
final class MarkdownPartsFuzzTests: XCTestCase {
    private static let pieces = [
        "Plain paragraph text", "a line with *emphasis* and `code`", "lazy continuation",
        "# Heading", "## Heading {#id}", "Setext\n===", "Title\n---", "---", "***",
        "- item", "- [ ] task", "- [x] done", "1. first", "2) second", "  - nested", "    indented code",
        "> quote", "> > deeper", "> - listed", "```", "```swift", "~~~", "    ```",
        "<div>", "</div>", "<!-- comment", "-->", "<pre>", "</pre>", "<?php", "?>", "<![CDATA[", "]]>",
        "<script>", "</script>", "<custom-tag>", "| a | b |", "|---|:-:|", "| 1 | 2 |",
        "{.lead}", "{columns=1}", "[^1]: a note", "text[^1]", "\u{FEFF}after a BOM", "",
    ]

    private func document(_ g: inout SplitMix64) -> String {
        var lines: [String] = []
        for _ in 0..<(8 + Int(g.next() % 40)) {
            var line = g.pick(Self.pieces)
            if g.chance(10) { line = "   " + line }
            if g.chance(10), !lines.isEmpty { line = "> " + line }
            lines.append(line)
            if g.chance(35) { lines.append("") }
        }
        let newline = g.chance(15) ? "\r\n" : "\n"
        return lines.joined(separator: newline) + newline
    }

    func testRandomDocumentsReadTheSameInPartsAsWhole() throws {
        var g = SplitMix64(seed: 0x5EED_F011_0009)
        var compared = 0
        for round in 0..<600 {
            let text = document(&g)
            // A document whose attribute lines are misplaced is an error either way; both
            // ways must agree on that too.
            let expected: Result<[Block], Error> = Result { try wholeBlocks(text, file: "fuzz.md") }
            for partBytes in [1, 64] {
                let got: Result<[Block], Error> = Result { try streamedBlocks(text, file: "fuzz.md", partBytes: partBytes) }
                switch (expected, got) {
                case let (.success(a), .success(b)):
                    XCTAssertEqual(a, b, "round \(round), parts of \(partBytes) bytes:\n\(text)")
                    compared += 1
                case let (.failure(a), .failure(b)):
                    XCTAssertEqual("\(a)", "\(b)", "round \(round): a different error in parts")
                default:
                    XCTFail("round \(round), parts of \(partBytes) bytes: whole \(expected), parts \(got)\n\(text)")
                }
                if case .failure = got { break }
            }
        }
        XCTAssertGreaterThan(compared, 600, "most documents are valid and compared")
    }
}
