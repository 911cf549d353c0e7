/// What a character is to East Asian line layout (clreq's and jlreq's character classes,
/// reduced to what spacing, compression and kinsoku need).
enum EastAsianCharacter: UInt8 {
    /// Not East Asian, and neither letter nor digit: spaces, Latin punctuation, symbols.
    case other
    /// A Latin (Greek, Cyrillic…) letter or a digit: a quarter em from ideographs.
    case latin
    /// A Han ideograph, kana or bopomofo: set solid on an em grid, justified between.
    case ideograph
    /// Hangul: East Asian fonts, but Korean spaces its words and breaks at the spaces.
    case hangul
    /// Opening brackets and quotes (`（「『《【〔`): ink in the right half of the em.
    case opening
    /// Closing brackets and quotes, and the comma and full stop kinds (`）」』》、。，．`):
    /// ink in the left half.
    case closing
    /// Punctuation centred in its em (`・`, and `：；！？` in Japanese and Traditional
    /// Chinese fonts).
    case middle

    /// Whether the character takes part in East Asian justification and compression.
    var isEastAsian: Bool { self == .ideograph || self == .opening || self == .closing || self == .middle }

    /// The class of `scalar` in text of `style`.
    static func of(_ scalar: UInt32, style: PunctuationStyle) -> EastAsianCharacter {
        // Most characters of Chinese text, before the cases below are tried one by one.
        if scalar >= 0x4E00 && scalar <= 0x9FFF { return .ideograph }
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .latin
        case ..<0x80: return .other
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E:                       // 、 。 ， ．
            return style == .centered ? .middle : .closing
        case 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F:                       // ： ； ！ ？
            return style == .simplified ? .closing : .middle
        case 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018,
             0x301A, 0x301D:
            return .opening
        case 0xFF09, 0xFF3D, 0xFF5D, 0xFF60, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
             0x301B, 0x301E, 0x301F:
            return .closing
        case 0x30FB, 0xFF65, 0x00B7: return .middle                  // ・ ·
        case 0x201C, 0x2018: return .opening                         // “ ‘ (full-width only when an East Asian face draws them)
        case 0x201D, 0x2019: return .closing                         // ” ’
        case 0x2014, 0x2026, 0x2E3A, 0x2E3B: return .ideograph       // — … ⸺: on the em grid
        case 0x3000, 0x3005, 0x3006, 0x3007, 0x303B, 0x3021...0x3029: return .ideograph   // 　 々 〆 〇 〻 Hangzhou numerals
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3100...0x312F, 0x31A0...0x31BF, 0xFF66...0xFF9F: return .ideograph
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return .ideograph
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .hangul
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .ideograph   // full-width letters sit on the grid
        case 0x2E80...0x2FDF, 0x3190...0x319F, 0x31C0...0x31EF, 0x3200...0x33FF: return .ideograph
        case 0x80...0x2E7F:
            guard let s = Unicode.Scalar(scalar) else { return .other }
            return s.properties.isAlphabetic || s.properties.numericType != nil ? .latin : .other
        default: return .other
        }
    }

    /// How a language's fonts place the comma, full stop, colon and marks of exclamation
    /// and question in the em square.
    enum PunctuationStyle {
        /// Simplified Chinese: all of them in the lower left.
        case simplified
        /// Japanese: comma and full stop lower left, colon, semicolon, `！` and `？`
        /// centred.
        case japanese
        /// Traditional Chinese: all of them centred.
        case centered

        init(language: String) {
            let l = language.lowercased()
            if l.hasPrefix("ja") { self = .japanese }
            else if l.hasPrefix("zh-hant") || l.hasPrefix("zh-tw") || l.hasPrefix("zh-hk") || l.hasPrefix("zh-mo") { self = .centered }
            else { self = .simplified }
        }
    }

    /// Whether UTF-8 `text` may hold East Asian characters — Hangul jamo (U+1100–U+11FF),
    /// CJK radicals to ideographs (U+2E80–U+9FFF), Hangul syllables, compatibility
    /// ideographs, full- and half-width forms, the supplementary ideographic planes — by
    /// their first two bytes: a cheap first look that leaves Latin text alone, curly
    /// quotes, dashes, emoji and inline images (U+FFFC) included.
    static func mayOccur(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = text.count
        var i = PrintableASCII.firstOther(in: text, from: 0)
        while i < n {
            let b = text[i]
            if b >= 0xE1, i + 1 < n {
                let next = text[i + 1]
                switch b {
                case 0xE3...0xE9: return true                                  // U+3000–U+9FFF
                case 0xE1 where (0x84...0x87).contains(next): return true      // Hangul jamo
                case 0xE2 where next >= 0xBA: return true                      // U+2E80–U+2FFF
                case 0xEA where next >= 0xB0, 0xEB, 0xEC: return true          // Hangul syllables
                case 0xED where next < 0x9F: return true
                case 0xEF where (0xA4...0xAB).contains(next) || (0xBC...0xBE).contains(next): return true
                case 0xF0 where (0xA0...0xB3).contains(next): return true      // U+20000–U+3FFFF
                default: break
                }
            }
            i = PrintableASCII.firstOther(in: text, from: i + 1)
        }
        return false
    }

    /// The scalar whose UTF-8 encoding starts at `offset` of `text`.
    static func scalar(in text: [UInt8], at offset: Int) -> UInt32 {
        let b0 = UInt32(text[offset])
        func next(_ k: Int) -> UInt32 { offset + k < text.count ? UInt32(text[offset + k]) & 0x3F : 0 }
        switch b0 {
        case ..<0x80: return b0
        case 0xC0..<0xE0: return (b0 & 0x1F) << 6 | next(1)
        case 0xE0..<0xF0: return (b0 & 0x0F) << 12 | next(1) << 6 | next(2)
        default: return (b0 & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)
        }
    }
}
