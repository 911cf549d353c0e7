import FolioLayout
import XCTest

final class TextContainerTests: XCTestCase {
    // MARK: Settings

    func testDefaultsAndStoredSettings() {
        let c = TextContainer(size: Size(width: 200, height: 100))
        XCTAssertEqual(c.insets, .zero)
        XCTAssertEqual(c.lineFragmentPadding, 0)
        XCTAssertEqual(c.maximumNumberOfLines, 0)
        XCTAssertEqual(c.minimumFragmentWidth, 12)
        XCTAssertTrue(c.exclusionPaths.isEmpty)
        XCTAssertNil(c.shape)
        XCTAssertTrue(c.isSimpleRectangle)
        XCTAssertEqual(c.contentRect, Rect(x: 0, y: 0, width: 200, height: 100))

        c.maximumNumberOfLines = 3
        XCTAssertEqual(c.maximumNumberOfLines, 3)
        c.insets = EdgeInsets(top: 10, left: 5, bottom: 20, right: 15)
        XCTAssertEqual(c.contentRect, Rect(x: 5, y: 10, width: 180, height: 70))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 50, y: 50, width: 10, height: 10))]
        XCTAssertFalse(c.isSimpleRectangle)
        c.exclusionPaths = []
        c.shape = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertFalse(c.isSimpleRectangle)
    }

    // MARK: Rectangles

    func testPlainRectangleGivesOneFragmentClippedToInsets() {
        let c = TextContainer(size: Size(width: 200, height: 100))
        c.insets = EdgeInsets(top: 10, left: 5, bottom: 10, right: 15)
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 200, height: 12)),
                       [Rect(x: 5, y: 10, width: 180, height: 12)])
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 78, width: 200, height: 12)),
                       [Rect(x: 5, y: 78, width: 180, height: 12)], "flush with the bottom inset")
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 85, width: 200, height: 12)), [], "past the bottom inset")
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 5, width: 200, height: 12)), [], "above the top inset")
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 200, width: 200, height: 12)), [], "below the container")
        // A proposal narrower than the content rect is honoured.
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 40, y: 20, width: 100, height: 12)),
                       [Rect(x: 40, y: 20, width: 100, height: 12)])
    }

    func testPaddingIsIncludedInFragments() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 100, y: 50, width: 100, height: 50))]
        let band = Rect(x: 0, y: 60, width: 300, height: 12)
        let bare = c.lineFragmentRects(proposed: band)
        c.lineFragmentPadding = 5
        XCTAssertEqual(c.lineFragmentRects(proposed: band), bare, "fragments meet the obstacle; the layout insets the text")
    }

    func testRectangleShapeAsShape() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.shape = RectangleShape(Rect(x: 50, y: 50, width: 100, height: 100))
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 60, width: 300, height: 12)),
                       [Rect(x: 50, y: 60, width: 100, height: 12)])
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 140, width: 300, height: 12)), [], "crosses the shape's bottom")
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 300, height: 12)), [])
    }

    // MARK: Exclusions

    func testCentralExclusionSplitsTheLineInTwo() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 100, y: 50, width: 100, height: 50))]
        let band = Rect(x: 0, y: 60, width: 300, height: 12)
        XCTAssertEqual(c.lineFragmentRects(proposed: band),
                       [Rect(x: 0, y: 60, width: 100, height: 12), Rect(x: 200, y: 60, width: 100, height: 12)])
        // A band reaching into the exclusion's top avoids it; one touching it does not.
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 40, width: 300, height: 12)).count, 2)
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 38, width: 300, height: 12)),
                       [Rect(x: 0, y: 38, width: 300, height: 12)])
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 100, width: 300, height: 12)),
                       [Rect(x: 0, y: 100, width: 300, height: 12)])
    }

    func testEdgeExclusionNarrowsTheLine() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 220, y: 0, width: 80, height: 100))]
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 300, height: 12)),
                       [Rect(x: 0, y: 10, width: 220, height: 12)])
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 110, width: 300, height: 12)),
                       [Rect(x: 0, y: 110, width: 300, height: 12)], "full width again below it")
    }

    func testNarrowPiecesAreNotOffered() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 10, y: 0, width: 100, height: 100))]
        let band = Rect(x: 0, y: 10, width: 300, height: 12)
        XCTAssertEqual(c.lineFragmentRects(proposed: band), [Rect(x: 110, y: 10, width: 190, height: 12)],
                       "the 10 pt sliver on the left is dropped")
        c.minimumFragmentWidth = 5
        XCTAssertEqual(c.lineFragmentRects(proposed: band),
                       [Rect(x: 0, y: 10, width: 10, height: 12), Rect(x: 110, y: 10, width: 190, height: 12)])
    }

    func testFullWidthObstacleLeavesNothing() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: -10, y: 50, width: 320, height: 20))]
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 55, width: 300, height: 12)), [])
        let (fragment, remaining) = c.lineFragmentRect(proposed: Rect(x: 0, y: 55, width: 300, height: 12))
        XCTAssertEqual(fragment.width, 0)
        XCTAssertNil(remaining)
    }

    func testEllipseExclusionFollowsTheCurve() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.exclusionPaths = [BezierPath(ovalIn: Rect(x: 90, y: 110, width: 120, height: 80))]  // centre (150, 150), radii 60 × 40
        // A band across the centre loses the full width of the ellipse.
        let middle = c.lineFragmentRects(proposed: Rect(x: 0, y: 144, width: 300, height: 12))
        XCTAssertEqual(middle.count, 2)
        XCTAssertEqual(middle[0].minX, 0)
        XCTAssertEqual(middle[0].maxX, 90, accuracy: 0.05)
        XCTAssertEqual(middle[1].minX, 210, accuracy: 0.05)
        XCTAssertEqual(middle[1].maxX, 300)
        // Above the centre the ellipse is widest at the band's bottom, y = 122.
        let half = 60 * (1 - pow(28.0 / 40, 2)).squareRoot()
        let upper = c.lineFragmentRects(proposed: Rect(x: 0, y: 110, width: 300, height: 12))
        XCTAssertEqual(upper.count, 2)
        XCTAssertEqual(upper[0].maxX, 150 - half, accuracy: 0.15)
        XCTAssertEqual(upper[1].minX, 150 + half, accuracy: 0.15)
        // Below the centre, widest at the band's top, y = 178.
        let lower = c.lineFragmentRects(proposed: Rect(x: 0, y: 178, width: 300, height: 12))
        XCTAssertEqual(lower[0].maxX, 150 - half, accuracy: 0.15)
        XCTAssertEqual(lower[1].minX, 150 + half, accuracy: 0.15)
    }

    func testPolygonExclusionsAgainstSampling() {
        let c = TextContainer(size: Size(width: 300, height: 300))
        c.insets = EdgeInsets(all: 10)
        let triangle = BezierPath(polygon: [Point(x: 150, y: 20), Point(x: 260, y: 250), Point(x: 40, y: 220)])
        let oval = BezierPath(ovalIn: Rect(x: 20, y: 180, width: 80, height: 100))
        c.exclusionPaths = [triangle, oval]
        c.minimumFragmentWidth = 0
        let content = c.contentRect
        var splitLines = 0
        for y in stride(from: content.minY, through: content.maxY - 12, by: 7) {
            let fragments = c.lineFragmentRects(proposed: Rect(x: content.minX, y: y, width: content.width, height: 12))
            if fragments.count > 1 { splitLines += 1 }
            let ys = Array(stride(from: y, to: y + 12, by: 0.2)) + [y + 12]
            func blocked(_ x: Double) -> Bool { ys.contains { triangle.contains(Point(x: x, y: $0)) || oval.contains(Point(x: x, y: $0)) } }
            for f in fragments {
                XCTAssertTrue(content.contains(f), "\(f) leaves the content rect")
                XCTAssertEqual(f.minY, y)
                XCTAssertEqual(f.height, 12)
                for x in stride(from: f.minX + 0.3, to: f.maxX - 0.3, by: 1) {
                    XCTAssertFalse(blocked(x), "x \(x) of \(f) is inside an exclusion")
                }
            }
            // And nothing free was left out: every x outside the fragments is blocked.
            for x in stride(from: content.minX + 0.25, to: content.maxX, by: 1)
            where !fragments.contains(where: { x > $0.minX - 0.5 && x < $0.maxX + 0.5 }) {
                XCTAssertTrue(blocked(x), "x \(x) at y \(y) is free but offered in no fragment")
            }
        }
        XCTAssertGreaterThan(splitLines, 10, "the triangle splits lines in two")
    }

    // MARK: Shapes

    func testCircleShapeFollowsTheCurve() {
        let c = TextContainer(size: Size(width: 200, height: 200))
        let circle = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        c.shape = circle
        // The centre band is limited by the circle at its top and bottom, 6 pt off centre.
        let middle = c.lineFragmentRects(proposed: Rect(x: 0, y: 94, width: 200, height: 12))
        XCTAssertEqual(middle.count, 1)
        XCTAssertEqual(middle[0].width, 2 * (100 * 100 - 6 * 6).squareRoot(), accuracy: 0.2)
        XCTAssertEqual(middle[0].midX, 100, accuracy: 1e-6)
        // Near the top the band's top edge, 90 pt above the centre, limits it.
        let top = c.lineFragmentRects(proposed: Rect(x: 0, y: 10, width: 200, height: 12))
        XCTAssertEqual(top.count, 1)
        XCTAssertEqual(top[0].width, 2 * (100 * 100 - 90 * 90).squareRoot(), accuracy: 0.2)
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 0, width: 200, height: 12)), [], "only a sliver at the very top")

        for y in stride(from: 0.0, through: 188, by: 4) {
            for f in c.lineFragmentRects(proposed: Rect(x: 0, y: y, width: 200, height: 12)) {
                for corner in [Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY),
                               Point(x: f.minX, y: f.maxY), Point(x: f.maxX, y: f.maxY)] {
                    // Four cubics bulge up to 0.027 % past the true circle; nothing more.
                    XCTAssertLessThanOrEqual(hypot(corner.x - 100, corner.y - 100), 100.03, "corner \(corner) of \(f) outside the circle")
                    let nudged = Point(x: corner.x + (corner.x < 100 ? 0.01 : -0.01), y: corner.y + (corner.y < 100 ? 0.01 : -0.01))
                    XCTAssertTrue(circle.contains(nudged), "corner \(corner) of \(f) outside the flattened circle")
                }
            }
        }
    }

    func testCircleShapeWithCentralExclusion() {
        let c = TextContainer(size: Size(width: 200, height: 200))
        let circle = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        let hole = BezierPath(rect: Rect(x: 80, y: 60, width: 40, height: 80))
        c.shape = circle
        c.exclusionPaths = [hole]
        for y in stride(from: 0.0, through: 188, by: 6) {
            let fragments = c.lineFragmentRects(proposed: Rect(x: 0, y: y, width: 200, height: 12))
            XCTAssertEqual(fragments.count, y + 12 > 60 && y < 140 ? 2 : (fragments.isEmpty ? 0 : 1), "band at \(y)")
            for f in fragments {
                for x in stride(from: f.minX + 0.05, through: f.maxX - 0.05, by: 0.5) {
                    for sy in [f.minY + 0.01, f.midY, f.maxY - 0.01] {
                        let p = Point(x: x, y: sy)
                        XCTAssertTrue(circle.contains(p) && !hole.contains(p), "\(p) of \(f)")
                    }
                }
            }
        }
    }

    func testConcaveShapeGivesSeveralFragments() {
        let crown = BezierPath(polygon: [Point(x: 0, y: 200), Point(x: 0, y: 20), Point(x: 50, y: 120), Point(x: 100, y: 0),
                                         Point(x: 150, y: 120), Point(x: 200, y: 20), Point(x: 200, y: 200)])
        let c = TextContainer(size: Size(width: 200, height: 200))
        c.shape = crown
        let fragments = c.lineFragmentRects(proposed: Rect(x: 0, y: 40, width: 200, height: 12))
        // At y = 40 the left point spans x 0…10, the middle 83.3…116.7, the right 190…200;
        // the whole band fits only where it fits at its top.
        XCTAssertEqual(fragments.count, 1, "the side points' 10 pt are narrower than the minimum")
        XCTAssertEqual(fragments[0].minX, 100 - 40 * 100 / 240, accuracy: 1e-9)
        XCTAssertEqual(fragments[0].maxX, 100 + 40 * 100 / 240, accuracy: 1e-9)
        c.minimumFragmentWidth = 1
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 40, width: 200, height: 12)).count, 3)
        XCTAssertEqual(c.lineFragmentRects(proposed: Rect(x: 0, y: 130, width: 200, height: 12)),
                       [Rect(x: 0, y: 130, width: 200, height: 12)], "below the points, one full line")
    }

    // MARK: The TextKit form

    func testRemainingRectChainsThroughEveryFragment() {
        let c = TextContainer(size: Size(width: 400, height: 300))
        c.exclusionPaths = [BezierPath(rect: Rect(x: 80, y: 0, width: 40, height: 100)),
                            BezierPath(ovalIn: Rect(x: 200, y: 20, width: 60, height: 60))]
        let band = Rect(x: 0, y: 40, width: 400, height: 12)
        let all = c.lineFragmentRects(proposed: band)
        XCTAssertEqual(all.count, 3)

        var chained: [Rect] = []
        var proposed: Rect? = band
        while let p = proposed, chained.count < 10 {
            let (fragment, remaining) = c.lineFragmentRect(proposed: p)
            chained.append(fragment)
            if let remaining {
                XCTAssertEqual(remaining.minX, fragment.maxX)
                XCTAssertEqual(remaining.maxX, band.maxX)
                XCTAssertEqual(remaining.minY, band.minY)
                XCTAssertEqual(remaining.height, band.height)
            }
            proposed = remaining
        }
        XCTAssertEqual(chained, all)
        XCTAssertEqual(chained.first, Rect(x: 0, y: 40, width: 80, height: 12))
        XCTAssertEqual(chained[1].minX, 120)
        XCTAssertEqual(chained.last?.maxX, 400)

        // A line with one fragment has no remaining rect.
        let single = c.lineFragmentRect(proposed: Rect(x: 0, y: 150, width: 400, height: 12))
        XCTAssertEqual(single.fragment, Rect(x: 0, y: 150, width: 400, height: 12))
        XCTAssertNil(single.remaining)
    }
}

private extension Rect {
    var midX: Double { minX + width / 2 }
    var midY: Double { minY + height / 2 }
}
