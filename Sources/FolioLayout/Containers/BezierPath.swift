/// An outline made of straight and cubic curved segments: how an exclusion (text flows
/// around it) or a container's shape (text flows inside it) is described. It is a value,
/// so a container can be copied or compared without sharing obstacles, and the filled
/// region follows the nonzero winding rule, as Cairo and PDF fill it by default — what
/// is drawn as a guide is what text avoids.
///
/// Coordinates are PDF points with y growing downwards (container coordinates).
public struct BezierPath: Hashable, Sendable {
    /// One step of the outline, in the vocabulary PDF and Cairo paths share, so a path
    /// can be drawn element for element.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath; the previous one, if left open, is closed implicitly
        /// when the region is computed.
        case move(to: Point)
        /// A straight segment from the current point to `to`.
        case line(to: Point)
        /// A cubic Bézier segment from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// Ends the subpath with a straight line back to its start.
        case close
    }

    /// The outline as built, kept verbatim so a renderer can stroke exactly what the
    /// layout avoided.
    public private(set) var elements: [Element] = []

    /// How far (points) flattened chords may stray from the true curve when the region
    /// is computed: a tenth of a point is invisible at print sizes and keeps an ellipse
    /// to a few dozen edges.
    public static let defaultTolerance = 0.1

    /// An empty path, to be built with `move(to:)`, `line(to:)`, `curve(…)`, `close()`.
    public init() {}

    /// A path from elements produced elsewhere (a decoded template, another path).
    public init(elements: [Element]) { self.elements = elements }

    /// The commonest obstacle: a pull quote, an image box, a sidebar.
    public init(rect: Rect) {
        move(to: rect.origin)
        line(to: Point(x: rect.maxX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// The ellipse inscribed in `rect`, as four cubic quarter arcs (the usual
    /// approximation, within 0.03 % of the radius of the true ellipse).
    public init(ovalIn rect: Rect) {
        let k = BezierPath.kappa
        let cx = rect.minX + rect.width / 2, cy = rect.minY + rect.height / 2
        let rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// A closed polygon through `points`, for cut-outs that follow an image's outline;
    /// fewer than three points make an empty region.
    public init(polygon points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
        close()
    }

    /// A rectangle with corners rounded to `radius`, clamped to half the shorter side so
    /// the corners never overlap.
    public init(roundedRect rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let k = BezierPath.kappa * r
        move(to: Point(x: rect.minX + r, y: rect.minY))
        line(to: Point(x: rect.maxX - r, y: rect.minY))
        curve(to: Point(x: rect.maxX, y: rect.minY + r), control1: Point(x: rect.maxX - r + k, y: rect.minY),
              control2: Point(x: rect.maxX, y: rect.minY + r - k))
        line(to: Point(x: rect.maxX, y: rect.maxY - r))
        curve(to: Point(x: rect.maxX - r, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - r + k),
              control2: Point(x: rect.maxX - r + k, y: rect.maxY))
        line(to: Point(x: rect.minX + r, y: rect.maxY))
        curve(to: Point(x: rect.minX, y: rect.maxY - r), control1: Point(x: rect.minX + r - k, y: rect.maxY),
              control2: Point(x: rect.minX, y: rect.maxY - r + k))
        line(to: Point(x: rect.minX, y: rect.minY + r))
        curve(to: Point(x: rect.minX + r, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + r - k),
              control2: Point(x: rect.minX + r - k, y: rect.minY))
        close()
    }

    /// Control distance of a quarter circle as a share of its radius.
    private static let kappa = 0.5522847498307936

    /// Begins a subpath, so one path can hold several separate obstacles.
    public mutating func move(to p: Point) { elements.append(.move(to: p)) }
    /// Adds a straight edge; without a preceding `move(to:)` it starts at the origin.
    public mutating func line(to p: Point) { elements.append(.line(to: p)) }
    /// Adds a cubic curve from the current point.
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }
    /// Closes the current subpath; the next segment starts where it began.
    public mutating func close() { elements.append(.close) }

    // MARK: Geometry

    /// The tight box around the outline (curves measured at their extremes, not their
    /// control points), so an ellipse's bounds are its rect: what a renderer or a page
    /// layout reserves for the obstacle. `.zero` for an empty path.
    public var bounds: Rect {
        var box = BoundsAccumulator()
        var current = Point.zero, start = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                box.add(p); current = p; start = p
            case .line(let p):
                box.add(current); box.add(p); current = p
            case .curve(let p, let c1, let c2):
                box.add(current); box.add(p)
                for t in BezierPath.extremaParameters(current.x, c1.x, c2.x, p.x)
                    + BezierPath.extremaParameters(current.y, c1.y, c2.y, p.y) {
                    box.add(BezierPath.point(current, c1, c2, p, at: t))
                }
                current = p
            case .close:
                current = start
            }
        }
        return box.rect
    }

    /// A box sure to hold the whole outline (control points included), cheap enough to
    /// reject a line band far from an obstacle before flattening anything.
    var controlBounds: Rect {
        var box = BoundsAccumulator()
        for e in elements {
            switch e {
            case .move(let p), .line(let p): box.add(p)
            case .curve(let p, let c1, let c2): box.add(p); box.add(c1); box.add(c2)
            case .close: break
            }
        }
        return box.rect
    }

    /// The closed polygons of the region, each curve replaced by chords that stray no
    /// more than `tolerance` points from it. Curves are split where they bend, not at
    /// even steps, so gentle arcs cost few edges and tight corners get many. Subpaths
    /// are closed implicitly; those enclosing no area (fewer than three distinct
    /// points) and points that are not finite are left out.
    public func flattened(tolerance: Double = BezierPath.defaultTolerance) -> [[Point]] {
        let tol = tolerance.isFinite ? max(tolerance, 1e-3) : BezierPath.defaultTolerance
        var polygons: [[Point]] = []
        var ring: [Point] = []
        var start = Point.zero, current = Point.zero
        func finishRing() {
            var clean: [Point] = []
            clean.reserveCapacity(ring.count)
            for p in ring where p.x.isFinite && p.y.isFinite && p != clean.last { clean.append(p) }
            while clean.count > 1, clean.last == clean.first { clean.removeLast() }
            if clean.count >= 3 { polygons.append(clean) }
            ring = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finishRing()
                ring = [p]; start = p; current = p
            case .line(let p):
                if ring.isEmpty { ring = [current]; start = current }
                ring.append(p); current = p
            case .curve(let p, let c1, let c2):
                if ring.isEmpty { ring = [current]; start = current }
                BezierPath.flattenCurve(current, c1, c2, p, tolerance: tol, into: &ring)
                current = p
            case .close:
                finishRing()
                current = start
            }
        }
        finishRing()
        return polygons
    }

    /// Whether `point` is in the filled region (nonzero winding): the test a caller uses
    /// to check that text keeps out of an obstacle. Points exactly on the outline may go
    /// either way.
    public func contains(_ point: Point) -> Bool {
        let hull = controlBounds
        guard point.x >= hull.minX, point.x <= hull.maxX, point.y >= hull.minY, point.y <= hull.maxY else { return false }
        return BezierPath.winding(of: point, in: flattened()) != 0
    }

    /// Every x at which any part of the band `minY...maxY` is covered by the region: what
    /// an exclusion takes out of a line set in that band. A band that only touches the
    /// region along its top or bottom edge is not blocked.
    ///
    /// Exact for the flattened polygons: an x is covered either at the band's top or
    /// bottom, or the region's outline crosses the vertical at x inside the band — then
    /// x lies in the x-range of some edge clipped to the band. So the answer is the
    /// cross-sections at `minY` and `maxY` plus those clipped edge ranges, merged.
    public func blockedSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        guard minY.isFinite, maxY.isFinite, maxY >= minY, !elements.isEmpty else { return [] }
        let hull = controlBounds
        guard hull.maxY >= minY, hull.minY <= maxY else { return [] }
        let polygons = flattened()
        if maxY == minY {
            return SpanList.merge(BezierPath.crossSection(polygons, at: minY, side: .after)
                + BezierPath.crossSection(polygons, at: minY, side: .before))
        }
        var covered = BezierPath.crossSection(polygons, at: minY, side: .after)
        covered += BezierPath.crossSection(polygons, at: maxY, side: .before)
        covered += BezierPath.edgeRanges(polygons, minY: minY, maxY: maxY)
        return SpanList.merge(covered)
    }
}

// MARK: - Curve arithmetic

extension BezierPath {
    static func point(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has a turning point.
    static func extremaParameters(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // B'(t)/3 = a t² + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0, scale.isFinite else { return [] }
        if abs(a) <= 1e-12 * scale {
            if abs(b) > 1e-12 * scale { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-b + s) / (2 * a))
                roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// Appends the chord end points approximating the cubic `p0…p3` (without `p0`),
    /// halving each piece until its control points lie close enough to its chord.
    /// The test (Willcocks') bounds the distance between the curve and the chord by
    /// `tolerance`; a depth limit keeps absurd inputs from running away.
    static func flattenCurve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double,
                             into out: inout [Point]) {
        let limit = 16 * tolerance * tolerance
        var stack: [(Point, Point, Point, Point, Int)] = [(p0, p1, p2, p3, 0)]
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        while let (a, b, c, d, depth) = stack.popLast() {
            let ux = 3 * b.x - 2 * a.x - d.x, uy = 3 * b.y - 2 * a.y - d.y
            let vx = 3 * c.x - a.x - 2 * d.x, vy = 3 * c.y - a.y - 2 * d.y
            let deviation = max(ux * ux, vx * vx) + max(uy * uy, vy * vy)
            if depth >= 16 || !(deviation > limit) {
                out.append(d)
                continue
            }
            let ab = mid(a, b), bc = mid(b, c), cd = mid(c, d)
            let abc = mid(ab, bc), bcd = mid(bc, cd), m = mid(abc, bcd)
            stack.append((m, bcd, cd, d, depth + 1))
            stack.append((a, ab, abc, m, depth + 1))
        }
    }
}

// MARK: - Cross-sections of the flattened region

extension BezierPath {
    /// Which side of a height a cross-section describes: just after it (larger y, the
    /// top of a band) or just before it (smaller y, the bottom of a band). Taking the
    /// limit from inside the band is what makes a band that merely touches a region's
    /// edge count as clear of it, and one that ends on a container's bottom edge count
    /// as inside.
    enum Side { case after, before }

    /// The filled x-spans (nonzero winding) of the horizontal line at `y`, as the limit
    /// from `side`; sorted, disjoint, zero-width spans dropped.
    static func crossSection(_ polygons: [[Point]], at y: Double, side: Side) -> [ClosedRange<Double>] {
        var crossings: [(x: Double, direction: Int)] = []
        for polygon in polygons {
            var a = polygon[polygon.count - 1]
            for b in polygon {
                defer { a = b }
                if a.y == b.y { continue }
                let lo = min(a.y, b.y), hi = max(a.y, b.y)
                let crosses = side == .after ? (lo <= y && y < hi) : (lo < y && y <= hi)
                guard crosses else { continue }
                let x = y == a.y ? a.x : y == b.y ? b.x : a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                crossings.append((x, a.y < b.y ? 1 : -1))
            }
        }
        crossings.sort { $0.x < $1.x }
        var spans: [ClosedRange<Double>] = []
        var winding = 0, start = 0.0
        for c in crossings {
            let before = winding
            winding += c.direction
            if before == 0 && winding != 0 { start = c.x }
            if before != 0 && winding == 0 && c.x > start { spans.append(start...c.x) }
        }
        return SpanList.merge(spans)
    }

    /// The x-range of every edge that enters the open band `minY < y < maxY`, clipped to
    /// the band: where the outline crosses some vertical inside the band.
    static func edgeRanges(_ polygons: [[Point]], minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        var ranges: [ClosedRange<Double>] = []
        for polygon in polygons {
            var a = polygon[polygon.count - 1]
            for b in polygon {
                defer { a = b }
                let lo = min(a.y, b.y), hi = max(a.y, b.y)
                if a.y == b.y {
                    if a.y > minY && a.y < maxY { ranges.append(min(a.x, b.x)...max(a.x, b.x)) }
                    continue
                }
                guard hi > minY, lo < maxY else { continue }
                func x(at y: Double) -> Double {
                    y == a.y ? a.x : y == b.y ? b.x : a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                }
                let x0 = x(at: max(lo, minY)), x1 = x(at: min(hi, maxY))
                ranges.append(min(x0, x1)...max(x0, x1))
            }
        }
        return ranges
    }

    /// The winding number of the outline around `point` (crossings of a ray towards +x).
    static func winding(of point: Point, in polygons: [[Point]]) -> Int {
        var winding = 0
        for polygon in polygons {
            var a = polygon[polygon.count - 1]
            for b in polygon {
                defer { a = b }
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y {
                    if b.y > point.y && side > 0 { winding += 1 }
                } else if b.y <= point.y && side < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }
}

/// Grows a box point by point; `.zero` when nothing was added.
private struct BoundsAccumulator {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    mutating func add(_ p: Point) {
        guard p.x.isFinite, p.y.isFinite else { return }
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }
    var rect: Rect {
        minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .zero
    }
}
