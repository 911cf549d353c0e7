/// A line along one edge of a table cell, or one of a table's rules: how thick and in
/// what colour.
public struct TableBorder: Hashable, Sendable {
    /// The line's thickness in points; 0 draws nothing.
    public var width: Double
    /// The line's colour.
    public var color: Color

    /// A line `width` points thick in `color`.
    public init(width: Double = 0.5, color: Color = .black) {
        self.width = width; self.color = color
    }
}

/// One value per edge of a box (top, left, bottom, right), as CSS gives borders and
/// padding; nil means none on that edge.
public struct TableEdges: Hashable, Sendable {
    /// The border along the top edge.
    public var top: TableBorder?
    /// The border along the leading (left) edge.
    public var left: TableBorder?
    /// The border along the bottom edge.
    public var bottom: TableBorder?
    /// The border along the trailing (right) edge.
    public var right: TableBorder?

    /// Borders per edge; nil edges have none.
    public init(top: TableBorder? = nil, left: TableBorder? = nil, bottom: TableBorder? = nil, right: TableBorder? = nil) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same border on all four edges.
    public init(all border: TableBorder?) { self.init(top: border, left: border, bottom: border, right: border) }

    /// No border on any edge.
    public static let none = TableEdges()
}
