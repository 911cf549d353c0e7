/// Any region text can be set in — a circle, a silhouette, a page with a notch. The layout
/// never needs the whole outline, only where a line fits, so that is all a shape answers:
/// given a line's band, where does the band lie wholly inside. Conform your own type to
/// lay text into shapes a `BezierPath` describes poorly (an analytic curve, a bitmap
/// mask).
public protocol ContainerShape: Sendable {
    /// The x-intervals (container coordinates), sorted left to right and disjoint, over
    /// which every point of the band `minY...maxY` is inside the shape: a line set there
    /// touches nothing outside. Empty when the band fits nowhere.
    func insideSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>]
}

/// A plain rectangle — what a container is without a shape — for combining with or
/// standing in for other shapes where a `ContainerShape` value is wanted.
public struct RectangleShape: ContainerShape, Hashable {
    /// The rectangle, in container coordinates.
    public var rect: Rect

    /// A shape that is `rect` (container coordinates, points).
    public init(_ rect: Rect) { self.rect = rect }

    /// The rectangle's full width when the band lies within its height, else nothing.
    public func insideSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        guard minY <= maxY, minY >= rect.minY - 1e-9, maxY <= rect.maxY + 1e-9, rect.width > 0 else { return [] }
        return [rect.minX...rect.maxX]
    }
}

extension BezierPath: ContainerShape {
    /// Where the band lies wholly inside the filled region (nonzero winding).
    ///
    /// Exact for the flattened polygons: an x is inside for the whole band when it is
    /// inside at the band's top and bottom and no edge of the outline crosses the
    /// vertical at x within the band — with no crossing, the winding number cannot change
    /// along it. So the answer is the cross-sections at `minY` and `maxY` intersected,
    /// less the x-range of every edge clipped to the band. (Sampling the heights of the
    /// vertices in between would add nothing: any change there comes from an edge, and
    /// edges are subtracted. Where subpaths overlap, an edge buried inside the region
    /// still cuts the line: the answer then errs on the side of less room.)
    public func insideSpans(minY: Double, maxY: Double) -> [ClosedRange<Double>] {
        guard minY.isFinite, maxY.isFinite, maxY >= minY, !elements.isEmpty else { return [] }
        let hull = controlBounds
        guard minY >= hull.minY, maxY <= hull.maxY else { return [] }
        let polygons = flattened()
        let top = BezierPath.crossSection(polygons, at: minY, side: .after)
        let bottom = BezierPath.crossSection(polygons, at: maxY, side: .before)
        let inside = SpanList.intersect(top, bottom)
        guard !inside.isEmpty, maxY > minY else { return inside }
        return SpanList.subtract(inside, BezierPath.edgeRanges(polygons, minY: minY, maxY: maxY))
    }
}
