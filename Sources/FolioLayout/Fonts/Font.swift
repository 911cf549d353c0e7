import CPango

/// A font as resolved by fontconfig and Pango: what a glyph run is drawn with.
///
/// `Font` values come out of layout; they are immutable and may be passed between
/// threads (the C objects they hold are reference-counted and only read).
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The family fontconfig actually chose, e.g. "DejaVu Serif".
    public let familyName: String
    /// Size in points.
    public let size: Double
    /// The weight of the face chosen (400 regular, 700 bold).
    public let weight: Int
    /// The face chosen is italic or oblique.
    public let isSlanted: Bool
    /// Set for vertical text with its glyphs upright (Pango's east or west gravity):
    /// ideographs and kana in a vertical line; false for horizontal text and for Latin
    /// lying on its side in a vertical line.
    public let isUprightInVerticalText: Bool
    /// Distance from the baseline to the top of the tallest glyphs, in points.
    public let ascent: Double
    /// Distance from the baseline to the bottom of the deepest glyphs, in points (positive).
    public let descent: Double
    /// Where an underline goes (points below the baseline) and how thick it is.
    public let underlinePosition: Double
    /// Underline thickness in points, from the font's metrics.
    public let underlineThickness: Double
    /// Where a strikethrough goes (points above the baseline) and how thick it is.
    public let strikethroughPosition: Double
    /// Strikethrough thickness in points, from the font's metrics.
    public let strikethroughThickness: Double
    /// Height of the capital letters above the baseline, in points (OpenType's OS/2
    /// `sCapHeight`; TextKit's `capHeight`).
    public let capHeight: Double
    /// Height of the lower-case letters without ascenders (the x), in points (OS/2
    /// `sxHeight`; TextKit's `xHeight`).
    public let xHeight: Double
    /// The gap the font's designer puts between lines, in points (the `hhea` line gap;
    /// TextKit's `leading`).
    public let lineGap: Double
    /// From the lowest descender to the highest ascender, in points: `ascent + descent`
    /// (TextKit's `lineHeight`). A line of solid text with no line spacing is this tall;
    /// `ascent + descent + lineGap` is the font's own default line (TextKit's
    /// `defaultLineHeight(for:)`).
    public var lineHeight: Double { ascent + descent }

    /// The Pango font; owned (one reference).
    package let pangoFont: UnsafeMutablePointer<PangoFont>
    /// The font map the font came from, kept alive as long as the font: a map that goes
    /// (its shaping context freed) shuts its fonts down, and a renderer may still draw
    /// this one, or subset it when the PDF ends.
    private let fontMap: UnsafeMutablePointer<PangoFontMap>?

    init(pangoFont: UnsafeMutablePointer<PangoFont>) {
        g_object_ref(UnsafeMutableRawPointer(pangoFont))
        self.pangoFont = pangoFont
        fontMap = pango_font_get_font_map(pangoFont)
        if let fontMap { g_object_ref(UnsafeMutableRawPointer(fontMap)) }
        let desc = pango_font_describe(pangoFont)
        familyName = pango_font_description_get_family(desc).map { String(cString: $0) } ?? "?"
        size = Double(pango_font_description_get_size(desc)) / Double(PANGO_SCALE)
        weight = Int(pango_font_description_get_weight(desc).rawValue)
        isSlanted = pango_font_description_get_style(desc) != PANGO_STYLE_NORMAL
        let gravity = pango_font_description_get_gravity(desc)
        isUprightInVerticalText = gravity == PANGO_GRAVITY_EAST || gravity == PANGO_GRAVITY_WEST
        pango_font_description_free(desc)
        let metrics = PangoCairoSetup.withFontLock {
            PangoCairoSetup.prepareForDrawing(pangoFont)
            return FontMetrics(of: pangoFont) ?? FontMetrics(askingPango: pangoFont)
        }
        let unit = Double(PANGO_SCALE)
        ascent = Double(metrics.ascent) / unit
        descent = Double(metrics.descent) / unit
        underlinePosition = -Double(metrics.underlinePosition) / unit
        underlineThickness = Double(metrics.underlineThickness) / unit
        strikethroughPosition = Double(metrics.strikethroughPosition) / unit
        strikethroughThickness = Double(metrics.strikethroughThickness) / unit
        (capHeight, xHeight, lineGap) = Font.verticalMetrics(pangoFont, size: size, ascent: ascent)
        shapesWordByWord = Font.spaceIsIsolated(in: pangoFont)
        hasIdeographs = pango_font_get_hb_font(pangoFont).map { hb in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(hb, 0x4E00, &glyph) != 0 || hb_font_get_nominal_glyph(hb, 0x3042, &glyph) != 0
        } ?? false
        // Under the font lock: a font that lacks the ellipsis has Pango measure its
        // missing-glyph box, through a font made with cairo (`MissingGlyphBoxes`).
        (hyphen, ellipsis) = PangoCairoSetup.withFontLock { (shapeSymbol("-"), shapeSymbol("\u{2026}")) }
    }

    /// Cap height, x-height and line gap from HarfBuzz (OS/2 and hhea tables), scaled to
    /// `size`.
    private static func verticalMetrics(_ pangoFont: UnsafeMutablePointer<PangoFont>, size: Double,
                                        ascent: Double) -> (cap: Double, x: Double, gap: Double) {
        var xScale: Int32 = 0, yScale: Int32 = 0
        guard let hb = pango_font_get_hb_font(pangoFont) else { return (ascent * 0.7, ascent * 0.5, 0) }
        hb_font_get_scale(hb, &xScale, &yScale)
        guard yScale != 0 else { return (ascent * 0.7, ascent * 0.5, 0) }
        // The font's scale is its em: positions come in those units.
        let pointsPerUnit = size / Double(yScale)
        // Fonts whose OS/2 table predates cap and x heights (DejaVu's) get them from the
        // outlines of H and x, as HarfBuzz measures them.
        func position(_ tag: hb_ot_metrics_tag_t) -> Double {
            var value: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(hb, tag, &value)
            return Double(value) * pointsPerUnit
        }
        return (position(HB_OT_METRICS_TAG_CAP_HEIGHT), position(HB_OT_METRICS_TAG_X_HEIGHT),
                max(0, position(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)))
    }

    /// Whether words set in this font can be shaped one at a time (see `WordShapeCache`).
    package let shapesWordByWord: Bool
    /// Whether the font draws ideographs or kana (一 or あ): its text may go through the
    /// word cache a character at a time (see `StandaloneCharacters`).
    package let hasIdeographs: Bool

    /// A hyphen and an ellipsis in this font (glyph, advance), shaped when the font is
    /// made so that lines can end in them without shaping again.
    package private(set) var hyphen: (glyph: UInt32, width: Double) = (0, 0)
    package private(set) var ellipsis: (glyph: UInt32, width: Double) = (0, 0)

    private func shapeSymbol(_ text: String) -> (glyph: UInt32, width: Double) {
        var analysis = PangoAnalysis()
        analysis.font = pangoFont
        analysis.level = 0
        let glyphs = pango_glyph_string_new()!
        defer { pango_glyph_string_free(glyphs) }
        let length = Int32(text.utf8.count)
        text.withCString { p in pango_shape_with_flags(p, length, p, length, &analysis, glyphs, PANGO_SHAPE_NONE) }
        guard glyphs.pointee.num_glyphs > 0 else { return (0, size / 3) }
        let g = glyphs.pointee.glyphs[0]
        return (g.glyph, Double(g.geometry.width) / Double(PANGO_SCALE))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pangoFont))
        if let fontMap { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
    }

    /// Identity: two `Font` values are equal only when they are the same object (fonts are
    /// cached, so one face at one size is one object per shaping context).
    public static func == (a: Font, b: Font) -> Bool { a === b }
    /// Hashes the object's identity, to match `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `Family size pt`, e.g. `DejaVu Serif 10.0pt`.
    public var description: String { "\(familyName) \(size)pt" }
}
