/// Rows of a table that stay together because cells span them (usually one row), with
/// their cells set and the rows' heights; split between lines when a break falls in it.
struct RowGroup {
    struct Cell {
        var cell: TableStructure.Cell
        var content: CellContent
        /// The storage range of the cell's paragraphs.
        var characterRange: Range<Int>
        /// A part after the first of a cell a break split (set from its top).
        var isContinuation: Bool
    }

    var rows: Range<Int>
    var cells: [Cell]
    /// Each row's height, in order.
    private(set) var heights: [Double] = []
    /// Per row: how far the first baseline sits below the row's top (for cells aligned on it).
    private(set) var baselines: [Double] = []

    init(rows: Range<Int>, cells: [Cell]) {
        self.rows = rows
        self.cells = cells
        measureRows()
    }

    var height: Double { heights.reduce(0, +) }
    /// A cell of the group asks that its row not be split.
    var keepsTogether: Bool { cells.contains { $0.cell.block.keepsRowTogether } }

    /// The top of `cell` from the group's top, and its height.
    func box(of cell: Cell) -> (top: Double, height: Double) {
        let first = cell.cell.rows.lowerBound - rows.lowerBound
        let last = cell.cell.rows.upperBound - rows.lowerBound
        let top = heights[0..<max(0, min(first, heights.count))].reduce(0, +)
        let h = heights[max(0, min(first, heights.count))..<max(0, min(last, heights.count))].reduce(0, +)
        return (top, h)
    }

    /// Where `cell`'s content starts below the cell's top, for its vertical alignment.
    func contentOffset(of cell: Cell) -> Double {
        let pad = cell.cell.block.padding
        let h = box(of: cell).height
        if cell.isContinuation { return pad.top }
        switch cell.cell.block.verticalAlignment {
        case .top: return pad.top
        case .middle: return pad.top + max(0, (h - pad.top - pad.bottom - cell.content.height) / 2)
        case .bottom: return max(pad.top, h - pad.bottom - cell.content.height)
        case .baseline:
            guard let b = cell.content.firstBaseline, cell.cell.rows.count == 1 else { return pad.top }
            return baselines[cell.cell.rows.lowerBound - rows.lowerBound] - b
        }
    }

    private mutating func measureRows() {
        heights = Array(repeating: 0, count: rows.count)
        baselines = Array(repeating: 0, count: rows.count)
        for c in cells where c.cell.rows.count == 1 && !c.isContinuation && c.cell.block.verticalAlignment == .baseline {
            if let b = c.content.firstBaseline {
                let r = c.cell.rows.lowerBound - rows.lowerBound
                baselines[r] = max(baselines[r], c.cell.block.padding.top + b)
            }
        }
        for c in cells where c.cell.rows.count == 1 {
            let r = c.cell.rows.lowerBound - rows.lowerBound
            let pad = c.cell.block.padding
            var need = pad.top + c.content.height + pad.bottom
            if !c.isContinuation, c.cell.block.verticalAlignment == .baseline, let b = c.content.firstBaseline {
                need = baselines[r] - b + c.content.height + pad.bottom
            }
            if !c.isContinuation { need = max(need, c.cell.block.minimumHeight) }
            heights[r] = max(heights[r], need)
        }
        for c in cells where c.cell.rows.count > 1 {
            let pad = c.cell.block.padding
            let need = pad.top + c.content.height + pad.bottom
            let have = box(of: c).height
            if need > have { heights[c.cell.rows.upperBound - 1 - rows.lowerBound] += need - have }
        }
    }

    /// The group cut so that its first part is at most `available` tall: between rows
    /// when one fits, else between the lines of each cell of the first row (the cells
    /// continue side by side). Nil when nothing fits, or the group keeps together.
    func split(fitting available: Double) -> (head: RowGroup, rest: RowGroup)? {
        guard !keepsTogether, available > 0 else { return nil }
        var tops = [0.0]
        for h in heights { tops.append(tops.last! + h) }
        let boundary = (1..<max(1, rows.count)).last { tops[$0] <= available + 1e-6 }
        let cut = boundary.map { tops[$0] } ?? available
        let headRows = rows.lowerBound..<(rows.lowerBound + (boundary ?? 1))
        let restRows = (boundary.map { rows.lowerBound + $0 } ?? rows.lowerBound)..<rows.upperBound
        var head: [Cell] = [], rest: [Cell] = []
        var headHasText = boundary != nil
        for c in cells {
            let (top, h) = box(of: c)
            if top >= cut - 1e-6 {
                rest.append(c)
                continue
            }
            var headPart = c, restPart = c
            headPart.cell.rows = c.cell.rows.clamped(to: headRows)
            restPart.cell.rows = c.cell.rows.clamped(to: restRows)
            restPart.isContinuation = true
            if top + h <= cut + 1e-6 {
                head.append(headPart)
                headHasText = headHasText || !c.content.lines.isEmpty
                // Inside a row cut in two, the cell's box goes on (empty) beside the others.
                if boundary == nil, c.cell.rows.contains(rows.lowerBound) {
                    restPart.content = CellContent()
                    rest.append(restPart)
                }
                continue
            }
            let pad = c.cell.block.padding
            if let (a, b) = c.content.split(at: cut - top - pad.top - pad.bottom) {
                headPart.content = a
                restPart.content = b
                headHasText = headHasText || !a.lines.isEmpty
            } else {
                headPart.content = CellContent()
            }
            head.append(headPart)
            rest.append(restPart)
        }
        guard headHasText else { return nil }
        return (RowGroup(rows: headRows, cells: head), RowGroup(rows: restRows, cells: rest))
    }
}
