import FolioPages
import FolioTestSupport
import Foundation
import XCTest

/// `TypesetOptions` holds the typesetting of a hand-made storage and embeds the output
/// settings; margins meet templates through `PageMargins`' one conversion.
final class TypesetOptionsTests: XCTestCase {
    func testMarginsConvertInOnePlace() {
        let insets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let margins = PageMargins(insets)
        XCTAssertEqual(margins, PageMargins(top: 10, bottom: 30, inner: 20, outer: 40))
        XCTAssertEqual(margins.insets(), insets, "a one-sided page: inner is left")
        XCTAssertEqual(margins.insets(mirrored: true), EdgeInsets(top: 10, left: 40, bottom: 30, right: 20),
                       "a left-hand page of a two-sided layout: inner is right")
        XCTAssertEqual(Template(name: "t").margins, PageMargins.standard)
        XCTAssertEqual(Template(name: "t").pageSize, PaperSize.named["a4"])
    }

    func testOptionsGiveTheirGeometryAndDefaults() {
        var options = TypesetOptions()
        options.geometry = PageGeometry(pageSize: PaperSize.named["a5"]!, margins: EdgeInsets(top: 30, left: 25, bottom: 35, right: 45),
                                        columns: 2, gutter: 12)
        let template = options.template
        XCTAssertEqual(template.margins.insets(), options.geometry.margins)
        XCTAssertEqual(template.pageSize, options.geometry.pageSize)
        XCTAssertEqual(template.columns, 2)
        XCTAssertEqual(template.gutter, 12)
        XCTAssertEqual(options.defaults.attributes.font, FontDescriptor(families: ["DejaVu Serif"], size: 10))
        XCTAssertEqual(options.defaults.language, "en-US")
        options.hyphenationLanguage = nil
        XCTAssertFalse(options.paragraphStyle.hyphenation)
        XCTAssertEqual(options.defaults.language, LayoutDefaults.defaultLanguage)
    }

    func testTheEmbeddedSettingsReachTheRenderer() throws {
        let dir = try makeTemporaryDirectory("folio-options")
        defer { try? FileManager.default.removeItem(at: dir) }
        let storage = TextStorage()
        storage.appendParagraph("A page of text set from options.", attributes: TextAttributes(font: FontDescriptor(size: 10)))
        var options = TypesetOptions()
        options.geometry = PageGeometry(pageSize: Size(width: 200, height: 100), margins: EdgeInsets(all: 10))
        options.settings.pngDirectory = dir.path
        options.settings.pngScale = 1.5
        options.settings.parallelShaping = false
        let report = try DocumentRenderer.render(storage, options: options, to: dir.appendingPathComponent("o.pdf").path)
        XCTAssertEqual(report.pages, 1)
        let png = try Data(contentsOf: dir.appendingPathComponent("page-1.png"))
        func uint32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(uint32(16), 300, "200 pt at 1.5 pixels a point")
        XCTAssertEqual(uint32(20), 150)
    }
}
