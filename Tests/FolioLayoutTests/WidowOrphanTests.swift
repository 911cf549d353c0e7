import FolioLayout
import Foundation
import XCTest

/// `orphans` and `widows`: a paragraph that breaks across containers leaves at least that
/// many lines at the foot of the first and carries at least that many to the top of the last.
final class WidowOrphanTests: XCTestCase {
    /// Paragraphs of 1 to 9 lines of prose in containers seven lines tall.
    private func layOut(orphans: Int, widows: Int) -> LayoutManager {
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.minimumLineHeight = 12
        style.maximumLineHeight = 12
        style.orphans = orphans
        style.widows = widows
        let words = prose.split(separator: " ")
        let text = (0..<40).map { i in words.prefix(6 + (i * 7) % 60).joined(separator: " ") }.joined(separator: "\n")
        let storage = makeStorage(text, style: style)
        let manager = LayoutManager(textStorage: storage)
        for _ in 0..<60 { manager.addTextContainer(TextContainer(size: Size(width: 200, height: 12 * 7 + 1))) }
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

    func testThreeLinesAsInABookSetting() {
        let manager = layOut(orphans: 3, widows: 3)
        assertCoversEveryCharacterOnce(manager)
        for split in splits(manager) {
            XCTAssertGreaterThanOrEqual(split.first, 3, "\(split)")
            XCTAssertGreaterThanOrEqual(split.last, 3, "\(split)")
        }
    }
}
