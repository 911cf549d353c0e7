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
    /// The cell's first row (0-based).
    public var startingRow: Int {
        get { Int(place.row) }
        set { place.row = Int32(clamping: newValue) }
    }
    /// How many rows the cell covers.
    public var rowSpan: Int {
        get { Int(place.rowSpan) }
        set { place.rowSpan = Int32(clamping: newValue) }
    }
    /// The cell's first column (0-based).
    public var startingColumn: Int {
        get { Int(place.column) }
        set { place.column = Int32(clamping: newValue) }
    }
    /// How many columns the cell covers.
    public var columnSpan: Int {
        get { Int(place.columnSpan) }
        set { place.columnSpan = Int32(clamping: newValue) }
    }
    /// Rows and columns in 32 bits each (a cell is copied into every paragraph style of
    /// its cell: a long table's memory).
    private var place: Place
    private struct Place: Hashable { var row: Int32, rowSpan: Int32, column: Int32, columnSpan: Int32 }
    /// The box settings, shared by every copy of a block until one changes them: a long
    /// table's cells, made from one block, then cost a few words each.
    private var box: Box

    /// Space between the cell's borders and its text, per edge.
    public var padding: EdgeInsets {
        get { box.padding }
        set { unshare(); box.padding = newValue }
    }
    /// The cell's borders per edge.
    public var borders: TableEdges {
        get { box.borders }
        set { unshare(); box.borders = newValue }
    }
    /// The cell's background (above the table's row backgrounds).
    public var backgroundColor: Color? {
        get { box.backgroundColor }
        set { unshare(); box.backgroundColor = newValue }
    }
    /// Where the content sits when the row is taller than it.
    public var verticalAlignment: VerticalAlignment {
        get { box.verticalAlignment }
        set { unshare(); box.verticalAlignment = newValue }
    }
    /// The cell's row moves whole to the next column or page rather than split between
    /// lines when it does not fit the space left.
    public var keepsRowTogether: Bool {
        get { box.keepsRowTogether }
        set { unshare(); box.keepsRowTogether = newValue }
    }
    /// The row is at least this tall (points; 0: as its content needs).
    public var minimumHeight: Double {
        get { box.minimumHeight }
        set { unshare(); box.minimumHeight = newValue }
    }

    /// The cell at `startingRow`, `startingColumn` of `table`, covering `rowSpan` rows
    /// and `columnSpan` columns (both at least 1).
    public init(table: TextTable, startingRow: Int, rowSpan: Int = 1, startingColumn: Int, columnSpan: Int = 1,
                padding: EdgeInsets = EdgeInsets(top: 2, left: 4, bottom: 2, right: 4), borders: TableEdges = .none,
                backgroundColor: Color? = nil, verticalAlignment: VerticalAlignment = .top, keepsRowTogether: Bool = false,
                minimumHeight: Double = 0) {
        precondition(startingRow >= 0 && startingColumn >= 0 && rowSpan >= 1 && columnSpan >= 1,
                     "a cell starts at row and column 0 or later and covers at least one of each")
        self.table = table
        place = Place(row: Int32(clamping: startingRow), rowSpan: Int32(clamping: rowSpan),
                      column: Int32(clamping: startingColumn), columnSpan: Int32(clamping: columnSpan))
        box = Box(padding: padding, borders: borders, backgroundColor: backgroundColor, verticalAlignment: verticalAlignment,
                  keepsRowTogether: keepsRowTogether, minimumHeight: minimumHeight)
    }

    /// The rows the cell covers (at least one, from row 0 on, whatever was set).
    public var rows: Range<Int> { max(0, startingRow)..<(max(0, startingRow) + max(1, rowSpan)) }
    /// The columns the cell covers (at least one, clipped to the table's).
    public var columns: Range<Int> {
        let first = min(max(0, startingColumn), table.columnCount - 1)
        return first..<min(first + max(1, columnSpan), table.columnCount)
    }

    /// Blocks are equal when they name the same table, rows and columns and look alike.
    public static func == (a: TextTableBlock, b: TextTableBlock) -> Bool {
        a.table === b.table && a.place == b.place && (a.box === b.box || a.box.values == b.box.values)
    }

    /// Hashes the table, rows and columns.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(table); hasher.combine(place)
    }

    private mutating func unshare() {
        if !isKnownUniquelyReferenced(&box) { box = box.copy() }
    }

    private final class Box: @unchecked Sendable {
        // Only written through a uniquely referenced copy (`unshare`): no read can overlap
        // a write, so the dynamic exclusivity checks are left out.
        @exclusivity(unchecked) var padding: EdgeInsets
        @exclusivity(unchecked) var borders: TableEdges
        @exclusivity(unchecked) var backgroundColor: Color?
        @exclusivity(unchecked) var verticalAlignment: VerticalAlignment
        @exclusivity(unchecked) var keepsRowTogether: Bool
        @exclusivity(unchecked) var minimumHeight: Double

        init(padding: EdgeInsets, borders: TableEdges, backgroundColor: Color?, verticalAlignment: VerticalAlignment,
             keepsRowTogether: Bool, minimumHeight: Double) {
            self.padding = padding; self.borders = borders; self.backgroundColor = backgroundColor
            self.verticalAlignment = verticalAlignment; self.keepsRowTogether = keepsRowTogether; self.minimumHeight = minimumHeight
        }

        func copy() -> Box {
            Box(padding: padding, borders: borders, backgroundColor: backgroundColor, verticalAlignment: verticalAlignment,
                keepsRowTogether: keepsRowTogether, minimumHeight: minimumHeight)
        }

        struct Values: Equatable {
            var padding: EdgeInsets, borders: TableEdges, backgroundColor: Color?, verticalAlignment: VerticalAlignment
            var keepsRowTogether: Bool, minimumHeight: Double
        }
        var values: Values { Values(padding: padding, borders: borders, backgroundColor: backgroundColor, verticalAlignment: verticalAlignment,
                                    keepsRowTogether: keepsRowTogether, minimumHeight: minimumHeight) }
    }
}
