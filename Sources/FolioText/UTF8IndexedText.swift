/// Text whose offsets count UTF-8 bytes — `TextStorage` and `AttributedText` — with the
/// conversions from the units other APIs answer in, and searches that answer in bytes.
///
/// Folio's one index unit is the UTF-8 byte (see `TextStorage`). Swift's `Regex` and
/// `String` searches answer `String.Index`es and Foundation's `NSRegularExpression`
/// answers UTF-16 `NSRange`s (FolioLayout adds those conversions); convert them here
/// rather than by hand, or search with `ranges(of:)` and `matches(of:)`, which answer in
/// bytes already.
public protocol UTF8IndexedText {
    /// Length in UTF-8 bytes.
    var length: Int { get }
    /// The whole text.
    var string: String { get }
    /// The text in `range` (UTF-8 byte offsets on scalar boundaries).
    func substring(_ range: Range<Int>) -> String
}

extension UTF8IndexedText {
    // MARK: From and to String indices

    /// The byte range of `substring`, a piece of `string` (or of `substring(_:)`'s answer
    /// for a range starting at `base`): how a `Regex` match or a capture is placed in the text.
    public func range(of substring: Substring, base: Int = 0) -> Range<Int> {
        range(for: substring.startIndex..<substring.endIndex, in: substring.base, base: base)
    }

    /// The byte range of `indices`, indices into `string` (a copy of this text's `string`,
    /// or of `substring(_:)`'s answer for a range starting at `base`).
    ///
    /// An index inside a scalar is moved back to the scalar's start.
    public func range(for indices: Range<String.Index>, in string: String, base: Int = 0) -> Range<Int> {
        let utf8 = string.utf8
        let lower = utf8.distance(from: utf8.startIndex, to: indices.lowerBound.samePositionOrScalarStart(in: string))
        let upper = utf8.distance(from: utf8.startIndex, to: indices.upperBound.samePositionOrScalarStart(in: string))
        return (base + lower)..<(base + upper)
    }

    /// The indices into `string` (a copy of this text's `string`) of the byte range `range`.
    public func stringRange(for range: Range<Int>, in string: String) -> Range<String.Index> {
        precondition(range.lowerBound >= 0 && range.upperBound <= string.utf8.count,
                     "range \(range) outside the text's 0..<\(string.utf8.count)")
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return lower..<upper
    }

    // MARK: Searching

    /// The first occurrence of `target` in `range` (the whole text when nil), by exact
    /// scalars or, with `caseInsensitive`, ignoring case as Unicode defines it.
    public func range(of target: String, caseInsensitive: Bool = false, in range: Range<Int>? = nil) -> Range<Int>? {
        ranges(of: target, caseInsensitive: caseInsensitive, in: range, limit: 1).first
    }

    /// Every occurrence of `target` in `range` (the whole text when nil), not overlapping,
    /// in order (see `range(of:caseInsensitive:in:)`).
    public func ranges(of target: String, caseInsensitive: Bool = false, in range: Range<Int>? = nil) -> [Range<Int>] {
        ranges(of: target, caseInsensitive: caseInsensitive, in: range, limit: .max)
    }

    /// Every match of `regex` in `range` (the whole text when nil), in order, each with its
    /// byte range and its captures' byte ranges — what a highlighter needs to set
    /// attributes on the text it matched.
    ///
    /// Matching sees only `range`: `^` and `$` anchor at its ends (give a paragraph's range
    /// to match within a paragraph).
    public func matches<Output>(of regex: Regex<Output>, in range: Range<Int>? = nil) -> [TextMatch<Output>] {
        let searched = range ?? 0..<length
        let text = substring(searched)
        return text.matches(of: regex).map { match in
            let captures = AnyRegexOutput(match).map { element in
                element.range.map { self.range(for: $0, in: text, base: searched.lowerBound) }
            }
            return TextMatch(range: self.range(for: match.range, in: text, base: searched.lowerBound),
                             output: match.output, captureRanges: captures)
        }
    }

    private func ranges(of target: String, caseInsensitive: Bool, in range: Range<Int>?, limit: Int) -> [Range<Int>] {
        guard !target.isEmpty else { return [] }
        let searched = range ?? 0..<length
        let text = substring(searched)
        var found: [Range<Int>] = []
        if caseInsensitive {
            for match in text.matches(of: Regex<Substring>(verbatim: target).ignoresCase()) {
                found.append(self.range(for: match.range, in: text, base: searched.lowerBound))
                if found.count == limit { break }
            }
        } else {
            // Scalar by scalar, as the storage compares text: "é" precomposed and
            // decomposed are different text to layout, so they are not the same here.
            let needle = Array(target.utf8)
            let haystack = Array(text.utf8)
            var i = 0
            while i + needle.count <= haystack.count, found.count < limit {
                if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) {
                    found.append((searched.lowerBound + i)..<(searched.lowerBound + i + needle.count))
                    i += needle.count
                } else {
                    i += 1
                }
            }
        }
        return found
    }
}

/// One match of a `Regex` in a `TextStorage` or `AttributedText`, placed in UTF-8 bytes
/// (see `UTF8IndexedText.matches(of:in:)`).
public struct TextMatch<Output> {
    /// The byte range of the whole match.
    public var range: Range<Int>
    /// The regex's typed output (its `Substring`s are pieces of a copy of the text).
    public var output: Output
    /// The byte ranges of the match (index 0) and of each capture group (1…), nil where a
    /// group took no part in the match — e.g. `captureRanges[1]` is the text between the
    /// asterisks of `/\*(.+?)\*/`.
    public var captureRanges: [Range<Int>?]

    /// A match at `range` with `output` and its groups' ranges (index 0: the whole match).
    public init(range: Range<Int>, output: Output, captureRanges: [Range<Int>?]) {
        self.range = range; self.output = output; self.captureRanges = captureRanges
    }
}

extension String.Index {
    /// This index, or the start of the scalar it falls inside.
    fileprivate func samePositionOrScalarStart(in string: String) -> String.Index {
        samePosition(in: string.unicodeScalars) != nil ? self : string.unicodeScalars.index(before: string.unicodeScalars.index(after: self))
    }
}

extension TextStorage: UTF8IndexedText {}

extension AttributedText: UTF8IndexedText {
    /// The whole text built so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The text in `range` (UTF-8 byte offsets).
    public func substring(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "range \(range) outside the text's 0..<\(length)")
        return String(decoding: bytes[range], as: UTF8.self)
    }
}
