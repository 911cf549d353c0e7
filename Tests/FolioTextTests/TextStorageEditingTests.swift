import XCTest
import FolioText

/// replaceCharacters, append and appendParagraph: the text that results and the
/// attributes the new text takes.
final class TextStorageEditingTests: XCTestCase {
    private let A = Fixture.plain
    private let B = Fixture.bold
    private let C = Fixture.italic

    // MARK: Construction and reading

    func testEmptyStorage() {
        let s = TextStorage()
        XCTAssertEqual(s.length, 0)
        XCTAssertTrue(s.isEmpty)
        XCTAssertEqual(s.string, "")
        XCTAssertEqual(s.paragraphCount, 1)
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<0)
        XCTAssertEqual(s.paragraphContentRange(at: 0), 0..<0)
        XCTAssertTrue(s.attributeRuns().isEmpty)
        let (attrs, range) = s.attributes(at: 0)
        XCTAssertEqual(attrs, s.typingAttributes)
        XCTAssertEqual(range, 0..<0)
        XCTAssertEqual(s.paragraphStyle(at: 0), .default)
    }

    func testInitWithStringAttributesAndStyle() {
        let s = TextStorage("Hello, world", attributes: B, paragraphStyle: Fixture.body)
        XCTAssertEqual(s.string, "Hello, world")
        XCTAssertEqual(s.length, 12)
        XCTAssertFalse(s.isEmpty)
        XCTAssertEqual(runs(s), [Run(0..<12, B)])
        XCTAssertEqual(s.paragraphStyle(at: 0), Fixture.body)
        XCTAssertEqual(s.paragraphStyle(at: 11), Fixture.body)
        XCTAssertEqual(s.typingAttributes, B)
        XCTAssertEqual(s.typingParagraphStyle, Fixture.body)
    }

    func testSubstringAndWithUTF8() {
        let s = TextStorage("héllo wörld")
        XCTAssertEqual(s.length, 13)
        XCTAssertEqual(s.substring(0..<6), "héllo")
        XCTAssertEqual(s.substring(7..<13), "wörld")
        XCTAssertEqual(s.substring(3..<3), "")
        let bytes = s.withUTF8(1..<3) { Array($0) }
        XCTAssertEqual(bytes, [0xC3, 0xA9])
        let count = s.withUTF8(0..<s.length) { $0.count }
        XCTAssertEqual(count, 13)
    }

    // MARK: Insertion

    func testInsertIntoEmptyStorageTakesTypingAttributesAndStyle() {
        let s = TextStorage()
        s.typingAttributes = C
        s.typingParagraphStyle = Fixture.quote
        s.replaceCharacters(in: 0..<0, with: "abc")
        XCTAssertEqual(s.string, "abc")
        XCTAssertEqual(runs(s), [Run(0..<3, C)])
        XCTAssertEqual(s.paragraphStyle(at: 0), Fixture.quote)
    }

    func testInsertInMiddleInheritsCharacterBefore() {
        let s = TextStorage("Hello", attributes: A)
        s.setAttributes(B, range: 0..<2)                 // "He" bold, "llo" plain
        s.replaceCharacters(in: 2..<2, with: "XY")
        XCTAssertEqual(s.string, "HeXYllo")
        XCTAssertEqual(runs(s), [Run(0..<4, B), Run(4..<7, A)])

        s.replaceCharacters(in: 5..<5, with: "--")        // after the plain "l"
        XCTAssertEqual(s.string, "HeXYl--lo")
        XCTAssertEqual(runs(s), [Run(0..<4, B), Run(4..<9, A)])
    }

    func testInsertAtRunBoundaryInheritsTheRunBefore() {
        let s = TextStorage("abcdef", attributes: A)
        s.setAttributes(B, range: 3..<6)
        s.replaceCharacters(in: 3..<3, with: "+")          // between "abc" (A) and "def" (B)
        XCTAssertEqual(s.string, "abc+def")
        XCTAssertEqual(runs(s), [Run(0..<4, A), Run(4..<7, B)])
    }

    func testInsertAtStartInheritsFirstCharacter() {
        let s = TextStorage("world", attributes: A)
        s.setAttributes(B, range: 0..<1)
        s.replaceCharacters(in: 0..<0, with: "hello ")
        XCTAssertEqual(s.string, "hello world")
        XCTAssertEqual(runs(s), [Run(0..<7, B), Run(7..<11, A)])
    }

    func testInsertAtEndInheritsLastCharacter() {
        let s = TextStorage("abc", attributes: A)
        s.setAttributes(B, range: 2..<3)
        s.replaceCharacters(in: 3..<3, with: "def")
        XCTAssertEqual(s.string, "abcdef")
        XCTAssertEqual(runs(s), [Run(0..<2, A), Run(2..<6, B)])
    }

    func testInsertWithExplicitAttributes() {
        let s = TextStorage("abcdef", attributes: A)
        s.replaceCharacters(in: 3..<3, with: "XYZ", attributes: C)
        XCTAssertEqual(s.string, "abcXYZdef")
        XCTAssertEqual(runs(s), [Run(0..<3, A), Run(3..<6, C), Run(6..<9, A)])
    }

    func testInsertWithExplicitAttributesEqualToNeighboursMerges() {
        let s = TextStorage("abcdef", attributes: A)
        s.replaceCharacters(in: 3..<3, with: "XYZ", attributes: A)
        XCTAssertEqual(runs(s), [Run(0..<9, A)])
    }

    func testInsertEmptyStringChangesNothing() {
        let s = TextStorage("abc", attributes: A)
        s.replaceCharacters(in: 1..<1, with: "")
        XCTAssertEqual(s.string, "abc")
        XCTAssertEqual(runs(s), [Run(0..<3, A)])
    }

    // MARK: Deletion

    func testDeleteKeepsSurroundingRuns() {
        let s = TextStorage("Hello world", attributes: A)
        s.setAttributes(B, range: 6..<11)
        s.replaceCharacters(in: 2..<4, with: "")           // "He" + "o world"
        XCTAssertEqual(s.string, "Heo world")
        XCTAssertEqual(runs(s), [Run(0..<4, A), Run(4..<9, B)])
        s.replaceCharacters(in: 3..<9, with: "")
        XCTAssertEqual(s.string, "Heo")
        XCTAssertEqual(runs(s), [Run(0..<3, A)])
    }

    func testDeletingARunMergesItsEqualNeighbours() {
        let s = TextStorage("aaBBBaa", attributes: A)
        s.setAttributes(B, range: 2..<5)
        XCTAssertEqual(runs(s).count, 3)
        s.replaceCharacters(in: 2..<5, with: "")
        XCTAssertEqual(s.string, "aaaa")
        XCTAssertEqual(runs(s), [Run(0..<4, A)])
    }

    func testDeletingAcrossRunBoundariesClipsBothRuns() {
        let s = TextStorage("aaaBBBccc", attributes: A)
        s.setAttributes(B, range: 3..<6)
        s.setAttributes(C, range: 6..<9)
        s.replaceCharacters(in: 2..<7, with: "")
        XCTAssertEqual(s.string, "aacc")
        XCTAssertEqual(runs(s), [Run(0..<2, A), Run(2..<4, C)])
    }

    func testDeleteEverythingThenInsertUsesTypingAttributes() {
        let s = TextStorage("abc", attributes: B)
        s.typingAttributes = C
        s.replaceCharacters(in: 0..<3, with: "")
        XCTAssertEqual(s.string, "")
        XCTAssertEqual(s.length, 0)
        XCTAssertTrue(s.attributeRuns().isEmpty)
        XCTAssertEqual(s.attributes(at: 0).attributes, C)
        s.replaceCharacters(in: 0..<0, with: "new")
        XCTAssertEqual(runs(s), [Run(0..<3, C)])
    }

    // MARK: Replacement

    func testReplaceInMiddleTakesAttributesOfFirstReplacedCharacterAsTextKitDoes() {
        let s = TextStorage("Hello world", attributes: A)
        s.setAttributes(B, range: 6..<11)                   // "world" bold
        s.replaceCharacters(in: 6..<11, with: "there!")
        XCTAssertEqual(s.string, "Hello there!")
        // NSTextStorage's rule: the first replaced character ("w", bold), not the space before.
        XCTAssertEqual(runs(s), [Run(0..<6, A), Run(6..<12, B)])
    }

    func testInsertionTakesAttributesOfCharacterBeforeAndAtTheStartOfTheOneAfter() {
        let s = TextStorage("Hello world", attributes: A)
        s.setAttributes(B, range: 6..<11)
        s.replaceCharacters(in: 6..<6, with: "big ")          // after the plain space
        XCTAssertEqual(runs(s), [Run(0..<10, A), Run(10..<15, B)])
        s.replaceCharacters(in: 15..<15, with: "!")           // at the end: after bold "world"
        XCTAssertEqual(runs(s), [Run(0..<10, A), Run(10..<16, B)])
        s.setAttributes(C, range: 0..<5)
        s.replaceCharacters(in: 0..<0, with: "Oh, ")          // at the start: the one after
        XCTAssertEqual(s.string, "Oh, Hello big world!")
        XCTAssertEqual(runs(s), [Run(0..<9, C), Run(9..<14, A), Run(14..<20, B)])
    }

    func testAMarkedDateKeepsItsMarkThroughRepeatedFindAndReplace() {
        // An article's flow: mark a date with a custom attribute, later find the mark and
        // replace the date; the second update must still find it.
        let s = TextStorage("Due: 1 May. Paid.", attributes: A)
        s.setAttribute(.custom("date"), value: "due", range: 5..<10)
        for newDate in ["14 June", "3 July"] {
            let marked = s.attributeRuns(of: .custom("date")).first { $0.value != nil }
            XCTAssertNotNil(marked, "the mark is found before replacing with \(newDate)")
            guard let marked else { return }
            s.replaceCharacters(in: marked.range, with: newDate)
        }
        XCTAssertEqual(s.string, "Due: 3 July. Paid.")
        XCTAssertEqual(s.attribute(.custom("date"), at: 5).range, 5..<11)
    }

    func testReplaceAtStartTakesAttributesOfFirstReplacedCharacter() {
        let s = TextStorage("Hello world", attributes: A)
        s.setAttributes(B, range: 0..<5)
        s.replaceCharacters(in: 0..<5, with: "Howdy,")
        XCTAssertEqual(s.string, "Howdy, world")
        XCTAssertEqual(runs(s), [Run(0..<6, B), Run(6..<12, A)])
    }

    func testReplaceWithExplicitAttributes() {
        let s = TextStorage("Hello world", attributes: A)
        s.replaceCharacters(in: 0..<5, with: "Bye", attributes: B)
        XCTAssertEqual(s.string, "Bye world")
        XCTAssertEqual(runs(s), [Run(0..<3, B), Run(3..<9, A)])
    }

    func testReplaceWithLongerAndShorterText() {
        let s = TextStorage("0123456789", attributes: A)
        s.setAttributes(B, range: 8..<10)
        s.replaceCharacters(in: 2..<4, with: "abcdef")
        XCTAssertEqual(s.string, "01abcdef456789")
        XCTAssertEqual(runs(s), [Run(0..<12, A), Run(12..<14, B)])
        s.replaceCharacters(in: 1..<9, with: "x")
        XCTAssertEqual(s.string, "0x56789")
        XCTAssertEqual(runs(s), [Run(0..<5, A), Run(5..<7, B)])
    }

    func testReplaceEverything() {
        let s = TextStorage("abc", attributes: B)
        s.replaceCharacters(in: 0..<3, with: "xyzw")
        XCTAssertEqual(s.string, "xyzw")
        XCTAssertEqual(runs(s), [Run(0..<4, B)])
    }

    func testManyEditsMatchAStringModel() {
        var model = "The quick brown fox jumps over the lazy dog"
        let s = TextStorage(model, attributes: A)
        let edits: [(Range<Int>, String)] = [
            (4..<9, "slow"), (0..<0, ">> "), (20..<20, "ly"), (3..<7, ""), (10..<15, "ÄÖÜ"),
            (0..<2, "«"), (5..<5, "\n"), (3..<3, "日本"),
        ]
        for (range, text) in edits {
            var bytes = Array(model.utf8)
            bytes.replaceSubrange(range, with: Array(text.utf8))
            model = String(decoding: bytes, as: UTF8.self)
            s.replaceCharacters(in: range, with: text)
            XCTAssertEqual(s.string, model)
            XCTAssertEqual(s.length, model.utf8.count)
            assertConsistent(s)
        }
    }

    // MARK: append / appendParagraph

    func testAppendUsesTypingAttributesWhenNoneGiven() {
        let s = TextStorage("abc", attributes: A)
        s.typingAttributes = C
        s.append("def")
        XCTAssertEqual(s.string, "abcdef")
        XCTAssertEqual(runs(s), [Run(0..<3, A), Run(3..<6, C)])
        s.append("ghi", attributes: B)
        XCTAssertEqual(runs(s), [Run(0..<3, A), Run(3..<6, C), Run(6..<9, B)])
    }

    func testAppendToEmptyStorageUsesTypingParagraphStyle() {
        let s = TextStorage()
        s.typingParagraphStyle = Fixture.quote
        s.append("x")
        XCTAssertEqual(s.paragraphStyle(at: 0), Fixture.quote)
    }

    func testAppendParagraph() {
        let s = TextStorage("One", attributes: B, paragraphStyle: Fixture.heading)
        s.appendParagraph("Two", attributes: A, paragraphStyle: Fixture.body)
        XCTAssertEqual(s.string, "One\nTwo")
        XCTAssertEqual(s.paragraphCount, 2)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), Fixture.heading)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), Fixture.body)
        // The separator takes the attributes of the text it ends.
        XCTAssertEqual(runs(s), [Run(0..<4, B), Run(4..<7, A)])

        // Without a style, the new paragraph continues the last one's.
        s.appendParagraph("Three", attributes: A)
        XCTAssertEqual(s.string, "One\nTwo\nThree")
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 2), Fixture.body)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), Fixture.heading)
        XCTAssertEqual(runs(s), [Run(0..<4, B), Run(4..<13, A)])
        assertConsistent(s)
    }

    func testAppendParagraphToEmptyStorageAddsNoSeparator() {
        let s = TextStorage()
        s.appendParagraph("First", attributes: C, paragraphStyle: Fixture.quote)
        XCTAssertEqual(s.string, "First")
        XCTAssertEqual(s.paragraphCount, 1)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), Fixture.quote)
        XCTAssertEqual(runs(s), [Run(0..<5, C)])
    }
}
