/// A table as the storage holds it: its cells (runs of paragraphs with the same block)
/// in row order, and how many rows they make.
struct TableStructure {
    /// A cell (one per cell of a long table: its indexes are kept in 32 bits).
    struct Cell {
        var block: TextTableBlock
        var paragraphs: Range<Int> {
            get { Int(firstParagraph)..<Int(endParagraph) }
            set { firstParagraph = Int32(clamping: newValue.lowerBound); endParagraph = Int32(clamping: newValue.upperBound) }
        }
        /// The cell's rows, clipped to the part of the table it is read in.
        var rows: Range<Int> {
            get { Int(firstRow)..<Int(endRow) }
            set { firstRow = Int32(clamping: newValue.lowerBound); endRow = Int32(clamping: newValue.upperBound) }
        }
        /// Some of its paragraphs are cells of a table nested in it.
        var holdsTable = false
        var columns: Range<Int> { block.columns }
        private var firstParagraph: Int32, endParagraph: Int32, firstRow: Int32, endRow: Int32

        init(block: TextTableBlock, paragraphs: Range<Int>, rows: Range<Int>, holdsTable: Bool) {
            self.block = block; self.holdsTable = holdsTable
            firstParagraph = Int32(clamping: paragraphs.lowerBound); endParagraph = Int32(clamping: paragraphs.upperBound)
            firstRow = Int32(clamping: rows.lowerBound); endRow = Int32(clamping: rows.upperBound)
        }
    }

    let table: TextTable
    /// The nesting depth of the table's blocks (0: a table in the flow).
    let depth: Int
    /// The table's paragraphs.
    private(set) var paragraphs: Range<Int>
    /// Cells sorted by first row, then column (stable: storage order otherwise).
    private(set) var cells: [Cell] = []
    private(set) var rowCount = 0

    /// Reads the table whose cell starts at paragraph `first`, at nesting depth `depth`,
    /// up to (not past) paragraph `limit`.
    init(storage: TextStorage, from first: Int, depth: Int, limit: Int) {
        table = storage.paragraphStyle(ofParagraph: first).textBlock(atDepth: depth)!.table
        self.depth = depth
        var i = first
        var sorted = true
        while i < limit {
            let style = storage.paragraphStyle(ofParagraph: i)
            guard let block = style.textBlock(atDepth: depth), block.table === table else { break }
            let nested = style.textBlockCount > depth + 1
            if let last = cells.last, last.paragraphs.upperBound == i, last.block == block {
                cells[cells.count - 1].paragraphs = last.paragraphs.lowerBound..<(i + 1)
                if nested { cells[cells.count - 1].holdsTable = true }
            } else {
                if let last = cells.last, (last.block.rows.lowerBound, last.block.columns.lowerBound) > (block.rows.lowerBound, block.columns.lowerBound) {
                    sorted = false
                }
                cells.append(Cell(block: block, paragraphs: i..<(i + 1), rows: block.rows, holdsTable: nested))
                rowCount = max(rowCount, block.rows.upperBound)
            }
            i += 1
        }
        paragraphs = first..<i
        if !sorted {
            cells = cells.enumerated().sorted {
                ($0.element.block.rows.lowerBound, $0.element.block.columns.lowerBound, $0.offset)
                    < ($1.element.block.rows.lowerBound, $1.element.block.columns.lowerBound, $1.offset)
            }.map(\.element)
        }
    }

    /// Header, body and footer rows: headers first (at most all rows), footers from the
    /// rest, the body between.
    var headerRows: Range<Int> { 0..<min(table.headerRowCount, rowCount) }
    var footerRows: Range<Int> {
        let start = max(headerRows.upperBound, rowCount - table.footerRowCount)
        return start..<rowCount
    }
    var bodyRows: Range<Int> { headerRows.upperBound..<footerRows.lowerBound }

    /// The index of the first cell starting at or after row `row`.
    func firstCell(atOrAfterRow row: Int) -> Int {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cells[mid].rows.lowerBound < row { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The rows from `start` that must stay together in one group because cells span
    /// them: the smallest run of rows no cell crosses the end of, within `part`.
    func rowGroup(from start: Int, within part: Range<Int>) -> Range<Int> {
        var end = start + 1
        var c = firstCell(atOrAfterRow: start)
        while c < cells.count, cells[c].block.rows.lowerBound < end {
            end = max(end, min(part.upperBound, cells[c].block.rows.upperBound))
            c += 1
        }
        return start..<min(max(end, start + 1), part.upperBound)
    }

    /// The cells starting in `rows`, their rows clipped to them.
    func cells(startingIn rows: Range<Int>) -> [Cell] {
        var result: [Cell] = []
        var c = firstCell(atOrAfterRow: rows.lowerBound)
        while c < cells.count, cells[c].block.rows.lowerBound < rows.upperBound {
            var cell = cells[c]
            cell.rows = cell.rows.clamped(to: rows)
            result.append(cell)
            c += 1
        }
        return result
    }
}
