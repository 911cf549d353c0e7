/// Something a table draws besides its text: a cell's or row's background, or a line
/// (a cell border, a rule), in container coordinates. The layout manager places them
/// with the lines (`LineFragment.decorations`); a renderer draws every background of a
/// container first, then its lines, the thinnest first, then the text.
public enum BlockDecoration: Hashable, Sendable {
    /// A rect filled with a colour.
    case background(Rect, Color)
    /// A straight line from one point to another, as thick and in the colour of `border`,
    /// centred on the points.
    case line(from: Point, to: Point, border: TableBorder)

    /// The decoration moved by `dx`, `dy`.
    func offsetBy(dx: Double, dy: Double) -> BlockDecoration {
        switch self {
        case .background(let r, let c): return .background(r.offsetBy(dx: dx, dy: dy), c)
        case .line(let a, let b, let border):
            return .line(from: Point(x: a.x + dx, y: a.y + dy), to: Point(x: b.x + dx, y: b.y + dy), border: border)
        }
    }
}

/// Where one cell of a table was set: the cell's box (padding included) in a container.
/// A cell split by a column or page break has one frame per part.
public struct TableCellFrame: Hashable, Sendable {
    /// The cell: its table, rows and columns.
    public var block: TextTableBlock
    /// The container the part is in.
    public var containerIndex: Int
    /// The cell's box in container coordinates.
    public var rect: Rect
    /// The storage range of the cell's paragraphs.
    public var characterRange: Range<Int>
    /// A header or footer cell drawn again where the table continues.
    public var isRepetition: Bool
}
