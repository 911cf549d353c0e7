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

    /// The bottom of what is set in these columns — lines, floating blocks, notes at their
    /// feet — in page coordinates (the band's top when nothing is set in it yet): a band
    /// below starts there and overlaps none of it.
    public func usedBottom(in manager: LayoutManager, vertical: Bool = false) -> Double {
        var bottom = top
        for (index, rect) in zip(containerIndexes, rects) {
            // Vertical bands stack right to left: `top` counts the width used before the
            // band, its lines the width it uses (see `PageComposer.makeSet`).
            let origin = vertical ? top : rect.minY
            if let last = manager.lineFragments(inContainerAt: index).last { bottom = max(bottom, origin + last.rect.maxY) }
            if manager.textStorage.hasFloatingBlocks {
                for block in manager.floatingBlocks(inContainerAt: index) { bottom = max(bottom, origin + block.rect.maxY) }
            }
            if manager.textStorage.hasFootnotes, let last = manager.footnoteArea(inContainerAt: index)?.lines.last {
                bottom = max(bottom, origin + last.rect.maxY)
            }
        }
        return bottom
    }
}
