import FolioTestSupport
import XCTest
import FolioText

/// A storage that let go of its beginning (`discardText(beforeParagraph:)`) answers for
/// the rest exactly as one that kept everything, and goes on taking text and edits.
final class TextStorageDiscardingTests: XCTestCase {
    private static let attributes = [Fixture.plain, Fixture.italic, Fixture.bold, Fixture.redText]
    private static let styles = [ParagraphStyle.default, Fixture.heading, ParagraphStyle(alignment: .justified)]
    private static let words = ["a", "word", "café", "naïve", "日本語", "—", "x"]

    /// Paragraphs of random words in random attributes and styles, every one ended.
    private static func text(paragraphs: Int, using rng: inout SplitMix64) -> AttributedText {
        var text = AttributedText()
        for _ in 0..<paragraphs {
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                text.append(words.randomElement(using: &rng)! + " ", attributes: attributes.randomElement(using: &rng)!)
            }
            text.endParagraph(styles.randomElement(using: &rng)!, attributes: attributes.randomElement(using: &rng)!)
        }
        return text
    }

    /// Everything `storage` answers about its retained paragraphs, against `reference`.
    private func assertSame(_ storage: TextStorage, _ reference: TextStorage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(storage.length, reference.length, file: file, line: line)
        XCTAssertEqual(storage.paragraphCount, reference.paragraphCount, file: file, line: line)
        let first = storage.firstRetainedParagraph
        XCTAssertEqual(storage.retainedRange, reference.paragraphRange(at: first).lowerBound..<reference.length, file: file, line: line)
        for i in first..<reference.paragraphCount {
            let range = reference.paragraphRange(at: i)
            XCTAssertEqual(storage.paragraphRange(at: i), range, "paragraph \(i)", file: file, line: line)
            XCTAssertEqual(storage.paragraphContentRange(at: i), reference.paragraphContentRange(at: i), file: file, line: line)
            XCTAssertEqual(storage.substring(range), reference.substring(range), file: file, line: line)
            XCTAssertEqual(storage.paragraphStyle(ofParagraph: i), reference.paragraphStyle(ofParagraph: i), file: file, line: line)
            XCTAssertEqual(storage.paragraphIndex(containing: range.lowerBound), reference.paragraphIndex(containing: range.lowerBound),
                           file: file, line: line)
            let runs = storage.attributeRuns(in: range), expected = reference.attributeRuns(in: range)
            XCTAssertEqual(runs.map(\.range), expected.map(\.range), "paragraph \(i)", file: file, line: line)
            XCTAssertEqual(runs.map(\.attributes), expected.map(\.attributes), "paragraph \(i)", file: file, line: line)
            if !range.isEmpty {
                XCTAssertEqual(storage.attributes(at: range.lowerBound).range, reference.attributes(at: range.lowerBound).range.clamped(to: storage.retainedRange),
                               file: file, line: line)
            }
        }
        XCTAssertEqual(storage.attributedText(in: storage.retainedRange).string,
                       reference.attributedText(in: storage.retainedRange).string, file: file, line: line)
    }

    func testDiscardedStorageAnswersAsTheWholeForWhatItKeeps() {
        var rng = SplitMix64(seed: 7)
        for round in 0..<40 {
            let text = Self.text(paragraphs: Int.random(in: 1...40, using: &rng), using: &rng)
            let storage = TextStorage(), reference = TextStorage()
            storage.append(text)
            reference.append(text)
            let cut = Int.random(in: 0...(reference.paragraphCount + 2), using: &rng)
            storage.discardText(beforeParagraph: cut)
            XCTAssertEqual(storage.firstRetainedParagraph, min(cut, reference.paragraphCount - 1), "round \(round)")
            assertSame(storage, reference)
        }
    }

    func testTextAppendedAPartAtATimeWhileTheFrontIsLetGo() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20 {
            let storage = TextStorage(), reference = TextStorage()
            var all = AttributedText()
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let part = Self.text(paragraphs: Int.random(in: 1...15, using: &rng), using: &rng)
                all.append(part)
                storage.append(part)
                reference.append(part)
                assertSame(storage, reference)
                storage.discardText(beforeParagraph: Int.random(in: storage.firstRetainedParagraph...storage.paragraphCount, using: &rng))
                assertSame(storage, reference)
            }
            // Whole parts appended are the whole text appended at once.
            let whole = TextStorage()
            whole.append(all)
            XCTAssertEqual(whole.string, reference.string)
            XCTAssertEqual(whole.attributeRuns().map(\.range), reference.attributeRuns().map(\.range))
            XCTAssertEqual(whole.attributeRuns().map(\.attributes), reference.attributeRuns().map(\.attributes))
            XCTAssertEqual((0..<whole.paragraphCount).map { whole.paragraphRange(at: $0) },
                           (0..<reference.paragraphCount).map { reference.paragraphRange(at: $0) })
            XCTAssertEqual((0..<whole.paragraphCount).map { whole.paragraphStyle(ofParagraph: $0) },
                           (0..<reference.paragraphCount).map { reference.paragraphStyle(ofParagraph: $0) })
        }
    }

    func testEditsAfterTheFrontIsLetGo() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<30 {
            let text = Self.text(paragraphs: 20, using: &rng)
            let storage = TextStorage(), reference = TextStorage()
            storage.append(text)
            reference.append(text)
            storage.discardText(beforeParagraph: 8)
            let recorder = EditRecorder()
            storage.addObserver(recorder)
            for _ in 0..<6 {
                let lo = Int.random(in: storage.retainedRange, using: &rng)
                var start = lo, end = min(storage.length, lo + Int.random(in: 0...8, using: &rng))
                // Scalar boundaries, as editing requires.
                while start > storage.retainedRange.lowerBound, storage.withUTF8(start..<(start + 1), { $0[0] & 0xC0 == 0x80 }) { start -= 1 }
                while end < storage.length, storage.withUTF8(end..<(end + 1), { $0[0] & 0xC0 == 0x80 }) { end += 1 }
                let attributes = Self.attributes.randomElement(using: &rng)!
                let replacement = ["", "é", "new\ntext", "\n", "word"].randomElement(using: &rng)!
                storage.replaceCharacters(in: start..<end, with: replacement, attributes: attributes)
                reference.replaceCharacters(in: start..<end, with: replacement, attributes: attributes)
                let style = Self.styles.randomElement(using: &rng)!
                storage.setParagraphStyle(style, range: start..<start)
                reference.setParagraphStyle(style, range: start..<start)
                assertSame(storage, reference)
            }
            XCTAssertTrue(recorder.edits.allSatisfy { $0.range.lowerBound >= storage.retainedRange.lowerBound })
        }
    }

    func testTheLastParagraphIsKept() {
        let storage = TextStorage()
        storage.appendParagraph("one")
        storage.appendParagraph("two")
        storage.discardText(beforeParagraph: 10)
        XCTAssertEqual(storage.firstRetainedParagraph, 1)
        XCTAssertEqual(storage.retainedRange, 4..<7)
        XCTAssertEqual(storage.substring(4..<7), "two")
        storage.appendParagraph("three")
        XCTAssertEqual(storage.paragraphCount, 3)
        XCTAssertEqual(storage.paragraphRange(at: 2), 8..<13)
        XCTAssertEqual(storage.substring(storage.paragraphRange(at: 2)), "three")
    }
}

/// Text built and handed on a part at a time (`AttributedText.takeEndedParagraphs`) makes
/// the storage the whole text makes, and keeps its offsets meanwhile.
final class AttributedTextPartsTests: XCTestCase {
    func testPartsHandedOnMakeTheWholeText() {
        var rng = SystemRandomNumberGenerator()
        let attributes = [Fixture.plain, Fixture.italic, Fixture.bold]
        let styles = [ParagraphStyle.default, Fixture.heading]
        for _ in 0..<200 {
            var whole = AttributedText(), built = AttributedText()
            let storage = TextStorage()
            for _ in 0..<Int.random(in: 1...30, using: &rng) {
                for _ in 0..<Int.random(in: 0...4, using: &rng) {
                    let piece = ["a", "word ", "café ", "日本"].randomElement(using: &rng)!, a = attributes.randomElement(using: &rng)!
                    whole.append(piece, attributes: a)
                    built.append(piece, attributes: a)
                }
                let style = styles.randomElement(using: &rng)!, a = attributes.randomElement(using: &rng)!
                whole.endParagraph(style, attributes: a)
                built.endParagraph(style, attributes: a)
                if Bool.random(using: &rng) {
                    // Attributes laid on text not yet handed on, at offsets from the start.
                    let lo = Int.random(in: built.paragraphStart...built.length, using: &rng)
                    whole.addAttributes(Fixture.redText, range: lo..<built.length)
                    built.addAttributes(Fixture.redText, range: lo..<built.length)
                }
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    let length = built.length
                    // The last paragraph stays: its separator may yet be taken off (`removeFinalSeparator`).
                    storage.append(built.takeEndedParagraphs(keepingLast: Int.random(in: 1...2, using: &rng)))
                    XCTAssertEqual(built.length, length, "offsets do not move")
                    XCTAssertEqual(storage.length, built.origin)
                }
            }
            if Bool.random(using: &rng) {
                whole.removeFinalSeparator()
                built.removeFinalSeparator()
            }
            XCTAssertEqual(built.length, whole.length)
            storage.append(built)
            let reference = TextStorage()
            reference.append(whole)
            XCTAssertEqual(storage.string, reference.string)
            XCTAssertEqual(storage.attributeRuns().map(\.range), reference.attributeRuns().map(\.range))
            XCTAssertEqual(storage.attributeRuns().map(\.attributes), reference.attributeRuns().map(\.attributes))
            XCTAssertEqual((0..<storage.paragraphCount).map { storage.paragraphStyle(ofParagraph: $0) },
                           (0..<reference.paragraphCount).map { reference.paragraphStyle(ofParagraph: $0) })
        }
    }
}
