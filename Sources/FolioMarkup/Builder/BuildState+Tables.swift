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
        if content.rows.count > 1, content.rows[0].allSatisfy({ $0.content.isEmpty }) {
            content.rows.removeFirst()
            if !content.rowLocations.isEmpty { content.rowLocations.removeFirst() }
            header = 0
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
                guard let n = Int(p.value), n >= 0, n <= content.rows.count else {
                    throw DocumentError(place, "\(p.name) is a number of rows from 0 to \(content.rows.count), not '\(p.value)'")
                }
                if p.name == "header" { header = n } else { footer = n }
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
        if header + footer > content.rows.count { footer = max(0, content.rows.count - header) }
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

        // Which cell each grid place belongs to: `<` joins the cell on its left, `^` the one above.
        struct Placed { var row: Int, column: Int, rows = 1, columns = 1, cell: TableContent.Cell }
        var placed: [Placed] = []
        var owner = Array(repeating: Array(repeating: -1, count: columnCount), count: content.rows.count)
        for (r, row) in content.rows.enumerated() {
            for c in 0..<columnCount {
                let cell = c < row.count ? row[c] : TableContent.Cell(content: [])
                if cell.joinsLeft, c > 0, owner[r][c - 1] >= 0, placed[owner[r][c - 1]].row == r {
                    let o = owner[r][c - 1]
                    placed[o].columns = c - placed[o].column + 1
                    owner[r][c] = o
                } else if cell.joinsAbove, r > 0, owner[r - 1][c] >= 0, placed[owner[r - 1][c]].column == c {
                    let o = owner[r - 1][c]
                    placed[o].rows = r - placed[o].row + 1
                    for k in c..<min(columnCount, c + placed[o].columns) { owner[r][k] = o }
                } else if owner[r][c] < 0 {
                    owner[r][c] = placed.count
                    placed.append(Placed(row: r, column: c, cell: cell))
                }
            }
        }
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
        for cell in placed {
            let kind = cell.row < header ? "table-header" : cell.row >= content.rows.count - footer ? "table-footer" : "table-cell"
            let key = CellStyleKey(kind: kind, column: cell.column)
            if cellStyles[key] == nil {
                let style = try styles.paragraphStyle(named: kind, at: block.location)
                var p = style.paragraph
                if cell.column < content.alignments.count, let a = content.alignments[cell.column] {
                    p.alignment = a == .left ? .left : a == .right ? .right : .center
                }
                cellStyles[key] = (style, p)
            }
            let (style, shared) = cellStyles[key]!
            var p = shared
            var block = cell.row < header ? headerPrototype : prototype
            block.startingRow = cell.row; block.rowSpan = cell.rows
            block.startingColumn = cell.column; block.columnSpan = cell.columns
            p.textBlocks = [block]
            if cell.row < content.rowLocations.count { currentLocation = content.rowLocations[cell.row] }
            try appendInlines(cell.cell.content, base: attributes(of: style))
            endParagraph(p, style)
        }
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
