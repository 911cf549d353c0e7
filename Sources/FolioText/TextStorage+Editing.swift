// Editing: replacing text, appending, setting attributes and paragraph styles, in
// groups that end with one notification to the observers.

extension TextStorage {
    // MARK: Editing

    /// Opens an editing group (groups nest). Observers hear nothing until the outermost group
    /// ends; every `beginEditing()` needs its `endEditing()`.
    public func beginEditing() { editingDepth += 1 }

    /// Closes an editing group. Closing the outermost one makes each edited paragraph's style
    /// uniform, runs the `attributeFixers`, and tells every observer one `Edit` covering all of
    /// the group's changes.
    public func endEditing() {
        precondition(editingDepth > 0, "endEditing() without beginEditing()")
        editingDepth -= 1
        if editingDepth == 0 { processEditing() }
    }

    /// Replaces the characters in `range` (UTF-8 byte offsets) with `string`. The new text takes `attributes`,
    /// or when nil, as in TextKit, the attributes of the first character replaced; an
    /// insertion (an empty `range`) takes those of the character before it, or at the start
    /// of the text of the one after it.
    public func replaceCharacters(in range: Range<Int>, with string: String, attributes: TextAttributes? = nil) {
        checkRange(range)
        checkBoundary(range.lowerBound); checkBoundary(range.upperBound)
        let new = Array(string.utf8)
        let inherited: TextAttributes
        if let attributes { inherited = attributes }
        else if characterRuns.count == 0 { inherited = typingAttributes }
        else if !range.isEmpty || range.lowerBound == origin { inherited = characterRuns.value(at: range.lowerBound).0 }
        else { inherited = characterRuns.value(at: range.lowerBound - 1).0 }
        // The new text takes the style of the paragraph it goes into: at a paragraph's
        // start that is the paragraph's own (its first character's), not the previous
        // paragraph's; only an empty last paragraph, which holds no style, takes the one
        // before it.
        let atParagraphStart = range.lowerBound == origin
            || (range.lowerBound < length && bytes[range.lowerBound - 1 - origin] == 0x0A)
        let style = styleRuns.count == 0 ? typingParagraphStyle
            : styleRuns.value(at: min(atParagraphStart ? range.lowerBound : range.lowerBound - 1, length - 1)).0
        bytes.replaceSubrange((range.lowerBound - origin)..<(range.upperBound - origin), with: new)
        characterRuns.replace(range, newLength: new.count, value: inherited)
        styleRuns.replace(range, newLength: new.count, value: style)
        startsValid = false
        noteEdit(.characters, range: range, newLength: new.count)
    }

    /// Appends `string` with the given attributes and paragraph style (nil: the typing ones).
    public func append(_ string: String, attributes: TextAttributes? = nil, paragraphStyle: ParagraphStyle? = nil) {
        let start = length
        beginEditing()
        replaceCharacters(in: start..<start, with: string, attributes: attributes ?? typingAttributes)
        if let paragraphStyle, length > start {
            // The style goes to the paragraphs the text starts; text that runs on from the
            // last paragraph joins it and keeps that paragraph's style.
            let first = paragraphIndex(containing: start)
            let from = paragraphRange(at: first).lowerBound == start || start == 0
                ? start : (first + 1 < paragraphCount ? paragraphRange(at: first + 1).lowerBound : length)
            if from < length || (from == length && bytes.last == 0x0A) {
                setParagraphStyle(paragraphStyle, range: from..<max(from, length))
            }
        } else if start == 0 {
            setParagraphStyle(typingParagraphStyle, range: 0..<length)
        }
        endEditing()
    }

    /// Appends text built with `AttributedText` in one edit: its runs and paragraph
    /// styles are taken as they are. Text after its last ended paragraph joins a new
    /// last paragraph with the style of the one before. An empty storage takes over the
    /// text's bytes and paragraphs without copying them (a long table's cells are
    /// hundreds of thousands of paragraphs).
    public func append(_ text: consuming AttributedText) {
        guard text.length > 0 else { return }
        beginEditing()
        let base = length
        // Text added to a paragraph left open at the end joins it; start a new one.
        let style = styleRuns.count == 0 ? typingParagraphStyle : styleRuns.value(at: length - 1).0
        var (added, runs, ends, styles) = text.take()
        let lastStyle = styles.last ?? style
        if base == 0 { bytes = consume added } else { bytes.append(contentsOf: added) }
        var start = base
        for run in runs {
            characterRuns.replace(start..<start, newLength: run.end + base - start, value: run.attributes)
            start = run.end + base
        }
        if base == 0, styleRuns.count == 0 {
            // The arrays are handed on, nothing else holding them: merged where they lie.
            start = ends.last ?? 0
            styleRuns = RunArray(values: consume styles, ends: consume ends)
        } else {
            start = base
            for (end, paragraphStyle) in zip(ends, styles) {
                styleRuns.replace(start..<start, newLength: end + base - start, value: paragraphStyle)
                start = end + base
            }
        }
        if start < length {
            styleRuns.replace(start..<start, newLength: length - start, value: lastStyle)
        }
        // Only the new text is looked through for paragraph starts: a storage fed a part at
        // a time while it is laid out (`discardText(beforeParagraph:)`) does not scan all of
        // its text again at every part.
        if startsValid { appendStarts(of: (base - origin)..<bytes.count, to: &starts) }
        noteEdit(.characters, range: base..<base, newLength: length - base)
        endEditing()
    }

    /// Appends a new paragraph: a separator if the storage is not empty, then `string`.
    public func appendParagraph(_ string: String, attributes: TextAttributes? = nil,
                                paragraphStyle: ParagraphStyle? = nil) {
        beginEditing()
        if !isEmpty {
            let style = paragraphStyle ?? self.paragraphStyle(at: length - 1)
            append("\n", attributes: characterRuns.value(at: length - 1).0, paragraphStyle: nil)
            append(string, attributes: attributes, paragraphStyle: style)
        } else {
            append(string, attributes: attributes, paragraphStyle: paragraphStyle)
        }
        endEditing()
    }

    /// Replaces all attributes over `range` (UTF-8 byte offsets) by `attributes`.
    public func setAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        checkRange(range)
        characterRuns.modify(range) { _ in attributes }
        noteEdit(.attributes, range: range, newLength: range.count)
    }

    /// Lays the attributes set in `attributes` over those already in `range` (UTF-8 bytes).
    public func addAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        checkRange(range)
        characterRuns.modify(range) { $0.merging(attributes) }
        noteEdit(.attributes, range: range, newLength: range.count)
    }

    /// Sets one attribute over `range` (UTF-8 bytes; nil removes it).
    public func setAttribute(_ key: AttributeKey, value: AnyHashable?, range: Range<Int>) {
        checkRange(range)
        characterRuns.modify(range) { var a = $0; a.setValue(value, for: key); return a }
        noteEdit(.attributes, range: range, newLength: range.count)
    }

    /// Removes one attribute from `range` (UTF-8 bytes).
    public func removeAttribute(_ key: AttributeKey, range: Range<Int>) {
        setAttribute(key, value: nil, range: range)
    }

    /// Sets the paragraph style of every paragraph that `range` (UTF-8 bytes) touches.
    public func setParagraphStyle(_ style: ParagraphStyle, range: Range<Int>) {
        checkRange(range)
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: max(range.lowerBound, range.upperBound - 1))
        let whole = paragraphRange(at: first).lowerBound..<paragraphRange(at: last).upperBound
        styleRuns.modify(whole) { _ in style }
        noteEdit(.attributes, range: whole, newLength: whole.count)
    }

    /// Changes the style of every paragraph that `range` touches with `transform`.
    public func modifyParagraphStyle(range: Range<Int>, _ transform: (inout ParagraphStyle) -> Void) {
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: max(range.lowerBound, range.upperBound - 1))
        beginEditing()
        for i in first...last {
            var s = paragraphStyle(ofParagraph: i)
            transform(&s)
            setParagraphStyle(s, range: paragraphRange(at: i))
        }
        endEditing()
    }
}
