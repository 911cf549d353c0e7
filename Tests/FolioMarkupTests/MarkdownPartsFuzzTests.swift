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

/// A Markdown file is checked, then read a piece at a time as it is parsed: whatever the
/// size of the pieces, it must read as the same text given whole does — front matter,
/// blocks, places and errors.
final class MarkdownFileFuzzTests: XCTestCase {
    private static let frontMatters = [
        "", "---\ntitle: A title\nlang: en\n---\n", "---\ntitle: [unclosed\n---\n", "---\ntitle: never closed\n",
        "\u{FEFF}---\nauthor: B\n...\n", "---\n\nnot front matter\n", "---\r\ntitle: CRLF\r\n---\r\n",
        "---\ntitle: closed at the end\n---",
    ]
    private static let bodies = [
        "# One\n\ntext with \\[escaped\\] brackets and \\{braces\\}\n", "| a | b |\n|---|---|\n| 1 | 2 |\n",
        "[text]{.smallcaps} and [more]{.no-such-style}\n", "{.lead}\n\nstyled\n", "- a\n\n  b\n\n- c\n",
        "```\ncode \\[x\\]\n```\n", "[x][r]\n\n[r]: http://example.com\n", "text\u{91} with a control \\[\n",
        "> quote\nlazy\n", "Setext\n===\n", "\u{FEFF}after a mark\n", "(\n#not-a-link)\n", "é ü 漢字 text\n", "",
    ]

    func testFilesReadAsTheirText() throws {
        let dir = try makeTemporaryDirectory("folio-markdown-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("doc.md").path
        var g = SplitMix64(seed: 0xF11E_0015)
        var compared = 0
        for round in 0..<300 {
            var text = g.pick(Self.frontMatters)
            // A closing fence that ends the file, or a body after it.
            if !text.isEmpty, !text.hasSuffix("\n"), g.chance(50) { text += "\n" }
            if text.isEmpty || text.hasSuffix("\n") {
                for _ in 0..<(1 + Int(g.next() % 8)) { text += g.pick(Self.bodies) + (g.chance(50) ? "\n" : "") }
            }
            if g.chance(15) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            if g.chance(5) { text += "last line\r" }
            for (readSize, partBytes, readAhead) in [(1, 1, false), (3, 64, true), (4096, 1, false)] {
                // (The same parts: a paragraph left before a table cmark takes from its end
                // is placed from its part's first line.)
                let expected = Result { try documentFromText(text, file: file, partBytes: partBytes) }
                let got = Result { try documentFromFile(text, file: file, readSize: readSize, partBytes: partBytes, readAhead: readAhead) }
                switch (expected, got) {
                case let (.success(a), .success(b)):
                    XCTAssertEqual(a.frontMatter, b.frontMatter, "round \(round): front matter, read \(readSize) at a time:\n\(text)")
                    XCTAssertEqual(a.mayNeedWholeDocument, b.mayNeedWholeDocument, "round \(round):\n\(text)")
                    XCTAssertEqual(a.bodyLength, b.bodyLength, "round \(round):\n\(text)")
                    let first = Array(zip(a.blocks, b.blocks)).firstIndex { $0.0 != $0.1 } ?? min(a.blocks.count, b.blocks.count)
                    if a.blocks != b.blocks {
                        XCTFail("round \(round): block \(first) differs, read \(readSize) at a time:\n\(a.blocks.dropFirst(first).first.map { "\($0)" } ?? "none")\n\(b.blocks.dropFirst(first).first.map { "\($0)" } ?? "none")\n\(text)")
                    }
                    compared += 1
                case let (.failure(a), .failure(b)):
                    XCTAssertEqual("\(a)", "\(b)", "round \(round): a different error, read \(readSize) at a time:\n\(text)")
                default:
                    XCTFail("round \(round), read \(readSize) at a time: text \(expected), file \(got)\n\(text)")
                }
            }
        }
        XCTAssertGreaterThan(compared, 300, "most documents are valid and compared")
    }
}
