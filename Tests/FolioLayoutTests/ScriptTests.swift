import FolioLayout
import XCTest

final class ScriptTests: XCTestCase {
    func testRightToLeftParagraphIsRightAlignedAndReordered() {
        let storage = makeStorage("שלום עולם hello מה שלומך", style: ParagraphStyle())
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100)))
        manager.ensureLayout()
        let line = manager.lineFragments[0]
        XCTAssertEqual(line.usedRect.maxX, 300, accuracy: 0.01, "natural alignment of RTL is right")
        // Visual order: the first Hebrew words are rightmost, the Latin word in between.
        let runs = line.glyphRuns.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertEqual(runs.last!.text.trimmingCharacters(in: .whitespaces), "שלום עולם")
        XCTAssertTrue(runs.last!.isRightToLeft)
        let hello = runs.first { $0.text.contains("hello") }!
        XCTAssertFalse(hello.isRightToLeft)
        XCTAssertLessThan(hello.bounds.maxX, runs.last!.bounds.minX + 0.01)
        assertCoversEveryCharacterOnce(manager)
    }

    func testCombiningMarksAndEmojiAreNeverSplitAcrossLines() {
        let cluster = "e\u{301}\u{302}"   // e with two combining accents
        let family = "👨‍👩‍👧‍👦"
        let text = Array(repeating: cluster + family, count: 30).joined()
        let storage = makeStorage(text, style: ParagraphStyle(alignment: .left))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 50, height: 5000)))
        manager.ensureLayout()
        XCTAssertGreaterThan(manager.lineFragments.count, 2)
        for line in manager.lineFragments {
            let s = storage.substring(line.characterRange)
            XCTAssertEqual(storage.rangeOfComposedCharacter(at: line.characterRange.lowerBound).lowerBound, line.characterRange.lowerBound)
            XCTAssertFalse(s.unicodeScalars.first!.properties.isGraphemeExtend, "line starts with a combining mark")
        }
        assertCoversEveryCharacterOnce(manager)
    }
}

extension ScriptTests {
    func testTheLastLineOfAJustifiedRightToLeftParagraphIsFlushRight() {
        let hebrew = Array(repeating: "שלום עולם מה שלומך היום", count: 6).joined(separator: " ")
        let storage = makeStorage(hebrew, style: ParagraphStyle(alignment: .justified))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 1000)))
        manager.ensureLayout()
        XCTAssertGreaterThan(manager.lineFragments.count, 2)
        for line in manager.lineFragments {
            XCTAssertEqual(line.usedRect.maxX, 200, accuracy: 0.05, "every line ends at the right edge, the last one too")
        }
        XCTAssertLessThan(manager.lineFragments.last!.usedRect.minX, 200 - 20)
        XCTAssertGreaterThan(manager.lineFragments.last!.usedRect.minX, 20, "the last line is short and flush right")
    }
}

extension ScriptTests {
    /// U+0000 (a template rule or the API can bring it in) made Pango abort: it is set as
    /// a space of the same length, every offset kept.
    func testANulCharacterIsSetAsASpace() {
        let storage = makeStorage("before\u{0}after and more", style: ParagraphStyle(alignment: .left))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 100)))
        manager.ensureLayout()
        XCTAssertEqual(manager.lineFragments.count, 1)
        XCTAssertTrue(manager.lineFragments[0].glyphRuns.map(\.text).joined().hasPrefix("before after"))
        assertCoversEveryCharacterOnce(manager)
    }
}
