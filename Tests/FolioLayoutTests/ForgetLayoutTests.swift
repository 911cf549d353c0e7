import FolioLayout
import XCTest

/// Adds columns on demand and, like a renderer writing pages as they fill, takes each
/// completed column's lines and then has the manager forget them.
private final class StreamingColumns: LayoutManagerDelegate {
    var written: [LineFragment] = []
    var remembered: [Int] = []
    var forgets = true
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        TextContainer(size: Size(width: 150, height: 100))
    }
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {
        written += layoutManager.lineFragments(inContainerAt: index)
        if forgets { layoutManager.forgetLayout(beforeContainerAt: index + 1) }
        remembered.append(layoutManager.lineFragments.count)
    }
}

final class ForgetLayoutTests: XCTestCase {
    private let text = Array(repeating: prose, count: 12).joined(separator: "\n")

    private func layOut(forgetting: Bool, style: ParagraphStyle? = nil) -> (LayoutManager, StreamingColumns, TextStorage) {
        let storage = style.map { makeStorage(text, style: $0) } ?? makeStorage(text)
        let manager = LayoutManager(textStorage: storage)
        let columns = StreamingColumns()
        columns.forgets = forgetting
        manager.delegate = columns
        manager.ensureLayout()
        return (manager, columns, storage)
    }

    func testForgottenLinesAreTheLinesThatWouldHaveBeenKept() {
        let (kept, keptColumns, _) = layOut(forgetting: false)
        let (streamed, streamedColumns, _) = layOut(forgetting: true)
        XCTAssertGreaterThan(keptColumns.written.count, 50)
        XCTAssertEqual(streamedColumns.written.map(\.characterRange), keptColumns.written.map(\.characterRange))
        XCTAssertEqual(streamedColumns.written.map(\.rect), keptColumns.written.map(\.rect))
        XCTAssertEqual(streamedColumns.written.map { $0.glyphRuns.map(\.glyphs) }, keptColumns.written.map { $0.glyphRuns.map(\.glyphs) })
        // Every character was written once, in order.
        var expected = 0
        for line in streamedColumns.written {
            XCTAssertEqual(line.characterRange.lowerBound, expected)
            expected = line.characterRange.upperBound
        }
        XCTAssertEqual(expected, streamed.textStorage.length)
        XCTAssertEqual(kept.textContainers.count, streamed.textContainers.count)
    }

    func testMemoryOfLinesStaysFlat() {
        let (manager, columns, _) = layOut(forgetting: true)
        // After each column is written, at most the next column's lines remain (a column is
        // written once the flow is two past it, so that a widow can still take lines from
        // it) and those already set in the one after.
        let perColumn = Dictionary(grouping: columns.written, by: \.containerIndex).values.map(\.count).max()!
        XCTAssertGreaterThan(columns.written.count, 5 * perColumn)
        XCTAssertLessThanOrEqual(columns.remembered.max()!, perColumn + 2)
        XCTAssertTrue(manager.lineFragments.isEmpty, "the last column is forgotten too")
        XCTAssertTrue(manager.isComplete)
    }

    func testQueriesAfterForgettingAnswerWithoutLayingOutAgain() {
        let (manager, _, storage) = layOut(forgetting: true)
        let laidOut = manager.paragraphsLaidOut
        XCTAssertNil(manager.lineFragment(forCharacterAt: storage.length / 2), "forgotten, and must not hang")
        XCTAssertTrue(manager.lineFragments(inContainerAt: 3).isEmpty)
        XCTAssertEqual(manager.paragraphsLaidOut, laidOut)
    }

    func testAnEditBeforeTheRememberedLinesLaysOutAgainFromTheStart() {
        let (manager, columns, storage) = layOut(forgetting: true)
        columns.forgets = false
        columns.written = []
        storage.replaceCharacters(in: 0..<3, with: "In the")
        manager.ensureLayout()
        assertCoversEveryCharacterOnce(manager)
        XCTAssertEqual(columns.written.first?.characterRange.lowerBound, 0, "the pages are written again from the first")
        XCTAssertNotNil(manager.lineFragment(forCharacterAt: storage.length / 2))
    }

    func testKeepWithNextStillMovesAHeadingToTheNextColumn() {
        // Short headings kept with the paragraph after them: none may end a column.
        var paragraphs: [String] = []
        for k in 0..<40 { paragraphs += ["Heading \(k)", String(prose.prefix(120 + 37 * (k % 7)))] }
        let storage = makeStorage(paragraphs.joined(separator: "\n"), style: ParagraphStyle(alignment: .left))
        for k in 0..<40 {
            let range = storage.paragraphRange(at: 2 * k)
            var style = ParagraphStyle(alignment: .left)
            style.keepWithNext = true
            storage.setParagraphStyle(style, range: range)
        }
        let manager = LayoutManager(textStorage: storage)
        let columns = StreamingColumns()
        manager.delegate = columns
        manager.ensureLayout()
        var byColumn: [Int: [LineFragment]] = [:]
        for line in columns.written { byColumn[line.containerIndex, default: []].append(line) }
        for (column, lines) in byColumn where column < manager.textContainers.count - 1 {
            XCTAssertFalse(lines.last!.paragraphIndex % 2 == 0, "a heading ends column \(column)")
        }
    }
}
