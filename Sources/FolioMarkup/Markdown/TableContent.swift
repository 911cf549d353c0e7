/// A GFM pipe table as read: its columns' alignment and its rows of cells, the first
/// row the header.
public struct TableContent: Sendable, Hashable {
    /// How a column's cells are aligned (`:--`, `:-:`, `--:` in the delimiter row).
    public enum Alignment: Sendable, Hashable { case left, center, right }

    /// One cell: its inline content, and whether it joins the cell before it.
    public struct Cell: Sendable, Hashable {
        /// What the cell says.
        public var content: [Inline]
        /// Written `<` alone: the cell to its left spans over it.
        public var joinsLeft: Bool
        /// Written `^` alone: the cell above spans over it.
        public var joinsAbove: Bool

        /// A cell of `content` that joins nothing.
        public init(content: [Inline], joinsLeft: Bool = false, joinsAbove: Bool = false) {
            self.content = content; self.joinsLeft = joinsLeft; self.joinsAbove = joinsAbove
        }
    }

    /// Per column: its alignment, nil where the delimiter row gives none.
    public var alignments: [Alignment?]
    /// The rows, the header first; every row has one cell per column.
    public var rows: [[Cell]]
    /// Where each row starts in the source.
    public var rowLocations: [SourceLocation]
    /// More rows follow, read a slice at a time (a long table streamed by
    /// `MarkdownBlocks.streamsTableRows`).
    package var rowsFollow = false
    /// With `rowsFollow`: how many rows the table has in all, the header included.
    package var announcedRowCount: Int?

    /// A table of `rows` (the first is the header).
    public init(alignments: [Alignment?], rows: [[Cell]], rowLocations: [SourceLocation] = []) {
        self.alignments = alignments; self.rows = rows; self.rowLocations = rowLocations
    }
}
