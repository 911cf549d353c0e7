/// The document: attributed text organised as paragraphs.
///
/// **Index unit.** Every offset and range in Folio's public API counts **UTF-8 bytes** of
/// the storage's string, in which paragraphs are separated by `"\n"` (the separator
/// belongs to the paragraph it ends). UTF-8 is what Pango measures in, so offsets cross
/// into layout without conversion. Ranges given to editing calls must fall on Unicode
/// scalar boundaries (checked); layout never ends a line inside a grapheme cluster, and
/// `rangeOfComposedCharacter(at:)` widens an offset to its whole cluster.
///
/// **Editing.** Calls may be grouped between `beginEditing()` and `endEditing()`; a call
/// outside a group is a group of its own. When the outermost group ends the storage makes
/// each paragraph's style uniform (the style of its first character wins), then tells
/// every observer — each attached layout manager — the edited range (in the new text),
/// the change in length, and what changed.
public final class TextStorage {
    /// What an editing group changed.
    public struct EditMask: OptionSet, Sendable, Hashable {
        /// The bits of the mask (see `characters` and `attributes`).
        public let rawValue: Int
        /// A mask from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Text was inserted, deleted or replaced (lengths or characters changed).
        public static let characters = EditMask(rawValue: 1)
        /// Only attributes or paragraph styles changed; the text is the same.
        public static let attributes = EditMask(rawValue: 2)
    }

    /// One finished editing group, as told to observers.
    public struct Edit: Sendable, Hashable {
        /// Whether characters, attributes or both changed.
        public var mask: EditMask
        /// The edited range in the text after the edit.
        public var range: Range<Int>
        /// New length minus old length.
        public var changeInLength: Int
    }

    /// The retained text: `bytes[k]` is the byte at offset `origin + k`.
    var bytes: [UInt8] = []
    var characterRuns = RunArray<TextAttributes>()
    var styleRuns = RunArray<ParagraphStyle>()
    /// The retained paragraphs' starts (storage offsets): `starts[k]` is paragraph
    /// `paragraphOrigin + k`'s.
    var starts: [Int] = [0]
    var startsValid = true
    /// How many bytes, and paragraphs, were let go from the front
    /// (`discardText(beforeParagraph:)`); offsets and indexes still count them.
    var origin = 0
    var paragraphOrigin = 0

    var editingDepth = 0
    var pendingMask: EditMask = []
    var pendingRange: Range<Int>?
    var pendingDelta = 0
    var observers: [WeakObserver] = []

    /// Whether a `footnote` attribute was ever set in the storage (it stays true once set):
    /// layout skips looking for notes in text that never had one.
    public internal(set) var hasFootnotes = false
    /// Whether a `floatingBlock` attribute was ever set in the storage (as `hasFootnotes`).
    public internal(set) var hasFloatingBlocks = false

    /// Attributes given to text inserted into an empty storage.
    public var typingAttributes = TextAttributes()
    /// Paragraph style given to text inserted into an empty storage.
    public var typingParagraphStyle = ParagraphStyle()

    /// Takes part in every editing group as it ends (see `TextStorageDelegate`: the home of
    /// what a TextKit storage subclass does in `processEditing()`).
    ///
    /// Held **strongly**, unlike TextKit's, so that a delegate made where it is set lives as
    /// long as the storage; a delegate that keeps the storage must keep it weakly.
    public var delegate: (any TextStorageDelegate)?

    /// Called on the edited paragraphs at the end of every editing group, before the
    /// observers hear of it (the document layer's style rules run here).
    public var attributeFixers: [@Sendable (TextStorage, Range<Int>) -> Void] = []

    /// An empty storage, with default typing attributes and paragraph style.
    public init() {}

    /// A storage holding `string` with one set of attributes and one paragraph style.
    public convenience init(_ string: String, attributes: TextAttributes = .none,
                            paragraphStyle: ParagraphStyle = .default) {
        self.init()
        typingAttributes = attributes
        typingParagraphStyle = paragraphStyle
        append(string, attributes: attributes, paragraphStyle: paragraphStyle)
    }

    // MARK: Reading

    /// Length in UTF-8 bytes (text let go by `discardText(beforeParagraph:)` included).
    public var length: Int { origin + bytes.count }
    /// True when the storage holds no text.
    public var isEmpty: Bool { length == 0 }
    /// The whole text (from `retainedRange`'s start, when text was let go).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The text in `range` (UTF-8 byte offsets on scalar boundaries, checked).
    public func substring(_ range: Range<Int>) -> String {
        checkRange(range)
        return String(decoding: bytes[(range.lowerBound - origin)..<(range.upperBound - origin)], as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 bytes in `range`, without copying.
    public func withUTF8<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        checkRange(range)
        return try bytes.withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[(range.lowerBound - origin)..<(range.upperBound - origin)]))
        }
    }

    /// The attributes in force at `offset` (a UTF-8 byte offset) and the range over which they hold.
    public func attributes(at offset: Int) -> (attributes: TextAttributes, range: Range<Int>) {
        precondition(offset >= origin && offset < max(length, 1), "offset \(offset) outside \(origin)..<\(length)")
        if characterRuns.count == 0 { return (typingAttributes, 0..<0) }
        let (v, r) = characterRuns.value(at: offset)
        return (v, max(r.lowerBound, origin)..<r.upperBound)
    }

    /// The value of one attribute at `offset` and the longest range around it over which
    /// that attribute has this same value (its effective range).
    public func attribute(_ key: AttributeKey, at offset: Int) -> (value: AnyHashable?, range: Range<Int>) {
        let (attrs, base) = attributes(at: offset)
        let value = attrs.value(for: key)
        var lo = max(origin, base.lowerBound), hi = base.upperBound
        while lo > origin, attributes(at: lo - 1).attributes.value(for: key) == value {
            lo = attributes(at: lo - 1).range.lowerBound
        }
        while hi < length, attributes(at: hi).attributes.value(for: key) == value {
            hi = attributes(at: hi).range.upperBound
        }
        return (value, lo..<hi)
    }

    /// The runs of all attributes within `range` (UTF-8 bytes; the whole text when nil).
    public func attributeRuns(in range: Range<Int>? = nil) -> [(range: Range<Int>, attributes: TextAttributes)] {
        let r = range ?? origin..<length
        checkRange(r)
        return characterRuns.runs(in: r).map { ($0.range, $0.value) }
    }

    /// The runs of one attribute within `range`: neighbouring runs with the same value of
    /// `key` are joined, and runs where it is unset have a nil value.
    public func attributeRuns(of key: AttributeKey, in range: Range<Int>? = nil) -> [(range: Range<Int>, value: AnyHashable?)] {
        var result: [(range: Range<Int>, value: AnyHashable?)] = []
        for run in attributeRuns(in: range) {
            let v = run.attributes.value(for: key)
            if let last = result.last, last.value == v, last.range.upperBound == run.range.lowerBound {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append((run.range, v))
            }
        }
        return result
    }

    /// Calls `body` for each run of `key` in `range` (see `attributeRuns(of:in:)`);
    /// `body` returns false to stop.
    public func enumerateAttribute(_ key: AttributeKey, in range: Range<Int>? = nil,
                                   _ body: (AnyHashable?, Range<Int>) throws -> Bool) rethrows {
        for run in attributeRuns(of: key, in: range) {
            if try !body(run.value, run.range) { break }
        }
    }

    // MARK: Paragraphs

    /// Number of paragraphs; an empty storage has one, empty.
    public var paragraphCount: Int { validateStarts(); return paragraphOrigin + starts.count }

    /// The range of paragraph `index`, including its terminating `"\n"` if it has one.
    public func paragraphRange(at index: Int) -> Range<Int> {
        validateStarts()
        let k = index - paragraphOrigin
        precondition(k >= 0, "paragraph \(index) was let go (discardText(beforeParagraph: \(paragraphOrigin)))")
        let end = k + 1 < starts.count ? starts[k + 1] : length
        return starts[k]..<end
    }

    /// The range of paragraph `index` without its terminator.
    public func paragraphContentRange(at index: Int) -> Range<Int> {
        let r = paragraphRange(at: index)
        if r.upperBound > r.lowerBound && bytes[r.upperBound - 1 - origin] == 0x0A { return r.lowerBound..<(r.upperBound - 1) }
        return r
    }

    /// The index of the paragraph holding `offset`, a UTF-8 byte offset (`length` belongs to
    /// the last one).
    public func paragraphIndex(containing offset: Int) -> Int {
        validateStarts()
        precondition(offset >= origin, "offset \(offset) was let go (discardText(beforeParagraph: \(paragraphOrigin)))")
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return paragraphOrigin + lo
    }

    /// The style of the paragraph holding `offset`.
    public func paragraphStyle(at offset: Int) -> ParagraphStyle {
        styleRuns.count == 0 ? typingParagraphStyle : styleRuns.value(at: min(max(offset, origin), max(origin, length - 1))).0
    }

    /// The style of paragraph `index`.
    public func paragraphStyle(ofParagraph index: Int) -> ParagraphStyle {
        paragraphStyle(at: paragraphRange(at: index).lowerBound)
    }

    /// The range of the grapheme cluster (user-perceived character) holding `offset`.
    public func rangeOfComposedCharacter(at offset: Int) -> Range<Int> {
        let p = paragraphRange(at: paragraphIndex(containing: offset))
        let text = substring(p)
        var position = p.lowerBound
        for ch in text {
            let n = ch.utf8.count
            if offset < position + n { return position..<(position + n) }
            position += n
        }
        return offset..<offset
    }

    // MARK: Internals

    func noteEdit(_ mask: EditMask, range: Range<Int>, newLength: Int) {
        let delta = newLength - range.count
        let newRange = range.lowerBound..<(range.lowerBound + newLength)
        if var lo = pendingRange?.lowerBound, var hi = pendingRange?.upperBound {
            // Move the earlier edited range into the new text's coordinates.
            if lo >= range.upperBound { lo += delta } else if lo > range.lowerBound { lo = range.lowerBound }
            if hi >= range.upperBound { hi += delta } else if hi > range.lowerBound { hi = newRange.upperBound }
            pendingRange = min(lo, newRange.lowerBound)..<max(hi, newRange.upperBound)
        } else {
            pendingRange = newRange
        }
        pendingMask.insert(mask)
        pendingDelta += delta
        if editingDepth == 0 { processEditing() }
    }

    func processEditing() {
        withDelegateGroup { $0.textStorage(self, willProcessEditing: pendingEdit) }
        guard let edited = pendingRange else { return }
        let whole = fixParagraphStyles(around: edited)
        if !attributeFixers.isEmpty {
            // Edits the fixers make join this group (one notification, one edited range)
            // rather than starting groups of their own.
            let fixers = attributeFixers
            attributeFixers = []
            editingDepth += 1
            for fix in fixers { fix(self, whole) }
            editingDepth -= 1
            attributeFixers = fixers
            if let range = pendingRange { _ = fixParagraphStyles(around: range) }
        }
        if delegate != nil {
            withDelegateGroup { $0.textStorage(self, didProcessEditing: pendingEdit) }
            if let range = pendingRange { _ = fixParagraphStyles(around: range) }
        }
        guard let range = pendingRange else { return }
        if !(hasFootnotes && hasFloatingBlocks), !range.isEmpty {
            for run in characterRuns.runs(in: range) {
                if run.value.footnote != nil { hasFootnotes = true }
                if run.value.floatingBlock != nil { hasFloatingBlocks = true }
            }
        }
        let edit = pendingEdit
        pendingRange = nil; pendingMask = []; pendingDelta = 0
        observers.removeAll { $0.value == nil }
        for o in observers { o.value?.textStorage(self, didProcess: edit) }
    }

    /// The editing group's changes so far, as observers will hear of them.
    var pendingEdit: Edit {
        Edit(mask: pendingMask, range: pendingRange ?? 0..<0, changeInLength: pendingDelta)
    }

    /// Makes the style of every paragraph touching `edited` uniform (its first
    /// character's wins); returns those paragraphs' whole range.
    func fixParagraphStyles(around edited: Range<Int>) -> Range<Int> {
        let (first, last) = paragraphIndexes(touching: edited)
        if styleRuns.count > 0 {
            for i in first...last {
                let r = paragraphRange(at: i)
                guard !r.isEmpty else { continue }
                let s = styleRuns.value(at: r.lowerBound)
                if s.1.upperBound < r.upperBound { styleRuns.modify(r) { _ in s.0 } }
            }
        }
        return paragraphRange(at: first).lowerBound..<paragraphRange(at: last).upperBound
    }

    /// The first and last paragraphs `range` touches (an empty range, the one it is in).
    func paragraphIndexes(touching range: Range<Int>) -> (first: Int, last: Int) {
        validateStarts()
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: max(range.lowerBound, min(range.upperBound, length) - (range.isEmpty ? 0 : 1)))
        return (first, last)
    }

    func validateStarts() {
        guard !startsValid else { return }
        // The retained text starts a paragraph (text is let go a paragraph at a time).
        var s = [origin]
        s.reserveCapacity(starts.count + 8)
        appendStarts(of: 0..<bytes.count, to: &s)
        starts = s
        startsValid = true
    }

    /// Appends to `starts` the start of every paragraph that a separator in `range` (of
    /// `bytes`) begins.
    func appendStarts(of range: Range<Int>, to starts: inout [Int]) {
        let origin = origin
        bytes.withUnsafeBufferPointer { buf in
            for i in range where buf[i] == 0x0A { starts.append(origin + i + 1) }
        }
    }

    func checkRange(_ range: Range<Int>) {
        precondition(range.lowerBound >= origin && range.upperBound <= length,
                     "range \(range) outside the storage's \(origin)..<\(length)")
    }

    func checkBoundary(_ offset: Int) {
        precondition(offset == length || bytes[offset - origin] & 0xC0 != 0x80,
                     "offset \(offset) falls inside a UTF-8 sequence; offsets count UTF-8 bytes")
    }
}
