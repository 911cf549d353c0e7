/// One page as composed from the template: its master, margins, column sets and frames.
public struct ComposedPage: Sendable {
    /// 1-based position in the document (page 1 is a right-hand page).
    public var number: Int
    /// Page size in points.
    public var size: Size
    /// `first`, `opening`, `left`, `right` or `default`.
    public var master: String
    /// True for even-numbered pages (on a mirrored template the margins and frames swap).
    public var isLeftHand: Bool
    /// The area inside the margins, in page coordinates (points).
    public var textArea: Rect
    /// The bands of columns on the page, top to bottom: one, or more when a section changes
    /// the column count on this page.
    public var columnSets: [ColumnSet]
    /// Frames with their rects on this page (mirrored on left-hand pages when the
    /// master is shared by both sides).
    public var frames: [Frame]
    /// Vertical: each column's container is in line space, turned a quarter turn
    /// clockwise into its rect (see `TextLayoutOrientation`).
    public var writingMode: TextLayoutOrientation = .horizontal

    /// Every container on the page with its rect on the page, in flow order.
    public var columnRects: [(containerIndex: Int, rect: Rect)] {
        columnSets.flatMap { set in zip(set.containerIndexes, set.rects).map { ($0, $1) } }
    }

    /// Every container on the page with its origin, in the order text flows through them.
    public var columns: [(containerIndex: Int, origin: Point)] {
        columnSets.flatMap { set in zip(set.containerIndexes, set.rects).map { ($0, $1.origin) } }
    }
}
