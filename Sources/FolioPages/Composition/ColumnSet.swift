/// Columns side by side across a band of a page, all of one section.
public struct ColumnSet: Sendable {
    /// Index into the composer's section marks (-1 before the first mark).
    public var section: Int
    /// How the band is divided: the column count and the gutter. `rects` grows to
    /// `grid.count` as the flow reaches each column.
    public var grid: ColumnGrid
    /// How many columns the set has (`grid.count`).
    public var columnCount: Int { grid.count }
    /// Space between the columns in points (`grid.gutter`).
    public var gutter: Double { grid.gutter }
    /// Top of the band and the rects of the columns (page coordinates) made so far.
    public var top: Double
    /// The columns made so far, in page coordinates (points), left to right.
    public var rects: [Rect]
    /// The layout manager's container index of each column in `rects`, in the same order.
    public var containerIndexes: [Int]
    /// The rule drawn in each gutter; nil for none (always nil for one column).
    public var rule: ColumnRule?
    /// The columns' height when balanced (a section ending on this page with another
    /// after it); nil for columns down to the foot of the text area.
    public var height: Double?

    /// The lowest line's bottom in these columns, in page coordinates (the band's top
    /// when nothing is set in it yet).
    public func usedBottom(in manager: LayoutManager, vertical: Bool = false) -> Double {
        var bottom = top
        for (index, rect) in zip(containerIndexes, rects) {
            guard let last = manager.lineFragments(inContainerAt: index).last else { continue }
            // Vertical bands stack right to left: `top` counts the width used before the
            // band, its lines the width it uses (see `PageComposer.makeSet`).
            bottom = max(bottom, (vertical ? top : rect.minY) + last.rect.maxY)
        }
        return bottom
    }
}
