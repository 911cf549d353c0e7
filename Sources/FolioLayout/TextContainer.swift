/// A region lines are set in: a size, insets, line-fragment padding, exclusion paths
/// the text flows around, and optionally any shape. The layout manager proposes a line
/// band at some y; the container answers with the fragments free for text there — more
/// than one when an obstacle splits the line.
public final class TextContainer {
    public var size: Size
    /// Space kept free inside the container's edges.
    public var insets = EdgeInsets.zero
    /// Space kept at both ends of every line fragment, so text does not touch an
    /// obstacle or the edge.
    public var lineFragmentPadding = 0.0
    /// Regions no text may enter (container coordinates).
    public var exclusionPaths: [BezierPath] = []
    /// The region text is set in; nil is the container's rectangle.
    public var shape: (any ContainerShape)?
    /// The most lines this container holds; 0 is no limit. With a truncating line-break
    /// mode, the last allowed line ends in an ellipsis.
    public var maximumNumberOfLines = 0
    /// Free pieces narrower than this are not offered as fragments.
    public var minimumFragmentWidth = 12.0

    public init(size: Size) { self.size = size }

    /// The container's rect less its insets.
    public var contentRect: Rect {
        Rect(x: insets.left, y: insets.top, width: size.width - insets.left - insets.right,
             height: size.height - insets.top - insets.bottom)
    }

    /// True when every line is as wide as the content rect, whatever its y.
    public var isSimpleRectangle: Bool { shape == nil && exclusionPaths.isEmpty }

    /// The fragments free for a line occupying `proposed` (container coordinates), left
    /// to right; empty when the band leaves the content rect or nothing is free.
    public func lineFragmentRects(proposed: Rect) -> [Rect] {
        let content = contentRect
        guard proposed.minY >= content.minY - 1e-6, proposed.maxY <= content.maxY + 1e-6 else { return [] }
        let x0 = max(proposed.minX, content.minX), x1 = min(proposed.maxX, content.maxX)
        guard x1 > x0 else { return [] }
        var free: [ClosedRange<Double>] = [x0...x1]
        if let shape {
            free = BezierPath.intersect(free, shape.insideSpans(minY: proposed.minY, maxY: proposed.maxY))
        }
        if !exclusionPaths.isEmpty {
            let blocked = exclusionPaths.flatMap { $0.blockedSpans(minY: proposed.minY, maxY: proposed.maxY) }
            free = BezierPath.subtract(free, blocked)
        }
        return free.filter { $0.upperBound - $0.lowerBound >= minimumFragmentWidth }.map {
            Rect(x: $0.lowerBound, y: proposed.minY, width: $0.upperBound - $0.lowerBound, height: proposed.height)
        }
    }

    /// TextKit's form of the query: the first free fragment of `proposed`, and the rest
    /// of the proposed rect beyond it (nil when no other fragment follows). Asking again
    /// with the remaining rect gives the next fragment.
    public func lineFragmentRect(proposed: Rect) -> (fragment: Rect, remaining: Rect?) {
        let fragments = lineFragmentRects(proposed: proposed)
        guard let first = fragments.first else { return (Rect(x: proposed.minX, y: proposed.minY, width: 0, height: proposed.height), nil) }
        guard fragments.count > 1 else { return (first, nil) }
        let remaining = Rect(x: first.maxX, y: proposed.minY, width: proposed.maxX - first.maxX, height: proposed.height)
        return (first, remaining)
    }
}
