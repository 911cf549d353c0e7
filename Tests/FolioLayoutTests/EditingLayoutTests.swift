import FolioLayout
import XCTest

final class EditingLayoutTests: XCTestCase {
    func testTwoLayoutManagersOnOneStorageBothFollowAnEdit() {
        let storage = makeStorage(prose + "\n" + prose)
        let wide = LayoutManager(textStorage: storage)
        wide.addTextContainer(TextContainer(size: Size(width: 400, height: 2000)))
        let narrow = LayoutManager(textStorage: storage)
        narrow.addTextContainer(TextContainer(size: Size(width: 120, height: 300)))
        narrow.addTextContainer(TextContainer(size: Size(width: 120, height: 3000)))
        wide.ensureLayout(); narrow.ensureLayout()
        let wideLines = wide.lineFragments.count, narrowLines = narrow.lineFragments.count
        XCTAssertGreaterThan(narrowLines, wideLines)

        // Insert a sentence at the start of the second paragraph.
        let second = storage.paragraphRange(at: 1).lowerBound
        let inserted = "An inserted sentence that makes the paragraph longer by quite a few words. "
        storage.replaceCharacters(in: second..<second, with: inserted)
        wide.ensureLayout(); narrow.ensureLayout()
        for manager in [wide, narrow] {
            assertCoversEveryCharacterOnce(manager)
            let text = manager.lineFragments.flatMap(\.glyphRuns).map(\.text).joined()
            XCTAssertTrue(text.replacingOccurrences(of: "-", with: "").contains("An inserted sentence"))
        }
        XCTAssertGreaterThan(wide.lineFragments.count, wideLines)
        XCTAssertGreaterThan(narrow.lineFragments.count, narrowLines)
        // The first paragraph's layout is kept as it was.
        XCTAssertEqual(wide.lineFragments.first?.characterRange, 0..<wide.lineFragments.first!.characterRange.upperBound)
    }

    func testAttributeEditRelaysWithTheNewFont() {
        let storage = makeStorage(prose)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 2000)))
        manager.ensureLayout()
        let before = manager.lineFragments.count
        storage.addAttributes(TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 20)), range: 0..<storage.length)
        manager.ensureLayout()
        XCTAssertGreaterThan(manager.lineFragments.count, before)
        XCTAssertEqual(manager.lineFragments[0].glyphRuns[0].font.size, 20, accuracy: 0.01)
    }
}
