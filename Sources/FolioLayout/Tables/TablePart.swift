/// One part of a table — all of it, or the piece in one column or page — being drawn:
/// each row group emitted becomes a line without text carrying the group's backgrounds,
/// borders and cell frames, followed by the cells' lines, all in container coordinates.
struct TablePart {
    let table: TableStructure
    let geometry: TableGeometry
    /// The table's left edge in the container.
    let x: Double
    let containerIndex: Int
    /// Where the part starts; nil until a group is emitted.
    private(set) var top: Double?
    /// The kind of the last group emitted (for the rule between it and the next).
    private var last: Kind?

    enum Kind { case header, body, footer }

    init(table: TableStructure, geometry: TableGeometry, x: Double, containerIndex: Int) {
        self.table = table; self.geometry = geometry; self.x = x; self.containerIndex = containerIndex
    }

    var hasRows: Bool { last != nil }

    private func kind(ofRow row: Int) -> Kind {
        table.headerRows.contains(row) ? .header : table.footerRows.contains(row) ? .footer : .body
    }

    /// Emits `group` with its top at `y`.
    mutating func emit(_ group: RowGroup, at y: Double, into out: inout CellContent, repetition: Bool) {
        let t = table.table
        let kind = kind(ofRow: group.rows.lowerBound)
        if top == nil { top = y }
        var carrier = LineFragment(rect: Rect(x: x, y: y, width: geometry.width, height: group.height),
                                   usedRect: Rect(x: x, y: y, width: 0, height: 0), baseline: y,
                                   characterRange: (group.cells.first?.characterRange.lowerBound ?? 0)..<(group.cells.first?.characterRange.lowerBound ?? 0),
                                   glyphRuns: [], containerIndex: containerIndex,
                                   paragraphIndex: group.cells.first?.cell.paragraphs.lowerBound ?? table.paragraphs.lowerBound,
                                   isHyphenated: false, isLastLineOfParagraph: false, truncatedRange: nil, ascent: 0, descent: 0)
        carrier.isRepetition = true
        var lines: [BlockDecoration] = []
        if let last {
            let rule = (last == .header && kind != .header) || (last != .footer && kind == .footer) ? (t.headerRule ?? t.rowRule) : t.rowRule
            if let rule { lines.append(.line(from: Point(x: x, y: y), to: Point(x: x + geometry.width, y: y), border: rule)) }
        }
        var cellLines: [LineFragment] = []
        for c in group.cells {
            let block = c.cell.block
            let span = geometry.span(c.cell.columns)
            let box = group.box(of: c)
            let rect = Rect(x: x + span.x, y: y + box.top, width: span.width, height: box.height)
            if let color = block.backgroundColor ?? zebra(row: c.cell.rows.lowerBound, kind: kind) {
                carrier.decorations.append(.background(rect, color))
            }
            carrier.tableCells.append(TableCellFrame(block: block, containerIndex: containerIndex, rect: rect,
                                                     characterRange: c.characterRange, isRepetition: repetition))
            lines += borders(of: block, in: rect)
            if c.cell.rows.upperBound < group.rows.upperBound, kind == .body || kind == .header, let rule = t.rowRule {
                lines.append(.line(from: Point(x: rect.minX, y: rect.maxY), to: Point(x: rect.maxX, y: rect.maxY), border: rule))
            }
            if c.cell.columns.upperBound < t.columnCount, let rule = t.columnRule {
                lines.append(.line(from: Point(x: rect.maxX, y: rect.minY), to: Point(x: rect.maxX, y: rect.maxY), border: rule))
            }
            let dy = rect.minY + group.contentOffset(of: c), dx = rect.minX + block.padding.left
            for var line in c.content.lines {
                line = line.offsetBy(dx: dx, dy: dy)
                line.containerIndex = containerIndex
                for k in line.tableCells.indices { line.tableCells[k].containerIndex = containerIndex }
                if repetition { line.isRepetition = true; for k in line.tableCells.indices { line.tableCells[k].isRepetition = true } }
                cellLines.append(line)
            }
        }
        carrier.decorations += lines
        out.lines.append(carrier)
        out.lines += cellLines
        last = kind
    }

    /// Ends the part at `y`: the table's frame around it.
    mutating func close(at y: Double, into out: inout CellContent) {
        guard let top else { return }
        let f = table.table.frame
        var d: [BlockDecoration] = []
        let right = x + geometry.width
        if let b = f.top { d.append(.line(from: Point(x: x, y: top), to: Point(x: right, y: top), border: b)) }
        if let b = f.bottom { d.append(.line(from: Point(x: x, y: y), to: Point(x: right, y: y), border: b)) }
        if let b = f.left { d.append(.line(from: Point(x: x, y: top), to: Point(x: x, y: y), border: b)) }
        if let b = f.right { d.append(.line(from: Point(x: right, y: top), to: Point(x: right, y: y), border: b)) }
        guard !d.isEmpty else { return }
        var carrier = LineFragment(rect: Rect(x: x, y: y, width: geometry.width, height: 0),
                                   usedRect: Rect(x: x, y: y, width: 0, height: 0), baseline: y,
                                   characterRange: (out.lines.last?.characterRange.upperBound ?? 0)..<(out.lines.last?.characterRange.upperBound ?? 0),
                                   glyphRuns: [], containerIndex: containerIndex,
                                   paragraphIndex: out.lines.last?.paragraphIndex ?? table.paragraphs.lowerBound,
                                   isHyphenated: false, isLastLineOfParagraph: false, truncatedRange: nil, ascent: 0, descent: 0)
        carrier.isRepetition = true
        carrier.decorations = d
        out.lines.append(carrier)
    }

    private func zebra(row: Int, kind: Kind) -> Color? {
        let colors = table.table.rowBackgrounds
        guard kind == .body, !colors.isEmpty else { return nil }
        return colors[(row - table.bodyRows.lowerBound) % colors.count]
    }

    /// A cell's own borders: centred on its edges when the table collapses borders (a
    /// shared edge is drawn once by each neighbour, in the same place), inside them when not.
    private func borders(of block: TextTableBlock, in r: Rect) -> [BlockDecoration] {
        let e = block.borders
        guard e.top != nil || e.left != nil || e.bottom != nil || e.right != nil else { return [] }
        let collapse = table.table.collapsesBorders
        func inset(_ b: TableBorder) -> Double { collapse ? 0 : b.width / 2 }
        var d: [BlockDecoration] = []
        if let b = e.top { d.append(.line(from: Point(x: r.minX, y: r.minY + inset(b)), to: Point(x: r.maxX, y: r.minY + inset(b)), border: b)) }
        if let b = e.bottom { d.append(.line(from: Point(x: r.minX, y: r.maxY - inset(b)), to: Point(x: r.maxX, y: r.maxY - inset(b)), border: b)) }
        if let b = e.left { d.append(.line(from: Point(x: r.minX + inset(b), y: r.minY), to: Point(x: r.minX + inset(b), y: r.maxY), border: b)) }
        if let b = e.right { d.append(.line(from: Point(x: r.maxX - inset(b), y: r.minY), to: Point(x: r.maxX - inset(b), y: r.maxY), border: b)) }
        return d
    }
}
