/// Character protrusion (margin kerning, as microtype and InDesign's optical margin
/// alignment do it): punctuation at the ends of a justified line hangs partly into the
/// margin, so that the margin looks straight to the eye instead of dented by the light
/// marks. The breaker counts the hanging part as room (`BreakItems.lineEndTrim`), the
/// assembler sets the line that much wider, starting that much further left.
///
/// Amounts are fractions of the mark's own advance, scaled by
/// `TypesettingParameters.protrusion`; only punctuation hangs (letters keep the edge).
/// The wide marks (quotes, dashes) hang a smaller share, so that none reaches more than
/// about a quarter em past the edge.
enum CharacterProtrusion {
    /// How much of `scalar` hangs into the right margin when it ends a line.
    static func right(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x2E, 0x2D, 0x2010, 0x2011, 0x00AD, 0x2019, 0x27: return 0.7   // . - ‐ ‑ soft hyphen ’ '
        case 0x2C: return 0.6                                                // ,
        case 0x3A, 0x3B, 0x22, 0x201D, 0x2013: return 0.5                    // : ; " ” –
        case 0xBB, 0x203A: return 0.4                                        // » ›
        case 0x2014, 0x2026: return 0.25                                     // — …
        case 0x21, 0x3F, 0x29, 0x5D: return 0.2                              // ! ? ) ]
        default: return 0
        }
    }

    /// How much of `scalar` hangs into the left margin when it starts a line.
    static func left(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x2018, 0x27: return 0.7                                        // ‘ '
        case 0x201C, 0x201E, 0x22: return 0.5                                // “ „ "
        case 0xAB, 0x2039: return 0.4                                        // « ‹
        case 0x28, 0x5B: return 0.2                                          // ( [
        default: return 0
        }
    }

    /// Whether `p`'s lines may protrude: a justified, left-to-right paragraph without East
    /// Asian spacing (which hangs its own punctuation), with protrusion turned on.
    static func applies(to p: ShapedParagraph, parameters: TypesettingParameters) -> Bool {
        parameters.protrusion > 0 && p.alignment == .justified && p.eastAsian == nil && p.baseLevel & 1 == 0
            && p.runs.allSatisfy { $0.level & 1 == 0 }
    }

    /// The points cluster `c` of `p` hangs into the right margin at a line's end.
    static func right(_ p: ShapedParagraph, cluster c: Int, parameters: TypesettingParameters) -> Double {
        guard c >= 0, c < p.clusterCount else { return 0 }
        let r = bytes(p, cluster: c)
        guard !r.isEmpty else { return 0 }
        // Most lines end in a letter: an ASCII byte answers without decoding.
        let last = p.text[r.upperBound - 1]
        let share = last < 0x80 ? right(Unicode.Scalar(last)) : lastScalar(p, in: r).map { right($0) } ?? 0
        return share == 0 ? 0 : share * p.clusterWidth[c] * parameters.protrusion
    }

    /// The points cluster `c` of `p` hangs into the left margin at a line's start.
    static func left(_ p: ShapedParagraph, cluster c: Int, parameters: TypesettingParameters) -> Double {
        guard c >= 0, c < p.clusterCount else { return 0 }
        let r = bytes(p, cluster: c)
        guard !r.isEmpty else { return 0 }
        let first = p.text[r.lowerBound]
        // Only ASCII marks and those led by 0xC2 (« ) or 0xE2 (‘ “ „ ‹) hang at the left.
        let share: Double
        if first < 0x80 { share = left(Unicode.Scalar(first)) }
        else if first == 0xC2 || first == 0xE2 { share = firstScalar(p, in: r).map { left($0) } ?? 0 }
        else { share = 0 }
        return share == 0 ? 0 : share * p.clusterWidth[c] * parameters.protrusion
    }

    private static func bytes(_ p: ShapedParagraph, cluster c: Int) -> Range<Int> {
        let start = Int(p.clusterStart[c])
        let end = c + 1 < p.clusterCount ? Int(p.clusterStart[c + 1]) : p.text.count
        return start..<max(start, min(end, p.text.count))
    }

    private static func firstScalar(_ p: ShapedParagraph, in r: Range<Int>) -> Unicode.Scalar? {
        var decoder = UTF8()
        var iterator = p.text[r].makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return nil
    }

    private static func lastScalar(_ p: ShapedParagraph, in r: Range<Int>) -> Unicode.Scalar? {
        // The last scalar starts at the last byte that is not a continuation byte.
        var start = r.upperBound - 1
        while start > r.lowerBound, p.text[start] & 0xC0 == 0x80 { start -= 1 }
        var decoder = UTF8()
        var iterator = p.text[start..<r.upperBound].makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return nil
    }
}
