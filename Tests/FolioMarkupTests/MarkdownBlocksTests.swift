import CCmark
import FolioTestSupport
import Foundation
import XCTest
@testable import FolioMarkup

final class MarkdownBlocksTests: XCTestCase {
    private func source(_ text: String) -> MarkdownSource { MarkdownSource(file: "doc.md", text: text) }

    private func streamed(_ text: String, partBytes: Int = 64 << 10, readAhead: Bool = false) throws -> [Block] {
        try streamedBlocks(text, partBytes: partBytes, readAhead: readAhead)
    }

    private func whole(_ text: String) throws -> [Block] { try wholeBlocks(text) }

    private func parts(_ text: String, minimumBytes: Int = 1) -> [Range<Int>] {
        let parts = MarkdownParts(source: source(text), minimumBytes: minimumBytes)
        var result: [Range<Int>] = []
        while let part = parts.next() { result.append(part) }
        return result
    }

    func testPartsEndWhereCmarkStartsATopLevelBlock() {
        let text = """
        # One
        text
        # After a paragraph line
        Setext
        ---

        - ```
          # in a fence in a list item

          # still in the fence
          ```

        > <div>
        > # HTML in a quote

        ### Three
         # indented heading
        #hashtag
        """
        XCTAssertEqual(parts(text), [1..<2, 2..<3, 3..<4, 4..<7, 7..<13, 13..<16, 16..<17, 17..<18, 18..<19])
        XCTAssertEqual(parts(text, minimumBytes: 40), [1..<7, 7..<13, 13..<18, 18..<19])
        XCTAssertEqual(parts(text, minimumBytes: 1000), [1..<19], "a short body is one part")
        // A lazy continuation line and a list's items are no new blocks.
        XCTAssertEqual(parts("> quote\nlazy\n\n- a\n\n- b\n  more\n\ntext\n"), [1..<4, 4..<9, 9..<11])
    }

    func testTheBlockParseHoldsOnlyTheOpenBlock() {
        let text = (1...3000).map { "## \($0)\n\nA paragraph of text, _with_ “quotes”.\n\n- a list\n" }.joined(separator: "\n")
        let parts = MarkdownParts(source: source(text), minimumBytes: 10_000)
        var count = 0, held: [Int] = []
        while let part = parts.next() {
            count += 1
            if let blocks = parts.blocksHeld { held.append(blocks) }
            XCTAssertGreaterThanOrEqual(part.count, 100)
        }
        XCTAssertGreaterThan(count, 10)
        XCTAssertFalse(held.isEmpty)
        XCTAssertEqual(Set(held), [1], "only the last, open block is kept")
        XCTAssertNil(parts.blocksHeld, "the block parse is freed at its end")
    }

    func testAReferenceDefinitionOrALoneCarriageReturnKeepsTheBodyWhole() {
        XCTAssertEqual(parts("# A\n\n[x][r]\n\n# B\n\n- [r]: http://example.com\n").count, 1)
        XCTAssertEqual(parts("# A\n\ntext\r# B\n").count, 1)
        XCTAssertEqual(parts("# A\r\n\r\ntext\r\n\r\n# B\r\n"), [1..<3, 3..<5, 5..<7])
        XCTAssertEqual(parts("# A\n\ntext\n\n# B\n"), [1..<3, 3..<5, 5..<7])
    }

    func testAPartNeverStartsWithAByteOrderMark() {
        XCTAssertEqual(parts("# A\n\n\u{FEFF}text\n\n# B\n"), [1..<5, 5..<7])
    }

    /// Streamed in parts (here or on a thread of its own) or converted whole, a document
    /// gives the same blocks in the same order, source places included.
    func testStreamedBlocksAreTheWholeParseInOrder() throws {
        var texts = [
            "{.lead}\n\n# Styled by the line before it\n\ntext\n\n# Heading\n\n# Heading\n\n- a\n- b\n\n# C {#c}\n\n1. one\n",
            "# A\n\n```\ncode\n\n# not a heading\n```\n\n# B\n\n> quote\n> # quoted heading\n\n# C\n\ntext with *emphasis* and a [link](#a).\n",
            "- a\n- b\n\ntext\n\n- c\n\n1. x\n\n_em_ start\n\n> q\nlazy\n\nafter quote\n\n    code\n\nSetext\n======\n\nTitle\n---\n\n"
                + "* loose\n\n* list\n\n  second para\n\nend {.lead}\n\n{.lead}\n\nstyled\n",
            "- ```\n  x\n  ```\n\n```\ncode\n\ntext\n```\n\nAfter.\n",
            "``` a`b\n\n```\ncode\n\ntext\n```\n",
            "- [r]: http://example.com\n\ntext [x][r]\n",
            "> [r]: http://example.com\n\ntext [x][r]\n",
            "[r\ns]: http://example.com\n\ntext [x][r s]\n",
            "> <!--\n> comment\n\ntext\n\n1. ~~~\n   a\n\n   b\n   ~~~\n\nc\n",
        ]
        let examples = repositoryDirectory.appendingPathComponent("Examples/Documents")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(names.isEmpty, "no examples in \(examples.path)")
        for name in names {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            texts.append(try FrontMatter.split(text, file: name).body)
        }
        for text in texts { try assertStreamedIsWhole(text) }
    }

    /// The same on a novel's first 150 kB (skipped without the corpus, failed under CI).
    func testStreamedCorpusIsTheWholeParse() throws {
        let book = try String(contentsOf: try requireCorpus("little-women.md"), encoding: .utf8)
        try assertStreamedIsWhole(String(book.prefix(150_000)))
    }

    private func assertStreamedIsWhole(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try whole(text)
        XCTAssertFalse(expected.isEmpty, file: file, line: line)
        XCTAssertEqual(try streamed(text), expected, "“\(text.prefix(30))…” streamed", file: file, line: line)
        XCTAssertEqual(try streamed(text, partBytes: 1), expected, "“\(text.prefix(30))…” in parts", file: file, line: line)
        XCTAssertEqual(try streamed(text, partBytes: 1000), expected, file: file, line: line)
        XCTAssertEqual(try streamed(text, partBytes: 1000, readAhead: true), expected,
                       "“\(text.prefix(30))…” read ahead on another thread", file: file, line: line)
    }

    func testTheTreeIsFreedAsTheBlocksComeOut() throws {
        let text = (1...50).map { "## Chapter \($0)\n\nParagraph \($0), _with_ some text.\n" }.joined(separator: "\n")
        let reader = MarkdownBlocks(source: source(text))
        XCTAssertNil(reader.nodesLeft, "nothing parsed before the first block is asked for")
        var left: [Int] = []
        while try reader.next() != nil { left.append(reader.nodesLeft ?? -1) }
        XCTAssertEqual(left.count, 100)
        // After the n-th block the tree holds the 100 - n nodes not yet converted.
        XCTAssertEqual(left, (0..<100).map { 99 - $0 })
        XCTAssertNil(reader.nodesLeft, "the document node is freed after the last block")
        // A style line's node (which makes no block of its own) is freed with the block after it.
        let styled = MarkdownBlocks(source: source("{.lead}\n\ntext\n\nmore\n"))
        XCTAssertNotNil(try styled.next())
        XCTAssertEqual(styled.nodesLeft, 1)
    }

    // MARK: What a scan of the lines before cmark could misread

    /// The blocks in the smallest parts there are, checked against the whole parse.
    private func cut(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Block] {
        let blocks = try streamed(text, partBytes: 1)
        XCTAssertEqual(blocks, try whole(text), file: file, line: line)
        return blocks
    }

    func testAFenceInsideAListItemOrQuoteHidesWhatLooksLikeBlocks() throws {
        let list = try cut("- ```\n  # not a heading\n\n  <div>\n  ```\n\n# Heading\n")
        XCTAssertEqual(list.count, 2)
        guard case .list(_, _, let items) = list[0].kind else { return XCTFail("\(list)") }
        XCTAssertEqual(items.first?.blocks.first?.kind, .codeBlock(info: nil, text: "# not a heading\n\n<div>"))
        if case .heading(1, _, "heading") = list[1].kind {} else { XCTFail("\(list[1])") }

        let quote = try cut("> ~~~\n> [r]: /url\n>\n> # no heading\n> ~~~\n\n[x][r]\n")
        XCTAssertEqual(quote.count, 2)
        guard case .blockQuote(let inner) = quote[0].kind else { return XCTFail("\(quote)") }
        XCTAssertEqual(inner.map(\.kind), [.codeBlock(info: nil, text: "[r]: /url\n\n# no heading")])
        // The definition was code: `[x][r]` stays text.
        XCTAssertEqual(quote[1].kind, .paragraph([.text("[x][r]")]))
    }

    func testHTMLInsideAListItemOrQuoteIsHTML() throws {
        let blocks = try cut("> <div>\n> # inside the quote's HTML\n\n1. <!--\n   # a comment\n   -->\n\n# After\n")
        XCTAssertEqual(blocks.count, 3)
        guard case .blockQuote(let quoted) = blocks[0].kind, case .list(_, _, let items) = blocks[1].kind else {
            return XCTFail("\(blocks)")
        }
        XCTAssertEqual(quoted.map(\.kind), [.html("<div>\n# inside the quote's HTML")])
        XCTAssertEqual(items.first?.blocks.map(\.kind), [.html("<!--\n# a comment\n-->")])
        if case .heading(1, _, "after") = blocks[2].kind {} else { XCTFail("\(blocks[2])") }
    }

    func testAReferenceDefinitionServesLinksBeforeIt() throws {
        let filler = String(repeating: "A paragraph of filler text.\n\n# A heading\n\n", count: 3000)
        let blocks = try cut("See [the site][x] and [x].\n\n" + filler + "[x]: /url \"Title\"\n")
        XCTAssertEqual(blocks.first?.kind, .paragraph([
            .text("See "), .link(destination: "/url", title: "Title", content: [.text("the site")]),
            .text(" and "), .link(destination: "/url", title: "Title", content: [.text("x")]), .text("."),
        ]))
        // The definition itself makes no block.
        XCTAssertEqual(blocks.count, 1 + 6000)
    }

    func testASetextUnderlineMakesTheLineBeforeItAHeading() throws {
        let blocks = try cut("Intro.\n\nA title\n===\nAnother\nline\n---\n\ntext\n")
        XCTAssertEqual(blocks.count, 4)
        XCTAssertEqual(blocks[0].kind, .paragraph([.text("Intro.")]))
        if case .heading(1, [.text("A title")], "a-title") = blocks[1].kind {} else { XCTFail("\(blocks[1])") }
        if case .heading(2, let content, _) = blocks[2].kind {
            XCTAssertEqual(content, [.text("Another"), .softBreak, .text("line")])
        } else {
            XCTFail("\(blocks[2])")
        }
        XCTAssertEqual(blocks[2].location, SourceLocation(file: "doc.md", line: 5, column: 1))
    }

    // MARK: Reading ahead and errors

    /// A reader slower than the parser fills the queue, and the parser waits for it to be
    /// half empty before going on (a long table's slices weigh as much as many blocks):
    /// every block still comes, in order, as the same reader gives them on one thread.
    func testAFullReadAheadQueueRefillsWithEveryBlockInOrder() throws {
        let rows = (1...1_500).map { "| r\($0) | \($0 * 7) |\n" }.joined()
        let text = (1...1_200).map { "Paragraph \($0), _with_ some text.\n\n" }.joined()
            + "| name | value |\n| --- | ---: |\n" + rows + "\n"
            + (1...900).map { "## Heading \($0)\n\nMore text \($0).\n\n" }.joined()
        let expected = try streamed(text, partBytes: 4_000)
        let reader = MarkdownBlocks(source: source(text), minimumPartBytes: 4_000)
        reader.readAheadInBackground(minimumBytes: 0)
        var blocks: [Block] = []
        while let block = try reader.next() {
            blocks.append(block)
            // Slower than the parser now and then, so that it fills the queue and waits.
            if blocks.count % 200 == 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
        XCTAssertEqual(blocks.count, expected.count)
        XCTAssertEqual(blocks.count, 1_200 + 1 + 1_800)
        XCTAssertTrue(blocks == expected, "the first block that differs: \(String(describing: zip(blocks, expected).first { $0 != $1 }))")
    }

    func testReadingAheadStopsAtAnErrorAndCanBeAbandoned() throws {
        let reader = MarkdownBlocks(source: source("# A\n\ntext\n\n# B\n\n{.lead}\n"))
        reader.readAheadInBackground(minimumBytes: 0)
        XCTAssertNotNil(try reader.next())
        XCTAssertNotNil(try reader.next())
        XCTAssertNotNil(try reader.next())
        XCTAssertThrowsError(try reader.next()) { XCTAssertTrue("\($0)".contains("doc.md:7:"), "\($0)") }
        XCTAssertNil(try reader.next(), "nothing after the error")
        // Dropped with thousands of blocks still to read: the reading thread stops.
        let long = String(repeating: "A paragraph.\n\n", count: 5000)
        var abandoned: MarkdownBlocks? = MarkdownBlocks(source: source(long))
        abandoned?.readAheadInBackground(minimumBytes: 0)
        XCTAssertNotNil(try abandoned?.next())
        abandoned = nil
    }

    func testAStyleLineWithNothingAfterItIsStillAnErrorAndEndsTheBlocks() throws {
        let reader = MarkdownBlocks(source: source("# A\n\ntext\n\n# B\n\n{.lead}\n"))
        for _ in 0..<3 { XCTAssertNotNil(try reader.next()) }
        XCTAssertThrowsError(try reader.next()) { error in
            XCTAssertTrue("\(error)".contains("doc.md:7:"), "\(error)")
        }
        XCTAssertNil(reader.nodesLeft, "the tree is freed at an error")
        XCTAssertNil(try reader.next())
    }
}
