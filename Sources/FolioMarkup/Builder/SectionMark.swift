/// Where the column count changes: from `offset` on, text is set in `columns` columns
/// (1 spans the text area — a title block, an abstract, a headline).
public struct SectionMark: Hashable, Sendable {
    public var offset: Int
    public var columns: Int
    public init(offset: Int, columns: Int) { self.offset = offset; self.columns = columns }
}
