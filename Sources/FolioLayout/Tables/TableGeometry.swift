/// A table's columns as set: where each starts and, for decimal columns, how far their
/// numbers reach on each side of the separator.
struct TableGeometry {
    /// Column edges from the table's left: column `c` runs from `columnX[c]` to `columnX[c + 1]`.
    var columnX: [Double]
    /// Per column: the widest number part before and after the separator, for decimal columns.
    var decimal: [(leading: Double, trailing: Double)?]
    /// What the content asked for (for a nested table's cell: its min and max content).
    var needs: TableColumnWidths

    var width: Double { columnX.last ?? 0 }

    init(widths: [Double], decimal: [(leading: Double, trailing: Double)?], needs: TableColumnWidths) {
        var x = [0.0]
        for w in widths { x.append(x.last! + w) }
        columnX = x
        self.decimal = decimal
        self.needs = needs
    }

    /// The x range of `columns`.
    func span(_ columns: Range<Int>) -> (x: Double, width: Double) {
        let lo = max(0, min(columns.lowerBound, columnX.count - 1)), hi = max(lo, min(columns.upperBound, columnX.count - 1))
        return (columnX[lo], columnX[hi] - columnX[lo])
    }
}

/// Shaped paragraphs of one table, each shaped once for measuring and kept (up to a
/// bound, so a long table's memory stays flat) for setting.
final class TableShapes {
    private var kept: [Int: ShapedParagraph] = [:]
    private let limit: Int
    /// The first paragraph measured but not kept (nil while all were kept).
    private(set) var firstDropped: Int?
    private let shape: (Int) -> ShapedParagraph

    init(limit: Int = 4096, shape: @escaping (Int) -> ShapedParagraph) {
        self.limit = limit
        self.shape = shape
    }

    /// Paragraphs set with other text than the storage's (a footer's running total).
    var replaced: [Int: ShapedParagraph] = [:]

    /// Paragraph `index`, shaped (kept from measuring when it was).
    func paragraph(_ index: Int, keep: Bool) -> ShapedParagraph {
        if let p = replaced[index] { return p }
        if let p = kept[index] { return p }
        let p = shape(index)
        if keep {
            if kept.count < limit { kept[index] = p } else if firstDropped == nil { firstDropped = index }
        }
        return p
    }

    /// Drops paragraph `index` once it is set.
    func release(_ index: Int) { kept.removeValue(forKey: index) }
}
