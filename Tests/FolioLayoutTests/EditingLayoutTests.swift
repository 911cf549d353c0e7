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
        let firstParagraphBefore = [wide, narrow].map { layoutSignatures($0.lineFragments.filter { $0.paragraphIndex == 0 }) }
        let laidOutBefore = [wide, narrow].map(\.paragraphsLaidOut)

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
        // The first paragraph's layout is kept as it was, line for line and glyph for
        // glyph, and only the edited paragraph was laid out again.
        for (k, manager) in [wide, narrow].enumerated() {
            let first = manager.lineFragments.filter { $0.paragraphIndex == 0 }
            XCTAssertGreaterThan(first.count, 1)
            XCTAssertEqual(layoutSignatures(first), firstParagraphBefore[k])
            XCTAssertEqual(manager.paragraphsLaidOut - laidOutBefore[k], 1, "only paragraph 1 was laid out again")
        }
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

final class IncrementalLayoutTests: XCTestCase {
    func testAnEditThatKeepsItsLineCountRelaysOnlyItsParagraph() {
        let storage = makeStorage(Array(repeating: prose, count: 20).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 400)))
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100_000)))
        manager.ensureLayout()
        let before = manager.lineFragments
        let laid = manager.paragraphsLaidOut
        // Same length, different word: "worst" → "worse" in paragraph 3.
        let p = storage.paragraphRange(at: 3)
        let word = storage.substring(p).range(of: "worst")!
        let offset = p.lowerBound + storage.substring(p).utf8.distance(from: storage.substring(p).startIndex, to: word.lowerBound)
        storage.replaceCharacters(in: offset..<(offset + 5), with: "worse")
        manager.ensureLayout()
        XCTAssertEqual(manager.paragraphsLaidOut - laid, 1, "only the edited paragraph is laid out again")
        XCTAssertEqual(manager.lineFragments.count, before.count)
        assertCoversEveryCharacterOnce(manager)
        // An insertion that lengthens the paragraph shifts everything after it.
        storage.replaceCharacters(in: offset..<offset, with: "much, much longer and altogether more elaborate ")
        manager.ensureLayout()
        XCTAssertGreaterThan(manager.lineFragments.count, before.count)
        assertCoversEveryCharacterOnce(manager)
        let last = manager.lineFragments.last!
        XCTAssertEqual(last.characterRange.upperBound, storage.length)
        XCTAssertEqual(last.paragraphIndex, 19)
    }

    func testInsertingAParagraphKeepsTheRestConsistent() {
        let storage = makeStorage(Array(repeating: prose, count: 6).joined(separator: "\n"))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100_000)))
        manager.ensureLayout()
        let start = storage.paragraphRange(at: 2).lowerBound
        storage.replaceCharacters(in: start..<start, with: "A new short paragraph.\n")
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        XCTAssertEqual(manager.lineFragments.last!.paragraphIndex, 6)
        let text = manager.lineFragments.flatMap(\.glyphRuns).map(\.text).joined()
        XCTAssertTrue(text.contains("A new short paragraph."))
    }
}

/// An edit that moves the text after it is laid out again only until the flow reaches a
/// paragraph of the old layout in the same place: from there the old lines are spliced
/// back, and the result is what a fresh layout gives.
final class ConvergingLayoutTests: XCTestCase {
    /// Twenty paragraphs in columns 300 × 200; paragraph 10 starts a new column.
    private func laidOut() -> LayoutManager {
        let storage = makeStorage(Array(repeating: prose, count: 20).joined(separator: "\n"))
        var breaking = storage.paragraphStyle(ofParagraph: 10)
        breaking.breakBefore = .container
        storage.setParagraphStyle(breaking, range: storage.paragraphRange(at: 10))
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<40 { manager.addTextContainer(TextContainer(size: Size(width: 300, height: 200))) }
        manager.ensureLayout()
        return manager
    }

    private func fresh(_ storage: TextStorage) -> LayoutManager {
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<40 { manager.addTextContainer(TextContainer(size: Size(width: 300, height: 200))) }
        manager.ensureLayout()
        return manager
    }

    func testALineAddedIsMadeUpAtTheNextColumnBreakAndTheRestSplicedBack() {
        let manager = laidOut()
        let storage = manager.textStorage
        let linesBefore = manager.lineFragments.count
        let laid = manager.paragraphsLaidOut
        // Paragraph 2 gets longer: paragraphs 3…9 move down; 10 starts the next column
        // either way, so 11 on are where they were.
        let at = storage.paragraphRange(at: 2).lowerBound
        storage.replaceCharacters(in: at..<at, with: "A sentence inserted here adds a line or two to the paragraph it opens. ")
        XCTAssertNotNil(manager.lineFragment(forCharacterAt: at), "the edited page is available")
        manager.ensureLayout()
        XCTAssertGreaterThan(manager.lineFragments.count, linesBefore)
        XCTAssertEqual(manager.paragraphsLaidOut - laid, 9, "paragraphs 2…10 laid out again, 11…19 spliced back")
        assertCoversEveryCharacterOnce(manager)
        let reference = fresh(storage)
        XCTAssertEqual(layoutSignatures(manager.lineFragments), layoutSignatures(reference.lineFragments))
        XCTAssertEqual(manager.lineFragments.map(\.characterRange), reference.lineFragments.map(\.characterRange))
        XCTAssertEqual(manager.lineFragments.map(\.paragraphIndex), reference.lineFragments.map(\.paragraphIndex))
        XCTAssertEqual(manager.lineFragments.flatMap(\.glyphRuns).map(\.characterRange),
                       reference.lineFragments.flatMap(\.glyphRuns).map(\.characterRange))
    }

    func testAParagraphInsertedShiftsTheSplicedParagraphNumbers() {
        let manager = laidOut()
        let storage = manager.textStorage
        let laid = manager.paragraphsLaidOut
        let at = storage.paragraphRange(at: 4).lowerBound
        storage.replaceCharacters(in: at..<at, with: "A new short paragraph.\n")
        manager.ensureLayout()
        XCTAssertEqual(storage.paragraphCount, 21)
        XCTAssertEqual(manager.paragraphsLaidOut - laid, 8, "paragraphs 4…11 (the new one, and up to the column break) laid out again")
        assertCoversEveryCharacterOnce(manager)
        let reference = fresh(storage)
        XCTAssertEqual(manager.lineFragments.map(\.characterRange), reference.lineFragments.map(\.characterRange))
        XCTAssertEqual(manager.lineFragments.map(\.paragraphIndex), reference.lineFragments.map(\.paragraphIndex))
        XCTAssertEqual(layoutSignatures(manager.lineFragments), layoutSignatures(reference.lineFragments))
    }
}
