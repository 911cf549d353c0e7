import Foundation
import XCTest
@testable import FolioMarkup

final class MarkdownBlocksTests: XCTestCase {
    private func blocks(_ text: String, partBytes: Int, readAhead: Bool = false) throws -> [Block] {
        let reader = MarkdownBlocks(source: MarkdownSource(file: "doc.md", text: text), minimumPartBytes: partBytes)
        if readAhead { reader.readAheadInBackground() }
        var result: [Block] = []
        while let block = try reader.next() { result.append(block) }
        return result
    }

    private func parts(_ text: String) -> [Range<Int>] {
        MarkdownBlocks.parts(of: MarkdownSource(file: "doc.md", text: text), minimumBytes: 1)
    }

    func testPartsEndBeforeHeadingsAfterBlankLinesOnly() {
        let text = """
        # One
        text
        # Not after a blank line

        ## Two

        ```
        # in a fence, after a blank line

        # still in the fence
        ```

        ### Three
         # indented heading

        #hashtag, not a heading

        > # quoted
        """
        XCTAssertEqual(parts(text), [1..<5, 5..<13, 13..<19])
    }

    func testPartsAlsoEndBeforeParagraphsAtTheMarginButNeverSplitAList() {
        let text = "- a\n- b\n\ntext\n\n- c\n\n1. x\n\n_em_ start\n\n> q\n\nafter quote\n    indented\n\n    code\n"
        XCTAssertEqual(parts(text), [1..<4, 4..<10, 10..<14, 14..<19])
    }

    func testReferenceDefinitionsAndHTMLKeepTheBodyWhole() {
        XCTAssertEqual(parts("# A\n\n[x][r]\n\n# B\n\n[r]: http://example.com\n").count, 1)
        XCTAssertEqual(parts("# A\n\n<div>\n\n# B\n\n</div>\n").count, 1)
        XCTAssertEqual(parts("# A\n\ntext\n\n# B\n").count, 3)
    }

    /// Parsed in parts or whole, a document gives the same blocks, source places included.
    func testPartsParseAsTheWhole() throws {
        var texts = [
            "{.lead}\n\n# Styled by the line before it\n\ntext\n\n# Heading\n\n# Heading\n\n- a\n- b\n\n# C {#c}\n\n1. one\n",
            "# A\n\n```\ncode\n\n# not a heading\n```\n\n# B\n\n> quote\n> # quoted heading\n\n# C\n\ntext with *emphasis* and a [link](#a).\n",
            "- a\n- b\n\ntext\n\n- c\n\n1. x\n\n_em_ start\n\n> q\nlazy\n\nafter quote\n\n    code\n\nSetext\n======\n\nTitle\n---\n\n"
                + "* loose\n\n* list\n\n  second para\n\nend {.lead}\n\n{.lead}\n\nstyled\n",
            // Found in review: a fence opened on a list item's line, a backtick "fence" whose
            // info string has a backtick (no fence at all), reference definitions in
            // containers or over two lines, HTML in a quote.
            "- ```\n  x\n  ```\n\n```\ncode\n\ntext\n```\n\nAfter.\n",
            "``` a`b\n\n```\ncode\n\ntext\n```\n",
            "- [r]: http://example.com\n\ntext [x][r]\n",
            "> [r]: http://example.com\n\ntext [x][r]\n",
            "[r\ns]: http://example.com\n\ntext [x][r s]\n",
            "> <!--\n> comment\n\ntext\n\n1. ~~~\n   a\n\n   b\n   ~~~\n\nc\n",
        ]
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Documents").standardized
        for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [] where name.hasSuffix(".md") {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            texts.append(try FrontMatter.split(text, file: name).body)
        }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/little-women.md").standardized.path
        if let book = try? String(contentsOfFile: corpus, encoding: .utf8) { texts.append(String(book.prefix(150_000))) }
        for text in texts {
            let whole = try blocks(text, partBytes: .max)
            XCTAssertEqual(try blocks(text, partBytes: 1), whole, "“\(text.prefix(30))…” in parts")
            XCTAssertEqual(try blocks(text, partBytes: 1000), whole)
            XCTAssertEqual(try blocks(text, partBytes: 1000, readAhead: true), whole, "read ahead on another thread")
        }
        XCTAssertGreaterThan(texts.count, 4)
    }

    func testReadingAheadStopsAtAnErrorAndCanBeAbandoned() throws {
        let reader = MarkdownBlocks(source: MarkdownSource(file: "doc.md", text: "# A\n\ntext\n\n# B\n\n{.lead}\n"), minimumPartBytes: 1)
        reader.readAheadInBackground()
        XCTAssertNotNil(try reader.next())
        XCTAssertNotNil(try reader.next())
        XCTAssertNotNil(try reader.next())
        XCTAssertThrowsError(try reader.next()) { XCTAssertTrue("\($0)".contains("doc.md:7:"), "\($0)") }
        XCTAssertNil(try reader.next(), "nothing after the error")
        // Dropped with thousands of blocks still to read: the reading thread stops.
        let long = String(repeating: "A paragraph.\n\n", count: 5000)
        var abandoned: MarkdownBlocks? = MarkdownBlocks(source: MarkdownSource(file: "doc.md", text: long), minimumPartBytes: 100)
        abandoned?.readAheadInBackground()
        XCTAssertNotNil(try abandoned?.next())
        abandoned = nil
    }

    func testAStyleLineWithNothingAfterItIsStillAnError() {
        XCTAssertThrowsError(try blocks("# A\n\ntext\n\n# B\n\n{.lead}\n", partBytes: 1)) { error in
            XCTAssertTrue("\(error)".contains("doc.md:7:"), "\(error)")
        }
    }
}
