/// How a cell's content sits vertically when its row is taller.
public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
    /// At the top (after the padding).
    case top
    /// Centred.
    case middle
    /// At the bottom.
    case bottom
    /// The first line's baseline on the row's first baseline (the lowest of its
    /// baseline-aligned cells').
    case baseline
}

/// One cell of a table, carried by each of the cell's paragraphs in
/// `ParagraphStyle.textBlocks` — TextKit's `NSTextTableBlock`: which table, which rows
/// and columns the cell covers, and how its box looks.
///
/// Consecutive paragraphs with equal blocks are one cell; cells follow each other in
/// the storage row by row, left to right. A cell of a nested table carries two blocks,
/// the outer table's first.
public struct TextTableBlock: Hashable, Sendable {
    /// The table the cell belongs to.
    public var table: TextTable
    /// The cell's first row (0-based) and how many rows it covers.
    public var startingRow: Int, rowSpan: Int
    /// The cell's first column (0-based) and how many columns it covers.
    public var startingColumn: Int, columnSpan: Int
    /// Space between the cell's borders and its text, per edge.
    public var padding: EdgeInsets
    /// The cell's borders per edge.
    public var borders: TableEdges
    /// The cell's background (above the table's row backgrounds).
    public var backgroundColor: Color?
    /// Where the content sits when the row is taller than it.
    public var verticalAlignment: VerticalAlignment
    /// The cell's row moves whole to the next column or page rather than split between
    /// lines when it does not fit the space left.
    public var keepsRowTogether: Bool
    /// The row is at least this tall (points; 0: as its content needs).
    public var minimumHeight: Double

    /// The cell at `startingRow`, `startingColumn` of `table`, covering `rowSpan` rows
    /// and `columnSpan` columns (both at least 1).
    public init(table: TextTable, startingRow: Int, rowSpan: Int = 1, startingColumn: Int, columnSpan: Int = 1,
                padding: EdgeInsets = EdgeInsets(top: 2, left: 4, bottom: 2, right: 4), borders: TableEdges = .none,
                backgroundColor: Color? = nil, verticalAlignment: VerticalAlignment = .top, keepsRowTogether: Bool = false,
                minimumHeight: Double = 0) {
        precondition(startingRow >= 0 && startingColumn >= 0 && rowSpan >= 1 && columnSpan >= 1,
                     "a cell starts at row and column 0 or later and covers at least one of each")
        self.table = table
        self.startingRow = startingRow; self.rowSpan = rowSpan
        self.startingColumn = startingColumn; self.columnSpan = columnSpan
        self.padding = padding; self.borders = borders; self.backgroundColor = backgroundColor
        self.verticalAlignment = verticalAlignment; self.keepsRowTogether = keepsRowTogether
        self.minimumHeight = minimumHeight
    }

    /// The rows the cell covers.
    public var rows: Range<Int> { startingRow..<(startingRow + rowSpan) }
    /// The columns the cell covers (clipped to the table's).
    public var columns: Range<Int> {
        min(startingColumn, table.columnCount - 1)..<min(startingColumn + columnSpan, table.columnCount)
    }
}
