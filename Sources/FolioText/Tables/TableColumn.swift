/// How wide a table column is.
public enum TableColumnWidth: Hashable, Sendable {
    /// From its cells' content, as CSS's automatic table layout does: as wide as its
    /// widest line when there is room, never narrower than its longest unbreakable word
    /// unless the table cannot fit otherwise.
    case automatic
    /// A fixed width in points (the cell's padding included).
    case points(Double)
    /// A fraction of the width the table is set in (0.3 is 30 %).
    case fraction(Double)
    /// A share of what the fixed, fractional and automatic columns leave (`1fr`, `2fr`).
    case flexible(Double)
}

/// How a column's cells line up horizontally. Paragraph alignment still applies inside
/// a cell; `decimal` overrides it.
public enum TableColumnAlignment: Hashable, Sendable {
    /// Each cell's paragraphs keep their own alignment.
    case natural
    /// The cells' numbers line up on their decimal separator (the first of
    /// `separators` in each line; a number without one lines up on its end). The
    /// aligned block sits at the column's trailing edge.
    case decimal(separators: Set<Character> = [".", ","])
}

/// What a table knows of one of its columns.
public struct TableColumn: Hashable, Sendable {
    /// How the column's width is found.
    public var width: TableColumnWidth
    /// How its cells line up.
    public var alignment: TableColumnAlignment

    /// A column `width` wide whose cells line up as `alignment` says.
    public init(width: TableColumnWidth = .automatic, alignment: TableColumnAlignment = .natural) {
        self.width = width; self.alignment = alignment
    }
}
