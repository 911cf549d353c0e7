// Running totals: a footer cell holding the table's total marker shows the sum of its
// column's body cells set so far — a subtotal where a break repeats the footer, the
// total at the table's end.

extension LayoutManager {
    /// Totals for each column whose footer cell holds a total marker.
    func columnTotals(of table: TableStructure, shapes: TableShapes) -> TableTotals {
        let markers = [table.table.totalMarker, table.table.partTotalMarker].compactMap { $0 }
        guard !markers.isEmpty else { return TableTotals(columns: [:]) }
        var columns: [Int: String] = [:]
        for cell in table.cells(startingIn: table.footerRows) {
            let text = text(of: cell)
            guard markers.contains(where: text.contains) else { continue }
            // A footer cell spanning columns totals the last of them (where amounts stand).
            columns[cell.columns.upperBound - 1] = shapes.paragraph(cell.paragraphs.lowerBound, keep: true).language
        }
        return TableTotals(columns: columns)
    }

    /// Adds the numbers of `group`'s cells (first parts only) to the totals of their columns.
    func count(_ group: RowGroup, into totals: inout TableTotals) {
        for c in group.cells where !c.isContinuation && c.cell.columns.count == 1 {
            totals.add(text(of: c.cell), column: c.cell.columns.lowerBound)
        }
    }

    /// Has the footer cells holding a marker set with the totals written in instead.
    func fillTotals(_ totals: TableTotals, in table: TableStructure, shapes: TableShapes) {
        var markers: [(needle: [UInt8], totals: [Int: ColumnTotal])] = []
        if let m = table.table.totalMarker { markers.append((Array(m.utf8), totals.running)) }
        if let m = table.table.partTotalMarker { markers.append((Array(m.utf8), totals.partForDisplay)) }
        for cell in table.cells(startingIn: table.footerRows) {
            let column = cell.columns.upperBound - 1
            for i in cell.paragraphs {
                let range = textStorage.paragraphContentRange(at: i)
                let copy = TextStorage()
                for run in textStorage.attributeRuns(in: range) {
                    copy.append(textStorage.substring(run.range), attributes: run.attributes,
                                paragraphStyle: textStorage.paragraphStyle(ofParagraph: i))
                }
                // Byte offsets of every marker, replaced from the last so the others keep theirs.
                let bytes = Array(copy.string.utf8)
                var found: [(at: Int, length: Int, text: String)] = []
                var at = 0
                scan: while at < bytes.count {
                    for m in markers where at + m.needle.count <= bytes.count && bytes[at..<(at + m.needle.count)].elementsEqual(m.needle) {
                        found.append((at, m.needle.count, m.totals[column]?.formatted ?? ""))
                        at += m.needle.count
                        continue scan
                    }
                    at += 1
                }
                guard !found.isEmpty else { continue }
                for f in found.reversed() { copy.replaceCharacters(in: f.at..<(f.at + f.length), with: f.text) }
                shapes.replaced[i] = BackgroundWorker.shape(paragraph: 0, of: copy, defaults: defaults, typesetting: typesetting,
                                                            column: nil, context: context, storageOffset: range.lowerBound)
            }
        }
    }

    /// The text of a cell's paragraphs.
    func text(of cell: TableStructure.Cell) -> String {
        cell.paragraphs.map { textStorage.substring(textStorage.paragraphContentRange(at: $0)) }.joined(separator: "\n")
    }
}
