@testable import FolioLayout
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

    /// Points from hyphen-en-us (the patterns Debian ships, which scripts/install-deps.sh
    /// installs) for words whose hyphenation every US dictionary agrees on.
    static let knownWords: [String: [Int]] = [
        "hyphenation": [2, 6],              // hy-phen-ation
        "typesetting": [4, 7],              // type-set-ting
        "justification": [3, 5, 7, 9],      // jus-ti-fi-ca-tion
        "algorithm": [2, 4],                // al-go-rithm
        "programming": [3, 7],              // pro-gram-ming
        "international": [2, 5, 7],         // in-ter-na-tional
        "understanding": [2, 5, 10],        // un-der-stand-ing
    ]

    func testEnglishPointsAreTheDictionarys() throws {
        let h = try XCTUnwrap(Hyphenator.forLanguage("en-US"))
        for (word, points) in Self.knownWords.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(h.hyphenationPoints(in: word), points, word)
        }
        // Fewer than two letters before or three after a point: none.
        XCTAssertEqual(h.hyphenationPoints(in: "breaker"), [])
        XCTAssertEqual(h.hyphenationPoints(in: "ab"), [])
    }

    /// The typesetter's path appends a word's points, moved to its place in the paragraph,
    /// to one buffer: the same points, the first time a word is looked up and from the memo.
    func testPointsAppendedToABufferAreTheWordsMovedToItsPlace() throws {
        let h = try XCTUnwrap(Hyphenator.forLanguage("en-US"))
        for (word, expected) in Self.knownWords.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<2 {  // looked up, then remembered
                var points = [-1]
                Array(word.utf8).withUnsafeBufferPointer { h.hyphenationPoints(inUTF8: $0, into: &points, adding: 100) }
                XCTAssertEqual(points, [-1] + expected.map { $0 + 100 }, word)
            }
        }
        var none: [Int] = []
        Array("cat".utf8).withUnsafeBufferPointer { h.hyphenationPoints(inUTF8: $0, into: &none, adding: 7) }
        XCTAssertEqual(none, [])
    }

    func testJustifiedNarrowLinesEndInAHyphenAtADictionaryPoint() throws {
        // Only long words with known points, in a column about ten letters wide: lines must
        // break inside words, and only where the dictionary allows.
        let words = ["hyphenation", "typesetting", "justification", "algorithm", "programming", "international", "understanding"]
        let text = (0..<4).flatMap { _ in words }.joined(separator: " ")
        let storage = makeStorage(text)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 75, height: 5000)))
        manager.ensureLayout()
        let lines = manager.lineFragments
        let hyphenated = lines.indices.filter { lines[$0].isHyphenated }
        XCTAssertGreaterThan(hyphenated.count, 5, "a column this narrow hyphenates")
        for i in hyphenated {
            let shown = lines[i].glyphRuns.map(\.text).joined()
            XCTAssertTrue(shown.hasSuffix("-"), shown)
            // The line's last word piece and the next line's first make one known word,
            // split at one of its points.
            let head = String(storage.substring(lines[i].characterRange).split(separator: " ").last ?? "")
            let tail = String(storage.substring(lines[i + 1].characterRange).split(separator: " ").first ?? "")
            let points = try XCTUnwrap(Self.knownWords[head + tail], "“\(head)” + “\(tail)” is not one of the words")
            XCTAssertTrue(points.contains(head.utf8.count), "\(head)-\(tail) is not at a point of \(points)")
            XCTAssertFalse(storage.substring(lines[i].characterRange).contains("-"), "the hyphen is not in the text")
        }
        assertCoversEveryCharacterOnce(manager)
    }

    func testUnknownLanguageHasNoDictionary() {
        XCTAssertNil(Hyphenator.forLanguage("xx-YY"))
        XCTAssertNil(Hyphenator.dictionaryPath(for: "xx"))
    }

    func testGermanWithUmlautsGivesPointsOnCharacterBoundaries() throws {
        guard let h = Hyphenator.forLanguage("de") else {
            throw missingRequirement("The German hyphenation dictionary (hyphen-de)")
        }
        let word = "Übersetzungsprogramm"
        let points = h.hyphenationPoints(in: word)
        XCTAssertFalse(points.isEmpty)
        let bytes = Array(word.utf8)
        for p in points { XCTAssertNotEqual(bytes[p] & 0xC0, 0x80, "point \(p) splits a UTF-8 sequence") }
    }

    func testHyphenatedLayoutEndsLinesWithAHyphenThatIsNotInTheText() {
        let storage = makeStorage(prose + " " + prose)
        var hyphenated: [LineFragment] = []
        for width in [140.0, 125, 110, 95] {
            let manager = LayoutManager(textStorage: storage)
            manager.addTextContainer(TextContainer(size: Size(width: width, height: 5000)))
            manager.ensureLayout()
            hyphenated += manager.lineFragments.filter(\.isHyphenated)
            storage.removeObserver(manager)
        }
        XCTAssertFalse(hyphenated.isEmpty)
        for line in hyphenated {
            XCTAssertEqual(line.glyphRuns.last?.text, "-")
            XCTAssertFalse(storage.substring(line.characterRange).hasSuffix("-"))
        }
    }

    /// The memo keys words by a hash and checks their bytes: with three bits of the hash,
    /// most words share a key with another, and each still gets its own points, the first
    /// time and from the memo after (taking out the byte comparison fails this).
    func testWordsWhoseKeysCollideKeepTheirOwnPoints() throws {
        let path = try XCTUnwrap(Hyphenator.dictionaryPath(for: "en-US"))
        let colliding = try XCTUnwrap(Hyphenator(path: path, language: "en-US", keyMask: 0x7))
        let reference = try XCTUnwrap(Hyphenator(path: path, language: "en-US"))
        let words = Self.knownWords.keys.sorted() + ["typography", "hyphenated", "dictionary", "paragraph", "composition",
                                                     "Education", "catastrophe", "extraordinary", "café", "naïveté"]
        for round in 0..<2 {
            for word in words {
                XCTAssertEqual(colliding.hyphenationPoints(in: word), reference.hyphenationPoints(in: word), "\(word), round \(round)")
            }
        }
        XCTAssertEqual(colliding.hyphenationPoints(in: "hyphenation"), [2, 6])
    }
}
