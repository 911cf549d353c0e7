import XCTest
import FolioText

/// Paragraph structure: ranges, lookup, splitting and joining, and the rule that a
/// paragraph's first character decides its style when an editing group ends.
final class ParagraphTests: XCTestCase {
    private let H = Fixture.heading
    private let B = Fixture.body
    private let Q = Fixture.quote

    /// The style of every paragraph, by fixture name, for short failure messages.
    private func names(_ s: TextStorage) -> [String] {
        (0..<s.paragraphCount).map { i in
            switch s.paragraphStyle(ofParagraph: i) {
            case H: return "H"
            case B: return "B"
            case Q: return "Q"
            case .default: return "default"
            case let other: return "\(other)"
            }
        }
    }

    // MARK: Ranges and lookup

    func testParagraphCounts() {
        XCTAssertEqual(TextStorage("").paragraphCount, 1)
        XCTAssertEqual(TextStorage("one").paragraphCount, 1)
        XCTAssertEqual(TextStorage("one\ntwo").paragraphCount, 2)
        XCTAssertEqual(TextStorage("one\n").paragraphCount, 2, "a trailing separator starts an empty paragraph")
        XCTAssertEqual(TextStorage("\n").paragraphCount, 2)
        XCTAssertEqual(TextStorage("\n\n\n").paragraphCount, 4)
        XCTAssertEqual(TextStorage("a\r\nb").paragraphCount, 2)
        XCTAssertEqual(TextStorage("a\rb\u{2029}c").paragraphCount, 1, "only LF separates paragraphs")
    }

    func testParagraphRangesIncludeTheSeparator() {
        let s = TextStorage("Title\nBody text\n\nEnd")
        XCTAssertEqual(s.paragraphCount, 4)
        XCTAssertEqual((0..<4).map(s.paragraphRange(at:)), [0..<6, 6..<16, 16..<17, 17..<20])
        XCTAssertEqual((0..<4).map(s.paragraphContentRange(at:)), [0..<5, 6..<15, 16..<16, 17..<20])
        XCTAssertEqual(s.substring(s.paragraphContentRange(at: 1)), "Body text")
        XCTAssertEqual(s.substring(s.paragraphRange(at: 1)), "Body text\n")
    }

    func testTrailingEmptyParagraph() {
        let s = TextStorage("ab\n")
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<3)
        XCTAssertEqual(s.paragraphRange(at: 1), 3..<3)
        XCTAssertEqual(s.paragraphContentRange(at: 1), 3..<3)
        XCTAssertEqual(s.paragraphIndex(containing: 3), 1)
        XCTAssertEqual(s.paragraphIndex(containing: 2), 0)
    }

    func testParagraphIndexContainingEveryOffset() {
        let text = "ab\ncde\n\nf"
        let s = TextStorage(text)
        // Offsets:       a  b  \n c  d  e  \n \n f  (end)
        let expected = [0, 0, 0, 1, 1, 1, 1, 2, 3, 3]
        XCTAssertEqual((0...s.length).map(s.paragraphIndex(containing:)), expected)
        for p in 0..<s.paragraphCount {
            for o in s.paragraphRange(at: p) { XCTAssertEqual(s.paragraphIndex(containing: o), p) }
        }
    }

    func testParagraphIndexWithManyParagraphs() {
        let lines = (0..<500).map { "line \($0)" }
        let s = TextStorage(lines.joined(separator: "\n"))
        XCTAssertEqual(s.paragraphCount, 500)
        var offset = 0
        for (i, line) in lines.enumerated() {
            XCTAssertEqual(s.paragraphIndex(containing: offset), i)
            XCTAssertEqual(s.paragraphIndex(containing: offset + line.utf8.count - 1), i)
            XCTAssertEqual(s.paragraphContentRange(at: i), offset..<(offset + line.utf8.count))
            offset += line.utf8.count + 1
        }
        XCTAssertEqual(s.paragraphIndex(containing: s.length), 499)
    }

    func testParagraphLookupFollowsEdits() {
        let s = TextStorage("one\ntwo\nthree")
        XCTAssertEqual(s.paragraphIndex(containing: 8), 2)
        s.replaceCharacters(in: 0..<0, with: "zero\n")
        XCTAssertEqual(s.paragraphCount, 4)
        XCTAssertEqual(s.paragraphIndex(containing: 8), 1)
        XCTAssertEqual(s.paragraphRange(at: 3), 13..<18)
        s.replaceCharacters(in: 3..<5, with: "")           // "zer" + "one\n…": joins 0 and 1
        XCTAssertEqual(s.string, "zerone\ntwo\nthree")
        XCTAssertEqual(s.paragraphCount, 3)
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<7)
    }

    // MARK: Styles

    func testParagraphStyleLookup() {
        let s = Fixture.threeParagraphs()
        XCTAssertEqual(s.string, "Title\nBody text\nEnd")
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), H)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), B)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 2), Q)
        XCTAssertEqual(s.paragraphStyle(at: 5), H, "the separator belongs to the paragraph it ends")
        XCTAssertEqual(s.paragraphStyle(at: 6), B)
        XCTAssertEqual(s.paragraphStyle(at: s.length), Q)
        assertConsistent(s)
    }

    func testSetParagraphStyleAppliesToEveryTouchedParagraph() {
        let s = TextStorage("aa\nbb\ncc\ndd", paragraphStyle: B)
        s.setParagraphStyle(Q, range: 4..<7)          // "b\nc": paragraphs 1 and 2
        XCTAssertEqual(names(s), ["B", "Q", "Q", "B"])
        s.setParagraphStyle(H, range: 2..<3)          // only the separator of paragraph 0
        XCTAssertEqual(names(s), ["H", "Q", "Q", "B"])
        s.setParagraphStyle(H, range: 10..<10)        // an empty range inside paragraph 3
        XCTAssertEqual(names(s), ["H", "Q", "Q", "H"])
        s.setParagraphStyle(B, range: 0..<s.length)
        XCTAssertEqual(names(s), ["B", "B", "B", "B"])
        assertConsistent(s)
    }

    func testModifyParagraphStyleTransformsEachParagraphSeparately() {
        let s = Fixture.threeParagraphs()
        s.modifyParagraphStyle(range: 2..<8) { $0.paragraphSpacingBefore += 6 }
        var h = H; h.paragraphSpacingBefore = 6
        var b = B; b.paragraphSpacingBefore = 6
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), h)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), b)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 2), Q)
    }

    // MARK: Splitting

    func testInsertingANewlineSplitsAParagraphAndBothHalvesKeepItsStyle() {
        let s = TextStorage("Hello world", attributes: Fixture.plain, paragraphStyle: B)
        s.replaceCharacters(in: 5..<6, with: "\n")
        XCTAssertEqual(s.string, "Hello\nworld")
        XCTAssertEqual(s.paragraphCount, 2)
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<6)
        XCTAssertEqual(s.paragraphRange(at: 1), 6..<11)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), B)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), B)
        XCTAssertEqual(s.attributeRuns().map(\.range), [0..<11])
        assertConsistent(s)
    }

    func testInsertingSeveralParagraphsAtOnce() {
        let s = Fixture.threeParagraphs()
        let at = s.paragraphContentRange(at: 1).upperBound     // end of "Body text"
        s.replaceCharacters(in: at..<at, with: "\nsecond\nthird")
        XCTAssertEqual(s.string, "Title\nBody text\nsecond\nthird\nEnd")
        XCTAssertEqual(s.paragraphCount, 5)
        XCTAssertEqual(names(s), ["H", "B", "B", "B", "Q"])
        assertConsistent(s)
    }

    func testNewlineAtEndOfParagraphMakesAnEmptyParagraphWithTheSameStyle() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: 5..<5, with: "\n")           // after "Title"
        XCTAssertEqual(s.string, "Title\n\nBody text\nEnd")
        XCTAssertEqual(s.paragraphRange(at: 1), 6..<7)
        XCTAssertEqual(names(s), ["H", "H", "B", "Q"])
        assertConsistent(s)
    }

    // MARK: Inserting at a paragraph's start keeps that paragraph's style

    func testTextInsertedAtTheStartOfAParagraphTakesThatParagraphsStyle() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: 6..<6, with: "Some ")
        XCTAssertEqual(s.string, "Title\nSome Body text\nEnd")
        XCTAssertEqual(names(s), ["H", "B", "Q"])
        assertConsistent(s)
    }

    func testReplacingAParagraphsWholeContentKeepsItsStyle() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: s.paragraphContentRange(at: 2), with: "The end")
        XCTAssertEqual(s.string, "Title\nBody text\nThe end")
        XCTAssertEqual(names(s), ["H", "B", "Q"])
        s.replaceCharacters(in: s.paragraphContentRange(at: 1), with: "Other")
        XCTAssertEqual(names(s), ["H", "B", "Q"])
        assertConsistent(s)
    }

    func testNewlineAtTheStartOfAParagraphPushesItDown() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: 6..<6, with: "\n")            // before "Body text"
        XCTAssertEqual(s.string, "Title\n\nBody text\nEnd")
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), H)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 2), B)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 3), Q)
        assertConsistent(s)
    }

    func testTypingIntoTheTrailingEmptyParagraph() {
        let s = TextStorage("Title\n", paragraphStyle: H)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), H, "an empty last paragraph continues the one before")
        s.append("Body", paragraphStyle: B)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), H)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), B)
        s.replaceCharacters(in: s.length..<s.length, with: "\n")
        s.replaceCharacters(in: s.length..<s.length, with: "more")
        XCTAssertEqual(s.string, "Title\nBody\nmore")
        XCTAssertEqual(names(s), ["H", "B", "B"])
        assertConsistent(s)
    }

    // MARK: Joining

    func testDeletingTheSeparatorJoinsAndTheFirstParagraphsStyleWins() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: 5..<6, with: "")
        XCTAssertEqual(s.string, "TitleBody text\nEnd")
        XCTAssertEqual(s.paragraphCount, 2)
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<15)
        for o in 0..<15 { XCTAssertEqual(s.paragraphStyle(at: o), H, "offset \(o)") }
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), Q)
        // Character attributes are untouched by the join.
        XCTAssertEqual(s.attributeRuns().map(\.attributes), [Fixture.bold, Fixture.plain, Fixture.italic])
        assertConsistent(s)
    }

    func testDeletingAcrossParagraphsJoinsTheRemainders() {
        let s = Fixture.threeParagraphs()
        let from = 2, to = 9                                  // "tle\nBod"
        s.replaceCharacters(in: from..<to, with: "")
        XCTAssertEqual(s.string, "Tiy text\nEnd")
        XCTAssertEqual(s.paragraphCount, 2)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0), H)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1), Q)
        assertConsistent(s)
    }

    func testDeletingAWholeParagraphKeepsItsNeighbours() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: s.paragraphRange(at: 1), with: "")
        XCTAssertEqual(s.string, "Title\nEnd")
        XCTAssertEqual(names(s), ["H", "Q"])
        assertConsistent(s)
    }

    func testDeletingFromTheMiddleOfOneParagraphToTheStartOfTheNext() {
        // The surviving separator is the one that ended paragraph 1; the joined
        // paragraph must still take paragraph 0's style.
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: 3..<15, with: "")              // "le\nBody text"
        XCTAssertEqual(s.string, "Tit\nEnd")
        XCTAssertEqual(names(s), ["H", "Q"])
        assertConsistent(s)
    }

    func testReplacingAcrossParagraphsWithTextContainingNewlines() {
        let s = Fixture.threeParagraphs()
        s.replaceCharacters(in: 3..<8, with: "X\nY\nZ")        // "le\nBo" → "X\nY\nZ"
        XCTAssertEqual(s.string, "TitX\nY\nZdy text\nEnd")
        XCTAssertEqual(s.paragraphCount, 4)
        // New paragraphs made of inserted text take the style the text was given:
        // the paragraph it was typed into (the heading).
        XCTAssertEqual(names(s), ["H", "H", "H", "Q"])
        assertConsistent(s)
    }

    // MARK: Fixing at the end of the editing group

    func testStyleFixingWaitsForTheOutermostGroup() {
        let s = Fixture.threeParagraphs()
        s.beginEditing()
        s.replaceCharacters(in: 5..<6, with: "")               // join Title + Body
        // Inside the group the joined paragraph still has two styles.
        XCTAssertEqual(s.paragraphStyle(at: 0), H)
        XCTAssertEqual(s.paragraphStyle(at: 8), B)
        s.replaceCharacters(in: 5..<5, with: " – ")
        s.endEditing()
        XCTAssertEqual(s.string, "Title – Body text\nEnd")
        for o in s.paragraphRange(at: 0) { XCTAssertEqual(s.paragraphStyle(at: o), H) }
        assertConsistent(s)
    }

    func testSplitThenJoinInOneGroup() {
        let s = Fixture.threeParagraphs()
        s.beginEditing()
        s.replaceCharacters(in: 10..<10, with: "\n")            // "Body\n text"
        s.setParagraphStyle(Q, range: 11..<12)                  // style the new paragraph
        s.replaceCharacters(in: 5..<6, with: "")                // join Title and Body
        s.endEditing()
        XCTAssertEqual(s.string, "TitleBody\n text\nEnd")
        XCTAssertEqual(names(s), ["H", "Q", "Q"])
        assertConsistent(s)
    }

    func testParagraphWithCarriageReturnLineFeed() {
        let s = TextStorage("ab\r\ncd", paragraphStyle: B)
        XCTAssertEqual(s.paragraphRange(at: 0), 0..<4)
        XCTAssertEqual(s.paragraphContentRange(at: 0), 0..<3, "only the LF is the terminator")
        XCTAssertEqual(s.paragraphRange(at: 1), 4..<6)
    }
}

final class AppendStyleTests: XCTestCase {
    func testAppendedStyleGoesToTheParagraphsTheTextStarts() {
        let s = TextStorage("One", paragraphStyle: ParagraphStyle(alignment: .left))
        s.append("\nTwo\nThree", paragraphStyle: ParagraphStyle(alignment: .center))
        XCTAssertEqual(s.paragraphCount, 3)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 0).alignment, .left, "the paragraph appended to keeps its style")
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 1).alignment, .center)
        XCTAssertEqual(s.paragraphStyle(ofParagraph: 2).alignment, .center)
    }
}
