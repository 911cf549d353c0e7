import FolioPages
import FolioTestSupport
import Foundation
import XCTest

/// A Markdown document built a part at a time while it is set
/// (`DocumentBuilder.streamMarkdown`) makes the PDF the whole build makes, byte for byte;
/// what needs the whole document first builds whole; a fault in a late block fails the
/// render with nothing written.
final class StreamedMarkdownTests: XCTestCase {
    private static let markdown: String = {
        let words = ("It was the best of times, it was the worst of times, it was the age of wisdom, it was the age "
            + "of foolishness, it was the epoch of belief, it was the epoch of *incredulity*, it was the season of "
            + "**Light**, it was the season of Darkness, it was the [spring](https://example.com) of hope.").split(separator: " ")
        var text = "---\ntitle: A Long Book\nauthor: Someone\n---\n\n"
        for chapter in 1...30 {
            text += "## Chapter \(chapter) {#chapter-\(chapter)}\n\n"
            for k in 0..<24 {
                let n = 4 + (chapter * 31 + k * 17) % 60
                text += words.prefix(n).joined(separator: " ") + ".\n\n"
                if k == 5 { text += "> A quotation of some length, set apart from the text around it.\n\n" }
                if k == 9 { text += "- one item\n- two items, longer\n- three\n\n" }
                if k == 13, chapter % 3 == 0 { text += "| a | b |\n|---|---|\n" + (1...40).map { "| r\($0) | v\($0) |" }.joined(separator: "\n") + "\n\n" }
                if k == 17 { text += "```\nlet code = \(chapter)\n```\n\n" }
            }
            if chapter % 10 == 0 { text += "::: {columns=1}\n\nAcross the page.\n\n:::\n\n" }
        }
        return text
    }()

    private func render(_ markdown: String, template name: String, streamed: Bool, threaded: Bool,
                        to path: String) throws -> (report: RenderReport, built: BuiltDocument) {
        let template = try BuiltinTemplates.template(named: name)
        let styles = try StyleSheet(template: template)
        let builder = DocumentBuilder(template: template, styles: styles, columnWidth: 250, columnHeight: 600)
        let (document, blocks) = try MarkdownReader.open(markdown, file: "/no-such-folder/book.md")
        var built = streamed ? try builder.streamMarkdown(document, blocks: blocks) : try builder.build(document, blocks: blocks)
        built.metadata.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        var settings = RenderSettings()
        settings.parallelShaping = threaded
        let report = try DocumentRenderer.render(built, template: template, styles: styles, defaults: LayoutDefaults(),
                                                 settings: settings, to: path)
        return (report, built)
    }

    func testStreamedMarkdownMakesTheSamePDF() throws {
        let dir = try makeTemporaryDirectory("folio-streamed-md")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.pdf").path
        for template in ["default", "book", "two-column"] {
            let template0 = try BuiltinTemplates.template(named: template)
            let builder = DocumentBuilder(template: template0, styles: try StyleSheet(template: template0), columnWidth: 250, columnHeight: 600)
            let (document, blocks) = try MarkdownReader.open(Self.markdown, file: "/no-such-folder/book.md")
            XCTAssertTrue(builder.streams(document, blocks: blocks), template)
            for threaded in [false, true] {
                let whole = try render(Self.markdown, template: template, streamed: false, threaded: threaded, to: path)
                let wholeBytes = try Data(contentsOf: URL(fileURLWithPath: path))
                let streamed = try render(Self.markdown, template: template, streamed: true, threaded: threaded, to: path)
                let streamedBytes = try Data(contentsOf: URL(fileURLWithPath: path))
                XCTAssertGreaterThan(whole.report.pages, 10)
                XCTAssertEqual(streamed.report.pages, whole.report.pages)
                XCTAssertEqual(streamedBytes, wholeBytes, "\(template), worker \(threaded): the same PDF, byte for byte")
                XCTAssertEqual(streamed.built.marksSoFar?.headings.map(\.title), whole.built.headings.map(\.title))
                XCTAssertLessThan(streamed.built.storage.retainedRange.count, streamed.built.storage.length / 3,
                                  "the text of the pages written is let go")
            }
        }
    }

    func testWhatNeedsTheWholeDocumentIsBuiltWhole() throws {
        let template = try BuiltinTemplates.template(named: "default")
        let builder = DocumentBuilder(template: template, styles: try StyleSheet(template: template), columnWidth: 250, columnHeight: 600)
        func streams(_ markdown: String) throws -> Bool {
            let (document, blocks) = try MarkdownReader.open(markdown, file: "/no-such-folder/d.md")
            return builder.streams(document, blocks: blocks)
        }
        XCTAssertTrue(try streams("# Title\n\nText with a [link](https://example.com) and a {#id} anchor:\n\n## Heading\n"))
        // Prose that only mentions what would need the whole document (Little Women wraps
        // shawls and floats boats).
        XCTAssertTrue(try streams("She wrapped the shawl & let the boat float; the font of wisdom, page 3, a toc-toc.\n"))
        for markdown in ["Text.[^1]\n\n[^1]: A note.\n", "Text.^[An inline note.]\n", "{toc}\n\n# A\n",
                         "---\ntoc: true\n---\n\n# A\n", "See [there](#a){page}.\n\n# A {#a}\n", "See [there](#a).\n",
                         "See [there]( #a).\n", "[ref]: #a\n\nSee [there][ref].\n", "Text [x]{link=#a}.\n",
                         "<a href=\"#a\">there</a>\n", "![a figure](fig.png)\n", "<IMG src=\"fig.png\">\n",
                         "---\nabstract: see [it](#a)\n---\n\nText.\n", "See [there](\n#a).\n", "A [word]{font=\"Nowhere Sans\"}.\n",
                         "Intro.\n\n{float=top}\n| a | b |\n|---|---|\n| 1 | 2 |\n\nMore.\n",
                         "Intro.\n\n{wrap=left}\n| a | b |\n|---|---|\n| 1 | 2 |\n", "See [x](\\#nowhere).\n",
                         "See [x](&#35;nowhere).\n", "&#123;toc}\n\n# A\n", "x^&#91;note]\n", "[ref]:\n#a\n\n[x][ref]\n"] {
            XCTAssertFalse(try streams(markdown), markdown)
        }
        var signed = template
        signed.afterBody = [BodyField(image: "signature.image", height: 30)]
        let (plain, plainBlocks) = try MarkdownReader.open("Text.\n", file: "/no-such-folder/d.md")
        XCTAssertFalse(DocumentBuilder(template: signed, styles: try StyleSheet(template: signed), columnWidth: 250,
                                       columnHeight: 600).streams(plain, blocks: plainBlocks), "an image after the body")
        var withRules = template
        withRules.rules = [StyleRule(pattern: "~([^~]+)~", style: "emphasis", replacement: "$1")]
        let (document, blocks) = try MarkdownReader.open("Text.\n", file: "/no-such-folder/d.md")
        XCTAssertFalse(DocumentBuilder(template: withRules, styles: try StyleSheet(template: withRules), columnWidth: 250,
                                       columnHeight: 600).streams(document, blocks: blocks))
    }

    func testAFaultInALateBlockFailsTheRenderAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("folio-streamed-fault")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.pdf").path
        try Data("a good PDF".utf8).write(to: URL(fileURLWithPath: path))
        // An unknown style, thousands of lines in: found as that part is built.
        let markdown = Self.markdown + "\n\n{.no-such-style}\nThe end.\n"
        XCTAssertThrowsError(try render(markdown, template: "default", streamed: true, threaded: true, to: path)) { error in
            XCTAssertTrue("\(error)".contains("no-such-style"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("a good PDF".utf8), "what was there is left")
    }
}
