import CCmark
import Foundation
import XCTest
@testable import FolioMarkup

/// Markdown read in parts (cut where cmark's own block parse starts a top-level block)
/// must read exactly as the whole body does. Random documents built from the constructs
/// that span lines — fences, lists with blank lines, quotes with lazy lines, HTML blocks of
/// every kind, setext underlines, tables, task items, byte-order marks, CRLF — are parsed
/// both ways, cut as finely as possible. Seeded, so a failure repeats.
final class MarkdownPartsFuzzTests: XCTestCase {
    /// SplitMix64: a small, well-mixed generator whose sequence is fixed by its seed.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    }

    private static let pieces = [
        "Plain paragraph text", "a line with *emphasis* and `code`", "lazy continuation",
        "# Heading", "## Heading {#id}", "Setext\n===", "Title\n---", "---", "***",
        "- item", "- [ ] task", "- [x] done", "1. first", "2) second", "  - nested", "    indented code",
        "> quote", "> > deeper", "> - listed", "```", "```swift", "~~~", "    ```",
        "<div>", "</div>", "<!-- comment", "-->", "<pre>", "</pre>", "<?php", "?>", "<![CDATA[", "]]>",
        "<script>", "</script>", "<custom-tag>", "| a | b |", "|---|:-:|", "| 1 | 2 |",
        "{.lead}", "{columns=1}", "[^1]: a note", "text[^1]", "\u{FEFF}after a BOM", "",
    ]

    private func document(_ g: inout Generator) -> String {
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

    private func source(_ text: String) -> MarkdownSource { MarkdownSource(file: "fuzz.md", text: text) }

    private func streamed(_ text: String, partBytes: Int) throws -> [Block] {
        let reader = MarkdownBlocks(source: source(text), minimumPartBytes: partBytes)
        var result: [Block] = []
        while let block = try reader.next() { result.append(block) }
        return result
    }

    private func whole(_ text: String) throws -> [Block] {
        let source = source(text)
        var tree = CmarkTree(source: source)
        let document = try tree.parseDocument(lines: 1..<(source.lineStarts.count + 1), lineStarts: source.lineStarts)
        defer { cmark_node_free(document) }
        return try tree.blocks(in: document)
    }

    func testRandomDocumentsReadTheSameInPartsAsWhole() throws {
        var g = Generator(state: 0x5EED_F011_0009)
        var compared = 0
        for round in 0..<600 {
            let text = document(&g)
            // A document whose attribute lines are misplaced is an error either way; both
            // ways must agree on that too.
            let expected: Result<[Block], Error> = Result { try whole(text) }
            for partBytes in [1, 64] {
                let got: Result<[Block], Error> = Result { try streamed(text, partBytes: partBytes) }
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
