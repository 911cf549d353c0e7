// What a table's layout answers: the boxes of its cells, where they were set.

extension LayoutManager {
    /// The boxes of the table cells set in container `index` (header rows repeated there
    /// included, marked `isRepetition`), in the order they were set.
    public func tableCellFrames(inContainerAt index: Int) -> [TableCellFrame] {
        lineFragments(inContainerAt: index).flatMap(\.tableCells)
    }

    /// The box of the innermost table cell holding the character at `offset`, one per
    /// part when a break split the cell (repetitions left out), laying out as far as
    /// needed; empty when the character is in no table or was not placed.
    public func frames(ofTableCellAt offset: Int) -> [TableCellFrame] {
        guard let block = textStorage.tableBlock(at: offset),
              let cell = textStorage.rangeOfTableCell(at: offset, depth: textStorage.paragraphStyle(at: offset).textBlockCount - 1)
        else { return [] }
        // The cell's last line is set once the row is, with every part before it.
        _ = lineFragment(forCharacterAt: max(cell.lowerBound, cell.upperBound - 1))
        var result: [TableCellFrame] = []
        for f in fragments where !f.tableCells.isEmpty {
            for frame in f.tableCells where !frame.isRepetition && frame.block == block && frame.characterRange == cell {
                result.append(frame)
            }
        }
        return result
    }
}
