import CPango

/// The part of Pango's text analysis (`pango_get_log_attrs`) that the typesetter reads —
/// line-break opportunities, mandatory breaks, white space and cursor positions — computed
/// without Pango for paragraphs whose every character is in a small repertoire: Latin,
/// Greek and Cyrillic letters, digits, spaces and the common punctuation, quotes, dashes
/// and currency signs; and the ideographs, kana, bopomofo and East Asian punctuation and
/// full-width forms of the Basic Multilingual Plane (`isInRepertoire`, and of those the
/// characters whose UAX #14 class is one handled here). Anything else — combining marks,
/// Hangul, emoji, joiners — and the paragraph goes to Pango as before.
///
/// Pango's analysis also finds word and sentence boundaries, which cost most of its ~700
/// instructions a character and which Folio does not read: it was 9 % of a novel's render.
/// The rules here are Pango's own (its `pango_default_break`), in its order, over the
/// classes GLib gives each code point (the table is read from GLib at first use, so the
/// classes are the ones Pango sees); `LineBreakAnalysisTests` checks the result against
/// Pango on every paragraph of the corpus books and on random text from the repertoire.
enum LineBreakAnalysis {
    /// What the typesetter reads of one character position.
    struct Flags: Equatable {
        var isLineBreak = false
        var isMandatoryBreak = false
        var isWhite = false
        var isCursorPosition = false
    }

    /// UAX #14 classes the fast path handles, after Pango's rule LB1 (ambiguous and unknown
    /// are alphabetic). `unsupported` sends the paragraph to Pango.
    enum Class: UInt8 {
        case unsupported = 0
        case unknown  // before the first character only
        case AL, NU, SP, BA, BB, B2, HY, NS, OP, CL, CP, QU, IS, EX, SY, PR, PO, IN, GL, BK, CR, LF, NL, ZW, WJ
        case ID
        /// An opening mark that is East Asian wide (full-width, wide or half-width: `（「【`),
        /// which rule LB30 lets a line break before even after a letter or a digit. Otherwise
        /// an OP.
        case OW
    }

    /// The code points of the Latin part of the repertoire lie below this; those of the
    /// East Asian part from `eastAsianStart` to the end of the Basic Multilingual Plane.
    private static let latinEnd = 0x2100, eastAsianStart = 0x2E80

    /// Per code point below `latinEnd`: the class in the low 7 bits, white space in the high
    /// bit; 0 outside the repertoire.
    private static let table: [UInt8] = {
        var table = entries(for: 0..<latinEnd)
        // NUL ends Pango's text early. (Catalan's tailoring of the middle dot, l·l, is of
        // word boundaries only, which are not read here.)
        table[0] = 0
        return table
    }()

    /// The same from `eastAsianStart` on, made when a paragraph first has such a character
    /// (it reads some 30 000 code points' properties).
    private static let eastAsianTable: [UInt8] = entries(for: eastAsianStart..<0x10000)

    private static func entries(for codePoints: Range<Int>) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: codePoints.count)
        for cp in codePoints where isInRepertoire(cp) {
            let c = gunichar(cp)
            let type = g_unichar_type(c)
            // Marks extend the character before them (no cursor position between); a
            // format character may prepend to the one after.
            if type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK || type == G_UNICODE_ENCLOSING_MARK
                || (type == G_UNICODE_FORMAT && cp != 0x200B && cp != 0x2060) { continue }
            guard var cls = supportedClass(g_unichar_break_type(c)) else { continue }
            if cls == .OP || cls == .CP, isEastAsianWide(cp) {
                // Rule LB30 tells a wide opening mark from the others; no closing
                // parenthesis (CP) of the repertoire is wide, and one would go to Pango.
                guard cls == .OP else { continue }
                cls = .OW
            }
            let white = type == G_UNICODE_SPACE_SEPARATOR || type == G_UNICODE_LINE_SEPARATOR
                || type == G_UNICODE_PARAGRAPH_SEPARATOR || cp == 0x09 || cp == 0x0A || cp == 0x0D || cp == 0x0C
            table[cp - codePoints.lowerBound] = cls.rawValue | (white ? 0x80 : 0)
        }
        return table
    }

    /// The scripts whose breaks Pango does not tailor and whose characters stand alone:
    /// Latin, Greek, Cyrillic, and the common punctuation, symbols and currency signs; CJK
    /// radicals, symbols and punctuation, kana, bopomofo, enclosed and compatibility
    /// characters, the ideographs (the unified ones and extension A, the compatibility
    /// ones), the vertical forms and the half-width and full-width forms. Not Hangul, whose
    /// syllables Pango joins and breaks by rules of their own, nor the half-width voiced
    /// sound marks (`ﾞﾟ`), which extend the kana before them.
    private static func isInRepertoire(_ cp: Int) -> Bool {
        switch cp {
        case 0x0000...0x02FF, 0x0370...0x052F, 0x1D00...0x1DBF, 0x1E00...0x1FFF, 0x2000...0x20CF: return true
        case 0x2E80...0x2FDF, 0x3000...0x312F, 0x3190...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE4F, 0xFF00...0xFF9D, 0xFFE0...0xFFEE: return true
        default: return false
        }
    }

    /// Pango's East Asian width for rule LB30: full-width, wide or half-width. GLib tells
    /// the first two; the half-width characters of the repertoire are the half-width forms.
    private static func isEastAsianWide(_ cp: Int) -> Bool {
        g_unichar_iswide(gunichar(cp)) != 0 || (0xFF61...0xFFDC).contains(cp) || (0xFFE8...0xFFEE).contains(cp)
    }

    private static func supportedClass(_ type: GUnicodeBreakType) -> Class? {
        switch type {
        case G_UNICODE_BREAK_ALPHABETIC, G_UNICODE_BREAK_AMBIGUOUS, G_UNICODE_BREAK_UNKNOWN: return .AL
        case G_UNICODE_BREAK_NUMERIC: return .NU
        case G_UNICODE_BREAK_SPACE: return .SP
        case G_UNICODE_BREAK_AFTER: return .BA
        case G_UNICODE_BREAK_BEFORE: return .BB
        case G_UNICODE_BREAK_BEFORE_AND_AFTER: return .B2
        case G_UNICODE_BREAK_HYPHEN: return .HY
        // LB1: a conditional Japanese starter (small kana, the prolonged sound mark) is a
        // non-starter, as in Pango.
        case G_UNICODE_BREAK_NON_STARTER, G_UNICODE_BREAK_CONDITIONAL_JAPANESE_STARTER: return .NS
        case G_UNICODE_BREAK_IDEOGRAPHIC: return .ID
        case G_UNICODE_BREAK_OPEN_PUNCTUATION: return .OP
        case G_UNICODE_BREAK_CLOSE_PUNCTUATION: return .CL
        case G_UNICODE_BREAK_CLOSE_PARANTHESIS: return .CP
        case G_UNICODE_BREAK_QUOTATION: return .QU
        case G_UNICODE_BREAK_INFIX_SEPARATOR: return .IS
        case G_UNICODE_BREAK_EXCLAMATION: return .EX
        case G_UNICODE_BREAK_SYMBOL: return .SY
        case G_UNICODE_BREAK_PREFIX: return .PR
        case G_UNICODE_BREAK_POSTFIX: return .PO
        case G_UNICODE_BREAK_INSEPARABLE: return .IN
        case G_UNICODE_BREAK_NON_BREAKING_GLUE: return .GL
        case G_UNICODE_BREAK_MANDATORY: return .BK
        case G_UNICODE_BREAK_CARRIAGE_RETURN: return .CR
        case G_UNICODE_BREAK_LINE_FEED: return .LF
        case G_UNICODE_BREAK_NEXT_LINE: return .NL
        case G_UNICODE_BREAK_ZERO_WIDTH_SPACE: return .ZW
        case G_UNICODE_BREAK_WORD_JOINER: return .WJ
        default: return nil
        }
    }

    /// The classes and white-space bits of `text`'s characters, one per byte: a character's
    /// at its first byte, `continuation` at the others; nil when one is outside the
    /// repertoire (or the UTF-8 is not well formed).
    static func classes(of text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(text.count)
        let whole = table.withUnsafeBufferPointer { table in
            ShapingText.forEachBasicCodePoint(in: text) { cp in
                let entry: UInt8
                if cp < latinEnd {
                    entry = table[cp]
                } else if cp >= eastAsianStart {
                    entry = eastAsianTable[cp - eastAsianStart]
                } else {
                    return false
                }
                guard entry != 0 else { return false }
                out.append(entry)
                if cp >= 0x80 {
                    out.append(continuation)
                    if cp >= 0x800 { out.append(continuation) }
                }
                return true
            }
        }
        // An overlong form would have put the entries out of step with the bytes.
        return whole && out.count == text.count ? out : nil
    }

    /// The entry of a byte that continues a character.
    private static let continuation: UInt8 = 0x7F

    /// What the typesetter reads, as bits at the first byte of each character of `text` (0 at
    /// the other bytes) and one entry for the end, as `pango_get_log_attrs` gives them;
    /// nil when a character is outside the repertoire.
    static func bitsByByte(of text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let entries = classes(of: text) else { return nil }
        return analyse(entries)
    }

    /// The same bits from Pango (`pango_get_log_attrs`), for any text.
    static func pangoBitsByByte(of text: UnsafeBufferPointer<UInt8>, language: OpaquePointer?) -> [UInt8] {
        let starts = text.indices.filter { text[$0] & 0xC0 != 0x80 }
        var attrs = [PangoLogAttr](repeating: PangoLogAttr(), count: starts.count + 1)
        text.withMemoryRebound(to: CChar.self) { chars in
            pango_get_log_attrs(chars.baseAddress, Int32(chars.count), -1, language, &attrs, Int32(attrs.count))
        }
        var bits = [UInt8](repeating: 0, count: text.count + 1)
        for (c, byte) in (starts + [text.count]).enumerated() {
            let a = attrs[c]
            bits[byte] = (a.is_line_break != 0 ? lineBreak : 0) | (a.is_mandatory_break != 0 ? mandatoryBreak : 0)
                | (a.is_white != 0 ? white : 0) | (a.is_cursor_position != 0 ? cursorPosition : 0)
        }
        return bits
    }

    /// `text`'s flags, one per character and one for the end, as `pango_get_log_attrs`
    /// gives them; nil when a character is outside the repertoire.
    static func flags(of text: UnsafeBufferPointer<UInt8>) -> [Flags]? {
        guard let bits = bitsByByte(of: text) else { return nil }
        return bits.indices.filter { $0 == text.count || text[$0] & 0xC0 != 0x80 }.map {
            Flags(isLineBreak: bits[$0] & lineBreak != 0, isMandatoryBreak: bits[$0] & mandatoryBreak != 0,
                  isWhite: bits[$0] & white != 0, isCursorPosition: bits[$0] & cursorPosition != 0)
        }
    }

    static let lineBreak: UInt8 = 1, mandatoryBreak: UInt8 = 2, white: UInt8 = 4, cursorPosition: UInt8 = 8

    /// Pango's rules over `entries` (class | white bit per character, `continuation` at a
    /// character's other bytes), as bits per position (`lineBreak`, `mandatoryBreak`,
    /// `white`, `cursorPosition`); the end of the text counts as a paragraph separator, as
    /// in Pango.
    private static func analyse(_ entries: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: entries.count + 1)
        entries.withUnsafeBufferPointer { entries in
            out.withUnsafeMutableBufferPointer { out in
                pairs.withUnsafeBufferPointer { pairs in analyse(entries, into: out, pairs: pairs) }
            }
        }
        return out
    }

    /// The loop itself, over buffers (`pairs` is `LineBreakAnalysis.pairs`).
    private static func analyse(_ entries: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
                                pairs: UnsafeBufferPointer<UInt8>) {
        /// Rule LB25's state (Pango's "Example 7 of Customization").
        enum NumberState { case other, numeric, numericClose }
        let count = entries.count
        var prev: Class = .unknown, prevPrev: Class = .unknown
        var prevNumber = NumberState.other
        var prevIsCR = false
        let letter = Class.AL.rawValue
        var i = 0
        while i <= count {
            // Letters after a letter, most of a text: no break inside a word (LB28, which no
            // later rule overrides), a grapheme boundary, and nothing else to keep but that
            // the number state is over — the steps below would come to the same, at some
            // ninety instructions a letter.
            if prev == .AL, i < count, entries[i] == letter {
                prevPrev = .AL
                prevNumber = .other
                prevIsCR = false
                repeat {
                    out[i] = cursorPosition
                    i += 1
                } while i < count && entries[i] == letter
                continue
            }
            defer { i += 1 }
            let entry: UInt8 = i < count ? entries[i] : Class.BK.rawValue | 0x80
            // The rest of a character: nothing there, and the state stays.
            if entry == continuation { out[i] = 0; continue }
            // Every entry holds a valid class (the table holds nothing else).
            let cls = unsafeBitCast(entry & 0x7F, to: Class.self)
            var bits: UInt8 = entry & 0x80 != 0 ? white : 0
            // Grapheme boundaries: every position but LF after CR (GB3) in this repertoire.
            if !(cls == .LF && prevIsCR) {
                bits |= cursorPosition
                var allowed: Bool
                var mandatory = false
                if cls == .AL && prev == .AL {
                    // Inside a word (LB28), which no later rule overrides.
                    allowed = false
                } else if prevNumber == .other || numberClasses & (1 << cls.rawValue) == 0,
                          !((prev == .PR || prev == .PO) && (cls == .OP || cls == .OW || cls == .HY)) {
                    // Neither the number state nor the next character can change
                    // the answer: it depends on the classes before alone.
                    let row = prev == .SP ? prevPrev : prev
                    let answer = pairs[(Int(prev.rawValue) * classCount + Int(row.rawValue)) * classCount + Int(cls.rawValue)]
                    allowed = answer & 1 != 0
                    mandatory = answer & 2 != 0
                } else {
                    var j = i + 1
                    while j < count && entries[j] == continuation { j += 1 }
                    let next: Class = j < count ? unsafeBitCast(entries[j] & 0x7F, to: Class.self)
                        : (j == count ? .BK : .unknown)
                    (allowed, mandatory) = rules(cls, prev: prev, prevPrev: prevPrev, next: next,
                                                 numeric: prevNumber == .numeric, numericClose: prevNumber == .numericClose)
                }
                if allowed { bits |= lineBreak }
                if mandatory { bits |= mandatoryBreak }
                var number = NumberState.other
                if cls == .NU { number = .numeric }
                if cls == .CL || cls == .CP { number = prevNumber == .numeric ? .numericClose : .other }
                if cls == .NU || cls == .SY || cls == .IS {
                    if prevNumber != .numeric { prevNumber = number }
                } else {
                    prevNumber = number
                }
            }
            // LB2 and LB3: never a break at the start, always a mandatory one at the end.
            if i == 0 { bits &= ~(lineBreak | mandatoryBreak) }
            if i == count { bits |= lineBreak | mandatoryBreak }
            out[i] = bits
            if cls != .SP {
                prevPrev = prev
                prev = cls
            } else if prev != .SP {
                prevPrev = prev
                prev = .SP
            }
            prevIsCR = cls == .CR
        }
    }

    private static let classCount = Int(Class.OW.rawValue) + 1

    /// The classes whose answer the number state (rule LB25's) can change, a bit each.
    private static var numberClasses: UInt32 {
        1 << Class.NU.rawValue | 1 << Class.SY.rawValue | 1 << Class.IS.rawValue | 1 << Class.CL.rawValue
            | 1 << Class.CP.rawValue | 1 << Class.PO.rawValue | 1 << Class.PR.rawValue
    }

    /// `rules` worked out ahead for every (previous class, the class before the spaces,
    /// class) with no number state and no say for the next character: bit 0 allowed, bit
    /// 1 mandatory. Most characters are answered here; the rest ask `rules` itself.
    private static let pairs: [UInt8] = {
        var table = [UInt8](repeating: 0, count: classCount * classCount * classCount)
        for prev in 0..<classCount {
            for row in 0..<classCount {
                for cls in 0..<classCount {
                    guard let p = Class(rawValue: UInt8(prev)), let r = Class(rawValue: UInt8(row)),
                          let c = Class(rawValue: UInt8(cls)) else { continue }
                    let (allowed, mandatory) = rules(c, prev: p, prevPrev: r, next: .unknown, numeric: false, numericClose: false)
                    table[(prev * classCount + row) * classCount + cls] = (allowed ? 1 : 0) | (mandatory ? 2 : 0)
                }
            }
        }
        return table
    }()

    /// Whether a line may break before a character of class `cls`, and whether it must:
    /// Pango's rules, lowest priority first, each later one overriding.
    @inline(__always)
    private static func rules(_ cls: Class, prev: Class, prevPrev: Class, next: Class,
                              numeric: Bool, numericClose: Bool) -> (allowed: Bool, mandatory: Bool) {
        var row = prev == .SP ? prevPrev : prev
        if row == .unknown { row = .AL }
        var allowed = true  // LB31
        // LB30
        if (prev == .AL || prev == .NU) && cls == .OP { allowed = false }
        if prev == .CP && (cls == .AL || cls == .NU) { allowed = false }
        // LB29, LB28
        if prev == .IS && cls == .AL { allowed = false }
        if prev == .AL && cls == .AL { allowed = false }
        // LB25
        if (prev == .PR || prev == .PO) && cls == .NU { allowed = false }
        if (prev == .PR || prev == .PO) && (cls == .OP || cls == .OW || cls == .HY) && next == .NU { allowed = false }
        if (prev == .OP || prev == .OW || prev == .HY) && cls == .NU { allowed = false }
        if prev == .NU && (cls == .NU || cls == .SY || cls == .IS) { allowed = false }
        if numeric && (cls == .NU || cls == .SY || cls == .IS || cls == .CL || cls == .CP) { allowed = false }
        if (numeric || numericClose) && (cls == .PO || cls == .PR) { allowed = false }
        // LB24, LB23
        if (prev == .PR || prev == .PO) && cls == .AL { allowed = false }
        if prev == .AL && (cls == .PR || cls == .PO) { allowed = false }
        if prev == .AL && cls == .NU { allowed = false }
        if prev == .NU && cls == .AL { allowed = false }
        // LB23a
        if prev == .PR && cls == .ID { allowed = false }
        if prev == .ID && cls == .PO { allowed = false }
        // LB22: Pango 1.50 keeps an ellipsis with whatever comes before it.
        if cls == .IN { allowed = false }
        // LB21
        if cls == .BA || cls == .HY || cls == .NS || prev == .BB { allowed = false }
        // LB19
        if prev == .QU || cls == .QU { allowed = false }
        // LB18
        if prev == .SP { allowed = true }
        // LB17, LB16, LB15, LB14
        if row == .B2 && cls == .B2 { allowed = false }
        if (row == .CL || row == .CP) && cls == .NS { allowed = false }
        if row == .QU && (cls == .OP || cls == .OW) { allowed = false }
        if row == .OP || row == .OW { allowed = false }
        // LB13 (with Example 7)
        if cls == .EX { allowed = false }
        if prev != .NU && (cls == .CL || cls == .CP || cls == .IS || cls == .SY) { allowed = false }
        // LB12, LB12a, LB11
        if prev == .GL { allowed = false }
        if cls == .GL && prev != .SP && prev != .BA && prev != .HY { allowed = false }
        if prev == .WJ || cls == .WJ { allowed = false }
        // LB8, LB7, LB6
        if row == .ZW { allowed = true }
        if cls == .SP || cls == .ZW { allowed = false }
        if cls == .BK || cls == .CR || cls == .LF || cls == .NL { allowed = false }
        // LB4, LB5
        if prev == .BK || (prev == .CR && cls != .LF) || prev == .LF || prev == .NL { return (true, true) }
        return (allowed, false)
    }
}

extension LineBreakAnalysis {
    /// The same flags from Pango itself (`pango_get_log_attrs`), for any text: what the
    /// fast path is checked against.
    static func pangoFlags(of text: [UInt8], language: String = "en") -> [Flags] {
        let characters = String(decoding: text, as: UTF8.self).unicodeScalars.count
        var attrs = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
        text.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { buf in
                pango_get_log_attrs(buf.baseAddress, Int32(buf.count), -1, pango_language_from_string(language),
                                    &attrs, Int32(characters + 1))
            }
        }
        return attrs.map {
            Flags(isLineBreak: $0.is_line_break != 0, isMandatoryBreak: $0.is_mandatory_break != 0,
                  isWhite: $0.is_white != 0, isCursorPosition: $0.is_cursor_position != 0)
        }
    }
}
