import FolioMarkup
import FolioTestSupport
import Foundation
import XCTest

/// GFM footnotes and inline `^[…]` notes, Markdown → storage: the mark in the text, the
/// note attached to it with its number and paragraphs, numbering and template settings.
final class FootnoteBuilderTests: XCTestCase {
    private func build(_ markdown: String, yaml: String? = nil) throws -> BuiltDocument {
        var template = try BuiltinTemplates.template(named: "default")
        if let yaml {
            let dir = try makeTemporaryDirectory()
            try ("extends: default\n" + yaml).write(to: dir.appendingPathComponent("template.yaml"), atomically: true, encoding: .utf8)
            template = try TemplateLoader.load(directory: dir.path)
        }
        let document = try MarkdownReader.parse(markdown, file: "/no-such-folder/doc.md")
        return try DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 450, columnHeight: 700)
            .build(document)
    }

    /// The notes in the storage, in text order: the mark's text and the note's text.
    private func notes(_ built: BuiltDocument) -> [(mark: String, note: Footnote)] {
        built.storage.attributeRuns(of: .footnote).compactMap { run in
            (run.value?.base as? Footnote).map { (built.storage.substring(run.range), $0) }
        }
    }

    func testGFMFootnotesAreMarkedAndNumberedInOrderOfReference() throws {
        let built = try build("""
        First[^b] and second[^a] and first again[^b].

        [^a]: Note A.
        [^b]: Note *B*.
        [^unused]: Never referenced.
        """)
        XCTAssertEqual(built.storage.string, "First1 and second2 and first again1.")
        let found = notes(built)
        XCTAssertEqual(found.map(\.mark), ["1", "2", "1"])
        XCTAssertEqual(found.map(\.note.description), ["1 Note B.", "2 Note A.", "1 Note B."])
        XCTAssertTrue(found[0].note === found[2].note, "a second reference refers to the same note")
        // The mark is raised; the note's paragraphs are in the footnote style, smaller than the body.
        let mark = try XCTUnwrap(built.storage.attributeRuns(in: 5..<6).first?.attributes)
        XCTAssertEqual(mark.superscript, 1)
        let body = try XCTUnwrap(built.storage.attributes(at: 0).attributes.font?.size)
        let noteStorage = TextStorage()
        noteStorage.append(found[0].note.text)
        XCTAssertLessThan(try XCTUnwrap(noteStorage.attributes(at: 3).attributes.font?.size), body)
        XCTAssertEqual(noteStorage.attributes(at: 0).attributes.superscript, 1, "the note starts with its raised number")
        XCTAssertNotNil(noteStorage.attributes(at: 7).attributes.font, "emphasis in the note")
    }

    func testANoteHoldsSeveralParagraphsAndAList() throws {
        let built = try build("""
        Text[^x].

        [^x]: First paragraph.

            Second paragraph.

            - item one
            - item two
        """)
        let note = try XCTUnwrap(notes(built).first?.note)
        let storage = TextStorage()
        storage.append(note.text)
        XCTAssertEqual(storage.paragraphCount, 4)
        XCTAssertEqual((0..<4).map { storage.substring(storage.paragraphContentRange(at: $0)) },
                       ["1 First paragraph.", "Second paragraph.", "•\titem one", "•\titem two"])
        // The list is set at the note's size, not the body's.
        let sizes = (0..<4).map { storage.attributes(at: storage.paragraphContentRange(at: $0).upperBound - 1).attributes.font?.size }
        XCTAssertEqual(Set(sizes).count, 1, "\(sizes)")
        // The document itself has one paragraph: the definition is not set in the text.
        XCTAssertEqual(built.storage.paragraphCount, 1)
    }

    func testInlineNotesAreNumberedWithGFMOnesInTextOrder() throws {
        let built = try build("""
        One^[An *inline* note.] two[^g] three^[Another, with [a link](https://example.com).]

        [^g]: A GFM note.
        """)
        XCTAssertEqual(built.storage.string, "One1 two2 three3")
        let found = notes(built)
        XCTAssertEqual(found.map(\.note.description), ["1 An inline note.", "2 A GFM note.", "3 Another, with a link."])
        let storage = TextStorage()
        storage.append(found[2].note.text)
        XCTAssertEqual(storage.attributeRuns(of: .link).compactMap { $0.value?.base as? String }, ["https://example.com"])
    }

    func testCaretsAndBracketsThatAreNotNotesStayText() throws {
        let built = try build("2^[3] is not^ [a note], x^[y]{.strong} is a span, and ^[unclosed stays.\n")
        XCTAssertEqual(notes(built).count, 1)
        XCTAssertTrue(built.storage.string.hasPrefix("21 is not^ [a note], x^y is a span, and ^[unclosed stays."), built.storage.string)
    }

    func testAReferenceWithoutADefinitionStaysText() throws {
        let built = try build("See[^missing].\n")
        XCTAssertEqual(built.storage.string, "See[^missing].")
        XCTAssertTrue(notes(built).isEmpty)
    }

    func testChapterNumberingRestartsAtEachSection() throws {
        let markdown = """
        # One

        a^[n] b^[n]

        # Two

        c^[n]
        """
        let byDocument = try build(markdown)
        XCTAssertEqual(notes(byDocument).map(\.mark), ["1", "2", "3"])
        let byChapter = try build(markdown, yaml: "footnotes:\n  numbering: chapter\n")
        XCTAssertEqual(notes(byChapter).map(\.mark), ["1", "2", "1"])
    }

    /// Per page: the marks are listed for layout, and filling their pages in numbers them
    /// from 1 on each page — a second reference showing its note's number, the notes' texts
    /// renumbered with them, the offsets after a mark whose length changed moved.
    func testPageNumberingRenumbersMarksAndNotesFromThePagesGiven() throws {
        let markdown = "# One\n\n" + (1...11).map { "w\($0)^[note \($0)]" }.joined(separator: " ")
            + " again[^g]\n\n# Two {#two}\n\nlast[^g]\n\n[^g]: Note G.\n"
        var built = try build(markdown, yaml: "footnotes:\n  numbering: page\n")
        XCTAssertEqual(built.footnoteMarks.count, 13)
        XCTAssertEqual(notes(built).map(\.mark), (1...12).map(String.init) + ["12"], "numbered through the document until laid out")
        // Notes 1–10 on page 1, the rest (11, G, G's second mark) on page 2.
        let pages = Array(repeating: 1, count: 10) + [2, 2, 2]
        XCTAssertTrue(built.fillFootnoteNumbers(pages: pages))
        let found = notes(built)
        XCTAssertEqual(found.map(\.mark), (1...10).map(String.init) + ["1", "2", "2"])
        XCTAssertEqual(found[10].note.description, "1 note 11")
        XCTAssertEqual(found[11].note.description, "2 Note G.")
        XCTAssertTrue(found[11].note === found[12].note)
        XCTAssertEqual(built.footnoteMarks.map { built.storage.substring($0) }, found.map(\.mark))
        let two = try XCTUnwrap(built.headings.last)
        XCTAssertTrue(built.storage.substring(two.offset..<(two.offset + 3)) == "Two", "the heading after moved with the text")
        XCTAssertFalse(built.fillFootnoteNumbers(pages: pages), "nothing changes twice")
        XCTAssertTrue(try build(markdown).footnoteMarks.isEmpty, "only per page")
    }

    func testTemplateFootnoteSettingsAreReadAndRangeChecked() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("template.yaml")
        try "extends: default\nfootnotes:\n  rule: {length: 50%, width: 1pt, color: \"#f00\"}\n  space-above: 12pt\n  continued-share: 0.4\n"
            .write(to: path, atomically: true, encoding: .utf8)
        let t = try TemplateLoader.load(directory: dir.path)
        XCTAssertEqual(t.footnoteLayout.ruleLength, 0.5)
        XCTAssertEqual(t.footnoteLayout.ruleThickness, 1)
        XCTAssertEqual(t.footnoteLayout.spaceAbove, 12)
        XCTAssertEqual(t.footnoteLayout.maximumFraction, 0.4)
        for (bad, message) in [("  spacing: -2pt\n", "spacing"), ("  continued-share: 150%\n", "continued-share"),
                               ("  numbering: verse\n", "numbering"), ("  colour: red\n", "unknown key")] {
            try ("extends: default\nfootnotes:\n" + bad).write(to: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try TemplateLoader.load(directory: dir.path), bad) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
                XCTAssertTrue("\(error)".contains("template.yaml:3"), "\(error)")
            }
        }
    }
}
