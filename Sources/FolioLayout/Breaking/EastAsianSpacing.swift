import FolioText

/// The glue East Asian text has between its clusters, for the breaker (as glue items) and
/// the assembler (as positions): a gap of no width that may open between ideographs, a
/// quarter em between ideographs and Latin letters or digits, half an em taken out
/// between adjacent full-width punctuation, and what a closing mark gives back at a
/// line's end. Made only for paragraphs with East Asian characters.
struct EastAsianSpacing {
    /// Whether there is glue before cluster `c` (possibly of no width).
    var hasGlue: [Bool]
    /// The natural width of the glue before cluster `c` (negative where punctuation is
    /// compressed).
    var width: [Double]
    /// How far it may open in a justified line.
    var stretch: [Double]
    /// How far it may close.
    var shrink: [Double]
    /// The width a line ending right after cluster `c` gives back: the empty half of a
    /// closing mark, or all of a hanging one.
    var lineEndTrim: [Double]
    /// The width a line starting at cluster `c` (not the paragraph's first) gives back:
    /// an opening mark's empty half, with `LineStartPunctuation.half`.
    var lineStartTrim: [Double]

    /// The spacing of `p`, or nil when it has no East Asian characters. Also adds the
    /// break opportunities `layout`'s rules allow beyond Pango's (UAX #14) ones.
    init?(_ p: ShapedParagraph, layout: EastAsianLayout, parameters: TypesettingParameters) {
        let n = p.clusterCount
        // Code keeps its columns: no glue in listings.
        guard n > 1, p.style.continuationMark == nil, p.text.withUnsafeBufferPointer({ EastAsianCharacter.mayOccur(in: $0) }) else { return nil }
        let style = EastAsianCharacter.PunctuationStyle(language: p.language)
        var classes = [EastAsianCharacter](repeating: .other, count: n)
        var scalars = [UInt32](repeating: 0, count: n)
        var em = [Double](repeating: 0, count: n)
        // What each run says, read once (reading a run copies it, its attributes and all).
        let runs = p.runs.map { (spaced: $0.attachment == nil && !$0.isRightToLeft, size: $0.font.size) }
        for c in 0..<n {
            let flags = p.clusterFlags[c]
            guard !flags.contains(.space), !flags.contains(.tab) else { continue }
            let run = runs[Int(p.clusterRun[c])]
            guard run.spaced else { continue }
            let s = EastAsianCharacter.scalar(in: p.text, at: Int(p.clusterStart[c]))
            var k = EastAsianCharacter.of(s, style: style)
            // Tate-chū-yoko digits take an em of the line, as an ideograph does.
            if p.uprightGroups[Int(p.clusterRun[c])] != nil { k = .ideograph }
            em[c] = run.size
            // Punctuation drawn by a Latin font is narrow: nothing to compress or trim.
            if k == .opening || k == .closing || k == .middle, p.clusterWidth[c] < 0.9 * run.size { k = .other }
            classes[c] = k; scalars[c] = s
        }
        EastAsianSpacing.resolveDashes(&classes, scalars: scalars)
        guard classes.contains(where: { $0.isEastAsian || $0 == .hangul }) else { return nil }
        hasGlue = [Bool](repeating: false, count: n)
        width = [Double](repeating: 0, count: n)
        stretch = [Double](repeating: 0, count: n)
        shrink = [Double](repeating: 0, count: n)
        lineEndTrim = [Double](repeating: 0, count: n)
        lineStartTrim = [Double](repeating: 0, count: n)
        let latinSpacing = layout.latinSpacing(language: p.language)
        for c in 1..<n {
            let a = classes[c - 1], b = classes[c]
            if a.isEastAsian && b.isEastAsian {
                hasGlue[c] = true
                stretch[c] = layout.characterStretch * max(em[c - 1], em[c])
                if layout.compressesPunctuation, a == .closing, b == .closing || b == .middle {
                    width[c] = -0.5 * em[c - 1]
                } else if layout.compressesPunctuation, b == .opening, a == .opening || a == .closing || a == .middle {
                    width[c] = -0.5 * em[c]
                } else if a == .closing {
                    shrink[c] = 0.25 * em[c - 1]
                } else if b == .opening {
                    shrink[c] = 0.25 * em[c]
                }
            } else if a == .hangul && b == .hangul {
                // Korean justifies in its word spaces first; its syllables open a little
                // too (half the stretch of ideographs), so that a line of long words
                // still comes out even rather than with gaping spaces.
                hasGlue[c] = true
                stretch[c] = 0.5 * layout.characterStretch * max(em[c - 1], em[c])
            } else if latinSpacing > 0, (a == .ideograph && b == .latin) || (a == .latin && b == .ideograph) {
                let size = a == .ideograph ? em[c - 1] : em[c]
                hasGlue[c] = true
                width[c] = latinSpacing * size
                stretch[c] = width[c] * parameters.spaceStretch
                shrink[c] = width[c] * parameters.spaceShrink
            }
        }
        if layout.lineStartPunctuation == .half {
            for c in 1..<n where classes[c] == .opening { lineStartTrim[c] = 0.5 * em[c] }
        }
        for c in 0..<n where classes[c] == .closing {
            switch layout.lineEndPunctuation {
            case .full: break
            case .half: lineEndTrim[c] = 0.5 * em[c]
            case .hang:
                let hangs = [0x3001, 0x3002, 0xFF0C, 0xFF0E].contains(scalars[c])
                lineEndTrim[c] = hangs ? p.clusterWidth[c] : 0.5 * em[c]
            }
        }
        EastAsianSpacing.addBreaks(p, classes: classes, scalars: scalars, rules: layout.lineBreakRules)
        if EastAsianFonts.Region(language: p.language, text: p.text).spacesWords {
            EastAsianSpacing.keepWordsWhole(p, classes: classes)
        }
    }

    /// Korean is broken between its words (어절), at the spaces that separate them, not
    /// between syllables (UAX #14 allows both; Korean books and klreq's common practice,
    /// CSS's `word-break: keep-all`): no break between two Hangul syllables or Hanja
    /// written together. A word longer than the line is still cut, as any word is.
    private static func keepWordsWhole(_ p: ShapedParagraph, classes: [EastAsianCharacter]) {
        func isLetter(_ k: EastAsianCharacter) -> Bool { k == .hangul || k == .ideograph }
        for c in 1..<p.clusterCount where isLetter(classes[c - 1]) && isLetter(classes[c]) {
            p.clusterFlags[c].remove(.breakBefore)
        }
    }

    /// Dashes and ellipses sit on the em grid among ideographs (`——`, `……`) but are
    /// Latin punctuation between Latin words: each run of them takes the grid only when
    /// an East Asian character stands on either side.
    private static func resolveDashes(_ classes: inout [EastAsianCharacter], scalars: [UInt32]) {
        func isDash(_ s: UInt32) -> Bool { s == 0x2014 || s == 0x2026 || s == 0x2E3A || s == 0x2E3B }
        var c = 0
        while c < classes.count {
            guard classes[c] == .ideograph, isDash(scalars[c]) else { c += 1; continue }
            var end = c + 1
            while end < classes.count, classes[end] == .ideograph, isDash(scalars[end]) { end += 1 }
            let before = c > 0 ? classes[c - 1] : .other, after = end < classes.count ? classes[end] : .other
            if !before.isEastAsian && !after.isEastAsian {
                for k in c..<end { classes[k] = .other }
            }
            c = end
        }
    }

    /// Latin words (identifiers, paths) this many clusters long or longer may break after
    /// their punctuation in East Asian text, at `identifierBreakPenalty`.
    static let longWord = 16
    static let identifierBreakPenalty = 500.0

    /// Whether cluster `c` of `p` is punctuation a long identifier may break after:
    /// `:` `(` `.` `_` `/` `,` `-` `=` `&`.
    static func breaksAfter(_ p: ShapedParagraph, cluster c: Int) -> Bool {
        let start = Int(p.clusterStart[c])
        guard Int(p.clusterEnd[c]) - start == 1 else { return false }
        switch p.text[start] {
        case 0x3A, 0x28, 0x2E, 0x5F, 0x2F, 0x2C, 0x2D, 0x3D, 0x26: return true
        default: return false
        }
    }

    /// Break opportunities Pango's UAX #14 lacks: before small kana and ー in the normal
    /// and loose rules, before iteration marks and centred punctuation in the loose one,
    /// and around quotation marks between ideographs (UAX #14's LB19a, Unicode 15.1).
    private static func addBreaks(_ p: ShapedParagraph, classes: [EastAsianCharacter], scalars: [UInt32],
                                  rules: EastAsianLayout.LineBreakRules) {
        for c in 1..<p.clusterCount {
            let flags = p.clusterFlags[c]
            guard !flags.contains(.breakBefore), !flags.contains(.space), !p.clusterFlags[c - 1].contains(.space) else { continue }
            let s = scalars[c], before = classes[c - 1]
            var opens = false
            if before.isEastAsian, before != .opening {
                if rules != .strict, isSmallKana(s) { opens = true }
                if rules == .loose, [0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x30FB, 0xFF1A, 0xFF1B, 0x301C, 0x30A0].contains(s) {
                    opens = true
                }
            }
            if before == .ideograph, s == 0x201C || s == 0x2018 { opens = true }
            if classes[c] == .ideograph, scalars[c - 1] == 0x201D || scalars[c - 1] == 0x2019 { opens = true }
            if opens { p.clusterFlags[c].insert(.breakBefore) }
        }
    }

    /// Small kana and the prolonged sound mark (UAX #14's class CJ).
    private static func isSmallKana(_ s: UInt32) -> Bool {
        switch s {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x30FC, 0x31F0...0x31FF, 0xFF67...0xFF70:
            return true
        default:
            return false
        }
    }

    /// The width a line of `p` from `span` gives back at its end: a closing mark's empty
    /// half (or all of a hanging mark) when the line breaks right after it.
    static func lineEndTrim(_ p: ShapedParagraph, _ span: LineSpan, visibleEnd: Int) -> Double {
        guard let spacing = p.eastAsian, !span.endsParagraphOrForced, !span.hyphenated,
              visibleEnd == span.end, span.end > span.start, span.end < p.clusterCount,
              BreakItems.takesLineEndTrim(p, before: span.end) else { return 0 }
        return spacing.lineEndTrim[span.end - 1]
    }
}
