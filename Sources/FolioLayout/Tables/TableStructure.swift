/// A table as the storage holds it: its cells (runs of paragraphs with the same block)
/// in row order, and how many rows they make.
struct TableStructure {
    /// A cell, made from its paragraph style when read (`Cells`).
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
    /// Cells sorted by first row, then column (stable: storage order otherwise), each read
    /// from the storage when asked for: a long table keeps 12 bytes a cell here, not the
    /// cell's block (which its paragraph style holds already).
    var cells: Cells { Cells(storage: storage, depth: depth, spans: spans) }
    private(set) var rowCount = 0
    private let storage: TextStorage
    private var spans: [CellSpan] = []

    /// Where a cell is: its paragraphs and its first row.
    struct CellSpan {
        var first: UInt32
        /// The end of its paragraphs; the top bit says some of them hold a nested table.
        var endAndNested: UInt32
        var row: UInt32
        var end: Int { Int(endAndNested & 0x7FFF_FFFF) }
        var holdsTable: Bool { endAndNested & 0x8000_0000 != 0 }

        init(paragraphs: Range<Int>, row: Int, holdsTable: Bool) {
            first = UInt32(clamping: paragraphs.lowerBound)
            endAndNested = UInt32(clamping: min(paragraphs.upperBound, 0x7FFF_FFFF)) | (holdsTable ? 0x8000_0000 : 0)
            self.row = UInt32(clamping: max(0, row))
        }
    }

    /// The cells in row order, each built from its paragraph style as it is read.
    struct Cells: RandomAccessCollection {
        let storage: TextStorage
        let depth: Int
        let spans: [CellSpan]
        var startIndex: Int { 0 }
        var endIndex: Int { spans.count }
        subscript(index: Int) -> Cell {
            let span = spans[index]
            let block = storage.paragraphStyle(ofParagraph: Int(span.first)).textBlock(atDepth: depth)!
            return Cell(block: block, paragraphs: Int(span.first)..<span.end, rows: block.rows, holdsTable: span.holdsTable)
        }
        /// The first row of cell `index`, without reading its style.
        func firstRow(ofCellAt index: Int) -> Int { Int(spans[index].row) }
    }

    /// Reads the table whose cell starts at paragraph `first`, at nesting depth `depth`,
    /// up to (not past) paragraph `limit`.
    init(storage: TextStorage, from first: Int, depth: Int, limit: Int) {
        table = storage.paragraphStyle(ofParagraph: first).textBlock(atDepth: depth)!.table
        self.depth = depth
        self.storage = storage
        var i = first
        var sorted = true
        var lastBlock: TextTableBlock?
        var lastStart = (row: -1, column: -1)
        while i < limit {
            let style = storage.paragraphStyle(ofParagraph: i)
            guard let block = style.textBlock(atDepth: depth), block.table === table else { break }
            let nested = style.textBlockCount > depth + 1
            if let last = spans.last, last.end == i, lastBlock == block {
                spans[spans.count - 1] = CellSpan(paragraphs: Int(last.first)..<(i + 1), row: Int(last.row),
                                                  holdsTable: last.holdsTable || nested)
            } else {
                let start = (row: block.rows.lowerBound, column: block.columns.lowerBound)
                if start < lastStart { sorted = false }
                lastStart = start
                spans.append(CellSpan(paragraphs: i..<(i + 1), row: block.rows.lowerBound, holdsTable: nested))
                rowCount = max(rowCount, block.rows.upperBound)
                lastBlock = block
            }
            i += 1
        }
        paragraphs = first..<i
        if !sorted {
            let cells = Cells(storage: storage, depth: depth, spans: spans)
            spans = spans.indices.sorted {
                (cells[$0].block.rows.lowerBound, cells[$0].block.columns.lowerBound, $0)
                    < (cells[$1].block.rows.lowerBound, cells[$1].block.columns.lowerBound, $1)
            }.map { spans[$0] }
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
        var lo = 0, hi = spans.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(spans[mid].row) < row { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The rows from `start` that must stay together in one group because cells span
    /// them: the smallest run of rows no cell crosses the end of, within `part`.
    func rowGroup(from start: Int, within part: Range<Int>) -> Range<Int> {
        var end = start + 1
        var c = firstCell(atOrAfterRow: start)
        let cells = self.cells
        while c < cells.endIndex, cells.firstRow(ofCellAt: c) < end {
            end = max(end, min(part.upperBound, cells[c].block.rows.upperBound))
            c += 1
        }
        return start..<min(max(end, start + 1), part.upperBound)
    }

    /// The cells starting in `rows`, their rows clipped to them.
    func cells(startingIn rows: Range<Int>) -> [Cell] {
        var result: [Cell] = []
        var c = firstCell(atOrAfterRow: rows.lowerBound)
        let cells = self.cells
        while c < cells.endIndex, cells.firstRow(ofCellAt: c) < rows.upperBound {
            var cell = cells[c]
            cell.rows = cell.rows.clamped(to: rows)
            result.append(cell)
            c += 1
        }
        return result
    }
}
