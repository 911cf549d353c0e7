import FolioLayout
import XCTest

final class HyphenatorTests: XCTestCase {
    func testEnglishDictionaryIsFoundByLanguageTag() throws {
        let h = try XCTUnwrap(Hyphenator.forLanguage("en-US"))
        XCTAssertEqual(Hyphenator.dictionaryPath(for: "en-US"), "/usr/share/hyphen/hyph_en_US.dic")
        let points = h.hyphenationPoints(in: "typesetting")
        XCTAssertFalse(points.isEmpty)
        // No piece shorter than the minimums (two letters before, three after).
        XCTAssertTrue(points.allSatisfy { $0 >= 2 && $0 <= "typesetting".utf8.count - 3 })
        XCTAssertEqual(h.hyphenationPoints(in: "Typesetting"), points, "case does not matter")
        XCTAssertEqual(h.hyphenationPoints(in: "cat"), [])
    }

    func testUnknownLanguageHasNoDictionary() {
        XCTAssertNil(Hyphenator.forLanguage("xx-YY"))
        XCTAssertNil(Hyphenator.dictionaryPath(for: "xx"))
    }

    func testGermanWithUmlautsGivesPointsOnCharacterBoundaries() throws {
        guard let h = Hyphenator.forLanguage("de") else {
            throw XCTSkip("hyphen-de is not installed")
        }
        let word = "Übersetzungsprogramm"
        let points = h.hyphenationPoints(in: word)
        XCTAssertFalse(points.isEmpty)
        let bytes = Array(word.utf8)
        for p in points { XCTAssertNotEqual(bytes[p] & 0xC0, 0x80, "point \(p) splits a UTF-8 sequence") }
    }

    func testHyphenatedLayoutEndsLinesWithAHyphenThatIsNotInTheText() {
        let storage = makeStorage(prose + " " + prose)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 140, height: 5000)))
        manager.ensureLayout()
        let hyphenated = manager.lineFragments.filter(\.isHyphenated)
        XCTAssertFalse(hyphenated.isEmpty)
        for line in hyphenated {
            XCTAssertEqual(line.glyphRuns.last?.text, "-")
            XCTAssertFalse(storage.substring(line.characterRange).hasSuffix("-"))
        }
    }
}
