/// A pipe table's cells placed on its grid a row at a time: a cell written `<` alone joins
/// the cell on its left, `^` alone the one above.
///
/// Only the cells a later row could still join (those reaching the last row placed), and
/// the rows asked to wait, are held: a long table read a slice at a time never has all
/// its cells at hand.
struct TableGrid {
    /// One cell on the grid: its first row and column, how many it spans, what it says.
    struct Placed {
        var row: Int
        var column: Int
        var rows = 1
        var columns = 1
        var cell: TableContent.Cell
        /// Where its row was written.
        var location: SourceLocation?
    }

    let columnCount: Int
    /// Rows placed so far.
    private(set) var rowCount = 0
    /// Cells placed and not yet taken, in the order they were placed; `held[head]` is cell
    /// number `firstHeld`.
    private var held: [Placed] = []
    private var head = 0
    private var firstHeld = 0
    /// The cell number covering each column of the last row placed; -1 for none.
    private var lastRow: [Int]

    init(columnCount: Int) {
        self.columnCount = columnCount
        lastRow = Array(repeating: -1, count: columnCount)
    }

    /// Places the next row; a row with fewer cells than columns is filled with empty ones.
    mutating func place(_ row: [TableContent.Cell], location: SourceLocation?) {
        let r = rowCount
        var owner = Array(repeating: -1, count: columnCount)
        for c in 0..<columnCount {
            let cell = c < row.count ? row[c] : TableContent.Cell(content: [])
            if cell.joinsLeft, c > 0, owner[c - 1] >= 0, held[slot(owner[c - 1])].row == r {
                let o = slot(owner[c - 1])
                held[o].columns = c - held[o].column + 1
                owner[c] = owner[c - 1]
            } else if cell.joinsAbove, r > 0, lastRow[c] >= 0, held[slot(lastRow[c])].column == c {
                let o = slot(lastRow[c])
                held[o].rows = r - held[o].row + 1
                for k in c..<min(columnCount, c + held[o].columns) { owner[k] = lastRow[c] }
            } else if owner[c] < 0 {
                owner[c] = firstHeld + held.count - head
                held.append(Placed(row: r, column: c, cell: cell, location: location))
            }
        }
        lastRow = owner
        rowCount += 1
    }

    /// The next cell in order when no later row can join it and it starts before the last
    /// `waiting` rows placed; nil while the next cell must wait.
    mutating func nextSettled(keepingLast waiting: Int) -> Placed? {
        guard head < held.count else { return nil }
        let first = held[head]
        guard first.row + first.rows < rowCount, first.row < rowCount - waiting else { return nil }
        return take()
    }

    /// The cells still held, in order, once the table has no more rows.
    mutating func remaining() -> [Placed] {
        var cells: [Placed] = []
        while head < held.count { cells.append(take()) }
        return cells
    }

    private func slot(_ number: Int) -> Int { number - firstHeld + head }

    private mutating func take() -> Placed {
        let cell = held[head]
        head += 1
        firstHeld += 1
        // Taken cells are dropped now and then, not one by one (which would move the rest).
        if head >= 256, head * 2 >= held.count {
            held.removeFirst(head)
            head = 0
        }
        return cell
    }
}
