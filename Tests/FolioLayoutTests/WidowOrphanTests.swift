@testable import FolioLayout
import Foundation
import XCTest

/// `orphans` and `widows`: a paragraph that breaks across containers leaves at least that
/// many lines at the foot of the first and carries at least that many to the top of the last.
final class WidowOrphanTests: XCTestCase {
    /// `count` paragraphs of 1 to 9 lines of prose in containers `lines` lines tall.
    private func layOut(orphans: Int, widows: Int, count: Int = 40, lines: Int = 7, tries: Int = 16,
                        loosenessTolerance: Double = 200) -> LayoutManager {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        style.orphans = orphans
        style.widows = widows
        let words = prose.split(separator: " ")
        let text = (0..<count).map { i in words.prefix(6 + (i * 7) % 60).joined(separator: " ") }.joined(separator: "\n")
        let storage = makeStorage(text, style: style)
        var typesetting = TypesettingParameters.standard
        typesetting.loosenessTries = tries
        typesetting.loosenessTolerance = loosenessTolerance
        let manager = LayoutManager(textStorage: storage, typesetting: typesetting)
        for _ in 0..<60 { manager.addTextContainer(TextContainer(size: Size(width: 200, height: 12 * Double(lines) + 1))) }
        manager.ensureLayout()
        return manager
    }

    /// For each paragraph broken across containers: lines in its first and in its last.
    private func splits(_ manager: LayoutManager) -> [(first: Int, last: Int, total: Int)] {
        Dictionary(grouping: manager.lineFragments, by: \.paragraphIndex).values.compactMap { lines in
            let containers = lines.map(\.containerIndex)
            guard containers.first != containers.last else { return nil }
            return (containers.filter { $0 == containers.first }.count, containers.filter { $0 == containers.last }.count, lines.count)
        }
    }

    func testWithoutTheSettingsLoneLinesOccur() {
        let loose = splits(layOut(orphans: 1, widows: 1))
        XCTAssertTrue(loose.contains { $0.first == 1 } && loose.contains { $0.last == 1 }, "the text must give orphans and widows to fix: \(loose)")
    }

    func testTwoLinesAtLeastOnEachSideOfABreak() {
        let manager = layOut(orphans: 2, widows: 2)
        assertCoversEveryCharacterOnce(manager)
        XCTAssertNil(manager.unplacedRange)
        let found = splits(manager)
        XCTAssertFalse(found.isEmpty)
        for split in found {
            XCTAssertGreaterThanOrEqual(split.first, 2, "an orphan: \(split)")
            XCTAssertGreaterThanOrEqual(split.last, 2, "a widow: \(split)")
        }
        // Lines stay in order, container by container.
        let containers = manager.lineFragments.map(\.containerIndex)
        XCTAssertEqual(containers, containers.sorted())
    }

    /// Containers, all but the last, holding fewer than their `lines` lines.
    private func shortContainers(_ manager: LayoutManager, lines: Int) -> Int {
        let counts = Dictionary(grouping: manager.lineFragments, by: \.containerIndex).mapValues(\.count)
        let last = counts.keys.max() ?? 0
        return counts.filter { $0.key < last && $0.value < lines }.count
    }

    /// Where widows or orphans would take a line from a container, a paragraph with lines
    /// in it is set a line shorter or longer instead (TeX's `\looseness`), so containers
    /// stay full — facing pages and a page's columns end on the same line. The lines that
    /// were set looser or tighter stay within the tolerance.
    func testWidowsAndOrphansAreKeptOutWithFullContainers() {
        // Columns of 24 lines, as in a book.
        let loose = layOut(orphans: 1, widows: 1, count: 160, lines: 24)
        let lone = splits(loose).filter { $0.first == 1 || $0.last == 1 }.count
        XCTAssertGreaterThan(lone, 2, "the text must give widows and orphans to keep out")
        let kept = layOut(orphans: 2, widows: 2, count: 160, lines: 24)
        XCTAssertEqual(shortContainers(loose, lines: 24), 0, "without the settings every container is full")
        let short = shortContainers(kept, lines: 24)
        let moved = shortContainers(layOut(orphans: 2, widows: 2, count: 160, lines: 24, tries: 0), lines: 24)
        XCTAssertLessThan(short, moved, "breaks mended by a line more or less, not a short container")
        print("lone lines without the settings: \(lone); short containers with them: \(short), moving lines only: \(moved)")
        for split in splits(kept) {
            XCTAssertGreaterThanOrEqual(split.first, 2, "an orphan: \(split)")
            XCTAssertGreaterThanOrEqual(split.last, 2, "a widow: \(split)")
        }
        assertCoversEveryCharacterOnce(kept)
        // No line stretched past the tolerance: spaces no wider than the breaker allows.
        XCTAssertTrue(kept.lineFragments.allSatisfy { $0.spaceScale <= 2.2 }, "\(kept.lineFragments.map(\.spaceScale).max() ?? 0)")
    }

    func testThreeLinesAsInABookSetting() {
        let manager = layOut(orphans: 3, widows: 3)
        assertCoversEveryCharacterOnce(manager)
        for split in splits(manager) {
            XCTAssertGreaterThanOrEqual(split.first, 3, "\(split)")
            XCTAssertGreaterThanOrEqual(split.last, 3, "\(split)")
        }
    }

    /// A paragraph set a line shorter or longer may take looser lines when it needs no new
    /// hyphen (`loosenessTolerance`): more breaks are mended that way, fewer columns end short.
    func testALooserToleranceWithoutHyphensKeepsMoreColumnsFull() {
        let strict = layOut(orphans: 2, widows: 2, count: 160, lines: 24)
        let looser = layOut(orphans: 2, widows: 2, count: 160, lines: 24, loosenessTolerance: 800)
        let before = shortContainers(strict, lines: 24), after = shortContainers(looser, lines: 24)
        XCTAssertGreaterThan(before, 0, "the text must leave columns short at the tolerance")
        XCTAssertLessThan(after, before)
        for split in splits(looser) {
            XCTAssertGreaterThanOrEqual(split.first, 2, "an orphan: \(split)")
            XCTAssertGreaterThanOrEqual(split.last, 2, "a widow: \(split)")
        }
        assertCoversEveryCharacterOnce(looser)
        XCTAssertTrue(looser.lineFragments.allSatisfy { $0.spaceScale <= 2.6 }, "\(looser.lineFragments.map(\.spaceScale).max() ?? 0)")
    }

    /// One paragraph ending in a line of three characters after a line filled by one long word,
    /// in containers `height` lines tall, no line set shorter or longer.
    private func stubEnding(widows: Int, height: Int) -> (LayoutManager, lines: Int) {
        var style = ParagraphStyle(alignment: .justified, hyphenation: false)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        style.orphans = 2
        style.widows = widows
        let text = String(prose.prefix(300)) + " " + String(repeating: "M", count: 19) + " No."
        var typesetting = TypesettingParameters.standard
        typesetting.loosenessTries = 0
        let manager = LayoutManager(textStorage: makeStorage(text, style: style), typesetting: typesetting)
        for _ in 0..<4 { manager.addTextContainer(TextContainer(size: Size(width: 200, height: 12 * Double(height) + 1))) }
        manager.ensureLayout()
        return (manager, manager.lineFragments.count)
    }

    /// A last line of three characters or fewer (or a hyphenated word's tail) reads as no line:
    /// it is not left with just one more at the top of a column; one more line comes with it.
    func testAStubLastLineBringsOneMoreLineWithIt() throws {
        let (whole, count) = stubEnding(widows: 2, height: 40)
        XCTAssertEqual(whole.lineFragments.last.map { whole.textStorage.substring($0.characterRange) }, "No.")
        XCTAssertGreaterThanOrEqual(count, 6)
        // Tall enough for all but the last two lines: two would be carried over; three are.
        let (manager, _) = stubEnding(widows: 2, height: count - 2)
        let containers = manager.lineFragments.map(\.containerIndex)
        XCTAssertEqual(containers.filter { $0 == 1 }.count, 3, "\(containers)")
        assertCoversEveryCharacterOnce(manager)
        // With widows off, the stub is left as it falls.
        let (single, _) = stubEnding(widows: 1, height: count - 2)
        XCTAssertEqual(single.lineFragments.map(\.containerIndex).filter { $0 == 1 }.count, 2)
    }
}

/// Containers made on demand and handed on as they complete, their lines then forgotten,
/// as a renderer writing pages does.
private final class HandedOnColumns: LayoutManagerDelegate {
    let height: Double
    var written: [LineFragment] = []
    init(lines: Int) { height = 12 * Double(lines) + 1 }
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        TextContainer(size: Size(width: 200, height: height))
    }
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {
        written += layoutManager.lineFragments(inContainerAt: index)
        layoutManager.forgetLayout(beforeContainerAt: index + 1)
    }
}

extension WidowOrphanTests {
    /// A paragraph that runs through a whole column into a third still has its widow kept
    /// out: a column is handed on only once the flow is two past it.
    func testAWidowInTheThirdColumnOfAParagraphIsKeptOut() throws {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        let long = prose + " " + prose
        var typesetting = TypesettingParameters.standard
        typesetting.loosenessTries = 0
        func layOut(_ text: String, widows: Int, lines: Int) -> [LineFragment] {
            style.widows = widows
            style.orphans = widows
            let manager = LayoutManager(textStorage: makeStorage(text, style: style), typesetting: typesetting)
            let columns = HandedOnColumns(lines: lines)
            manager.delegate = columns
            manager.ensureLayout()
            return columns.written
        }
        let count = layOut(long, widows: 1, lines: 200).count
        XCTAssertGreaterThanOrEqual(count, 10)
        // Short paragraphs before it, so that one line of it is left for a third column.
        let height = count / 2 + 1
        let before = 2 * height + 1 - count
        XCTAssertGreaterThanOrEqual(height - before, 2)
        let text = Array(repeating: "Short.", count: before).joined(separator: "\n") + "\n" + long
        let loose = layOut(text, widows: 1, lines: height)
        XCTAssertEqual(loose.filter { $0.containerIndex == 2 }.count, 1, "the text must leave a widow: \(loose.map(\.containerIndex))")
        let kept = layOut(text, widows: 2, lines: height)
        let third = kept.filter { $0.containerIndex == 2 }
        XCTAssertEqual(third.count, 2, "\(kept.map(\.containerIndex))")
        XCTAssertEqual(kept.filter { $0.containerIndex == 0 }.count, height, "the first column stays full")
        XCTAssertEqual(kept.last?.characterRange.upperBound, before * 7 + long.utf8.count)
    }
}

extension WidowOrphanTests {
    /// Which changes of length settle a column break, in the order they are tried.
    func testTheChangesOfLengthThatSettleABreak() {
        typealias Break = LayoutManager.ColumnBreak
        // A three-line paragraph with two lines in the column: a widow. A line less before
        // it makes room for all of it; a line more would leave an orphan, two lines more
        // send it over whole.
        let widow = Break(there: 2, remaining: 1, least: 2, widows: 2)
        XCTAssertEqual(widow.lengthBefore, [[-1], [2]])
        // Itself a line shorter it fits; a line (or two) longer it carries two (or three).
        XCTAssertEqual(widow.lengthOfItself, [[-1, 1], [2]])
        // An orphan: a line less before it leaves two of its lines; a line more sends it over.
        let orphan = Break(there: 1, remaining: 5, least: 2, widows: 2)
        XCTAssertEqual(orphan.lengthBefore, [[-1, 1], [-2]])
        XCTAssertEqual(orphan.lengthOfItself, [], "its own length cannot change its first line")
        XCTAssertTrue(Break.holds(there: 3, remaining: 0, least: 2, widows: 2))
        XCTAssertFalse(Break.holds(there: 2, remaining: 1, least: 2, widows: 2))
    }
}
