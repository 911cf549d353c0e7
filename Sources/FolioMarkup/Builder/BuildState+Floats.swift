import Foundation

// Floating figures and tables: `{float=here|top|bottom|page|none}` on the line before a
// figure or a table (or the template's `figure-float` for figures) sets the block apart
// from the text, anchored after the paragraph before it; layout places it (`FloatingBlock`).
// `{wrap=left|right}` (with `wrap-width=40%`) sets it at one side, the text running beside it.

extension BuildState {
    /// The placement block `block` asks for (its `float`), else `fallback`; nil: in the flow.
    func floatPlacement(_ block: Block, fallback: FloatingBlock.Placement?) throws -> FloatingBlock.Placement? {
        // A block that starts a section (`{columns=1}`) stands where the section starts.
        if pendingColumns != nil { return nil }
        guard let value = block.spec?.value(of: "float") else { return fallback }
        if value == "none" { return nil }
        guard let placement = FloatingBlock.Placement(rawValue: value) else {
            throw DocumentError(block.spec?.location(of: "float") ?? block.location, "float is here, top, bottom, page or none, not '\(value)'")
        }
        return placement
    }

    /// The side and width `block` asks the text to run beside it at (`{wrap=left|right}`,
    /// `wrap-width=40%`, 10–90 % of the column); nil when it asks for none.
    func floatWrap(_ block: Block) throws -> FloatingBlock.Wrap? {
        if pendingColumns != nil { return nil }
        func place(_ name: String) -> SourceLocation { block.spec?.location(of: name) ?? block.location }
        guard let value = block.spec?.value(of: "wrap") else {
            if block.spec?.value(of: "wrap-width") != nil {
                throw DocumentError(place("wrap-width"), "wrap-width needs wrap=left or wrap=right beside it")
            }
            return nil
        }
        if value == "none" { return nil }
        guard let side = FloatingBlock.Wrap.Side(rawValue: value) else {
            throw DocumentError(place("wrap"), "wrap is left, right or none, not '\(value)'")
        }
        guard let width = block.spec?.value(of: "wrap-width") else { return FloatingBlock.Wrap(side: side) }
        guard let percent = Percentage.value(width), percent >= 10, percent <= 90 else {
            throw DocumentError(place("wrap-width"), "wrap-width is a share of the column from 10% to 90%, such as 40%, not '\(width)'")
        }
        return FloatingBlock.Wrap(side: side, width: percent / 100)
    }

    /// Builds what `build` sets as a block apart from the text, anchored on the separator of
    /// the paragraph before it; true when it was (there is no paragraph before the first
    /// block: it stays in the flow, and so does a block inside a note or a list). With
    /// `wrap`, the text runs beside the block.
    mutating func buildFloating(_ placement: FloatingBlock.Placement, wrap: FloatingBlock.Wrap? = nil, context: BlockContext,
                                _ build: (inout BuildState) throws -> Void) throws -> Bool {
        guard text.length > 0, text.paragraphIsEmpty, footnotes.depth == 0, !context.inNote, context.listDepth == 0 else {
            try build(&self)
            return false
        }
        let captured = try capturing(build)
        floats.append((text.length - 1..<text.length, FloatingBlock(captured, placement: placement, wrap: wrap)))
        return true
    }

    /// What `build` sets, apart from the text (which is left as it was). What it builds
    /// that belongs to the document — headings, ids, sections — is not kept.
    mutating func capturing(_ build: (inout BuildState) throws -> Void) throws -> AttributedText {
        let saved = (text, headings, anchors, sections, nextStyle, pendingColumns, footnotes.marks)
        // Page references in the captured text would be offsets into it, not into the
        // storage (filling them edited the storage at those offsets, inside characters:
        // found by the render fuzzer). They keep their placeholder, with a warning.
        let references = contents.references.count
        text = AttributedText()
        nextStyle = nil
        pendingColumns = nil
        defer {
            (text, headings, anchors, sections, nextStyle, pendingColumns, footnotes.marks) = saved
            if contents.references.count > references {
                contents.references.removeSubrange(references...)
                warnings.append("\(currentLocation): a page reference inside a note or a floating block is not filled in; it shows \(Self.unresolvedPage)")
            }
        }
        try build(&self)
        return text
    }
}
