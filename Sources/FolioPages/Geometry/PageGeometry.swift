/// The shape of a page: its size, margins, and the columns the text area is split into.
public struct PageGeometry: Hashable, Sendable {
    /// Page size in points.
    public var pageSize: Size
    /// Margins in points (left and right as given: a `PageGeometry` never mirrors).
    public var margins: EdgeInsets
    /// Number of columns, at least 1 for a usable geometry (see `problem(minimumColumnWidth:)`).
    public var columns: Int
    /// Space between columns.
    public var gutter: Double

    /// A geometry; the defaults are A4, one-inch margins, one column, an 18 pt gutter.
    public init(pageSize: Size = PaperSize.a4, margins: EdgeInsets = PageMargins.standard.insets(),
                columns: Int = 1, gutter: Double = Template.defaultGutter) {
        self.pageSize = pageSize; self.margins = margins; self.columns = columns; self.gutter = gutter
    }

    /// The text area inside the margins.
    public var textArea: Rect {
        Rect(x: margins.left, y: margins.top, width: pageSize.width - margins.left - margins.right,
             height: pageSize.height - margins.top - margins.bottom)
    }

    /// How the text area is divided into columns.
    public var grid: ColumnGrid { ColumnGrid(count: columns, gutter: gutter) }

    /// Width of one column.
    public var columnWidth: Double { grid.columnWidth(across: textArea.width) }

    /// The columns' rects on the page, left to right.
    public var columnRects: [Rect] { grid.columns(in: textArea) }

    /// Why this geometry cannot hold text, or nil when it can. `minimumColumnWidth`
    /// is the narrowest column worth setting (a few glyphs of the body font).
    public func problem(minimumColumnWidth: Double) -> String? {
        if columns < 1 { return "the column count must be at least 1 (got \(columns))" }
        if gutter < 0 { return "the gutter cannot be negative" }
        let area = textArea
        if area.width <= 0 || area.height <= 0 {
            return "the margins leave no room on a \(fmt(pageSize.width))×\(fmt(pageSize.height)) pt page"
        }
        if columnWidth < minimumColumnWidth {
            return "each of the \(columns) columns would be \(fmt(columnWidth)) pt wide, narrower than \(fmt(minimumColumnWidth)) pt (a few glyphs of the body font)"
        }
        return nil
    }

    private func fmt(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
