import FolioTestSupport
import XCTest
import FolioText

/// Editing groups and what observers hear: one notification per outermost group, the
/// edited range in the new text, the change in length, the mask; weak observers.
final class ObserverTests: XCTestCase {
    private func storage(_ text: String = "0123456789") -> (TextStorage, EditRecorder) {
        let s = TextStorage(text, attributes: Fixture.plain)
        let r = EditRecorder()
        s.addObserver(r)
        return (s, r)
    }

    private func assertEdit(_ e: TextStorage.Edit?, mask: TextStorage.EditMask, range: Range<Int>, delta: Int,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let e else { return XCTFail("no edit reported", file: file, line: line) }
        XCTAssertEqual(e.mask, mask, "mask", file: file, line: line)
        XCTAssertEqual(e.range, range, "range", file: file, line: line)
        XCTAssertEqual(e.changeInLength, delta, "changeInLength", file: file, line: line)
    }

    // MARK: Single edits

    func testInsertionOutsideAGroupIsItsOwnGroup() {
        let (s, r) = storage()
        s.replaceCharacters(in: 5..<5, with: "abc")
        XCTAssertEqual(r.edits.count, 1)
        assertEdit(r.edits.first, mask: .characters, range: 5..<8, delta: 3)
    }

    func testDeletion() {
        let (s, r) = storage()
        s.replaceCharacters(in: 2..<6, with: "")
        XCTAssertEqual(r.edits.count, 1)
        assertEdit(r.edits.first, mask: .characters, range: 2..<2, delta: -4)
    }

    func testReplacement() {
        let (s, r) = storage()
        s.replaceCharacters(in: 2..<6, with: "é")
        assertEdit(r.edits.first, mask: .characters, range: 2..<4, delta: -2)
    }

    func testAttributeChangesReportNoChangeInLength() {
        let (s, r) = storage()
        s.setAttributes(Fixture.bold, range: 1..<4)
        s.addAttributes(TextAttributes(underline: TextLine()), range: 2..<3)
        s.setAttribute(.link, value: "x", range: 0..<10)
        s.removeAttribute(.link, range: 4..<6)
        XCTAssertEqual(r.edits.count, 4)
        assertEdit(r.edits[0], mask: .attributes, range: 1..<4, delta: 0)
        assertEdit(r.edits[1], mask: .attributes, range: 2..<3, delta: 0)
        assertEdit(r.edits[2], mask: .attributes, range: 0..<10, delta: 0)
        assertEdit(r.edits[3], mask: .attributes, range: 4..<6, delta: 0)
    }

    func testParagraphStyleChangeReportsTheWholeParagraphs() {
        let (s, r) = storage("aa\nbb\ncc")
        s.setParagraphStyle(Fixture.quote, range: 4..<5)
        assertEdit(r.edits.last, mask: .attributes, range: 3..<6, delta: 0)
        r.reset()
        s.modifyParagraphStyle(range: 0..<8) { $0.lineSpacing = 2 }
        XCTAssertEqual(r.edits.count, 1, "modifyParagraphStyle is one group")
        assertEdit(r.edits.first, mask: .attributes, range: 0..<8, delta: 0)
    }

    func testAppendIsOneGroup() {
        let (s, r) = storage("abc")
        s.append("def", attributes: Fixture.bold, paragraphStyle: Fixture.quote)
        XCTAssertEqual(r.edits.count, 1)
        // "def" runs on from "abc": it joins that paragraph, which keeps its style.
        assertEdit(r.edits.first, mask: .characters, range: 3..<6, delta: 3)
        XCTAssertNotEqual(s.paragraphStyle(ofParagraph: 0), Fixture.quote)
        r.reset()
        s.appendParagraph("ghi")
        XCTAssertEqual(r.edits.count, 1)
        XCTAssertEqual(r.edits.first?.changeInLength, 4)
        XCTAssertEqual(r.edits.first?.range.upperBound, 10)
        XCTAssertTrue(r.edits.first?.mask.contains(.characters) ?? false)
    }

    // MARK: Groups

    func testNestedGroupsReportOnceWhenTheOutermostEnds() {
        let (s, r) = storage()
        s.beginEditing()
        s.beginEditing()
        s.replaceCharacters(in: 0..<0, with: "ab")
        s.endEditing()
        XCTAssertTrue(r.edits.isEmpty, "an inner group must not report")
        s.replaceCharacters(in: 12..<12, with: "cd")
        XCTAssertTrue(r.edits.isEmpty)
        s.endEditing()
        XCTAssertEqual(r.edits.count, 1)
        XCTAssertEqual(s.string, "ab0123456789cd")
        assertEdit(r.edits.first, mask: .characters, range: 0..<14, delta: 4)
    }

    func testEmptyGroupReportsNothing() {
        let (s, r) = storage()
        s.beginEditing()
        s.endEditing()
        s.beginEditing(); s.beginEditing(); s.endEditing(); s.endEditing()
        XCTAssertTrue(r.edits.isEmpty)
    }

    func testEachOutermostGroupReportsSeparately() {
        let (s, r) = storage()
        s.beginEditing(); s.replaceCharacters(in: 0..<1, with: ""); s.endEditing()
        s.beginEditing(); s.replaceCharacters(in: 0..<0, with: "xy"); s.endEditing()
        XCTAssertEqual(r.edits.count, 2)
        assertEdit(r.edits[0], mask: .characters, range: 0..<0, delta: -1)
        assertEdit(r.edits[1], mask: .characters, range: 0..<2, delta: 2)
    }

    func testSeveralEditsInOneGroup() {
        let (s, r) = storage()
        s.beginEditing()
        s.replaceCharacters(in: 2..<2, with: "abc")         // 01abc23456789, edited 2..<5
        s.replaceCharacters(in: 8..<10, with: "")           // 01abc234789,   edited 2..<8
        s.setAttributes(Fixture.bold, range: 0..<1)         //                edited 0..<8
        s.endEditing()
        XCTAssertEqual(s.string, "01abc234789")
        XCTAssertEqual(r.edits.count, 1)
        assertEdit(r.edits.first, mask: [.characters, .attributes], range: 0..<8, delta: 1)
    }

    func testALaterEditBeforeAnEarlierOneShiftsIt() {
        let (s, r) = storage()
        s.beginEditing()
        s.replaceCharacters(in: 8..<8, with: "XX")          // 01234567XX89
        s.replaceCharacters(in: 0..<0, with: "Y")           // Y01234567XX89: XX now at 9..<11
        s.endEditing()
        XCTAssertEqual(s.string, "Y01234567XX89")
        assertEdit(r.edits.first, mask: .characters, range: 0..<11, delta: 3)
    }

    func testALaterEditAfterAnEarlierOneDoesNotShiftIt() {
        let (s, r) = storage()
        s.beginEditing()
        s.replaceCharacters(in: 3..<4, with: "ABCD")        // 012ABCD456789
        s.replaceCharacters(in: 10..<12, with: "Z")         // 012ABCD456Z9 — 10..<12 is "78"
        s.endEditing()
        XCTAssertEqual(s.string, "012ABCD456Z9")
        assertEdit(r.edits.first, mask: .characters, range: 3..<11, delta: 2)
    }

    func testDeletingTheTextInsertedEarlierInTheGroup() {
        let (s, r) = storage()
        s.beginEditing()
        s.replaceCharacters(in: 5..<5, with: "abc")         // 01234abc56789
        s.replaceCharacters(in: 4..<9, with: "")            // 0123 + 6789
        s.endEditing()
        XCTAssertEqual(s.string, "01236789")
        assertEdit(r.edits.first, mask: .characters, range: 4..<4, delta: -2)
    }

    func testAnEditInsideTheEarlierEditedRange() {
        let (s, r) = storage()
        s.beginEditing()
        s.replaceCharacters(in: 3..<3, with: "hello")       // 012hello3456789, edited 3..<8
        s.replaceCharacters(in: 4..<6, with: "")            // 012hlo3456789,   edited 3..<6
        s.replaceCharacters(in: 5..<6, with: "LLLL")        // 012hlLLLL3456789, edited 3..<9
        s.endEditing()
        XCTAssertEqual(s.string, "012hlLLLL3456789")
        assertEdit(r.edits.first, mask: .characters, range: 3..<9, delta: 6)
    }

    func testAnEditOverlappingTheStartOfTheEarlierRange() {
        let (s, r) = storage()
        s.beginEditing()
        s.replaceCharacters(in: 5..<7, with: "abcd")        // 01234abcd789, edited 5..<9
        s.replaceCharacters(in: 3..<6, with: "_")           // 012_bcd789,   edited 3..<7
        s.endEditing()
        XCTAssertEqual(s.string, "012_bcd789")
        assertEdit(r.edits.first, mask: .characters, range: 3..<7, delta: 0)
    }

    /// Random groups of edits: whatever the reported range, the text outside it must be
    /// the old text outside the old range, and the change in length must be exact.
    func testReportedRangeIsSoundForRandomGroups() {
        var rng = SplitMix64(seed: 0xF011_0)
        let alphabet = Array("abcdefghij\n é🙂")
        for round in 0..<300 {
            let original = String((0..<Int.random(in: 0...30, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            let (s, r) = storage(original)
            s.beginEditing()
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let boundaries = scalarBoundaries(s.string)
                let a = boundaries.randomElement(using: &rng)!, b = boundaries.randomElement(using: &rng)!
                let text = String((0..<Int.random(in: 0...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
                if Bool.random(using: &rng) || s.isEmpty {
                    s.replaceCharacters(in: min(a, b)..<max(a, b), with: text)
                } else {
                    s.setAttributes(Fixture.bold, range: min(a, b)..<max(a, b))
                }
            }
            s.endEditing()
            let new = Array(s.string.utf8), old = Array(original.utf8)
            XCTAssertEqual(r.edits.count, 1, "round \(round)")
            guard let e = r.edits.first else { continue }
            XCTAssertEqual(e.changeInLength, new.count - old.count, "round \(round)")
            XCTAssertTrue(e.range.lowerBound >= 0 && e.range.upperBound <= new.count, "round \(round): \(e.range)")
            let oldUpper = e.range.upperBound - e.changeInLength
            XCTAssertTrue(oldUpper >= e.range.lowerBound && oldUpper <= old.count, "round \(round)")
            guard oldUpper >= e.range.lowerBound, oldUpper <= old.count, e.range.upperBound <= new.count else { continue }
            XCTAssertEqual(new[..<e.range.lowerBound], old[..<e.range.lowerBound], "round \(round): prefix changed")
            XCTAssertEqual(new[e.range.upperBound...], old[oldUpper...], "round \(round): suffix changed")
            assertConsistent(s)
        }
    }

    // MARK: What observers see

    func testObserversSeeTheFixedStorage() {
        let s = Fixture.threeParagraphs()
        let r = EditRecorder()
        var stylesSeen: [ParagraphStyle] = []
        var stringSeen = ""
        r.onEdit = { storage, _ in
            stringSeen = storage.string
            stylesSeen = storage.paragraphRange(at: 0).map { storage.paragraphStyle(at: $0) }
        }
        s.addObserver(r)
        s.replaceCharacters(in: 5..<6, with: "")
        XCTAssertEqual(stringSeen, "TitleBody text\nEnd")
        XCTAssertEqual(stylesSeen, Array(repeating: Fixture.heading, count: 15))
    }

    func testAllObserversAreToldAndRemovalStopsIt() {
        let s = TextStorage("abc")
        let r1 = EditRecorder(), r2 = EditRecorder()
        s.addObserver(r1)
        s.addObserver(r2)
        s.replaceCharacters(in: 0..<0, with: "x")
        XCTAssertEqual(r1.edits.count, 1)
        XCTAssertEqual(r2.edits.count, 1)
        s.removeObserver(r1)
        s.replaceCharacters(in: 0..<0, with: "y")
        XCTAssertEqual(r1.edits.count, 1)
        XCTAssertEqual(r2.edits.count, 2)
    }

    func testAddingAnObserverTwiceTellsItOnce() {
        let s = TextStorage("abc")
        let r = EditRecorder()
        s.addObserver(r)
        s.addObserver(r)
        s.setAttribute(.link, value: "u", range: 0..<1)
        XCTAssertEqual(r.edits.count, 1)
    }

    func testStorageHoldsObserversWeakly() {
        let s = TextStorage("abc")
        weak var gone: EditRecorder?
        do {
            let r = EditRecorder()
            s.addObserver(r)
            gone = r
            s.replaceCharacters(in: 0..<0, with: "x")
            XCTAssertEqual(r.edits.count, 1)
        }
        XCTAssertNil(gone, "the storage must not keep its observer alive")
        let kept = EditRecorder()
        s.addObserver(kept)
        s.replaceCharacters(in: 0..<0, with: "y")          // must not touch the dead one
        XCTAssertEqual(kept.edits.count, 1)
        XCTAssertEqual(s.string, "yxabc")
    }

    func testObserverDoesNotKeepTheStorageAlive() {
        weak var gone: TextStorage?
        let r = EditRecorder()
        do {
            let s = TextStorage("abc")
            s.addObserver(r)
            gone = s
        }
        XCTAssertNil(gone)
    }

    // MARK: Attribute fixers

    func testAttributeFixersRunOnTheEditedParagraphsBeforeObservers() {
        let s = TextStorage("One\nTwo\nThree", attributes: Fixture.plain)
        let r = EditRecorder()
        s.addObserver(r)
        let calls = FixerLog()
        s.attributeFixers = [{ storage, range in calls.append(range, storage.string) }]
        s.replaceCharacters(in: 5..<5, with: "X")
        XCTAssertEqual(calls.entries.map(\.0), [4..<9], "the fixer sees the whole edited paragraph")
        XCTAssertEqual(calls.entries.first?.1, "One\nTXwo\nThree")
        XCTAssertEqual(r.edits.count, 1)
    }

    func testAttributeFixerEditsAreReportedInTheSameNotification() {
        let s = TextStorage("One\nTwo\nThree", attributes: Fixture.plain)
        let r = EditRecorder()
        s.addObserver(r)
        s.attributeFixers = [{ storage, range in
            storage.addAttributes(TextAttributes(underline: TextLine()), range: range)
        }]
        s.replaceCharacters(in: 5..<5, with: "X")
        XCTAssertEqual(r.edits.count, 1, "a fixer's edits belong to the group being processed")
        assertEdit(r.edits.first, mask: [.characters, .attributes], range: 4..<9, delta: 1)
        XCTAssertEqual(s.attribute(.underline, at: 6).range, 4..<9)
        XCTAssertNil(s.attributes(at: 0).attributes.underline)
        // The fixers stay installed and run again for the next group.
        s.replaceCharacters(in: 0..<0, with: "_")
        XCTAssertEqual(r.edits.count, 2)
        XCTAssertEqual(s.attribute(.underline, at: 0).range, 0..<10)
    }
}

/// A reference box the @Sendable fixer closures can write to in a test.
final class FixerLog: @unchecked Sendable {
    private(set) var entries: [(Range<Int>, String)] = []
    func append(_ range: Range<Int>, _ text: String) { entries.append((range, text)) }
}

/// Every UTF-8 offset of `s` that starts a Unicode scalar, plus the end.
func scalarBoundaries(_ s: String) -> [Int] {
    var result = [0], o = 0
    for scalar in s.unicodeScalars { o += String(scalar).utf8.count; result.append(o) }
    return result
}
