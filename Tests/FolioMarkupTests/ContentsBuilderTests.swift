import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// Contents and page references, Markdown → storage: where the contents go, what each
/// entry holds, and the numbers left for layout to fill in.
final class ContentsBuilderTests: XCTestCase {
    private func build(_ markdown: String) throws -> BuiltDocument {
        let template = try BuiltinTemplates.template(named: "default")
        let document = try MarkdownReader.parse(markdown, file: "/no-such-folder/doc.md")
        return try DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 450, columnHeight: 700)
            .build(document)
    }

    private func paragraphs(_ built: BuiltDocument) -> [String] {
        let s = built.storage
        return (0..<s.paragraphCount).map { s.substring(s.paragraphContentRange(at: $0)) }
    }

    private let book = """
    ---
    title: The Book
    toc: true
    ---

    # One

    Text of one.

    ## One point one

    More.

    ### Deep

    Deeper.

    # Two {#second}

    See [](#second){page} and [the first](#one){page}.
    """

    func testContentsFollowTheTitleBlockWithAnEntryPerHeading() throws {
        let built = try build(book)
        let texts = paragraphs(built)
        let start = try XCTUnwrap(texts.firstIndex(of: "Contents"))
        XCTAssertEqual(texts[start - 1], "The Book", "right after the title block")
        XCTAssertEqual(Array(texts[(start + 1)...(start + 3)]), ["One\t??", "One point one\t??", "Two\t??"],
                       "levels 1 and 2 (toc-depth 2), numbers to be filled in")
        XCTAssertEqual(texts[start + 4], "One")
        // Each entry links to its heading, and ends on a tab at the line's end with dot leaders.
        let s = built.storage
        for (k, id) in ["one", "one-point-one", "second"].enumerated() {
            let range = s.paragraphContentRange(at: start + 1 + k)
            XCTAssertEqual(s.attributes(at: range.lowerBound).attributes.link, "#" + id)
            let tab = try XCTUnwrap(s.paragraphStyle(ofParagraph: start + 1 + k).tabStops.first)
            XCTAssertTrue(tab.fromTrailingEdge)
            XCTAssertEqual(tab.alignment, .right)
            XCTAssertEqual(tab.leader, .dots)
        }
        // Headings moved with the text the contents pushed on.
        for heading in built.headings {
            XCTAssertEqual(s.substring(s.paragraphContentRange(at: s.paragraphIndex(containing: heading.offset))), heading.title)
        }
        for anchor in built.anchors {
            XCTAssertEqual(s.paragraphRange(at: s.paragraphIndex(containing: anchor.offset)).lowerBound, anchor.offset)
        }
        // Every page reference stands on "??" and names its anchor: three entries, two links.
        XCTAssertEqual(built.pageReferences.map(\.target), ["one", "one-point-one", "second", "second", "one"])
        for reference in built.pageReferences { XCTAssertEqual(s.substring(reference.range), "??") }
    }

    func testFillingTheNumbersMovesWhatFollows() throws {
        var built = try build(book)
        let before = built.headings.map(\.title)
        XCTAssertTrue(built.fillPageReferences(["one": "1", "one-point-one": "12", "second": "iii"]))
        let s = built.storage
        XCTAssertEqual(built.pageReferences.map { s.substring($0.range) }, ["1", "12", "iii", "iii", "1"])
        XCTAssertTrue(paragraphs(built).contains("See iii and 1."))
        XCTAssertEqual(built.headings.map { s.substring(s.paragraphContentRange(at: s.paragraphIndex(containing: $0.offset))) }, before)
        XCTAssertFalse(built.fillPageReferences(["one": "1", "one-point-one": "12", "second": "iii"]), "nothing changes twice")
    }

    func testATocLinePlacesTheContentsAndDepthIsRead() throws {
        let built = try build("""
        ---
        toc-depth: 3
        lang: de
        ---

        # Eins

        {toc}

        ## Zwei

        ### Drei
        """)
        XCTAssertEqual(paragraphs(built), ["Eins", "Inhalt", "Eins\t??", "Zwei\t??", "Drei\t??", "Zwei", "Drei"])
    }

    /// `{toc}` with spaces (even ideographic ones) around it is the marker; with anything
    /// else in the paragraph it is text.
    func testOnlyAParagraphOfTocAloneIsTheMarker() throws {
        let spaced = try build("# Eins\n\n\u{3000} {toc}\t\n\n## Zwei\n")
        XCTAssertEqual(paragraphs(spaced), ["Eins", "Contents", "Eins\t??", "Zwei\t??", "Zwei"])
        for text in ["{toc} and more", "{toc}}", "see {toc}", "{ toc}"] {
            let plain = try build("# Eins\n\n\(text)\n")
            XCTAssertEqual(paragraphs(plain).count, 2, text)
        }
    }

    func testMistakesAreReported() throws {
        XCTAssertThrowsError(try build("---\ntoc-depth: 9\n---\n\n# A\n")) { error in
            XCTAssertTrue("\(error)".contains("toc-depth must be a whole number from 1 to 6"), "\(error)")
            XCTAssertTrue("\(error)".contains("doc.md:2"), "\(error)")
        }
        XCTAssertThrowsError(try build("---\ntoc: maybe\n---\n\n# A\n"))
        let unknown = try build("See [](#nowhere){page}.\n")
        XCTAssertTrue(unknown.warnings.contains { $0.contains("nowhere") }, "\(unknown.warnings)")
        XCTAssertEqual(paragraphs(unknown), ["See ??."], "an unknown anchor's number stays ??")
        let empty = try build("---\ntoc: true\n---\n\nNo headings.\n")
        XCTAssertTrue(empty.warnings.contains { $0.contains("contents would be empty") })
        let twice = try build("# A\n\n{toc}\n\n{toc}\n")
        XCTAssertTrue(twice.warnings.contains { $0.contains("placed once") })
    }
}
