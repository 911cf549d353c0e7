/// One page as composed from the template: its master, margins, column sets and frames.
public struct ComposedPage: Sendable {
    /// 1-based position in the document (page 1 is a right-hand page).
    public var number: Int
    public var size: Size
    /// `first`, `opening`, `left`, `right` or `default`.
    public var master: String
    public var isLeftHand: Bool
    public var textArea: Rect
    public var columnSets: [ColumnSet]
    /// Frames with their rects on this page (mirrored on left-hand pages when the
    /// master is shared by both sides).
    public var frames: [Frame]

    /// Every container on the page with its origin, in the order text flows through them.
    public var columns: [(containerIndex: Int, origin: Point)] {
        columnSets.flatMap { set in zip(set.containerIndexes, set.rects).map { ($0, $1.origin) } }
    }
}
