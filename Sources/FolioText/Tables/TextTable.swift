/// A table: the object every cell of one table points to, as `NSTextTable` is in
/// TextKit. Its cells are paragraphs of the storage whose `ParagraphStyle.textBlocks`
/// end in a `TextTableBlock` naming this table (and the cell's row and column); the
/// layout manager sets the table where its first cell's paragraph falls in the flow.
///
/// Tables compare by identity: two tables with equal settings are still two tables.
/// A table is immutable; to change one, make a new table and restyle its cells.
public final class TextTable: Hashable, Sendable, CustomStringConvertible {
    /// How the column widths are found.
    public enum LayoutAlgorithm: String, Hashable, Sendable {
        /// From the cells' content (CSS `table-layout: auto`): reads every cell first.
        case automatic
        /// From the columns' given widths alone, the rest shared equally (CSS
        /// `table-layout: fixed`): faster for long tables, content does not matter.
        case fixed
    }

    /// How wide the table is set.
    public enum Width: Hashable, Sendable {
        /// As wide as its content wants, at most the width available.
        case automatic
        /// The whole width available (`fraction(1)`), or a fraction of it.
        case fraction(Double)
        /// A width in points (at most the width available).
        case points(Double)
    }

    /// The number of columns.
    public let columnCount: Int
    /// One entry per column (missing ones are automatic and naturally aligned).
    public let columns: [TableColumn]
    /// How column widths are found.
    public let layoutAlgorithm: LayoutAlgorithm
    /// How wide the table is.
    public let width: Width
    /// Whether adjoining cells share one border (the wider wins, as in CSS's collapsing
    /// border model) instead of each drawing its own.
    public let collapsesBorders: Bool
    /// How many rows at the top are headers: repeated at the top of every column or page
    /// the table continues into.
    public let headerRowCount: Int
    /// Whether the header rows repeat after a break (else they are set once, at the top).
    public let repeatsHeader: Bool
    /// How many rows at the bottom are footers: also repeated at the bottom of every
    /// part of the table that a column or page break ends.
    public let footerRowCount: Int
    /// Whether the footer rows also end every part a break ends (else they are set once,
    /// at the table's end).
    public let repeatsFooter: Bool
    /// Backgrounds cycled over the body rows (zebra stripes), nil entries for none; a
    /// cell's own background wins.
    public let rowBackgrounds: [Color?]
    /// The table's rules: `top` above the first row, `bottom` under the last,
    /// `left`/`right` down its sides.
    public let frame: TableEdges
    /// A rule under the header rows (booktabs' mid rule).
    public let headerRule: TableBorder?
    /// A rule between body rows.
    public let rowRule: TableBorder?
    /// A rule between columns.
    public let columnRule: TableBorder?
    /// Text set above each continuation part of the table (for example "continued"),
    /// in `continuationAttributes`; nil for none.
    public let continuationLabel: String?
    /// The attributes of `continuationLabel` (unset ones come from the layout defaults).
    public let continuationAttributes: TextAttributes
    /// Text in a footer cell replaced by the total of its column's body cells set so far
    /// (`ColumnTotal` reads the numbers as written): in the footers repeated at breaks a
    /// running subtotal, in the last one the table's total. Nil: footers are set as written.
    public let totalMarker: String?
    /// Text in a footer cell replaced by the total of its column's body cells in this part
    /// of the table alone (this column or page): a page total. Nil: none.
    public let partTotalMarker: String?
    /// Space above and below the table, in points.
    public let spacingBefore: Double, spacingAfter: Double
    /// Where a table narrower than the width available sits in it.
    public enum Placement: String, Hashable, Sendable { case leading, center, trailing }
    /// Where a table narrower than the width available sits.
    public let placement: Placement

    /// A table of `columnCount` columns; every other setting has a plain default (no
    /// rules, no header, automatic widths).
    public init(columnCount: Int, columns: [TableColumn] = [], layoutAlgorithm: LayoutAlgorithm = .automatic,
                width: Width = .automatic, collapsesBorders: Bool = true, headerRowCount: Int = 0, repeatsHeader: Bool = true, footerRowCount: Int = 0, repeatsFooter: Bool = true,
                rowBackgrounds: [Color?] = [], frame: TableEdges = .none, headerRule: TableBorder? = nil,
                rowRule: TableBorder? = nil, columnRule: TableBorder? = nil, continuationLabel: String? = nil,
                continuationAttributes: TextAttributes = TextAttributes(), totalMarker: String? = nil, partTotalMarker: String? = nil, spacingBefore: Double = 0,
                spacingAfter: Double = 0, placement: Placement = .leading) {
        precondition(columnCount > 0, "a table has at least one column")
        self.columnCount = columnCount
        self.columns = (0..<columnCount).map { $0 < columns.count ? columns[$0] : TableColumn() }
        self.layoutAlgorithm = layoutAlgorithm
        self.width = width
        self.collapsesBorders = collapsesBorders
        self.headerRowCount = max(0, headerRowCount)
        self.repeatsHeader = repeatsHeader
        self.footerRowCount = max(0, footerRowCount)
        self.repeatsFooter = repeatsFooter
        self.rowBackgrounds = rowBackgrounds
        self.frame = frame
        self.headerRule = headerRule
        self.rowRule = rowRule
        self.columnRule = columnRule
        self.continuationLabel = continuationLabel
        self.continuationAttributes = continuationAttributes
        self.totalMarker = totalMarker.flatMap { $0.isEmpty ? nil : $0 }
        self.partTotalMarker = partTotalMarker.flatMap { $0.isEmpty ? nil : $0 }
        self.spacingBefore = spacingBefore
        self.spacingAfter = spacingAfter
        self.placement = placement
    }

    /// Identity: a table equals only itself.
    public static func == (a: TextTable, b: TextTable) -> Bool { a === b }
    /// Hashes the table's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// How far from the leading edge of `available` points a table `width` wide starts.
    public func offset(width: Double, in available: Double) -> Double {
        let free = max(0, available - width)
        switch placement {
        case .leading: return 0
        case .center: return free / 2
        case .trailing: return free
        }
    }

    /// "TextTable(3 columns)".
    public var description: String { "TextTable(\(columnCount) columns)" }
}
