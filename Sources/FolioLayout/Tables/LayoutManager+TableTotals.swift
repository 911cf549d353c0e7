// Running totals: a footer cell holding the table's total marker shows the sum of its
// column's body cells set so far — a subtotal where a break repeats the footer, the
// total at the table's end.

extension LayoutManager {
    /// A total for each column whose footer cell holds the marker.
    func columnTotals(of table: TableStructure, shapes: TableShapes) -> [Int: ColumnTotal] {
        guard let marker = table.table.totalMarker else { return [:] }
        var totals: [Int: ColumnTotal] = [:]
        for cell in table.cells(startingIn: table.footerRows) where cell.columns.count == 1 && text(of: cell).contains(marker) {
            let language = shapes.paragraph(cell.paragraphs.lowerBound, keep: true).language
            totals[cell.columns.lowerBound] = ColumnTotal(language: language)
        }
        return totals
    }

    /// Adds the numbers of `group`'s cells (first parts only) to the totals of their columns.
    func count(_ group: RowGroup, into totals: inout [Int: ColumnTotal]) {
        for c in group.cells where !c.isContinuation && c.cell.columns.count == 1 {
            totals[c.cell.columns.lowerBound]?.add(text(of: c.cell))
        }
    }

    /// Has the footer cells holding the marker set with `totals` written in instead.
    func fillTotals(_ totals: [Int: ColumnTotal], in table: TableStructure, shapes: TableShapes) {
        guard let marker = table.table.totalMarker else { return }
        for cell in table.cells(startingIn: table.footerRows) where cell.columns.count == 1 {
            guard let total = totals[cell.columns.lowerBound] else { continue }
            for i in cell.paragraphs {
                let range = textStorage.paragraphContentRange(at: i)
                let copy = TextStorage()
                for run in textStorage.attributeRuns(in: range) {
                    copy.append(textStorage.substring(run.range), attributes: run.attributes,
                                paragraphStyle: textStorage.paragraphStyle(ofParagraph: i))
                }
                // Byte offsets of every marker, replaced from the last so the others keep theirs.
                let bytes = Array(copy.string.utf8), needle = Array(marker.utf8)
                var found: [Int] = []
                var at = 0
                while at + needle.count <= bytes.count {
                    if bytes[at..<(at + needle.count)].elementsEqual(needle) { found.append(at); at += needle.count } else { at += 1 }
                }
                guard !found.isEmpty else { continue }
                for lo in found.reversed() { copy.replaceCharacters(in: lo..<(lo + needle.count), with: total.formatted) }
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
