import FolioLayout
import Foundation
import XCTest

/// `orphans` and `widows`: a paragraph that breaks across containers leaves at least that
/// many lines at the foot of the first and carries at least that many to the top of the last.
final class WidowOrphanTests: XCTestCase {
    /// `count` paragraphs of 1 to 9 lines of prose in containers `lines` lines tall.
    private func layOut(orphans: Int, widows: Int, count: Int = 40, lines: Int = 7, tries: Int = 16) -> LayoutManager {
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
}
