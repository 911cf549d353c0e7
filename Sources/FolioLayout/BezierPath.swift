/// A path of straight and cubic curved segments: the outline of an exclusion or of a
/// container's shape. The filled region follows the nonzero winding rule.
public struct BezierPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(rect: Rect) {
        move(to: rect.origin)
        line(to: Point(x: rect.maxX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// The ellipse inscribed in `rect`, as four cubic arcs.
    public init(ovalIn rect: Rect) {
        let k = 0.5522847498   // control distance of a quarter circle, as a share of the radius
        let cx = rect.minX + rect.width / 2, cy = rect.minY + rect.height / 2
        let rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// A closed polygon through `points`.
    public init(polygon points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
        close()
    }

    /// A rectangle with corners rounded to `radius`.
    public init(roundedRect rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        let k = 0.5522847498 * r
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

    public mutating func move(to p: Point) { elements.append(.move(to: p)) }
    public mutating func line(to p: Point) { elements.append(.line(to: p)) }
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }
    public mutating func close() { elements.append(.close) }

    /// The closed polygons the path encloses, curves replaced by chords no further than
    /// `tolerance` points from the curve.
    public func flattened(tolerance: Double = 0.1) -> [[Point]] {
        var polygons: [[Point]] = []
        var current: [Point] = []
        var last = Point.zero
        func flush() { if current.count > 2 { polygons.append(current) }; current = [] }
        for e in elements {
            switch e {
            case .move(let p):
                flush(); current = [p]; last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p); last = p
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                // Enough chords that the deviation stays under tolerance (a bound from the control polygon).
                let d = max(hypot(c1.x - 2 * last.x + p.x - (c2.x - c1.x), 0),
                            hypot(c1.x - last.x, c1.y - last.y) + hypot(c2.x - c1.x, c2.y - c1.y) + hypot(p.x - c2.x, p.y - c2.y))
                let steps = max(4, min(256, Int((d / max(tolerance, 1e-3)).squareRoot().rounded(.up))))
                for i in 1...steps {
                    let t = Double(i) / Double(steps), u = 1 - t
                    let x = u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    current.append(Point(x: x, y: y))
                }
                last = p
            case .close:
                if let first = current.first { last = first }
                flush()
            }
        }
        flush()
        return polygons
    }

    /// The smallest rect holding every point of the path (control points included).
    public var bounds: Rect {
        var xs: [Double] = [], ys: [Double] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .curve(let p, let a, let b): xs += [p.x, a.x, b.x]; ys += [p.y, a.y, b.y]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` is inside the filled region (nonzero winding).
    public func contains(_ point: Point) -> Bool {
        var winding = 0
        for polygon in flattened() {
            for i in 0..<polygon.count {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                if a.y <= point.y {
                    if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return winding != 0
    }

    private func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    private func hypot(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }
}
