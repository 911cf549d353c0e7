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

    /// Every column of `area`, left to right, as tall as the area.
    public func columns(in area: Rect) -> [Rect] {
        (0..<count).map { column($0, in: area, top: area.minY, height: area.height) }
    }
}
