/// Where the column count changes: from `offset` on, text is set in `columns` columns
/// (1 spans the text area — a title block, an abstract, a headline).
public struct SectionMark: Hashable, Sendable {
    /// Storage offset (UTF-8 bytes) where the section starts.
    public var offset: Int
    /// Columns from `offset` on; 1 spans the text area.
    public var columns: Int
    /// A section of `columns` columns starting at storage offset `offset` (UTF-8 bytes).
    public init(offset: Int, columns: Int) { self.offset = offset; self.columns = columns }
}
