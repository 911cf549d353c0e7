import FolioLayout

// A GFM pipe table becomes a table of the text model: one paragraph per cell, each
// carrying its cell's block (TextKit's way), styled `table-header`, `table-cell` or
// `table-footer`, the table's look from the template.

extension BuildState {
    /// The settings a table's attribute line may give besides a look's (`TableLook.keys`).
    static let tableKeys = ["widths", "layout", "header", "footer", "decimal", "keep-rows", "span", "id", "float", "wrap", "wrap-width"]

    mutating func buildTable(_ written: TableContent, block: Block, context: BlockContext) throws {
        // GFM tables always have a header row; one left empty (`| | |`) means none.
        var content = written
        var header = 1
        // The rows in all: a long table's arrive a slice at a time, its count announced.
        var rowCount = written.rowsFollow ? written.announcedRowCount ?? written.rows.count : written.rows.count
        if content.rows.count > 1, content.rows[0].allSatisfy({ $0.content.isEmpty }) {
            content.rows.removeFirst()
            if !content.rowLocations.isEmpty { content.rowLocations.removeFirst() }
            header = 0
            rowCount -= 1
        }
        let columnCount = max(1, content.alignments.count, content.rows.first?.count ?? 0)
        let spec = block.spec ?? StyleSpec()
        var look = builder.template.tables["default"] ?? TableLook()
        for cls in spec.classes {
            guard let named = builder.template.tables[cls] else {
                throw DocumentError(block.location, "unknown table look '\(cls)'; the template has: \(builder.template.tables.keys.sorted().joined(separator: ", "))")
            }
            look = named
        }
        var widths = Array(repeating: TableColumnWidth.automatic, count: columnCount)
        var decimal = Set<Int>()
        var footer = 0
        var keepRows = false
        var rowCounts: [(name: String, value: String, place: SourceLocation)] = []
        var layout: TextTable.LayoutAlgorithm?
        for p in spec.properties {
            let place = p.location ?? block.location
            switch p.name {
            case "widths":
                let parts = p.value.split(separator: " ")
                guard parts.count <= columnCount else {
                    throw DocumentError(place, "widths gives \(parts.count) widths for a table of \(columnCount) columns")
                }
                for (i, part) in parts.enumerated() {
                    guard let w = Self.columnWidth(String(part)) else {
                        throw DocumentError(place, "'\(part)' is not a column width: auto, a percentage (30%), a share (1fr, 2fr) or a length (20mm)")
                    }
                    widths[i] = w
                }
            case "header", "footer":
                // Checked against the table's rows once they are all read (a long table's
                // come a slice at a time).
                rowCounts.append((p.name, p.value, place))
                if let n = Int(p.value), n >= 0 {
                    if p.name == "header" { header = n } else { footer = n }
                }
            case "decimal":
                for part in p.value.split(whereSeparator: { $0 == " " || $0 == "," }) {
                    guard let n = Int(part), (1...columnCount).contains(n) else {
                        throw DocumentError(place, "decimal lists column numbers from 1 to \(columnCount), not '\(part)'")
                    }
                    decimal.insert(n - 1)
                }
            case "layout":
                guard let l = TextTable.LayoutAlgorithm(rawValue: p.value == "auto" ? "automatic" : p.value) else {
                    throw DocumentError(place, "layout is auto (widths from the cells' content) or fixed (from widths= alone), not '\(p.value)'")
                }
                layout = l
            case "keep-rows":
                guard let b = Bool(p.value.lowercased()) else { throw DocumentError(place, "keep-rows is true or false, not '\(p.value)'") }
                keepRows = b
            case "span", "columns", "id", "float", "wrap", "wrap-width":
                break
            default:
                guard TableLook.keys.contains(p.name) else {
                    throw DocumentError(place, "unknown table setting '\(p.name)'; a table takes \((Self.tableKeys + TableLook.keys).joined(separator: ", "))")
                }
                do { look = try look.setting(p.name, to: p.value) }
                catch let e as TableLookError { throw DocumentError(place, e.description) }
            }
        }
        if header + footer > rowCount { footer = max(0, rowCount - header) }
        let continued = try styles.paragraphStyle(named: "table-continued", at: block.location)
        // With every width given, the cells' content cannot change them: not reading it
        // saves shaping a long table twice.
        let allGiven = widths.allSatisfy { if case .automatic = $0 { return false } else { return true } }
        let table = TextTable(
            columnCount: columnCount,
            columns: (0..<columnCount).map { TableColumn(width: widths[$0], alignment: decimal.contains($0) ? .decimal() : .natural) },
            layoutAlgorithm: layout ?? (allGiven ? .fixed : .automatic),
            width: look.width, headerRowCount: header, repeatsHeader: look.repeatsHeader, footerRowCount: footer,
            repeatsFooter: look.repeatsFooter,
            rowBackgrounds: look.zebra.map { $0 == .clear ? nil : $0 },
            frame: TableEdges(top: look.topRule ?? look.frame, left: look.frame, bottom: look.bottomRule ?? look.frame, right: look.frame),
            headerRule: look.headerRule, rowRule: look.rowRule, columnRule: look.columnRule,
            continuationLabel: look.continued, continuationAttributes: attributes(of: continued), totalMarker: "{column-total}", partTotalMarker: "{page-total}",
            spacingBefore: look.spaceBefore, spacingAfter: look.spaceAfter, placement: look.placement)
        anchor(block)

        // One block made once and copied for each cell: the cells share its box settings.
        let prototype = TextTableBlock(table: table, startingRow: 0, startingColumn: 0, padding: look.padding,
                                       borders: look.grid.map { TableEdges(all: $0) } ?? .none,
                                       verticalAlignment: .baseline, keepsRowTogether: keepRows)
        var headerPrototype = prototype
        headerPrototype.backgroundColor = look.headerBackground
        // One paragraph style per kind of row and column, copied for each cell: the cells
        // share its settings and hold only their own block (a long table's memory).
        struct CellStyleKey: Hashable { var kind: String, column: Int }
        var cellStyles: [CellStyleKey: (ResolvedStyle, ParagraphStyle)] = [:]
        func set(_ cell: TableGrid.Placed, footerStart: Int?, into state: inout BuildState) throws {
            let isFooter = footerStart.map { cell.row >= $0 } ?? false
            let kind = cell.row < header ? "table-header" : isFooter ? "table-footer" : "table-cell"
            let key = CellStyleKey(kind: kind, column: cell.column)
            if cellStyles[key] == nil {
                let style = try state.styles.paragraphStyle(named: kind, at: block.location)
                var p = style.paragraph
                if cell.column < content.alignments.count, let a = content.alignments[cell.column] {
                    p.alignment = a == .left ? .left : a == .right ? .right : .center
                }
                cellStyles[key] = (style, p)
            }
            let (style, shared) = cellStyles[key]!
            var p = shared
            var cellBlock = cell.row < header ? headerPrototype : prototype
            cellBlock.startingRow = cell.row; cellBlock.rowSpan = cell.rows
            cellBlock.startingColumn = cell.column; cellBlock.columnSpan = cell.columns
            p.textBlocks = [cellBlock]
            if let location = cell.location { state.currentLocation = location }
            try state.appendInlines(cell.cell.content, base: state.attributes(of: style))
            state.endParagraph(p, style)
        }

        // Rows are placed as they are read, and each cell is set once no later row can join
        // it; the last `footer` rows wait until the table's end shows they are its last.
        var grid = TableGrid(columnCount: columnCount)
        var slice = content
        while true {
            for (i, row) in slice.rows.enumerated() {
                grid.place(row, location: i < slice.rowLocations.count ? slice.rowLocations[i] : nil)
                while let cell = grid.nextSettled(keepingLast: footer) { try set(cell, footerStart: nil, into: &self) }
            }
            guard slice.rowsFollow, let more = try tableRows?() else { break }
            slice = more
        }
        for check in rowCounts {
            guard let n = Int(check.value), n >= 0, n <= grid.rowCount else {
                throw DocumentError(check.place, "\(check.name) is a number of rows from 0 to \(grid.rowCount), not '\(check.value)'")
            }
        }
        if header + footer > grid.rowCount { footer = max(0, grid.rowCount - header) }
        for cell in grid.remaining() { try set(cell, footerStart: grid.rowCount - footer, into: &self) }
        currentLocation = block.location
    }

    /// `auto`, `30%`, `2fr` or a length.
    static func columnWidth(_ text: String) -> TableColumnWidth? {
        if text == "auto" { return .automatic }
        if let p = Percentage.value(text), p > 0, p <= 100 { return .fraction(p / 100) }
        if text.hasSuffix("fr"), let f = Double(text.dropLast(2)), f > 0, f <= 1000 { return .flexible(f) }
        if let l = Length(text), l.points > 0, l.points <= 14_400 { return .points(l.points) }
        return nil
    }
}
