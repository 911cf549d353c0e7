import FolioLayout
import XCTest

final class ExclusionLayoutTests: XCTestCase {
    func testTextFlowsAroundAnExclusionAndStaysOutOfIt() {
        let storage = makeStorage(prose + "\n" + prose)
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 300, height: 1000))
        let hole = BezierPath(ovalIn: Rect(x: 100, y: 30, width: 100, height: 80))
        let edge = BezierPath(rect: Rect(x: 220, y: 150, width: 80, height: 60))
        container.exclusionPaths = [hole, edge]
        manager.addTextContainer(container)
        manager.ensureLayout()
        var twoFragmentLines = 0
        var ys: [Double: Int] = [:]
        for line in manager.lineFragments {
            ys[line.rect.minY, default: 0] += 1
            for run in line.glyphRuns {
                for sx in stride(from: run.bounds.minX + 0.5, to: run.bounds.maxX, by: 2) {
                    for sy in [line.rect.minY + 0.5, line.rect.maxY - 0.5] {
                        let p = Point(x: sx, y: sy)
                        XCTAssertFalse(hole.contains(p) || edge.contains(p), "glyphs at \(p) inside an exclusion")
                    }
                }
            }
        }
        twoFragmentLines = ys.values.filter { $0 == 2 }.count
        XCTAssertGreaterThan(twoFragmentLines, 3, "lines run on both sides of the central exclusion")
        assertCoversEveryCharacterOnce(manager)
    }
}
