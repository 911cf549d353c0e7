import FolioLayout
import XCTest

/// Dynamic Type: runs with a text style take their role's size for the layout manager's
/// content size, and changing the content size lays the same text out again at the new
/// sizes — the articles' "change the preferred size and the text reflows".
final class DynamicTypeTests: XCTestCase {
    private let prose = "Text styles follow the reader's preferred size; when it changes, the text reflows. "

    private func storage() -> TextStorage {
        let storage = TextStorage()
        storage.appendParagraph("A headline", attributes: TextAttributes(font: FontDescriptor(family: "DejaVu Sans", size: 99), textStyle: .headline))
        storage.appendParagraph(String(repeating: prose, count: 4), attributes: TextAttributes(textStyle: .body),
                                paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))
        storage.appendParagraph("A caption", attributes: TextAttributes(font: FontDescriptor(family: "DejaVu Serif", size: 8).withStyle(.italic),
                                                                        textStyle: .caption1))
        return storage
    }

    private func runFont(_ manager: LayoutManager, containing text: String) throws -> Font {
        try XCTUnwrap(manager.lineFragments.lazy.flatMap(\.glyphRuns).first { $0.text.contains(text) }).font
    }

    func testRunsTakeTheirRolesSizeAndWeightInTheirOwnFamily() throws {
        let manager = LayoutManager(textStorage: storage())
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: 2000)))
        manager.ensureLayout()
        let headline = try runFont(manager, containing: "headline")
        XCTAssertEqual(headline.size, 17)
        XCTAssertGreaterThanOrEqual(headline.weight, 600, "semibold, or the nearest face heavier (DejaVu has bold)")
        XCTAssertEqual(headline.familyName, "DejaVu Sans", "the run's own family")
        XCTAssertEqual(try runFont(manager, containing: "reflows").size, 17)
        let caption = try runFont(manager, containing: "caption")
        XCTAssertEqual(caption.size, 12)
        XCTAssertTrue(caption.isSlanted, "the run's own style")
    }

    func testChangingTheContentSizeReflowsTheText() throws {
        let manager = LayoutManager(textStorage: storage())
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: 2000)))
        manager.ensureLayout()
        let before = manager.lineFragments.count
        manager.defaults.contentSizeCategory = .accessibilityLarge
        manager.ensureLayout()
        XCTAssertEqual(try runFont(manager, containing: "reflows").size, 33)
        XCTAssertEqual(try runFont(manager, containing: "headline").size, 33)
        XCTAssertEqual(try runFont(manager, containing: "caption").size, 26)
        XCTAssertGreaterThan(manager.lineFragments.count, before + 3, "bigger text takes more lines")
        // Back at the default, the layout is what a fresh manager makes.
        manager.defaults.contentSizeCategory = .large
        manager.ensureLayout()
        let fresh = LayoutManager(textStorage: manager.textStorage)
        fresh.addTextContainer(TextContainer(size: Size(width: 400, height: 2000)))
        fresh.ensureLayout()
        XCTAssertEqual(manager.lineFragments.map(\.characterRange), fresh.lineFragments.map(\.characterRange))
        XCTAssertEqual(manager.lineFragments.map(\.rect), fresh.lineFragments.map(\.rect))
    }

    func testTheScaleSetsPrintSizesInProportion() throws {
        var defaults = LayoutDefaults()
        defaults.textStyleScale = 10.0 / 17
        let manager = LayoutManager(textStorage: storage(), defaults: defaults)
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: 2000)))
        manager.ensureLayout()
        XCTAssertEqual(try runFont(manager, containing: "reflows").size, 10, accuracy: 0.01)
        XCTAssertEqual(try runFont(manager, containing: "caption").size, 12 * 10 / 17, accuracy: 0.01)
    }

    func testPreferredFontsFollowTextKitsTable() {
        XCTAssertEqual(FontDescriptor.preferred(.body).size, 17)
        XCTAssertEqual(FontDescriptor.preferred(.largeTitle, contentSize: .extraSmall).size, 31)
        XCTAssertEqual(FontDescriptor.preferred(.footnote, contentSize: .accessibilityExtraExtraExtraLarge).size, 44)
        XCTAssertEqual(FontDescriptor.preferred(.headline).weight, .semibold)
        // Every role grows (or holds) with the category.
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.pointSize(for: $0) }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style)")
        }
        XCTAssertEqual(ContentSizeCategory(name: "extra-extra-large"), .extraExtraLarge)
        XCTAssertEqual(ContentSizeCategory.accessibilityMedium.name, "accessibility-medium")
        XCTAssertNil(ContentSizeCategory(name: "huge"))
        XCTAssertEqual(ContentSizeCategory.allCases.map { ContentSizeCategory(name: $0.name) }, ContentSizeCategory.allCases)
    }
}
