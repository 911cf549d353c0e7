import Foundation

// Foundation's units beside Folio's: `NSRange`s count UTF-16 code units, Folio's ranges
// UTF-8 bytes. FolioText stays free of Foundation; these live with the layer that has it.

extension UTF8IndexedText {
    /// The byte range of `nsRange`, a UTF-16 range in `string` (a copy of this text's
    /// `string`, or of `substring(_:)`'s answer for a range starting at `base`) — what
    /// `NSRegularExpression`, `NSString` and TextKit code answer. Nil when `nsRange` is not
    /// inside `string` or cuts a surrogate pair.
    public func range(for nsRange: NSRange, in string: String, base: Int = 0) -> Range<Int>? {
        let utf16 = string.utf16
        guard nsRange.location != NSNotFound, nsRange.location >= 0, nsRange.length >= 0,
              nsRange.location <= utf16.count - nsRange.length else { return nil }
        let lower = utf16.index(utf16.startIndex, offsetBy: nsRange.location)
        let upper = utf16.index(lower, offsetBy: nsRange.length)
        // An index between the two halves of a surrogate pair is no place in the text.
        guard lower.samePosition(in: string.unicodeScalars) != nil,
              upper.samePosition(in: string.unicodeScalars) != nil else { return nil }
        return range(for: lower..<upper, in: string, base: base)
    }

    /// The byte range of `nsRange`, a UTF-16 range in the whole text (see
    /// `range(for:in:base:)`; converting many ranges, make `string` once and pass it).
    public func range(for nsRange: NSRange) -> Range<Int>? {
        range(for: nsRange, in: string)
    }

    /// The UTF-16 range in `string` (a copy of this text's `string`) of the byte range `range`.
    public func nsRange(for range: Range<Int>, in string: String) -> NSRange {
        NSRange(stringRange(for: range, in: string), in: string)
    }

    /// The UTF-16 range of the byte range `range` in the whole text.
    public func nsRange(for range: Range<Int>) -> NSRange {
        nsRange(for: range, in: string)
    }

    /// Every match of `expression` in `range` (the whole text when nil), with its byte range
    /// and its capture groups' byte ranges (nil where a group took no part): the
    /// `NSRegularExpression` form of `matches(of:in:)`.
    public func matches(of expression: NSRegularExpression, options: NSRegularExpression.MatchingOptions = [],
                        in range: Range<Int>? = nil) -> [TextMatch<NSTextCheckingResult>] {
        let searched = range ?? 0..<length
        let text = substring(searched)
        let whole = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.matches(in: text, options: options, range: whole).compactMap { result in
            let captures = (0..<result.numberOfRanges).map {
                self.range(for: result.range(at: $0), in: text, base: searched.lowerBound)
            }
            guard let matched = captures[0] else { return nil }
            return TextMatch(range: matched, output: result, captureRanges: captures)
        }
    }
}
