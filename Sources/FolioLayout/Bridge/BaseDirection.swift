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
        if !text.contains(where: { $0 >= 0x80 }) { return false }
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

    /// The direction P2 finds in `scalars`, nil when it finds no strong letter.
    private static func direction(_ scalars: [FriBidiChar]) -> Bool? {
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
