import FolioPages
import FolioTestSupport
import Foundation
import XCTest

/// The renderer streams pages: each is drawn once complete and written out on the
/// worker thread while the next is laid out.
final class DocumentRendererTests: XCTestCase {
    func testWritingPagesOnTheShapingThreadGivesTheSameBytes() throws {
        let paragraph = "A paragraph of _prose_ long enough to fill a few lines of a column, set justified and hyphenated "
            + "so that the pages written on either thread have words to stretch, links to [nowhere](https://example.com), "
            + "and **bold** runs among them."
        var markdown = ""
        for chapter in 1...12 {
            markdown += "## Chapter \(chapter)\n\n" + Array(repeating: paragraph, count: 30).joined(separator: "\n\n") + "\n\n"
        }
        let template = try BuiltinTemplates.template(named: "book")
        let styles = try StyleSheet(template: template)
        let dir = try makeTemporaryDirectory("folio-renderer")
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [Data] = []
        var pages: [Int] = []
        for threaded in [false, true] {
            let document = try MarkdownReader.parse(markdown, file: dir.appendingPathComponent("book.md").path)
            var built = try DocumentBuilder(template: template, styles: styles, columnWidth: 300, columnHeight: 500).build(document)
            // A fixed date given to this render (never the process's environment, which
            // other tests share): the same input gives the same bytes.
            built.metadata.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
            var settings = RenderSettings()
            settings.parallelShaping = threaded
            let path = dir.appendingPathComponent(threaded ? "threaded.pdf" : "plain.pdf").path
            let report = try DocumentRenderer.render(built, template: template, styles: styles, defaults: LayoutDefaults(),
                                                     settings: settings, to: path)
            pages.append(report.pages)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertGreaterThan(pages[0], 40)
        XCTAssertEqual(pages[0], pages[1])
        XCTAssertEqual(outputs[0], outputs[1], "the same PDF, byte for byte")
        // The date given is the one recorded (2023-11-14 22:13:20 UTC).
        XCTAssertNotNil(outputs[0].range(of: Data("/CreationDate (20231114221320".utf8)), "the creation date given is recorded")
    }
}
