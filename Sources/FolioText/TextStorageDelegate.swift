/// Takes part in every editing group as it ends: where a TextKit developer would subclass
/// `NSTextStorage` and override `processEditing()` (a syntax highlighter, a storage that
/// marks dates), or implement `NSTextStorageDelegate`.
///
/// Both calls come once per outermost editing group, on the thread that ended it, with
/// the group's edit so far (`range` in the text after it, `changeInLength`, `mask`).
/// Edits the delegate makes from either call join the same group: observers — the layout
/// managers — hear of one edit covering everything. Both methods have empty defaults.
public protocol TextStorageDelegate: AnyObject {
    /// Before the paragraph styles are made uniform and the `attributeFixers` run: the
    /// place to change characters as well as attributes (TextKit's
    /// `textStorage(_:willProcessEditing:range:changeInLength:)`).
    func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit)
    /// After the fixers, before the observers hear of the edit: the place to set
    /// attributes from what the text now says — highlighting — as TextKit's
    /// `processEditing()` override or `textStorage(_:didProcessEditing:range:changeInLength:)`.
    /// Paragraph styles set here are made uniform again before observers are told.
    func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit)
}

extension TextStorageDelegate {
    /// Does nothing.
    public func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit) {}
    /// Does nothing.
    public func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {}
}

extension TextStorage {
    /// The paragraphs `edit` touched, whole: the range a highlighter looks at again (the
    /// text a match may now start or end in).
    public func paragraphRange(for range: Range<Int>) -> Range<Int> {
        checkRange(range)
        let (first, last) = paragraphIndexes(touching: range)
        return paragraphRange(at: first).lowerBound..<paragraphRange(at: last).upperBound
    }

    /// Calls `body` inside an editing group opened for the delegate, so that its edits
    /// join the group being processed.
    func withDelegateGroup(_ body: (any TextStorageDelegate) -> Void) {
        guard let delegate, pendingRange != nil else { return }
        editingDepth += 1
        body(delegate)
        editingDepth -= 1
    }
}
