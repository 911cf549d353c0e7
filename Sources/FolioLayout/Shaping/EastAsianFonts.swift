import CPango
import FolioText

/// Faces for East Asian text that match the text around it: a serif body gets a serif
/// (Song/Ming/Mincho) face, a sans body a sans (Hei/Gothic) one, code a monospaced one,
/// each in the forms of the text's region (Simplified or Traditional Chinese, Hong
/// Kong, Japanese, Korean). Fontconfig alone would take whichever CJK face sorts first.
enum EastAsianFonts {
    /// The regional variant of a Pan-CJK family, as Noto CJK names it.
    enum Region: String {
        case simplifiedChinese = "SC", traditionalChinese = "TC", hongKong = "HK", japanese = "JP", korean = "KR"

        /// The region `language` names; for a language that names none (`en`, or nothing
        /// East Asian), the one the text shows: kana → Japanese, Hangul without Han →
        /// Korean, else Simplified Chinese (Han with no kana is taken as Chinese).
        init(language: String, text: [UInt8]) {
            let l = language.lowercased()
            if l.hasPrefix("zh-hant") || l.hasPrefix("zh-tw") { self = .traditionalChinese }
            else if l.hasPrefix("zh-hk") || l.hasPrefix("zh-mo") { self = .hongKong }
            else if l.hasPrefix("zh") { self = .simplifiedChinese }
            else if l.hasPrefix("ja") { self = .japanese }
            else if l.hasPrefix("ko") { self = .korean }
            else { self = Region.guessed(from: text) }
        }

        private static func guessed(from text: [UInt8]) -> Region {
            var han = false, hangul = false
            var i = 0
            while i < text.count {
                if text[i] >= 0xE1 {
                    let s = EastAsianCharacter.scalar(in: text, at: i)
                    if (0x3040...0x30FF).contains(s) { return .japanese }
                    if (0xAC00...0xD7AF).contains(s) || (0x1100...0x11FF).contains(s) { hangul = true }
                    if (0x3400...0x9FFF).contains(s) || s >= 0x20000 { han = true }
                }
                i += 1
            }
            return hangul && !han ? .korean : .simplifiedChinese
        }

        /// Korean spaces its words and takes Western punctuation.
        var spacesWords: Bool { self == .korean }

        /// The language tag that selects the region's glyph forms in the font (`locl`).
        var language: String {
            switch self {
            case .simplifiedChinese: return "zh-Hans"
            case .traditionalChinese: return "zh-Hant"
            case .hongKong: return "zh-HK"
            case .japanese: return "ja"
            case .korean: return "ko"
            }
        }
    }

    /// Whether `language` is Chinese, Japanese or Korean.
    static func isEastAsian(language: String) -> Bool {
        let l = language.lowercased()
        return l.hasPrefix("zh") || l.hasPrefix("ja") || l.hasPrefix("ko")
    }

    /// The families to try after `families` for East Asian characters, matching their
    /// style: Noto CJK (Debian's `fonts-noto-cjk`), then Source Han, its other name.
    static func fallbacks(after families: [String], region: Region) -> [String] {
        let first = (families.first ?? "serif").lowercased()
        let r = region.rawValue
        if ["mono", "code", "courier", "console"].contains(where: first.contains) {
            return ["Noto Sans Mono CJK \(r)", "Source Han Mono \(r)", "Noto Sans CJK \(r)"]
        }
        if ["sans", "gothic", "helvetica", "arial", "grotesk", "grotesque", "verdana"].contains(where: first.contains) {
            return ["Noto Sans CJK \(r)", "Source Han Sans \(r)"]
        }
        return ["Noto Serif CJK \(r)", "Source Han Serif \(r)", "Noto Sans CJK \(r)"]
    }

    /// Punctuation both Latin and East Asian fonts have, drawn full-width in Chinese and
    /// Japanese text: quotation marks, the em dash, the ellipsis, the middle dot.
    static func isSharedPunctuation(_ scalar: UInt32) -> Bool {
        [0x201C, 0x201D, 0x2018, 0x2019, 0x2014, 0x2026, 0x00B7, 0x2E3A, 0x2E3B].contains(scalar)
    }

    /// The byte ranges of `range` in `text` holding shared punctuation, which Chinese and
    /// Japanese text takes from its East Asian face.
    static func sharedPunctuationRanges(in text: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        ranges(in: text, range) { lead, scalar in (lead == 0xC2 || lead == 0xE2) && isSharedPunctuation(scalar()) }
    }

    /// The byte ranges of `range` in `text` holding East Asian characters (ideographs,
    /// kana, Hangul and full-width punctuation), adjacent ones merged.
    static func eastAsianRanges(in text: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        ranges(in: text, range) { lead, scalar in
            guard lead >= 0xE1 else { return false }
            // From U+2E80 up: East Asian scripts and punctuation, not the quotes and
            // dashes Latin text shares with them.
            let s = scalar()
            let k = EastAsianCharacter.of(s, style: .simplified)
            return (s >= 0x2E80 || k == .hangul) && (k.isEastAsian || k == .hangul)
        }
    }

    /// The byte ranges of `range` in `text` whose characters pass `test` (given the
    /// character's first byte and a way to decode it), adjacent ones merged.
    private static func ranges(in text: [UInt8], _ range: Range<Int>,
                               where test: (_ lead: UInt8, _ scalar: () -> UInt32) -> Bool) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let b = text[i]
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            if test(b, { EastAsianCharacter.scalar(in: text, at: i) }) {
                let end = min(i + length, range.upperBound)
                if let last = out.last, last.upperBound == i { out[out.count - 1] = last.lowerBound..<end } else { out.append(i..<end) }
            }
            i += length
        }
        return out
    }
}
