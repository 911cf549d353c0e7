import FolioLayout
import Foundation
import XCTest

/// Tab stops measured from the line's end, and dot leaders: a contents entry's number ends
/// at the end of the line whatever the column's width, the gap before it filled with dots
/// that line up from line to line.
final class TabLeaderTests: XCTestCase {
    private func layOut(_ text: String, width: Double, indent: Double = 0) -> (LayoutManager, TextStorage) {
        var style = ParagraphStyle(alignment: .left)
        style.headIndent = indent
        style.firstLineHeadIndent = indent
        style.tabStops = [.trailing(.right, leader: .dots)]
        let storage = makeStorage(text, style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 400)))
        manager.ensureLayout()
        return (manager, storage)
    }

    func testTheNumberEndsAtTheLinesEndWithDotsBeforeIt() throws {
        for width in [200.0, 260, 330] {
            let (manager, _) = layOut("Chapter One\t7\nA much longer chapter title\t123\nShort\t45", width: width, indent: 12)
            var dotColumns: [[Double]] = []
            for line in manager.lineFragments {
                let last = try XCTUnwrap(line.glyphRuns.last)
                XCTAssertEqual(last.bounds.maxX, width, accuracy: 0.5, "the number ends at the line's end (\(width))")
                let dots = line.glyphRuns.flatMap(\.emphasisDots)
                XCTAssertGreaterThan(dots.count, 3)
                // Between the title and the number, clear of both, on the baseline.
                let numberStart = try XCTUnwrap(last.positions.last?.x)
                for dot in dots {
                    XCTAssertLessThan(dot.x, numberStart)
                    XCTAssertEqual(dot.y, line.baseline, accuracy: 2)
                }
                dotColumns.append(dots.map(\.x))
            }
            // Dots of different lines stand in the same columns.
            let shared = Set(dotColumns[0].map { ($0 * 100).rounded() }).intersection(dotColumns[1].map { ($0 * 100).rounded() })
            XCTAssertGreaterThan(shared.count, 3, "leaders line up (\(width))")
        }
    }

    func testStopsWithoutLeadersDrawNoDots() {
        var style = ParagraphStyle(alignment: .left)
        style.tabStops = [.trailing(.right)]
        let storage = makeStorage("Entry\t12", style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 250, height: 100)))
        manager.ensureLayout()
        XCTAssertTrue(manager.lineFragments.flatMap(\.glyphRuns).allSatisfy { $0.emphasisDots.isEmpty })
        XCTAssertEqual(manager.lineFragments[0].glyphRuns.last!.bounds.maxX, 250, accuracy: 0.5)
    }
}
