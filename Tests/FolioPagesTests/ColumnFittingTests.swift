import FolioPages
import Foundation
import XCTest

/// Figures and code fit the column they land in, whatever the section or master makes
/// that column: decided at layout time, not from the template's usual column.
final class ColumnFittingTests: XCTestCase {
    func testAFigureInASpanningSectionSpansThePage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-figure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Documents/images/chart.png")
        try FileManager.default.copyItem(at: chart, to: dir.appendingPathComponent("chart.png"))
        let markdown = """
        Text in two columns, long enough to be a paragraph of its own before the figures.

        {float=none}
        ![In a column](chart.png)

        {columns=1}
        ![Across the page](chart.png)

        Text across the page.
        """
        let template = try BuiltinTemplates.template(named: "two-column")
        let styles = try StyleSheet(template: template)
        let document = try MarkdownReader.parse(markdown, file: dir.appendingPathComponent("d.md").path)
        let built = try DocumentBuilder(template: template, styles: styles, columnWidth: 100, columnHeight: 700).build(document)
        let composer = PageComposer(template: template, sections: built.sections)
        let manager = LayoutManager(textStorage: built.storage)
        manager.delegate = composer
        manager.ensureLayout()
        let figures = manager.lineFragments.flatMap(\.glyphRuns).compactMap(\.attachmentRect)
        XCTAssertEqual(figures.count, 2)
        let page = try XCTUnwrap(composer.pages.first)
        let column = ColumnGrid(count: template.columns, gutter: template.gutter).columnWidth(across: page.textArea.width)
        XCTAssertEqual(figures[0].width, column, accuracy: 0.01, "the first figure fills its column")
        XCTAssertEqual(figures[1].width, page.textArea.width, accuracy: 0.01, "the second spans the text area")
        XCTAssertEqual(figures[1].height / figures[1].width, figures[0].height / figures[0].width, accuracy: 1e-6, "aspect kept")
    }

    func testCodeInASpanningSectionWrapsAtTheFullWidth() throws {
        let long = (1...40).map { "word\($0)" }.joined(separator: " ")
        let markdown = """
        Text in two columns.

        ```
        \(long)
        ```

        {columns=1}
        ```
        \(long)
        ```
        """
        let template = try BuiltinTemplates.template(named: "two-column")
        let styles = try StyleSheet(template: template)
        let document = try MarkdownReader.parse(markdown, file: "/no-such-folder/d.md")
        let built = try DocumentBuilder(template: template, styles: styles, columnWidth: 100, columnHeight: 700).build(document)
        let composer = PageComposer(template: template, sections: built.sections)
        let manager = LayoutManager(textStorage: built.storage)
        manager.delegate = composer
        manager.ensureLayout()
        let code = (0..<built.storage.paragraphCount).filter { built.storage.paragraphStyle(ofParagraph: $0).continuationMark != nil }
        XCTAssertEqual(code.count, 2)
        func lines(_ paragraph: Int) -> [LineFragment] { manager.lineFragments.filter { $0.paragraphIndex == paragraph } }
        let inColumn = lines(code[0]), across = lines(code[1])
        let page = try XCTUnwrap(composer.pages.first)
        let column = ColumnGrid(count: template.columns, gutter: template.gutter).columnWidth(across: page.textArea.width)
        XCTAssertTrue(inColumn.allSatisfy { $0.usedRect.width <= column + 1e-6 })
        XCTAssertGreaterThan(across.map(\.usedRect.width).max() ?? 0, column * 1.8, "the spanning block uses the page's width")
        XCTAssertLessThan(across.count, inColumn.count, "so it needs fewer lines")
        XCTAssertEqual(across.dropFirst().filter { $0.glyphRuns.first?.text == "↪\u{00A0}" }.count, across.count - 1)
    }
}
