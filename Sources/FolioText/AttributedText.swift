/// Text with attribute runs and paragraph styles, built up from the start to the end
/// and then added to a storage in one edit (`TextStorage.append(_:)`). Readers that
/// make a whole document use it: appending piece by piece to a storage would re-find
/// paragraph boundaries after every piece.
public struct AttributedText: Sendable {
    /// The text so far, UTF-8 (from `origin`, when paragraphs were handed on).
    public private(set) var bytes: [UInt8] = []
    /// Where `bytes` starts: 0, or the end of the paragraphs handed on with
    /// `takeEndedParagraphs(keepingLast:)`. Offsets still count from the text's start.
    public private(set) var origin = 0
    /// Character runs: end offset and attributes, in order.
    private(set) var runs: [(end: Int, attributes: TextAttributes)] = []
    /// Paragraphs ended so far: end offsets (after the separator) and styles, kept apart
    /// as a storage keeps them (`RunArray`), so that an empty storage takes them over as
    /// they are instead of copying them.
    private(set) var paragraphEnds: [Int] = []
    private(set) var paragraphStyles: [ParagraphStyle] = []

    /// Empty text; append to it, then hand it to `TextStorage.append(_:)`.
    public init() {}

    /// Length in UTF-8 bytes.
    public var length: Int { origin + bytes.count }

    /// Where the paragraph being built starts.
    public var paragraphStart: Int { paragraphEnds.last ?? origin }

    /// How many paragraphs are ended in the text held (after `origin`).
    public var endedParagraphCount: Int { paragraphEnds.count }

    /// Whether the paragraph being built has no text yet.
    public var paragraphIsEmpty: Bool { length == paragraphStart }

    /// Appends `string` with `attributes`. A newline in `string` is a line separator
    /// (U+2028) here: paragraphs end only through `endParagraph(_:)`.
    public mutating func append(_ string: String, attributes: TextAttributes) {
        let start = bytes.count
        var string = string
        string.withUTF8 { utf8 in
            // Most pieces hold no newline: copied whole, not byte by byte.
            guard utf8.firstIndex(of: 0x0A) != nil else { return bytes.append(contentsOf: utf8) }
            for b in utf8 {
                if b == 0x0A { bytes += [0xE2, 0x80, 0xA8] } else { bytes.append(b) }
            }
        }
        guard bytes.count > start else { return }
        extendLastRun(orAppend: attributes)
    }

    /// The last run taken to the end of the text when it has `attributes`, else a new run
    /// of them: compared in place (a copy of the last run's attributes retained each of
    /// their references, at every piece of every paragraph of a book).
    private mutating func extendLastRun(orAppend attributes: TextAttributes) {
        let n = runs.count
        if n > 0, runs[n - 1].attributes == attributes { runs[n - 1].end = length }
        else { runs.append((length, attributes)) }
    }

    /// Ends the paragraph being built, giving it `style`; the separator takes the
    /// attributes of the text before it (or `attributes` when the paragraph is empty).
    public mutating func endParagraph(_ style: ParagraphStyle, attributes: TextAttributes = .none) {
        let continuesText = !paragraphIsEmpty && !runs.isEmpty
        bytes.append(0x0A)
        // After text, the separator joins its last run.
        if continuesText { runs[runs.count - 1].end = length } else { extendLastRun(orAppend: attributes) }
        paragraphEnds.append(length)
        paragraphStyles.append(style)
    }

    /// Removes the separator after the last paragraph, so that the text does not end
    /// with an empty paragraph (which would take a line of its own).
    public mutating func removeFinalSeparator() {
        guard bytes.last == 0x0A, let last = paragraphEnds.last, last == length else { return }
        bytes.removeLast()
        paragraphEnds[paragraphEnds.count - 1] = length
        runs[runs.count - 1].end -= 1
        if runs[runs.count - 1].end == (runs.count > 1 ? runs[runs.count - 2].end : origin) { runs.removeLast() }
    }

    /// Sets `attributes` over `range` of the text built so far, merged on top of what is
    /// there (the custom attributes are merged too).
    public mutating func addAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        var result: [(end: Int, attributes: TextAttributes)] = []
        var start = origin
        for run in runs {
            let r = start..<run.end
            start = run.end
            let lo = max(r.lowerBound, range.lowerBound), hi = min(r.upperBound, range.upperBound)
            guard lo < hi else { result.append(run); continue }
            if r.lowerBound < lo { result.append((lo, run.attributes)) }
            result.append((hi, run.attributes.merging(attributes)))
            if hi < r.upperBound { result.append((r.upperBound, run.attributes)) }
        }
        runs = result
    }

    /// Sets each of `spans`' attributes over its range, merged on top of what is there, in
    /// one pass over the text (calling `addAttributes(_:range:)` once a span would pass
    /// over the whole text each time). The ranges must be in order and not overlap.
    public mutating func addAttributes(_ spans: [(range: Range<Int>, attributes: TextAttributes)]) {
        guard !spans.isEmpty else { return }
        precondition(zip(spans, spans.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound },
                     "addAttributes: the ranges must be in order and not overlap")
        var result: [(end: Int, attributes: TextAttributes)] = []
        result.reserveCapacity(runs.count + 2 * spans.count)
        var start = origin, k = 0
        for run in runs {
            var lo = start
            start = run.end
            // The spans that overlap this run, cutting it where they begin and end.
            while lo < run.end {
                while k < spans.count, spans[k].range.upperBound <= lo { k += 1 }
                guard k < spans.count, spans[k].range.lowerBound < run.end else {
                    result.append((run.end, run.attributes)); break
                }
                let span = spans[k]
                if span.range.lowerBound > lo { result.append((span.range.lowerBound, run.attributes)); lo = span.range.lowerBound }
                let hi = min(span.range.upperBound, run.end)
                result.append((hi, run.attributes.merging(span.attributes)))
                lo = hi
            }
        }
        runs = result
    }

    /// Inserts `other` at `offset`, which must be where a paragraph starts (or the end of
    /// the text when the last paragraph is ended); `other` must end its last paragraph. What
    /// was at `offset` and after moves `other.length` bytes on.
    public mutating func insert(_ other: AttributedText, at offset: Int) {
        precondition(offset == origin || paragraphEnds.contains(offset), "insert(_:at:) takes a paragraph's start")
        precondition(other.isEmptyOrEndsParagraph, "insert(_:at:) takes text whose last paragraph is ended")
        guard !other.bytes.isEmpty else { return }
        let delta = other.bytes.count
        bytes.insert(contentsOf: other.bytes, at: offset - origin)
        var newRuns: [(end: Int, attributes: TextAttributes)] = []
        newRuns.reserveCapacity(runs.count + other.runs.count)
        var inserted = false
        var start = origin
        for run in runs {
            if !inserted, run.end > offset {
                // A run across the insertion point is cut there.
                if start < offset { newRuns.append((offset, run.attributes)) }
                newRuns += other.runs.map { (offset + $0.end, $0.attributes) }
                inserted = true
            }
            start = run.end
            newRuns.append((run.end > offset ? run.end + delta : run.end, run.attributes))
        }
        if !inserted { newRuns += other.runs.map { (offset + $0.end, $0.attributes) } }
        runs = newRuns
        // The paragraphs ending after `offset` come after `other`'s, moved on by its length.
        let at = paragraphEnds.firstIndex { $0 > offset } ?? paragraphEnds.count
        for i in at..<paragraphEnds.count { paragraphEnds[i] += delta }
        paragraphEnds.insert(contentsOf: other.paragraphEnds.map { offset + $0 }, at: at)
        paragraphStyles.insert(contentsOf: other.paragraphStyles, at: at)
    }

    /// The attributes of the character at `offset` (UTF-8 bytes; clamped to the text);
    /// none for empty text.
    public func attributes(at offset: Int) -> TextAttributes {
        guard !runs.isEmpty else { return .none }
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].end <= offset { lo = mid + 1 } else { hi = mid }
        }
        return runs[lo].attributes
    }

    /// A copy of `range` (UTF-8 bytes, clamped to the text): its runs, and the paragraphs
    /// that end inside it; text after the last of them is a paragraph still being built.
    public func attributedText(in range: Range<Int>) -> AttributedText {
        let range = range.clamped(to: origin..<length)
        var copy = AttributedText()
        guard !range.isEmpty else { return copy }
        copy.bytes = Array(bytes[(range.lowerBound - origin)..<(range.upperBound - origin)])
        var start = origin
        for run in runs {
            defer { start = run.end }
            let lo = max(start, range.lowerBound), hi = min(run.end, range.upperBound)
            if lo < hi { copy.runs.append((hi - range.lowerBound, run.attributes)) }
        }
        for (end, style) in zip(paragraphEnds, paragraphStyles) where end > range.lowerBound && end <= range.upperBound {
            copy.paragraphEnds.append(end - range.lowerBound)
            copy.paragraphStyles.append(style)
        }
        return copy
    }

    /// Hands over the text's bytes, runs and paragraphs, leaving it empty: the one who
    /// takes them holds the only reference, so they are neither copied nor held twice.
    mutating func take() -> (bytes: [UInt8], runs: [(end: Int, attributes: TextAttributes)], paragraphEnds: [Int], paragraphStyles: [ParagraphStyle]) {
        defer { self = AttributedText() }
        guard origin > 0 else { return (bytes, runs, paragraphEnds, paragraphStyles) }
        return (bytes, runs.map { ($0.end - origin, $0.attributes) }, paragraphEnds.map { $0 - origin }, paragraphStyles)
    }

    /// Hands on the paragraphs ended so far but the last `keepingLast`, as text of their own
    /// (its offsets from 0), and lets go of them here: `origin` moves to where the text kept
    /// starts, and offsets here do not change. A document built a part at a time (its
    /// storage fed as its layout asks: `LayoutManager.textSupplier`) hands on each part so.
    public mutating func takeEndedParagraphs(keepingLast kept: Int = 0) -> AttributedText {
        var part = AttributedText()
        let count = paragraphEnds.count - kept
        guard count > 0 else { return part }
        let cut = paragraphEnds[count - 1]
        part.bytes = Array(bytes[..<(cut - origin)])
        bytes.removeSubrange(..<(cut - origin))
        // A run across the cut (the next paragraph's text in the same attributes) is split.
        let across = runs.firstIndex { $0.end > cut } ?? runs.count
        part.runs = runs[..<across].map { ($0.end - origin, $0.attributes) }
        if across < runs.count, part.runs.last?.end != cut - origin, cut > (across > 0 ? runs[across - 1].end : origin) {
            part.runs.append((cut - origin, runs[across].attributes))
        }
        runs.removeSubrange(..<across)
        part.paragraphEnds = paragraphEnds[..<count].map { $0 - origin }
        part.paragraphStyles = Array(paragraphStyles[..<count])
        paragraphEnds.removeSubrange(..<count)
        paragraphStyles.removeSubrange(..<count)
        origin = cut
        return part
    }

    /// Whether the text is empty or its last paragraph is ended.
    var isEmptyOrEndsParagraph: Bool { bytes.isEmpty || paragraphEnds.last == length }

    /// Appends `other`: its runs, and its paragraphs (the first one continues the
    /// paragraph being built here).
    public mutating func append(_ other: AttributedText) {
        let base = length
        bytes += other.bytes
        for run in other.runs {
            if let last = runs.last, last.end == base, last.attributes == run.attributes { runs[runs.count - 1].end = base + run.end }
            else { runs.append((base + run.end, run.attributes)) }
        }
        paragraphEnds += other.paragraphEnds.lazy.map { base + $0 }
        paragraphStyles += other.paragraphStyles
    }
}

extension TextStorage {
    /// A copy of `range` (whole paragraphs or parts of them) with its attributes and
    /// paragraph styles, to set elsewhere — e.g. measured on its own.
    public func attributedText(in range: Range<Int>) -> AttributedText {
        var text = AttributedText()
        guard !range.isEmpty else { return text }
        var index = paragraphIndex(containing: range.lowerBound)
        while index < paragraphCount {
            let paragraph = paragraphRange(at: index)
            guard paragraph.lowerBound < range.upperBound else { break }
            let content = paragraphContentRange(at: index)
            let lo = max(content.lowerBound, range.lowerBound), hi = min(content.upperBound, range.upperBound)
            if lo < hi {
                for run in attributeRuns(in: lo..<hi) { text.append(substring(run.range), attributes: run.attributes) }
            }
            text.endParagraph(paragraphStyle(ofParagraph: index), attributes: attributes(at: max(retainedRange.lowerBound, min(lo, length - 1))).attributes)
            if content.upperBound < paragraph.upperBound, content.upperBound < range.upperBound,
               let block = attributes(at: content.upperBound).attributes.floatingBlock {
                // A floating block anchored on the separator goes with it.
                var anchor = TextAttributes()
                anchor.floatingBlock = block
                text.addAttributes(anchor, range: text.length - 1..<text.length)
            }
            index += 1
        }
        text.removeFinalSeparator()
        return text
    }
}
