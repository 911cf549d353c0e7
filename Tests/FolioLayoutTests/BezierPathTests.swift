import FolioLayout
import XCTest

final class BezierPathTests: XCTestCase {
    // MARK: Building

    func testRectIsFourEdgesClosed() {
        let path = BezierPath(rect: Rect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(path.elements, [
            .move(to: Point(x: 10, y: 20)), .line(to: Point(x: 40, y: 20)),
            .line(to: Point(x: 40, y: 60)), .line(to: Point(x: 10, y: 60)), .close,
        ])
        XCTAssertEqual(path.bounds, Rect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(path.flattened(), [[Point(x: 10, y: 20), Point(x: 40, y: 20), Point(x: 40, y: 60), Point(x: 10, y: 60)]])
    }

    func testOvalIsFourCubicArcsWithTightBounds() {
        let rect = Rect(x: 20, y: 30, width: 160, height: 80)
        let oval = BezierPath(ovalIn: rect)
        XCTAssertEqual(oval.elements.count, 6)
        XCTAssertEqual(oval.elements.filter { if case .curve = $0 { return true } else { return false } }.count, 4)
        assertRect(oval.bounds, equals: rect, accuracy: 1e-9)
    }

    func testPolygonAndRoundedRectBounds() {
        let triangle = BezierPath(polygon: [Point(x: 150, y: 20), Point(x: 260, y: 250), Point(x: 40, y: 220)])
        XCTAssertEqual(triangle.bounds, Rect(x: 40, y: 20, width: 220, height: 230))
        XCTAssertTrue(BezierPath(polygon: []).elements.isEmpty)
        XCTAssertEqual(BezierPath().bounds, .zero)

        let rounded = BezierPath(roundedRect: Rect(x: 0, y: 0, width: 100, height: 50), radius: 10)
        assertRect(rounded.bounds, equals: Rect(x: 0, y: 0, width: 100, height: 50), accuracy: 1e-9)
        // The corners are cut off: the corner point is outside, a point 3 pt in along the
        // diagonal of the corner square (inside the arc) is inside.
        XCTAssertFalse(rounded.contains(Point(x: 0.5, y: 0.5)))
        XCTAssertTrue(rounded.contains(Point(x: 5, y: 5)))
        XCTAssertTrue(rounded.contains(Point(x: 50, y: 0.5)))
        // A radius larger than the rect allows is clamped: a 50×50 square with radius 99
        // becomes a circle of radius 25.
        let circle = BezierPath(roundedRect: Rect(x: 0, y: 0, width: 50, height: 50), radius: 99)
        for p in circle.flattened(tolerance: 0.01)[0] {
            XCTAssertEqual(hypot(p.x - 25, p.y - 25), 25, accuracy: 0.02, "\(p) not on the circle")
        }
    }

    // MARK: Flattening

    func testFlattenedOvalStaysWithinTolerance() {
        let rx = 100.0, ry = 60.0
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 2 * rx, height: 2 * ry))
        for tolerance in [1.0, 0.1, 0.01] {
            let polygons = oval.flattened(tolerance: tolerance)
            XCTAssertEqual(polygons.count, 1)
            let ring = polygons[0]
            XCTAssertNotEqual(ring.first, ring.last, "the closing point is not repeated")
            for (i, p) in ring.enumerated() {
                let q = ring[(i + 1) % ring.count]
                // Chord end points lie on the curve, chord middles within tolerance of it
                // (plus the 0.03 % by which four cubics miss a true ellipse).
                XCTAssertEqual(ellipseRadius(p, rx: rx, ry: ry), 1, accuracy: 0.0004)
                let m = Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
                let gap = (1 - ellipseRadius(m, rx: rx, ry: ry)) * ry
                XCTAssertLessThanOrEqual(gap, tolerance + 0.03, "chord \(p)–\(q) strays \(gap) pt at tolerance \(tolerance)")
            }
        }
    }

    func testFlatteningIsAdaptive() {
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        let coarse = oval.flattened(tolerance: 1)[0].count, fine = oval.flattened(tolerance: 0.01)[0].count
        XCTAssertGreaterThan(fine, 2 * coarse, "a tighter tolerance uses more chords")
        XCTAssertLessThan(oval.flattened()[0].count, 200, "a gentle arc needs few chords")

        // A "curve" whose control points lie on its chord is one straight edge.
        var straight = BezierPath()
        straight.move(to: Point(x: 0, y: 0))
        straight.curve(to: Point(x: 90, y: 0), control1: Point(x: 30, y: 0), control2: Point(x: 60, y: 0))
        straight.line(to: Point(x: 0, y: 50))
        straight.close()
        XCTAssertEqual(straight.flattened(), [[Point(x: 0, y: 0), Point(x: 90, y: 0), Point(x: 0, y: 50)]])

        // A sharp hairpin (big turn, small span) is split more finely than the gentle arc.
        var hairpin = BezierPath()
        hairpin.move(to: Point(x: 0, y: 0))
        hairpin.curve(to: Point(x: 2, y: 0), control1: Point(x: -40, y: 100), control2: Point(x: 42, y: 100))
        hairpin.close()
        let points = hairpin.flattened(tolerance: 0.1)[0]
        XCTAssertGreaterThan(points.count, 20)
        for p in points.dropFirst() {
            let nearest = (0...2000).map { Double($0) / 2000 }.map { t -> Double in
                let u = 1 - t
                let x = 3 * u * u * t * -40 + 3 * u * t * t * 42 + t * t * t * 2
                let y = 3 * u * u * t * 100 + 3 * u * t * t * 100
                return hypot(x - p.x, y - p.y)
            }.min()!
            XCTAssertLessThan(nearest, 0.15, "\(p) is a point of the curve")
        }
    }

    func testSubpathsFlattenToSeparatePolygons() {
        var path = BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        path.move(to: Point(x: 20, y: 0))
        path.line(to: Point(x: 30, y: 0))
        path.line(to: Point(x: 30, y: 10))
        path.line(to: Point(x: 20, y: 0))   // explicitly back to the start, then left open
        let polygons = path.flattened()
        XCTAssertEqual(polygons.count, 2)
        XCTAssertEqual(polygons[1], [Point(x: 20, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 10)])
        XCTAssertTrue(path.contains(Point(x: 28, y: 2)), "an open subpath still encloses its region")
        XCTAssertFalse(path.contains(Point(x: 22, y: 8)))
    }

    // MARK: Containment

    func testContainsUsesNonzeroWinding() {
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertTrue(oval.contains(Point(x: 100, y: 50)))
        XCTAssertTrue(oval.contains(Point(x: 2, y: 50)))
        XCTAssertFalse(oval.contains(Point(x: 5, y: 5)), "outside, in the corner of the bounds")
        XCTAssertFalse(oval.contains(Point(x: 201, y: 50)))

        // Two overlapping squares drawn the same way round: the overlap stays filled.
        let same = BezierPath(elements: BezierPath(polygon: square(0, 0, 100)).elements
            + BezierPath(polygon: square(50, 50, 100)).elements)
        XCTAssertTrue(same.contains(Point(x: 75, y: 75)))
        XCTAssertTrue(same.contains(Point(x: 25, y: 25)))
        XCTAssertTrue(same.contains(Point(x: 125, y: 125)))
        XCTAssertFalse(same.contains(Point(x: 125, y: 25)))

        // An inner square drawn the other way round cuts a hole.
        let donut = BezierPath(elements: BezierPath(polygon: square(0, 0, 100)).elements
            + BezierPath(polygon: square(25, 25, 50).reversed()).elements)
        XCTAssertTrue(donut.contains(Point(x: 10, y: 50)))
        XCTAssertFalse(donut.contains(Point(x: 50, y: 50)))
    }

    // MARK: Bands

    func testRectBlocksOnlyBandsThatEnterIt() {
        let rect = BezierPath(rect: Rect(x: 100, y: 50, width: 100, height: 50))
        XCTAssertEqual(rect.blockedSpans(minY: 60, maxY: 72), [100...200])
        XCTAssertEqual(rect.blockedSpans(minY: 40, maxY: 52), [100...200], "enters by the top")
        XCTAssertEqual(rect.blockedSpans(minY: 95, maxY: 107), [100...200], "leaves by the bottom")
        XCTAssertEqual(rect.blockedSpans(minY: 38, maxY: 50), [], "touching the top edge is not blocked")
        XCTAssertEqual(rect.blockedSpans(minY: 100, maxY: 112), [], "touching the bottom edge is not blocked")
        XCTAssertEqual(rect.blockedSpans(minY: 200, maxY: 212), [])
        XCTAssertEqual(rect.blockedSpans(minY: 0, maxY: 300), [100...200], "a band taller than the obstacle")
    }

    func testRectInsideSpansIncludeBandsFlushWithItsEdges() {
        let rect = BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(rect.insideSpans(minY: 0, maxY: 12), [0...200])
        XCTAssertEqual(rect.insideSpans(minY: 88, maxY: 100), [0...200])
        XCTAssertEqual(rect.insideSpans(minY: 90, maxY: 102), [])
        XCTAssertEqual(rect.insideSpans(minY: -1, maxY: 11), [])
    }

    func testLShapedRegionKeepsItsArmDownToTheArmsEdge() {
        // ┌──────┐
        // │      │     the right arm ends at y = 100, the left one at y = 200
        // │   ┌──┘
        // └───┘
        let l = BezierPath(polygon: [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 100),
                                     Point(x: 100, y: 100), Point(x: 100, y: 200), Point(x: 0, y: 200)])
        XCTAssertEqual(l.insideSpans(minY: 88, maxY: 100), [0...200], "the band ending on the arm's bottom edge")
        XCTAssertEqual(l.insideSpans(minY: 94, maxY: 106), [0...100])
        XCTAssertEqual(l.insideSpans(minY: 100, maxY: 112), [0...100])
        XCTAssertEqual(l.blockedSpans(minY: 100, maxY: 112), [0...100], "the arm above no longer blocks")
        XCTAssertEqual(l.blockedSpans(minY: 94, maxY: 106), [0...200])
    }

    func testNotchWithinTheBandCutsTheLine() {
        // A square with a thin notch cut in from its left side between y = 115 and 125:
        // a band around the notch is inside at its top and bottom everywhere, yet the
        // notch takes the left 80 pt out of the middle.
        let notched = BezierPath(polygon: [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 200), Point(x: 0, y: 200),
                                           Point(x: 0, y: 125), Point(x: 80, y: 120), Point(x: 0, y: 115)])
        XCTAssertEqual(notched.insideSpans(minY: 110, maxY: 130), [80...200])
        XCTAssertEqual(notched.insideSpans(minY: 100, maxY: 112), [0...200])
        let partial = notched.insideSpans(minY: 118, maxY: 119)   // the notch's tip reaches x = 64 at y = 119
        XCTAssertEqual(partial.count, 1)
        XCTAssertEqual(partial.first?.lowerBound ?? 0, 64, accuracy: 1e-9)
        XCTAssertEqual(partial.first?.upperBound, 200)
        // The same notch as an obstacle blocks only where it reaches.
        let wedge = BezierPath(polygon: [Point(x: 0, y: 125), Point(x: 80, y: 120), Point(x: 0, y: 115)])
        XCTAssertEqual(wedge.blockedSpans(minY: 110, maxY: 130), [0...80])
        XCTAssertEqual(wedge.blockedSpans(minY: 100, maxY: 117), [0...32])

        // Two slanted strips: the top of one lies over the bottom of the other, but no
        // vertical through the band stays inside.
        var strips = BezierPath(polygon: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 40, y: 30), Point(x: 30, y: 30)])
        strips = BezierPath(elements: strips.elements
            + BezierPath(polygon: [Point(x: 20, y: 0), Point(x: 30, y: 0), Point(x: 60, y: 30), Point(x: 50, y: 30)]).elements)
        XCTAssertEqual(strips.insideSpans(minY: 0, maxY: 20), [])
        XCTAssertEqual(strips.insideSpans(minY: 0, maxY: 5), [5...10, 25...30])
    }

    func testTriangleBandsAgainstSampling() {
        let triangle = BezierPath(polygon: [Point(x: 150, y: 20), Point(x: 260, y: 250), Point(x: 40, y: 220)])
        for minY in stride(from: 0.0, to: 260, by: 13) {
            let maxY = minY + 12
            let blocked = triangle.blockedSpans(minY: minY, maxY: maxY)
            let inside = triangle.insideSpans(minY: minY, maxY: maxY)
            for x in stride(from: 30.25, to: 270, by: 1) {
                let ys = (Array(stride(from: minY, to: maxY, by: 0.1)) + [maxY]).map { Point(x: x, y: $0) }
                let anyIn = ys.contains(where: triangle.contains), allIn = ys.allSatisfy(triangle.contains)
                if signedDistance(x, to: blocked) > 0.5 {
                    XCTAssertFalse(anyIn, "x \(x) in band \(minY) is covered but outside \(blocked)")
                } else if signedDistance(x, to: blocked) < -0.5 {
                    XCTAssertTrue(anyIn, "x \(x) in band \(minY) is in \(blocked) but not covered")
                }
                if signedDistance(x, to: inside) < -0.5 {
                    XCTAssertTrue(allIn, "x \(x) in band \(minY) is in \(inside) but not wholly inside")
                } else if signedDistance(x, to: inside) > 0.5 {
                    XCTAssertFalse(allIn, "x \(x) in band \(minY) is wholly inside but outside \(inside)")
                }
            }
        }
    }

    func testConcaveShapeInsideSpansAgainstSampling() {
        // A crown: three points on top, so bands near the top cut into several spans.
        let crown = BezierPath(polygon: [Point(x: 0, y: 200), Point(x: 0, y: 20), Point(x: 50, y: 120), Point(x: 100, y: 0),
                                         Point(x: 150, y: 120), Point(x: 200, y: 20), Point(x: 200, y: 200)])
        var sawThreeSpans = false
        for minY in stride(from: 0.0, to: 190, by: 7) {
            let maxY = minY + 10
            let inside = crown.insideSpans(minY: minY, maxY: maxY)
            if inside.count == 3 { sawThreeSpans = true }
            XCTAssertEqual(inside, inside.sorted { $0.lowerBound < $1.lowerBound })
            for x in stride(from: 0.25, to: 200, by: 1) {
                let ys = (Array(stride(from: minY, to: maxY, by: 0.1)) + [maxY]).map { Point(x: x, y: $0) }
                let allIn = ys.allSatisfy(crown.contains)
                if signedDistance(x, to: inside) < -0.5 { XCTAssertTrue(allIn, "x \(x) band \(minY): \(inside)") }
                if signedDistance(x, to: inside) > 0.5 { XCTAssertFalse(allIn, "x \(x) band \(minY): \(inside)") }
            }
        }
        XCTAssertTrue(sawThreeSpans, "the crown's points split the top bands")
    }

    // MARK: Helpers

    private func square(_ x: Double, _ y: Double, _ side: Double) -> [Point] {
        [Point(x: x, y: y), Point(x: x + side, y: y), Point(x: x + side, y: y + side), Point(x: x, y: y + side)]
    }

    private func ellipseRadius(_ p: Point, rx: Double, ry: Double) -> Double {
        let dx = (p.x - rx) / rx, dy = (p.y - ry) / ry
        return (dx * dx + dy * dy).squareRoot()
    }

    private func assertRect(_ a: Rect, equals b: Rect, accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.height, b.height, accuracy: accuracy, file: file, line: line)
    }
}

/// Signed distance from `x` to the nearest span boundary: negative inside a span,
/// positive outside all of them.
func signedDistance(_ x: Double, to spans: [ClosedRange<Double>]) -> Double {
    var best = Double.infinity
    for s in spans {
        if s.contains(x) { return -min(x - s.lowerBound, s.upperBound - x) }
        best = min(best, x < s.lowerBound ? s.lowerBound - x : x - s.upperBound)
    }
    return best
}
