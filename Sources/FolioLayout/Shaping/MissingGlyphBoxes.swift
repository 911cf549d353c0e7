import CPango

/// For a character its font lacks, Pango draws a box with the character's code in it,
/// and measures that box the first time it is asked for — in the middle of shaping —
/// through a small font it makes with cairo. Making a font through cairo must not happen
/// on two threads at once (`PangoCairoSetup.withFontLock`: cairo 1.16 may close a face
/// another thread is opening), so a context has it done under the lock, before shaping
/// text with a character its font lacks; once per font, as Pango keeps the box's measures.
struct MissingGlyphBoxes {
    private var ready = Set<UnsafeMutablePointer<PangoFont>>()
    /// Each font's character set, read once (asking Pango per character costs three times
    /// as much: it looks the set up in the font's pattern each time).
    private var charsets: [UnsafeMutablePointer<PangoFont>: OpaquePointer?] = [:]

    /// Prepares `font`'s box when `text[range]` (UTF-8) holds a character beyond ASCII
    /// that `font` has no glyph for. (Pango itemizes by coverage: a character ends up
    /// with a font that lacks it only when no font has it, past ASCII in practice.)
    mutating func prepare(_ font: UnsafeMutablePointer<PangoFont>?, for text: UnsafePointer<CChar>, _ range: Range<Int>) {
        guard let font, !ready.contains(font) else { return }
        let charset: OpaquePointer?
        if let known = charsets[font] { charset = known } else {
            charset = Self.charset(of: font)
            charsets[font] = charset
        }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: range.upperBound)
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] < 0x80 { i += 1; continue }
            guard let (value, length) = UTF8Bytes.scalar(in: bytes, at: i, end: range.upperBound) else { i += 1; continue }
            i += length
            let has = charset.map { FcCharSetHasChar($0, value) != 0 } ?? (pango_font_has_char(font, value) != 0)
            guard !has else { continue }
            PangoCairoSetup.withFontLock {
                var box = PangoRectangle()
                pango_font_get_glyph_extents(font, Self.unknownGlyphFlag | value, nil, &box)
            }
            ready.insert(font)
            return
        }
    }

    /// The character set of `font`'s fontconfig pattern; nil for a font of another kind.
    private static func charset(of font: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        guard let pattern = PangoCairoSetup.fontconfigPattern(of: font) else { return nil }
        var set: OpaquePointer?
        return FcPatternGetCharSet(pattern, FC_CHARSET, 0, &set) == FcResultMatch ? set : nil
    }

    /// Whether `font`'s box has been measured here.
    func isReady(_ font: UnsafeMutablePointer<PangoFont>) -> Bool { ready.contains(font) }

    /// Pango's `PANGO_GLYPH_UNKNOWN_FLAG`: the glyph of a character a font lacks.
    static let unknownGlyphFlag: PangoGlyph = 0x1000_0000
}
