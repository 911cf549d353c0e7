/// A region lines are set in — a column, a page's text block, a frame of a template — with
/// the obstacles text flows around. The layout manager never asks a container for its
/// geometry as a whole, only "a line of this height at this y: where can it go?", so
/// rectangles, circles and pages with cut-outs all look the same to the typesetter. More
/// than one fragment comes back when an obstacle splits the line.
///
/// Not thread-safe: a container belongs to the layout manager it is added to. Changing its
/// geometry (size, insets, padding, exclusions, shape, line limit) lays the text out again
/// from this container on, as TextKit does; the next query sees the new layout.
public final class TextContainer {
    /// The container's extent; its top-left corner is the origin of container coordinates.
    public var size: Size { didSet { geometryChanged() } }

    /// Space kept free inside the container's edges, so a frame's border or background
    /// can extend past the text.
    public var insets = EdgeInsets.zero { didSet { geometryChanged() } }

    /// Space kept at both ends of every line fragment, so text does not touch an obstacle
    /// or the edge. Fragments are returned *including* it (they meet the obstacle); the
    /// layout insets the text within them.
    public var lineFragmentPadding = 0.0 { didSet { geometryChanged() } }

    /// Regions no text may enter (container coordinates), e.g. an image the text wraps
    /// around. A line loses every x at which any part of its band touches one.
    public var exclusionPaths: [BezierPath] = [] { didSet { geometryChanged() } }

    /// The region text is set in, for text filling a circle or a silhouette; nil is the
    /// container's rectangle. Lines go only where their whole band is inside.
    public var shape: (any ContainerShape)? { didSet { geometryChanged() } }

    /// The most lines this container holds, 0 for no limit: for fields of a template that
    /// must not grow. With a truncating line-break mode, the last allowed line ends in an
    /// ellipsis; otherwise the text continues in the next container.
    public var maximumNumberOfLines = 0 { didSet { geometryChanged() } }

    /// Free pieces narrower than this (points) are not offered as fragments: a sliver
    /// beside an obstacle would hold a letter or two and read as noise.
    public var minimumFragmentWidth = 12.0 { didSet { geometryChanged() } }

    /// The layout manager whose chain holds the container (set when it is added).
    weak var owner: LayoutManager?

    private func geometryChanged() { owner?.textContainerChangedGeometry(self) }

    /// A rectangular container of `size`, with no insets, padding or obstacles.
    public init(size: Size) { self.size = size }

    /// Where text may go before shape and exclusions: the container's rect less its
    /// insets. Width or height is negative when the insets do not fit, and then no
    /// line fits either.
    public var contentRect: Rect {
        Rect(x: insets.left, y: insets.top, width: size.width - insets.left - insets.right,
             height: size.height - insets.top - insets.bottom)
    }

    /// True when every line is as wide as the content rect, whatever its y: the layout
    /// can then break a paragraph for one width without asking about each line.
    public var isSimpleRectangle: Bool { shape == nil && exclusionPaths.isEmpty }

    /// The fragments free for a line occupying `proposed` (container coordinates), left to
    /// right: the proposed x-range within the content rect and the shape, less every
    /// exclusion, each piece as tall as `proposed` and at least `minimumFragmentWidth`
    /// wide. Empty when the band leaves the content rect vertically or nothing is free —
    /// the caller moves down and asks again.
    public func lineFragmentRects(proposed: Rect) -> [Rect] {
        // A plain rectangle (every column of a book): one fragment, without the span lists.
        if isSimpleRectangle { return plainFragment(proposed: proposed).map { [$0] } ?? [] }
        let content = contentRect
        guard proposed.height >= 0,
              proposed.minY >= content.minY - 1e-6, proposed.maxY <= content.maxY + 1e-6 else { return [] }
        let x0 = max(proposed.minX, content.minX), x1 = min(proposed.maxX, content.maxX)
        guard x1 > x0 else { return [] }
        let narrowest = max(minimumFragmentWidth, 1e-9)
        var free: [ClosedRange<Double>] = [x0...x1]
        if let shape {
            free = SpanList.intersect(free, shape.insideSpans(minY: proposed.minY, maxY: proposed.maxY))
        }
        if !exclusionPaths.isEmpty, !free.isEmpty {
            var blocked: [ClosedRange<Double>] = []
            for path in exclusionPaths { blocked += path.blockedSpans(minY: proposed.minY, maxY: proposed.maxY) }
            free = SpanList.subtract(free, blocked)
        }
        return free.compactMap { span in
            let width = span.upperBound - span.lowerBound
            return width >= narrowest ? Rect(x: span.lowerBound, y: proposed.minY, width: width, height: proposed.height) : nil
        }
    }

    /// What `lineFragmentRects(proposed:)` gives for a plain rectangle
    /// (`isSimpleRectangle`), without making an array: its one fragment, or nil for none.
    func plainFragment(proposed: Rect) -> Rect? {
        let content = contentRect
        guard proposed.height >= 0,
              proposed.minY >= content.minY - 1e-6, proposed.maxY <= content.maxY + 1e-6 else { return nil }
        let x0 = max(proposed.minX, content.minX), x1 = min(proposed.maxX, content.maxX)
        guard x1 > x0, x1 - x0 >= max(minimumFragmentWidth, 1e-9) else { return nil }
        return Rect(x: x0, y: proposed.minY, width: x1 - x0, height: proposed.height)
    }

    /// TextKit's form of the query, for callers that fill one fragment at a time: the
    /// first free fragment of `proposed`, and the rest of the proposed rect beyond it
    /// (from the fragment's end to the proposal's), or nil when no other fragment
    /// follows. Asking again with the remaining rect gives the next fragment. When
    /// nothing is free the fragment has zero width at the proposal's origin.
    public func lineFragmentRect(proposed: Rect) -> (fragment: Rect, remaining: Rect?) {
        let fragments = lineFragmentRects(proposed: proposed)
        guard let first = fragments.first else {
            return (Rect(x: proposed.minX, y: proposed.minY, width: 0, height: proposed.height), nil)
        }
        guard fragments.count > 1 else { return (first, nil) }
        let remaining = Rect(x: first.maxX, y: proposed.minY, width: proposed.maxX - first.maxX, height: proposed.height)
        return (first, remaining)
    }
}
