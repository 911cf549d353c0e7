import FolioPages
import FolioTestSupport
import Foundation
import XCTest

/// Plain text built a part at a time while it is set (`DocumentBuilder.streamPlainText`)
/// makes the PDF the whole text makes, byte for byte, and its storage lets go of the text
/// of the pages written.
final class StreamedPlainTextTests: XCTestCase {
    private static let text: String = {
        let words = ("It was the best of times, it was the worst of times, it was the age of wisdom, it was the age "
            + "of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of "
            + "Light, it was the season of Darkness, it was the spring of hope, it was the winter of despair.").split(separator: " ")
        var text = ""
        for k in 0..<900 {
            // Paragraphs of every length, lines joined within them, CRLF here and there.
            let line = words.prefix(3 + (k * 29) % 70).joined(separator: " ")
            text += k % 7 == 3 ? line + "\r\n" + line + "\r\n\r\n" : line + "\n\n"
        }
        return text
    }()

    private func render(_ template: String, streamed: Bool, threaded: Bool, in dir: URL) throws -> (Data, BuiltDocument) {
        let template = try BuiltinTemplates.template(named: template)
        let styles = try StyleSheet(template: template)
        let builder = DocumentBuilder(template: template, styles: styles, columnWidth: 250, columnHeight: 600)
        let file = dir.appendingPathComponent("text.txt").path
        var built = streamed ? try builder.streamPlainText(Self.text, file: file, language: "en-US")
            : try builder.buildPlainText(Self.text, file: file, language: "en-US")
        built.metadata.creationDate = Date(timeIntervalSince1970: 1_700_000_000)
        var settings = RenderSettings()
        settings.parallelShaping = threaded
        let path = dir.appendingPathComponent("out.pdf").path
        _ = try DocumentRenderer.render(built, template: template, styles: styles, defaults: LayoutDefaults(),
                                        settings: settings, to: path)
        return (try Data(contentsOf: URL(fileURLWithPath: path)), built)
    }

    func testStreamedTextMakesTheSamePDF() throws {
        let dir = try makeTemporaryDirectory("folio-streamed")
        defer { try? FileManager.default.removeItem(at: dir) }
        // `two-column` balances its last page's columns, which measures the text ahead.
        for template in ["default", "two-column"] {
            for threaded in [false, true] {
                let (whole, _) = try render(template, streamed: false, threaded: threaded, in: dir)
                let (streamed, built) = try render(template, streamed: true, threaded: threaded, in: dir)
                XCTAssertGreaterThan(whole.count, 50_000)
                XCTAssertEqual(streamed, whole, "\(template), worker \(threaded): the same PDF, byte for byte")
                XCTAssertLessThan(built.storage.retainedRange.count, built.storage.length / 4, "the text of the pages written is let go")
            }
        }
    }

    func testATemplateWithRulesOrAPageCountIsBuiltWhole() throws {
        var template = try BuiltinTemplates.template(named: "default")
        let styles = try StyleSheet(template: template)
        XCTAssertTrue(DocumentBuilder(template: template, styles: styles, columnWidth: 250, columnHeight: 600).streamsPlainText)
        XCTAssertFalse(template.needsPageCount)
        template.rules = [StyleRule(pattern: "~([^~]+)~", style: "emphasis", replacement: "$1")]
        XCTAssertFalse(DocumentBuilder(template: template, styles: styles, columnWidth: 250, columnHeight: 600).streamsPlainText,
                       "rules match over the whole text")
        template = try BuiltinTemplates.template(named: "report")
        XCTAssertTrue(template.needsPageCount, "\"page X of Y\" counts the pages first")
    }
}
