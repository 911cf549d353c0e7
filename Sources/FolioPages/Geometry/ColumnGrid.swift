/// Columns side by side with gutters between them, dividing a text area: the one place
/// Folio turns a column count and a gutter into column widths and positions (page
/// geometry, the page composer's bands of columns, the width a document is built for).
public struct ColumnGrid: Hashable, Sendable {
    /// How many columns, at least 1.
    public var count: Int
    /// Space between neighbouring columns, in points.
    public var gutter: Double

    /// `count` columns (at least 1) with `gutter` points between neighbours.
    public init(count: Int, gutter: Double) {
        self.count = max(count, 1); self.gutter = gutter
    }

    /// The width of each column across `width` points.
    public func columnWidth(across width: Double) -> Double {
        (width - gutter * Double(count - 1)) / Double(count)
    }

    /// Column `index` (from the left) of a band starting at `top`, `height` tall, across
    /// `area`'s width.
    public func column(_ index: Int, in area: Rect, top: Double, height: Double) -> Rect {
        let w = columnWidth(across: area.width)
        return Rect(x: area.minX + Double(index) * (w + gutter), y: top, width: w, height: height)
    }

    /// Column `index` of vertical text (段, tiers): the area's height split into `count`
    /// tiers, top to bottom, `gutter` apart; each as wide as the area less `used` (the
    /// width earlier bands took from its right edge).
    public func verticalColumn(_ index: Int, in area: Rect, used: Double) -> Rect {
        let h = columnWidth(across: area.height)
        return Rect(x: area.minX, y: area.minY + Double(index) * (h + gutter), width: max(1, area.width - used), height: h)
    }

    /// Every column of `area`, left to right, as tall as the area.
    public func columns(in area: Rect) -> [Rect] {
        (0..<count).map { column($0, in: area, top: area.minY, height: area.height) }
    }
}
