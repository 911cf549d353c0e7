import Foundation
import XCTest
@testable import FolioDocument

final class MarkdownBlocksTests: XCTestCase {
    private func blocks(_ text: String, partBytes: Int) throws -> [Block] {
        let reader = MarkdownBlocks(source: MarkdownSource(file: "doc.md", text: text), minimumPartBytes: partBytes)
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

    func testReferenceDefinitionsAndHTMLKeepTheBodyWhole() {
        XCTAssertEqual(parts("# A\n\n[x][r]\n\n# B\n\n[r]: http://example.com\n").count, 1)
        XCTAssertEqual(parts("# A\n\n<div>\n\n# B\n\n</div>\n").count, 1)
        XCTAssertEqual(parts("# A\n\ntext\n\n# B\n").count, 2)
    }

    /// Parsed in parts or whole, a document gives the same blocks, source places included.
    func testPartsParseAsTheWhole() throws {
        var texts = [
            "{.lead}\n\n# Styled by the line before it\n\ntext\n\n# Heading\n\n# Heading\n\n- a\n- b\n\n# C {#c}\n\n1. one\n",
            "# A\n\n```\ncode\n\n# not a heading\n```\n\n# B\n\n> quote\n> # quoted heading\n\n# C\n\ntext with *emphasis* and a [link](#a).\n",
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
        }
        XCTAssertGreaterThan(texts.count, 4)
    }

    func testAStyleLineWithNothingAfterItIsStillAnError() {
        XCTAssertThrowsError(try blocks("# A\n\ntext\n\n# B\n\n{.lead}\n", partBytes: 1)) { error in
            XCTAssertTrue("\(error)".contains("doc.md:7:"), "\(error)")
        }
    }
}
