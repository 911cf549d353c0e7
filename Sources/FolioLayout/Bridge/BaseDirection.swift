import CFriBidi

/// A paragraph's base direction by the Unicode bidi algorithm's rules P2–P3, as FriBidi
/// (the library Pango itself uses) computes it: the direction of the first strong letter
/// — LRM, RLM and ALM included — not inside an isolate (LRI, RLI, FSI … PDI).
enum BaseDirection {
    /// Code points are read a stretch at a time: the first strong letter usually comes
    /// within a few characters, and a decision made on a prefix is final (nothing later
    /// can change which letter came first outside an isolate).
    private static let firstStretch = 64

    /// Whether `text` (UTF-8) sets right to left; false when it has no strong letter.
    static func isRightToLeft(_ text: [UInt8]) -> Bool {
        // An ASCII letter before any other byte is the first strong letter, and ASCII
        // holds no right-to-left letter, mark or isolate: most paragraphs end here.
        for byte in text {
            if byte >= 0x80 { break }
            if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") { return false }
        }
        if !mayHoldRightToLeft(text) { return false }
        var scalars: [FriBidiChar] = []
        scalars.reserveCapacity(min(text.count, firstStretch))
        var limit = firstStretch
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            scalars.append(scalar.value)
            if scalars.count == limit {
                if let rtl = direction(scalars) { return rtl }
                limit *= 4
            }
        }
        return direction(scalars) ?? false
    }

    /// Whether `text` holds a code point that could make it right to left: a letter of a
    /// right-to-left script (Hebrew, Arabic, Syriac, Thaana, NKo, … and their presentation
    /// forms: U+0590–08FF, U+FB1D–FEFF, U+10800–10FFF, U+1E800–1EFFF) or RLM, RLE, RLO or RLI.
    /// Without one, no strong letter is right to left, so the answer is false without
    /// FriBidi. The test is on the UTF-8 bytes and errs only towards asking FriBidi
    /// (a few neighbours of those ranges pass): a novel's paragraph starting with a curly
    /// quote cost a FriBidi run and a copy of the paragraph before.
    static func mayHoldRightToLeft(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            let n = bytes.count
            var i = 0
            while i < n {
                let b = bytes[i]
                i += 1
                if b < 0xD6 { continue }
                if b <= 0xDF { return true }  // U+0580–07FF
                let b1: UInt8 = i < n ? bytes[i] : 0
                let b2: UInt8 = i + 1 < n ? bytes[i + 1] : 0
                switch b {
                case 0xE0 where b1 >= 0xA0 && b1 <= 0xA3: return true  // U+0800–08FF
                case 0xE2 where b1 == 0x80 && (b2 == 0x8F || b2 == 0xAB || b2 == 0xAE): return true  // RLM, RLE, RLO
                case 0xE2 where b1 == 0x81 && b2 == 0xA7: return true  // RLI
                case 0xEF where b1 >= 0xAC && b1 <= 0xBB: return true  // U+FB00–FEFF
                case 0xF0 where (b1 == 0x90 && b2 >= 0xA0) || b1 == 0x9E: return true  // U+10800–10FFF, U+1E000–1EFFF
                default: continue
                }
            }
            return false
        }
    }

    /// The direction P2 finds in `scalars`, nil when it finds no strong letter.
    static func direction(_ scalars: [FriBidiChar]) -> Bool? {
        guard !scalars.isEmpty else { return nil }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        let d = scalars.withUnsafeBufferPointer { chars in
            types.withUnsafeMutableBufferPointer { t in
                levels.withUnsafeMutableBufferPointer { l in
                    folio_fribidi_paragraph_direction(chars.baseAddress, FriBidiStrIndex(chars.count), t.baseAddress, l.baseAddress)
                }
            }
        }
        return d < 0 ? nil : d == 1
    }
}
