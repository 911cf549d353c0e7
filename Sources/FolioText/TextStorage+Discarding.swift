// Letting go of the text before a point: a document fed to its layout a part at a time,
// and written out page by page, holds only the text still to be set.

extension TextStorage {
    /// The offsets the storage still holds text for: all of it (`0..<length`) unless text
    /// was let go with `discardText(beforeParagraph:)`.
    public var retainedRange: Range<Int> { origin..<length }

    /// The first paragraph whose text the storage still holds (0 unless text was let go).
    public var firstRetainedParagraph: Int { paragraphOrigin }

    /// Lets go of the text, attributes and paragraph styles of every paragraph before
    /// `index` (the last paragraph is always kept). Offsets and paragraph indexes do not
    /// change: paragraph `index` keeps its number and its offset, and `length` still counts
    /// the text let go. Reading or editing what was let go is a programming error (it
    /// traps), so this is for a storage whose beginning is done with — laid out, drawn and
    /// forgotten (`LayoutManager.forgetLayout(beforeContainerAt:)`) — such as a long
    /// document appended a part at a time while its pages are written.
    ///
    /// Observers are not told: nothing they may still read has changed.
    public func discardText(beforeParagraph index: Int) {
        precondition(editingDepth == 0, "discardText(beforeParagraph:) inside an editing group")
        validateStarts()
        let drop = min(index, paragraphOrigin + starts.count - 1) - paragraphOrigin
        guard drop > 0 else { return }
        let newOrigin = starts[drop]
        bytes.removeSubrange(0..<(newOrigin - origin))
        starts.removeSubrange(0..<drop)
        // A storage that held a whole document and keeps a little of it: the rest's
        // memory is given back rather than kept for text that may never come.
        if bytes.count < bytes.capacity / 4 { bytes = Array(bytes) }
        if starts.count < starts.capacity / 4 { starts = Array(starts) }
        origin = newOrigin
        paragraphOrigin += drop
        characterRuns.dropRuns(endingBy: newOrigin)
        styleRuns.dropRuns(endingBy: newOrigin)
    }
}
