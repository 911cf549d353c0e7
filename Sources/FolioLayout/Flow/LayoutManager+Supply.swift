import Foundation

// Text that arrives while it is laid out: a long document is appended to the storage a
// part at a time as layout comes near the end of what it holds, and the text of pages
// written and forgotten is let go, so that neither the text nor its layout is ever all
// in memory.

extension LayoutManager {
    /// How many paragraphs, and bytes, layout keeps in hand past the paragraph it sets
    /// while more text may come: what it looks at ahead of the flow (a heading's next
    /// paragraph, the rest of a table, the column's next paragraph) is then in the storage.
    static let paragraphsAhead = 32
    package static let bytesAhead = 32 << 10

    /// The paragraphs that will not change: all of them, or, while more text may come,
    /// all but the last, which the next part may continue.
    var settledParagraphCount: Int { textStorage.paragraphCount - (expectsMoreText ? 1 : 0) }

    /// Whether the storage holds the whole text: there is no `textSupplier`, or it has said
    /// that it has no more.
    public var hasWholeText: Bool { !expectsMoreText }

    /// Asks `textSupplier` for more text while the storage holds fewer than
    /// `paragraphsAhead` settled paragraphs, or `bytesAhead` bytes, past paragraph `index`.
    func supplyText(beyond index: Int) {
        while expectsMoreText {
            let count = textStorage.paragraphCount
            if count - 1 > index + Self.paragraphsAhead,
               textStorage.length - textStorage.paragraphRange(at: min(index, count - 1)).lowerBound >= Self.bytesAhead { return }
            takeSuppliedText()
        }
    }

    /// Makes sure the storage holds the text up to `offset` in paragraphs that will not
    /// change (or the whole text, if it ends before): for a look further ahead than layout
    /// itself takes, such as a page composer measuring the rest of a section to balance
    /// its columns.
    public func ensureText(through offset: Int) {
        while expectsMoreText, textStorage.paragraphRange(at: textStorage.paragraphCount - 1).lowerBound <= offset {
            takeSuppliedText()
        }
    }

    /// One call of the supplier: what it appends is not an edit of the text laid out, and
    /// the worker thread, reading the storage meanwhile, waits for the append to end.
    func takeSuppliedText() {
        guard let supply = textSupplier else { expectsMoreText = false; return }
        storageLock.lock()
        receivingText = true
        let length = textStorage.length
        let more = supply()
        receivingText = false
        // Paragraph starts are settled here, under the lock, not by the first reader.
        _ = textStorage.paragraphCount
        storageLock.unlock()
        if !more { expectsMoreText = false }
        else { precondition(textStorage.length > length, "the text supplier said more text was coming and appended none") }
        worker?.extend(toParagraph: settledParagraphCount)
    }

    /// Lets go of the storage's text, and of the paragraph records, before the first
    /// paragraph with a line still remembered: layout never goes back to them (they are in
    /// containers forgotten), so a document fed by a supplier holds only the text of the
    /// pages in flight and of those to come.
    func discardForgottenText() {
        guard textSupplier != nil else { return }
        let first = fragments.first?.paragraphIndex ?? records.count
        guard first <= records.count else { return }
        // Layout looks back from the flow — along keep-with-next chains, for paragraphs to
        // set a line shorter — until a paragraph whose lines are all forgotten, or one not
        // kept with the next. Kept: the last paragraph before `first` (its lines all
        // forgotten), back to one not kept with the next, so that every look back stops
        // where it would have in the whole text. (A dropped record answers as a paragraph
        // with its lines forgotten: `ParagraphRecords`.)
        var keep = first - 1
        if keep >= 0, keep < records.count { keep = min(keep, records[keep].tableStart) }
        let retained = textStorage.firstRetainedParagraph
        while keep > retained, textStorage.paragraphStyle(ofParagraph: keep).keepWithNext { keep -= 1 }
        guard keep > retained else { return }
        storageLock.lock()
        textStorage.discardText(beforeParagraph: keep)
        storageLock.unlock()
        records.dropRecords(before: keep)
        forgetNotes(beforeParagraph: keep)
    }

    /// Lets go of what layout noted about the paragraphs before `first` and the forgotten
    /// containers (their text is gone: nothing lays them out again), so that a long document
    /// holds only the notes of the pages in flight. A forgotten container's place in
    /// `textContainers` keeps the chain's numbering, but holds one shared empty container.
    private func forgetNotes(beforeParagraph first: Int) {
        if !widowBreaks.isEmpty { widowBreaks = widowBreaks.filter { $0.key >= first } }
        if !unhyphenatedLines.isEmpty { unhyphenatedLines = unhyphenatedLines.filter { $0.key >= first } }
        if !looseLines.isEmpty { looseLines = looseLines.filter { $0.key >= first } }
        if !setWidths.isEmpty { setWidths = setWidths.filter { $0.key >= first } }
        if !keptParagraphs.isEmpty { keptParagraphs = keptParagraphs.filter { $0 >= first } }
        if !topFloatsJoined.isEmpty { topFloatsJoined = topFloatsJoined.filter { $0 >= first } }
        if !loosenedBreaks.isEmpty { loosenedBreaks = loosenedBreaks.filter { $0.key >= forgottenContainers } }
        // Not a container a paragraph still held may be laid out again from: a paragraph
        // that starts a column has its record's cursor in the column before, whose width
        // its shaping is matched against.
        var end = min(forgottenContainers, textContainers.count)
        if first < records.count { end = min(end, records[first].cursor.containerIndex) }
        while releasedContainers < end {
            textContainers[releasedContainers].owner = nil
            textContainers[releasedContainers] = releasedContainer
            releasedContainers += 1
        }
    }
}
