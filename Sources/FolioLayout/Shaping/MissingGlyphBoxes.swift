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
        var i = range.lowerBound
        while i < range.upperBound {
            let b = UInt8(bitPattern: text[i])
            if b < 0x80 { i += 1; continue }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            guard length > 1, i + length <= range.upperBound else { i += 1; continue }
            var value = UInt32(b) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for k in 1..<length { value = value << 6 | UInt32(UInt8(bitPattern: text[i + k]) & 0x3F) }
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
        let instance = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, pango_fc_font_get_type()) != 0,
              let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
        else { return nil }
        var set: OpaquePointer?
        return FcPatternGetCharSet(pattern, FC_CHARSET, 0, &set) == FcResultMatch ? set : nil
    }

    /// Whether `font`'s box has been measured here.
    func isReady(_ font: UnsafeMutablePointer<PangoFont>) -> Bool { ready.contains(font) }

    /// Pango's `PANGO_GLYPH_UNKNOWN_FLAG`: the glyph of a character a font lacks.
    static let unknownGlyphFlag: PangoGlyph = 0x1000_0000
}
