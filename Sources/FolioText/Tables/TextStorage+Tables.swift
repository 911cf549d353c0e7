extension TextStorage {
    /// The innermost table cell holding the character at `offset` (its table, row and
    /// column), nil when the character is not in a table.
    public func tableBlock(at offset: Int) -> TextTableBlock? {
        guard paragraphCount > 0 else { return nil }
        return paragraphStyle(ofParagraph: paragraphIndex(containing: min(max(0, offset), length))).innermostTextBlock
    }

    /// The storage range of the cell holding the character at `offset` at nesting depth
    /// `depth` (0: the outermost table): the run of paragraphs around it with the same
    /// block. Nil when the character is not in a cell that deep.
    public func rangeOfTableCell(at offset: Int, depth: Int = 0) -> Range<Int>? {
        guard paragraphCount > 0 else { return nil }
        let p = paragraphIndex(containing: min(max(0, offset), length))
        guard let block = paragraphStyle(ofParagraph: p).textBlock(atDepth: depth) else { return nil }
        var first = p, last = p
        while first > firstRetainedParagraph, paragraphStyle(ofParagraph: first - 1).textBlock(atDepth: depth) == block { first -= 1 }
        while last + 1 < paragraphCount, paragraphStyle(ofParagraph: last + 1).textBlock(atDepth: depth) == block { last += 1 }
        return paragraphRange(at: first).lowerBound..<paragraphRange(at: last).upperBound
    }

    /// The storage range of the whole table at nesting depth `depth` holding the
    /// character at `offset`: every paragraph around it whose block at that depth
    /// names the same table. Nil when the character is in no table that deep.
    public func rangeOfTable(at offset: Int, depth: Int = 0) -> Range<Int>? {
        guard paragraphCount > 0 else { return nil }
        let p = paragraphIndex(containing: min(max(0, offset), length))
        guard let table = paragraphStyle(ofParagraph: p).textBlock(atDepth: depth)?.table else { return nil }
        func inTable(_ i: Int) -> Bool { paragraphStyle(ofParagraph: i).textBlock(atDepth: depth)?.table === table }
        var first = p, last = p
        while first > firstRetainedParagraph, inTable(first - 1) { first -= 1 }
        while last + 1 < paragraphCount, inTable(last + 1) { last += 1 }
        return paragraphRange(at: first).lowerBound..<paragraphRange(at: last).upperBound
    }
}
