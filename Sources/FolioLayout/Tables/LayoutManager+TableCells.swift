// Tables, part one: measuring a table's cells for its column widths, and setting a
// cell's paragraphs (and any table nested in it) into the cell's width with the same
// typesetter as the flow.

extension LayoutManager {
    /// The column widths of `table` set in `available` points: its cells measured when
    /// the table's layout is automatic (or has decimal columns), then CSS's automatic
    /// table layout.
    func measure(_ table: TableStructure, available: Double, shapes: TableShapes) -> TableGeometry {
        let t = table.table
        let n = t.columnCount
        var needs = TableColumnWidths(columnCount: n)
        var decimal: [(leading: Double, trailing: Double)?] = Array(repeating: nil, count: n)
        var separators: [Set<Character>?] = t.columns.map {
            if case .decimal(let s) = $0.alignment { return s } else { return nil }
        }
        if separators.allSatisfy({ $0 == nil }) { separators = [] }
        let readsContent = t.layoutAlgorithm == .automatic || !separators.isEmpty
        var spanning: [(Range<Int>, Double, Double)] = []
        if readsContent {
            for cell in table.cells {
                let columns = cell.columns
                // Header cells name their column; they are not numbers to line up.
                let decimalSeparators = columns.count == 1 && !separators.isEmpty && !table.headerRows.contains(cell.rows.lowerBound)
                    ? separators[columns.lowerBound] : nil
                var lo = 0.0, hi = 0.0
                var i = cell.paragraphs.lowerBound
                while i < cell.paragraphs.upperBound {
                    if cell.holdsTable, textStorage.paragraphStyle(ofParagraph: i).textBlockCount > table.depth + 1 {
                        let nested = TableStructure(storage: textStorage, from: i, depth: table.depth + 1, limit: cell.paragraphs.upperBound)
                        let g = measure(nested, available: .infinity, shapes: shapes)
                        lo = max(lo, g.needs.minimum.reduce(0, +))
                        hi = max(hi, g.needs.maximum.reduce(0, +))
                        i = nested.paragraphs.upperBound
                        continue
                    }
                    let p = shapes.paragraph(i, keep: true)
                    let w = p.contentWidths
                    lo = max(lo, w.minimum); hi = max(hi, w.maximum)
                    if let decimalSeparators {
                        let d = p.decimalWidths(separators: decimalSeparators)
                        let old = decimal[columns.lowerBound] ?? (0, 0)
                        decimal[columns.lowerBound] = (max(old.leading, d.leading), max(old.trailing, d.trailing))
                    }
                    i += 1
                }
                let pad = cell.block.padding.left + cell.block.padding.right
                if columns.count == 1 {
                    needs.include(columns: columns, minimum: lo + pad, maximum: hi + pad)
                } else {
                    spanning.append((columns, lo + pad, hi + pad))
                }
            }
            for (c, d) in decimal.enumerated() {
                guard let d else { continue }
                // A decimal column is at least as wide as its widest integer part beside its widest fraction.
                let pad = table.cells.first { $0.columns == c..<(c + 1) }.map { $0.block.padding.left + $0.block.padding.right } ?? 0
                needs.include(columns: c..<(c + 1), minimum: d.leading + d.trailing + pad, maximum: d.leading + d.trailing + pad)
            }
            for (columns, lo, hi) in spanning { needs.spread(columns: columns, minimum: lo, maximum: hi) }
        }
        let widths = available.isFinite ? needs.resolve(t, available: available)
            : needs.resolve(t, available: needs.maximum.reduce(0, +))
        return TableGeometry(widths: widths, decimal: decimal, needs: needs)
    }

    /// Sets the paragraphs of one cell (at nesting depth `depth`) into `width` points:
    /// lines broken and justified as in the flow, a table nested in the cell set whole.
    /// From `offset` on, when given: the part of the cell a break left for the next
    /// container, set again there (its first line is not a paragraph's first line).
    func setCell(_ cell: TableStructure.Cell, depth: Int, width: Double, geometry: TableGeometry,
                 shapes: TableShapes, isHeader: Bool, from offset: Int? = nil) -> CellContent {
        var content = CellContent()
        var y = 0.0
        var pendingSpacing = 0.0
        let columns = cell.columns
        let decimal = columns.count == 1 && !isHeader ? geometry.decimal[columns.lowerBound] : nil
        var separators: Set<Character> = []
        if decimal != nil, case .decimal(let s) = cell.block.table.columns[columns.lowerBound].alignment { separators = s }
        var i = cell.paragraphs.lowerBound
        let resumed = offset.map { min(max(textStorage.paragraphIndex(containing: $0), i), cell.paragraphs.upperBound) }
        if let resumed { i = resumed }
        while i < cell.paragraphs.upperBound {
            // Only a cell holding a table needs each paragraph's style before shaping it.
            if cell.holdsTable, case let style = textStorage.paragraphStyle(ofParagraph: i), style.textBlockCount > depth + 1 {
                if i > cell.paragraphs.lowerBound { y += max(pendingSpacing, 0) + style.paragraphSpacingBefore }
                let nested = TableStructure(storage: textStorage, from: i, depth: depth + 1, limit: cell.paragraphs.upperBound)
                let set = setWhole(nested, width: width, shapes: shapes)
                content.append(set, dy: y)
                y += set.height
                pendingSpacing = 0
                i = nested.paragraphs.upperBound
                continue
            }
            var p = shapes.paragraph(i, keep: false)
            shapes.release(i)
            let style = p.style
            if i > (resumed ?? cell.paragraphs.lowerBound) { y += max(pendingSpacing, 0) + style.paragraphSpacingBefore }
            if p.hasSizedAttachments, AttachmentRoom(columnWidth: width, padding: 0, style: style) != p.attachmentRoom {
                p = BackgroundWorker.shape(paragraph: i, of: textStorage, defaults: defaults, typesetting: typesetting,
                                           column: .init(width: width, padding: 0, typesetting: typesetting), context: context)
            }
            let rtl = p.baseLevel & 1 == 1
            func area(_ first: Bool) -> (x: Double, width: Double, leadingIndent: Double) {
                LineSlot.textArea(rectWidth: width, contentWidth: width, padding: 0, style: style, firstLine: first,
                                  opens: true, closes: true, rtl: rtl)
            }
            let mode = style.lineBreakMode
            if mode.truncates || mode == .clip, style.minimumScaleFactor < 1 {
                p = shrunk(p, paragraph: i, toFit: area(true).width, minimumScale: style.minimumScaleFactor)
            }
            // A resumed cell goes on from the cluster its part in the last container ended at.
            var start = 0
            if i == resumed, let offset, offset > p.storageOffset { start = min(p.cluster(containingByte: offset - p.storageOffset), p.clusterCount) }
            let unbounded = decimal != nil || mode == .clip || mode.truncates
            let widths = LineBreaker.Widths(width: { k in unbounded ? 1e12 : area(k == 0 && start == 0).width }, uniformFrom: 1)
            let spans = Typesetter(parameters: typesetting).lines(p, from: start, widths: widths)
            let end = textStorage.paragraphRange(at: i).upperBound
            for (k, span) in spans.enumerated() {
                let a = area(k == 0 && start == 0)
                let h = p.clusterCount == 0 ? LineAssembler.lineHeight(assembler.metrics(p, 0..<0), style: style)
                    : LineAssembler.lineHeight(assembler.metrics(p, span), style: style)
                let slot = LineSlot(containerIndex: 0, rect: Rect(x: 0, y: y, width: width, height: h), textX: a.x,
                                    textWidth: a.width,
                                    leadingIndent: a.leadingIndent, lineInContainer: k, opensLine: true, closesLine: true)
                var f = assembler.assemble(p, span: span, slot: slot, top: y, paragraphIndex: i,
                                           truncation: mode.truncates || mode == .clip ? mode : nil)
                // A footer with its total written in is longer than the storage's text:
                // its ranges stay inside the paragraph.
                let lo = min(f.characterRange.lowerBound, end)
                f.characterRange = lo..<max(lo, min(f.characterRange.upperBound, end))
                if f.isLastLineOfParagraph || k == spans.count - 1 {
                    f.characterRange = lo..<end
                    f.isLastLineOfParagraph = true
                }
                if let decimal, k == 0, start == 0 {
                    // The number's separator goes where the column's widest fraction leaves it.
                    let d = p.decimalWidths(separators: separators)
                    f = f.offsetBy(dx: (width - decimal.trailing - d.leading) - f.usedRect.minX, dy: 0)
                }
                if content.firstBaseline == nil { content.firstBaseline = f.baseline }
                content.lines.append(f)
                y += h + (k == spans.count - 1 ? 0 : style.lineSpacing)
                if mode.truncates || mode == .clip { break }
            }
            pendingSpacing = style.paragraphSpacing
            i += 1
        }
        content.height = y
        return content
    }

    /// `p` set smaller to fit `width` on one line, as large as fits down to `minimumScale`,
    /// then drawn up to 4 % of an em tighter (TextKit's `minimumScaleFactor` and tightening
    /// before truncation; what is still too long is then cut): its text shaped again with
    /// every size scaled, its offsets the storage's.
    private func shrunk(_ p: ShapedParagraph, paragraph index: Int, toFit width: Double, minimumScale: Double) -> ShapedParagraph {
        let natural = p.contentWidths.maximum
        guard natural > width, width > 0 else { return p }
        let range = textStorage.paragraphContentRange(at: index)
        var fit = TextFitting.Result(scale: max(minimumScale, width / natural), tightening: 0, fits: true)
        var fitted = p
        func shape() -> Double {
            let copy = TextStorage()
            copy.append(textStorage.attributedText(in: range))
            copy.apply(fit, defaults: defaults)
            fitted = BackgroundWorker.shape(paragraph: 0, of: copy, defaults: defaults, typesetting: typesetting,
                                            column: nil, context: context, storageOffset: range.lowerBound)
            return fitted.contentWidths.maximum
        }
        // Glyph widths do not scale exactly with the size (kerning and rounding to Pango
        // units are not linear): a second step corrects the first.
        var now = shape()
        if now > width, fit.scale > minimumScale {
            fit.scale = max(minimumScale, fit.scale * width / now * 0.999)
            now = shape()
        }
        if now > width, fit.scale == minimumScale, p.clusterCount > 1 {
            // Each letter gives up the same share of an em, as much as closes the gap.
            let em = p.baseFont.size * fit.scale
            fit.tightening = min(TextFitting().maximumTightening, (now - width) / (Double(p.clusterCount - 1) * em) * 1.01)
            now = shape()
        }
        return fitted
    }

    /// A table nested in a cell, set whole (no breaks) into `width` points, in the
    /// cell's coordinates.
    func setWhole(_ table: TableStructure, width: Double, shapes: TableShapes) -> CellContent {
        let geometry = measure(table, available: width, shapes: shapes)
        var content = CellContent()
        let x = table.table.offset(width: geometry.width, in: width)
        var y = table.table.spacingBefore
        var part = TablePart(table: table, geometry: geometry, x: x, containerIndex: 0)
        var row = 0
        while row < table.rowCount {
            let rows = table.rowGroup(from: row, within: 0..<table.rowCount)
            let group = setRows(rows, of: table, geometry: geometry, shapes: shapes)
            part.emit(group, at: y, into: &content, repetition: false)
            if content.firstBaseline == nil { content.firstBaseline = content.lines.first { !$0.glyphRuns.isEmpty }?.baseline }
            y += group.height
            row = rows.upperBound
        }
        part.close(at: y, into: &content)
        content.height = y + table.table.spacingAfter
        return content
    }

    /// The cells starting in `rows` set, and the rows' heights.
    func setRows(_ rows: Range<Int>, of table: TableStructure, geometry: TableGeometry, shapes: TableShapes) -> RowGroup {
        let cells = table.cells(startingIn: rows).map { cell in
            let range = textStorage.paragraphRange(at: cell.paragraphs.lowerBound).lowerBound
                ..< textStorage.paragraphRange(at: cell.paragraphs.upperBound - 1).upperBound
            return RowGroup.Cell(cell: cell, content: setCell(cell, of: table, geometry: geometry, shapes: shapes),
                                 characterRange: range, isContinuation: false)
        }
        return RowGroup(rows: rows, cells: cells)
    }

    /// `group` set again for `geometry`'s column widths (a container of another width):
    /// whole cells from their start, the parts a break left over from where they go on.
    /// A part holding a nested table keeps its lines (a nested table splits only between
    /// its row groups, as set).
    func setRows(again group: RowGroup, of table: TableStructure, geometry: TableGeometry, shapes: TableShapes) -> RowGroup {
        guard group.cells.contains(where: \.isContinuation) else { return setRows(group.rows, of: table, geometry: geometry, shapes: shapes) }
        let cells = group.cells.map { c -> RowGroup.Cell in
            guard !(c.cell.holdsTable && c.isContinuation) else { return c }
            var again = c
            if !c.isContinuation {
                again.content = setCell(c.cell, of: table, geometry: geometry, shapes: shapes)
            } else if let first = c.content.lines.first {
                again.content = setCell(c.cell, of: table, geometry: geometry, shapes: shapes, from: first.characterRange.lowerBound)
            }
            return again
        }
        return RowGroup(rows: group.rows, cells: cells)
    }

    /// `cell` of `table` set into its columns' width inside its padding (from `offset` on, when given).
    private func setCell(_ cell: TableStructure.Cell, of table: TableStructure, geometry: TableGeometry, shapes: TableShapes,
                         from offset: Int? = nil) -> CellContent {
        let pad = cell.block.padding
        let width = max(1, geometry.span(cell.columns).width - pad.left - pad.right)
        return setCell(cell, depth: table.depth, width: width, geometry: geometry, shapes: shapes,
                       isHeader: table.headerRows.contains(cell.block.startingRow), from: offset)
    }
}
