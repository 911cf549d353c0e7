/// Columns side by side across a band of a page, all of one section.
public struct ColumnSet: Sendable {
    /// Index into the composer's section marks (-1 before the first mark).
    public var section: Int
    public var columnCount: Int
    /// Top of the band and the rects of the columns (page coordinates) made so far.
    public var top: Double
    public var rects: [Rect]
    public var containerIndexes: [Int]
    public var gutter: Double
    public var rule: ColumnRule?
    /// The columns' height when balanced (a section ending on this page with another
    /// after it); nil for columns down to the foot of the text area.
    public var height: Double?

    /// The lowest line's bottom in these columns, in page coordinates (the band's top
    /// when nothing is set in it yet).
    public func usedBottom(in manager: LayoutManager) -> Double {
        var bottom = top
        for (index, rect) in zip(containerIndexes, rects) {
            if let last = manager.lineFragments(inContainerAt: index).last { bottom = max(bottom, rect.minY + last.rect.maxY) }
        }
        return bottom
    }
}
