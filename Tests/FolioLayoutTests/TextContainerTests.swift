import FolioLayout
import XCTest

final class TextContainerTests: XCTestCase {
    func testPlainRectangleGivesOneFragmentClippedToInsets() {
        let c = TextContainer(size: Size(width: 200, height: 100))
        c.insets = EdgeInsets(top: 10, left: 5, bottom: 10, right: 15)
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 200, height: 12)),
                       [Rect(x: 5, y: 10, width: 180, height: 12)])
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 85, width: 200, height: 12)), [], "past the bottom inset")
    }

    func testCentralExclusionSplitsTheLineInTwo() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 100, y: 50, width: 100, height: 50))]
        let band = Rect(x: 0, y: 60, width: 300, height: 12)
        XCTAssertEqual(c.lineFragmentRects(proposed: band),
                       [Rect(x: 0, y: 60, width: 100, height: 12), Rect(x: 200, y: 60, width: 100, height: 12)])
        let (first, remaining) = c.lineFragmentRect(proposed: band)
        XCTAssertEqual(first, Rect(x: 0, y: 60, width: 100, height: 12))
        let next = c.lineFragmentRect(proposed: remaining!)
        XCTAssertEqual(next.fragment, Rect(x: 200, y: 60, width: 100, height: 12))
        XCTAssertNil(next.remaining)
        // A band that only touches the exclusion's top edge region still avoids it.
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 40, width: 300, height: 12)).count, 2)
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 20, width: 300, height: 12)).count, 1)
    }

    func testEdgeExclusionNarrowsTheLine() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 220, y: 0, width: 80, height: 100))]
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 300, height: 12)),
                       [Rect(x: 0, y: 10, width: 220, height: 12)])
    }

    func testCircleShapeFollowsTheCurve() {
        let c = TextContainer(size: Size(width: 200, height: 200))
        let circle = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        c.shape = circle
        let middle = c.lineFragmentRects(proposed: Rect(x: 0, y: 94, width: 200, height: 12))
        XCTAssertEqual(middle.count, 1)
        XCTAssertGreaterThan(middle[0].width, 195)
        let top = c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 200, height: 12))
        XCTAssertEqual(top.count, 1)
        XCTAssertLessThan(top[0].width, 130)
        for y in stride(from: 0.0, to: 188, by: 12) {
            for f in c.lineFragmentRects(proposed: Rect(x: 0, y: y, width: 200, height: 12)) {
                for corner in [Point(x: f.minX + 0.01, y: f.minY + 0.01), Point(x: f.maxX - 0.01, y: f.minY + 0.01),
                               Point(x: f.minX + 0.01, y: f.maxY - 0.01), Point(x: f.maxX - 0.01, y: f.maxY - 0.01)] {
                    XCTAssertTrue(circle.contains(corner), "corner \(corner) of \(f) outside the circle")
                }
            }
        }
    }

    func testTriangleExclusionAgainstSampling() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        let triangle = BezierPath(polygon: [Point(x: 150, y: 20), Point(x: 260, y: 250), Point(x: 40, y: 220)])
        let oval = BezierPath(ovalIn: Rect(x: 20, y: 180, width: 80, height: 100))
        c.exclusionPaths = [triangle, oval]
        c.minimumFragmentWidth = 1
        for y in stride(from: 0.0, to: 288, by: 7) {
            let fragments = c.lineFragmentRects(proposed: Rect(x: 0, y: y, width: 300, height: 12))
            for f in fragments {
                for sx in stride(from: f.minX + 0.05, to: f.maxX, by: 1) {
                    for sy in stride(from: f.minY, through: f.maxY, by: 1) {
                        let p = Point(x: sx, y: sy)
                        XCTAssertFalse(triangle.contains(p) || oval.contains(p), "\(p) in \(f) is inside an exclusion")
                    }
                }
            }
        }
    }
}
