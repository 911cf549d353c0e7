/// Any region text can be set in. Given a horizontal band (a line's top and bottom),
/// a shape says where the whole band lies inside it.
public protocol ContainerShape: Sendable {
    /// The x-intervals, left to right, over which every point of the band
    /// `minY...maxY` is inside the shape (container coordinates).
    func insideSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>]
}

/// A plain rectangle (what a container is without a shape).
public struct RectangleShape: ContainerShape, Hashable {
    public var rect: Rect
    public init(_ rect: Rect) { self.rect = rect }
    public func insideSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        guard minY >= rect.minY - 1e-9, maxY <= rect.maxY + 1e-9, rect.width > 0 else { return [] }
        return [rect.minX...rect.maxX]
    }
}

extension BezierPath: ContainerShape {
    /// Where the band lies wholly inside the path: inside at the band's top, bottom and
    /// every vertex height between, and crossed by no edge.
    public func insideSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        let polygons = flattened()
        var levels = [minY, maxY]
        for poly in polygons { for p in poly where p.y > minY && p.y < maxY { levels.append(p.y) } }
        var inside: [ClosedRange<Double>]? = nil
        for y in levels {
            let spans = BezierPath.spans(polygons, at: y)
            inside = inside.map { BezierPath.intersect($0, spans) } ?? spans
            if inside!.isEmpty { return [] }
        }
        return BezierPath.subtract(inside ?? [], BezierPath.edgeRanges(polygons, minY: minY, maxY: maxY, interiorOnly: true))
    }

    /// Every x at which any part of the band `minY...maxY` is covered by the path's
    /// region: what an exclusion takes out of a line.
    public func blockedSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        let polygons = flattened()
        let b = bounds
        guard maxY > b.minY, minY < b.maxY else { return [] }
        var levels = [max(minY, b.minY), min(maxY, b.maxY)]
        for poly in polygons { for p in poly where p.y > minY && p.y < maxY { levels.append(p.y) } }
        var covered: [ClosedRange<Double>] = []
        for y in levels { covered += BezierPath.spans(polygons, at: y) }
        covered += BezierPath.edgeRanges(polygons, minY: minY, maxY: maxY, interiorOnly: false)
        return BezierPath.merge(covered)
    }

    /// The filled spans of a horizontal line at `y` (nonzero winding).
    static func spans(_ polygons: [[Point]], at y: Double) -> [ClosedRange<Double>] {
        var crossings: [(x: Double, dir: Int)] = []
        for poly in polygons {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y == b.y { continue }
                let (lo, hi) = a.y < b.y ? (a, b) : (b, a)
                // Half-open in y, so a vertex is counted once; the bottom row is closed.
                if y >= lo.y && (y < hi.y || (y == hi.y && y == maxYOf(polygons))) {
                    let t = (y - a.y) / (b.y - a.y)
                    crossings.append((a.x + t * (b.x - a.x), a.y < b.y ? 1 : -1))
                }
            }
        }
        crossings.sort { $0.x < $1.x }
        var result: [ClosedRange<Double>] = []
        var winding = 0
        var start = 0.0
        for c in crossings {
            let was = winding
            winding += c.dir
            if was == 0 && winding != 0 { start = c.x }
            if was != 0 && winding == 0 && c.x > start { result.append(start...c.x) }
        }
        return merge(result)
    }

    private static func maxYOf(_ polygons: [[Point]]) -> Double {
        polygons.flatMap { $0.map(\.y) }.max() ?? 0
    }

    /// The x-extent of every edge within the band.
    static func edgeRanges(_ polygons: [[Point]], minY: Double, maxY: Double, interiorOnly: Bool) -> [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = []
        for poly in polygons {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let lo = min(a.y, b.y), hi = max(a.y, b.y)
                if interiorOnly ? (hi <= minY || lo >= maxY) : (hi < minY || lo > maxY) { continue }
                if a.y == b.y {
                    if interiorOnly && (a.y <= minY || a.y >= maxY) { continue }
                    result.append(min(a.x, b.x)...max(a.x, b.x))
                    continue
                }
                func x(at y: Double) -> Double { a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) }
                let y0 = max(lo, minY), y1 = min(hi, maxY)
                let x0 = x(at: y0), x1 = x(at: y1)
                result.append(min(x0, x1)...max(x0, x1))
            }
        }
        return result
    }

    static func merge(_ spans: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        let sorted = spans.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<Double>] = []
        for s in sorted {
            if let last = result.last, s.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, s.upperBound)
            } else {
                result.append(s)
            }
        }
        return result
    }

    static func intersect(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = []
        for x in a {
            for y in b {
                let lo = max(x.lowerBound, y.lowerBound), hi = min(x.upperBound, y.upperBound)
                if lo < hi { result.append(lo...hi) }
            }
        }
        return merge(result)
    }

    /// `spans` minus `holes`.
    static func subtract(_ spans: [ClosedRange<Double>], _ holes: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var result = spans
        for h in merge(holes) {
            var next: [ClosedRange<Double>] = []
            for s in result {
                if h.upperBound <= s.lowerBound || h.lowerBound >= s.upperBound { next.append(s); continue }
                if h.lowerBound > s.lowerBound { next.append(s.lowerBound...h.lowerBound) }
                if h.upperBound < s.upperBound { next.append(h.upperBound...s.upperBound) }
            }
            result = next
        }
        return result
    }
}
