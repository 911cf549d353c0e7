import FolioLayout
import Foundation
import XCTest

/// Notes (`TextAttributes.footnote`) at the foot of the container where their reference
/// falls: the reference line and the note's first line together, text kept above the
/// notes, long notes continued in the next container, layout undone and redone cleanly.
final class FootnoteLayoutTests: XCTestCase {
    private let font = FontDescriptor(families: ["DejaVu Serif"], size: 10)

    private func style() -> ParagraphStyle {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        return style
    }

    private func note(_ words: Int) -> Footnote {
        let all = prose.split(separator: " ")
        let text = (0..<words).map { all[$0 % all.count] }.joined(separator: " ")
        return Footnote(text, attributes: TextAttributes(font: FontDescriptor(families: ["DejaVu Serif"], size: 8)),
                        paragraphStyle: style())
    }

    /// `paragraphs` of prose, with a reference mark "*" after the `at`-th word of
    /// paragraph `k` for each (k, at, note).
    private func storage(paragraphs: Int, marks: [(paragraph: Int, word: Int, note: Footnote)]) -> (TextStorage, [Int]) {
        let storage = TextStorage()
        let words = prose.split(separator: " ")
        var offsets: [Int] = []
        for k in 0..<paragraphs {
            let count = 30 + (k * 13) % 40
            for (w, word) in words.prefix(count).enumerated() {
                storage.append((w > 0 ? " " : "") + word, attributes: TextAttributes(font: font), paragraphStyle: style())
                for mark in marks where mark.paragraph == k && mark.word == w {
                    offsets.append(storage.length)
                    storage.append("*", attributes: TextAttributes(font: font, superscript: 1, footnote: mark.note))
                }
            }
            if k + 1 < paragraphs { storage.append("\n", attributes: TextAttributes(font: font)) }
        }
        return (storage, offsets)
    }

    private func layOut(_ storage: TextStorage, containers: Int = 20, height: Double = 200) -> LayoutManager {
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<containers { manager.addTextContainer(TextContainer(size: Size(width: 220, height: height))) }
        manager.ensureLayout()
        return manager
    }

    private func container(of offset: Int, in manager: LayoutManager) -> Int? {
        manager.lineFragments.first { $0.characterRange.contains(offset) }?.containerIndex
    }

    func testNoteSitsAtTheFootOfTheReferencesContainerBelowItsText() throws {
        let notes = (0..<6).map { _ in note(12) }
        let (storage, offsets) = storage(paragraphs: 12, marks: notes.enumerated().map { (k, n) in (k * 2, 5 + k * 3, n) })
        let manager = layOut(storage)
        XCTAssertNil(manager.unplacedRange)
        assertCoversEveryCharacterOnce(manager)
        for (note, offset) in zip(notes, offsets) {
            let c = try XCTUnwrap(container(of: offset, in: manager))
            let area = try XCTUnwrap(manager.footnoteArea(inContainerAt: c), "no notes in container \(c)")
            XCTAssertTrue(area.notes.contains { $0.footnote === note && !$0.continued }, "the note starts where its reference is")
            // The text of the container ends above the area, the area ends at the foot.
            let text = manager.lineFragments(inContainerAt: c)
            XCTAssertLessThanOrEqual(text.last!.rect.maxY, area.top + 1e-6)
            XCTAssertLessThan(area.top, area.ruleY)
            XCTAssertLessThanOrEqual(area.ruleY, area.lines.first!.rect.minY)
            XCTAssertLessThanOrEqual(area.lines.last!.rect.maxY, 200 + 1e-6)
            XCTAssertEqual(area.lines.map(\.containerIndex), Array(repeating: c, count: area.lines.count))
            // Lines go down the page in order.
            XCTAssertEqual(area.lines.map(\.rect.minY), area.lines.map(\.rect.minY).sorted())
        }
        // A container without references has no area.
        let withNotes = Set(offsets.compactMap { container(of: $0, in: manager) })
        for c in 0..<manager.textContainers.count where !withNotes.contains(c) {
            XCTAssertNil(manager.footnoteArea(inContainerAt: c))
        }
    }

    func testNotesTakeRoomFromTheColumn() throws {
        let (plain, _) = storage(paragraphs: 12, marks: [])
        let (noted, offsets) = storage(paragraphs: 12, marks: [(0, 3, note(60))])
        let a = layOut(plain), b = layOut(noted)
        let c = try XCTUnwrap(container(of: offsets[0], in: b))
        let area = try XCTUnwrap(b.footnoteArea(inContainerAt: c))
        XCTAssertGreaterThan(area.lines.count, 3)
        // The column with the note holds fewer lines of text, by about the note's height.
        let linesA = a.lineFragments(inContainerAt: c).count, linesB = b.lineFragments(inContainerAt: c).count
        XCTAssertLessThan(linesB, linesA)
        XCTAssertEqual(Double(linesA - linesB) * 12, 200 - area.top, accuracy: 12.5)
    }

    func testALongNoteContinuesAtTheFootOfTheNextContainer() throws {
        let long = note(400)
        let (storage, offsets) = storage(paragraphs: 14, marks: [(1, 20, long)])
        let manager = layOut(storage)
        XCTAssertNil(manager.unplacedRange)
        assertCoversEveryCharacterOnce(manager)
        let c = try XCTUnwrap(container(of: offsets[0], in: manager))
        let first = try XCTUnwrap(manager.footnoteArea(inContainerAt: c))
        let next = try XCTUnwrap(manager.footnoteArea(inContainerAt: c + 1))
        XCTAssertEqual(first.notes.map(\.continues), [true])
        XCTAssertEqual(next.notes.first?.continued, true)
        // Every line of the note is set once, in order, across the containers.
        var set: [Range<Int>] = []
        for k in c..<manager.textContainers.count {
            guard let area = manager.footnoteArea(inContainerAt: k) else { break }
            set += area.lines.map(\.characterRange)
            // A carried part takes at most half the column; text still fills the rest.
            if k > c, area.notes.first?.continued == true, area.lines.count > 1 {
                XCTAssertLessThanOrEqual(200 - area.top, 100 + 12 + 1e-6)
                XCTAssertFalse(manager.lineFragments(inContainerAt: k).isEmpty)
            }
        }
        XCTAssertEqual(set.first?.lowerBound, 0)
        for (a, b) in zip(set, set.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
        XCTAssertEqual(set.last?.upperBound, long.text.length)
    }

    func testAReferenceLineMovesOnWithItsNoteWhenTheFootIsFull() throws {
        // The reference falls on a column's last lines: with its note that line cannot
        // stay, so it opens the next column together with the note.
        let (plain, _) = storage(paragraphs: 12, marks: [])
        let probe = layOut(plain)
        let last = try XCTUnwrap(probe.lineFragments(inContainerAt: 0).last)
        // A word on the column's last line.
        let text = plain.string
        let offset = last.characterRange.lowerBound + 2
        let paragraph = plain.paragraphIndex(containing: offset)
        let before = text.utf8.prefix(offset).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last!
        let word = before.split(separator: UInt8(ascii: " ")).count - 1
        let n = note(30)
        let (storage, offsets) = storage(paragraphs: 12, marks: [(paragraph, word, n)])
        let manager = layOut(storage)
        let c = try XCTUnwrap(container(of: offsets[0], in: manager))
        let area = try XCTUnwrap(manager.footnoteArea(inContainerAt: c))
        XCTAssertTrue(area.notes.first!.footnote === n && !area.notes.first!.continued)
        XCTAssertLessThanOrEqual(manager.lineFragments(inContainerAt: c).last!.rect.maxY, area.top + 1e-6)
    }

    func testEditingBeforeAReferenceKeepsOneNote() throws {
        let n = note(20)
        let (storage, offsets) = storage(paragraphs: 10, marks: [(4, 5, n)])
        let manager = layOut(storage)
        let before = try XCTUnwrap(container(of: offsets[0], in: manager))
        storage.replaceCharacters(in: 0..<0, with: String(repeating: "More words at the start. ", count: 40))
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        let areas = (0..<manager.textContainers.count).compactMap { manager.footnoteArea(inContainerAt: $0) }
        XCTAssertEqual(areas.flatMap(\.notes).filter { $0.footnote === n && !$0.continued }.count, 1, "the note is set once")
        let after = try XCTUnwrap(manager.lineFragments.first { $0.characterRange.contains(offsets[0] + 40 * 25) }?.containerIndex)
        XCTAssertGreaterThanOrEqual(after, before)
        XCTAssertNotNil(manager.footnoteArea(inContainerAt: after))
    }

    func testANoteReferencedTwiceIsSetOnce() throws {
        let n = note(10)
        let (storage, _) = storage(paragraphs: 12, marks: [(0, 3, n), (8, 3, n)])
        let manager = layOut(storage)
        let areas = (0..<manager.textContainers.count).compactMap { manager.footnoteArea(inContainerAt: $0) }
        XCTAssertEqual(areas.flatMap(\.notes).count, 1)
    }

    func testANoteContinuedPastTheLastLineOfTextGetsTheContainersItNeeds() throws {
        final class Columns: LayoutManagerDelegate {
            func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
                TextContainer(size: Size(width: 220, height: 200))
            }
        }
        let long = note(500)
        let (storage, _) = storage(paragraphs: 3, marks: [(2, 25, long)])
        let manager = LayoutManager(textStorage: storage)
        let columns = Columns()
        manager.delegate = columns
        manager.ensureLayout()
        let lastText = try XCTUnwrap(manager.lineFragments.last?.containerIndex)
        XCTAssertGreaterThan(manager.textContainers.count, lastText + 1, "containers after the text, for the note")
        var set = 0
        for k in 0..<manager.textContainers.count { set += manager.footnoteArea(inContainerAt: k)?.lines.count ?? 0 }
        let storageOfNote = TextStorage()
        storageOfNote.append(long.text)
        let probe = LayoutManager(textStorage: storageOfNote)
        probe.addTextContainer(TextContainer(size: Size(width: 220, height: 1e7)))
        probe.ensureLayout()
        XCTAssertEqual(set, probe.lineFragments.count, "every line of the note is set")
        XCTAssertTrue(manager.warnings.isEmpty, "\(manager.warnings)")
    }
}
