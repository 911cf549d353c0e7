import Foundation

// A Markdown document built a part at a time while it is laid out: the storage holds the
// parts still to be set, not the whole styled text.

/// The headings, anchors and sections of a document built a part at a time
/// (`DocumentBuilder.streamMarkdown`), as far as it is built: the page layer reads them as
/// the parts arrive, always ahead of the pages it sets.
public final class GrowingMarks {
    /// In document order, as in `BuiltDocument`.
    public internal(set) var headings: [HeadingMark] = []
    /// In document order; every heading is also an anchor.
    public internal(set) var anchors: [Anchor] = []
    /// Where the column count changes, sorted by offset.
    public internal(set) var sections: [SectionMark] = []
}

extension DocumentBuilder {
    /// Whether `document` can be built a part at a time as it is set
    /// (`streamMarkdown(_:blocks:)`): nothing in it needs the whole text before the first
    /// page. Not so with footnotes (`[^…]`, `^[…]`: numbered and placed at the end of the
    /// build), contents (`{toc}`, `toc:`), page references (`{page}`), links inside the
    /// document (`(#…)`, `{link=#…}`, `href="#…"`: a link to an id given nowhere is taken off
    /// once all ids are known), images (their files are checked before anything is written),
    /// fonts named in the text (`{font=…}`: checked to be installed before the render),
    /// floating blocks (`{float=…}`, `{wrap=…}`: attached to their anchors at the end of the
    /// build), character references and escaped `#` (`&#…;`, `\#`: what they stand for is
    /// not in the bytes), or a template with rules or an image among its after-body fields
    /// (whose file must be known before the render). Decided from the text's bytes, erring on the side of
    /// building whole: what only looks like one of these builds whole too, the same PDF.
    package func streams(_ document: MarkdownDocument, blocks: MarkdownBlocks) -> Bool {
        guard template.rules.isEmpty, !document.frontMatter.tableOfContents,
              template.afterBody.allSatisfy({ $0.imageHeight == nil }) else { return false }
        let fm = document.frontMatter
        let fields = [fm.title, fm.author, fm.date, fm.subject].compactMap { $0 } + Array(fm.variables.values)
        return !blocks.bodyMayNeedWholeDocument && !fields.contains { Self.mayNeedWholeDocument(Array($0.utf8)) }
    }

    /// Builds `document` as `build(_:blocks:)` does, but none of its text is in the storage
    /// yet: `textSupplier` builds the blocks a part (some 16 KB) at a time as the layout
    /// manager asks (`LayoutManager.textSupplier`), and `marksSoFar` grows with each part.
    /// Only for a document that `streams`. A fault found in a later block (a bad `{…}`)
    /// ends the text there; `buildError` then holds it, and the render must fail with it.
    package func streamMarkdown(_ document: MarkdownDocument, blocks: MarkdownBlocks) throws -> BuiltDocument {
        let stream = try MarkdownStream(builder: self, document: document, blocks: blocks)
        var built = BuiltDocument(storage: TextStorage())
        try stream.state.documentFields(&built)
        let storage = built.storage
        built.textSupplier = { [storage] in stream.supply(to: storage) }
        built.marksSoFar = stream.marks
        built.buildOutcome = { (stream.error, stream.state.warnings) }
        built.expectedLength = blocks.bodyLength
        return built
    }
}

/// One streamed build: the build's state and the next block, one behind the reader so
/// that the last block is known as the last.
private final class MarkdownStream {
    var state: BuildState
    let blocks: MarkdownBlocks
    var held: Block?
    var context = BlockContext()
    let marks = GrowingMarks()
    var error: Error?
    var done = false

    init(builder: DocumentBuilder, document: MarkdownDocument, blocks: MarkdownBlocks) throws {
        state = BuildState(builder: builder, document: document)
        self.blocks = blocks
        blocks.streamsTableRows = true
        blocks.readAheadInBackground()
        try state.buildTitleBlock()
        state.contents.afterTitle = state.text.length
        held = try blocks.next()
    }

    /// Builds blocks until a part's worth of paragraphs is ended, appends them to
    /// `storage` (the last ended paragraph is kept back: its separator comes off if it ends
    /// the text), and returns whether more will come.
    func supply(to storage: TextStorage) -> Bool {
        guard !done else { return false }
        do {
            // A part's worth of text, and a paragraph to hand on besides the last (one
            // paragraph can be longer than a part).
            while let block = held,
                  state.text.length - state.text.origin < DocumentBuilder.partBytes || state.text.endedParagraphCount < 2 {
                held = try state.build(block, from: blocks, context: &context)
            }
            try checkNothingWaitsForTheEnd()
            if held != nil {
                append(state.text.takeEndedParagraphs(keepingLast: 1), to: storage)
                return true
            }
            try state.buildClosingBlock()
            state.text.removeFinalSeparator()
            append(state.text.takeEndedParagraphs(), to: storage)
            // An open last paragraph (no separator) is the text's end.
            var rest = AttributedText()
            swap(&rest, &state.text)
            append(rest, to: storage)
        } catch {
            self.error = error
        }
        done = true
        return false
    }

    /// What only the end of a whole build puts in place (footnotes' and floating blocks'
    /// texts, the contents, the removal of links to ids given nowhere) must not be in a
    /// document built a part at a time; `DocumentBuilder.streams` keeps such documents out.
    /// Should one get through, the render fails rather than set a PDF without them.
    private func checkNothingWaitsForTheEnd() throws {
        let state = self.state
        let notes = state.footnotes
        guard !state.floats.isEmpty || !notes.marks.isEmpty || !notes.inlineTexts.isEmpty || !notes.definitionTexts.isEmpty
                || state.contents.placed != nil || !state.pendingLinks.isEmpty else { return }
        throw DocumentError(path: state.document.file, reason: "this document needs its whole text before its first page is set (a note, a floating block, the contents or a link inside it), which Folio did not see coming: nothing was written; please report it")
    }

    private func append(_ part: AttributedText, to storage: TextStorage) {
        guard part.length > 0 else { return }
        let start = storage.length
        storage.append(part)
        state.unlink(in: storage, range: start..<storage.length, dead: [])
        marks.headings = state.headings
        marks.anchors = state.anchors
        marks.sections = state.sections
    }
}
