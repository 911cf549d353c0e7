import CPango

/// A font's vertical metrics as `pango_font_get_metrics` gives them for Pango's cairo and
/// fontconfig fonts (Pango 1.50), worked out the same way without its side work.
///
/// Pango's own call also measures an approximate character width by laying out a sample
/// sentence in a new context: for a CJK face that layout costs about 2.7 M instructions,
/// and its font description (the face's own) can send fontconfig to sort every installed
/// font once more. Folio reads none of those widths. What it reads comes from the face's
/// tables through HarfBuzz (`get_face_metrics` in `pangofc-font.c`), then is adjusted for
/// hinting, for the font's transformation and for its gravity
/// (`_pango_cairo_font_get_metrics` in `pangocairo-font.c`); so this does the same, in the
/// same integer Pango units, for the fonts Folio makes: metrics not hinted, no context
/// matrix, gravity south, east or west. Any other font is left to Pango (`init?` is nil).
/// `FontMetricsTests` holds it to Pango's values.
struct FontMetrics: Equatable {
    /// In Pango units (1/1024 point), as Pango's metrics hold them.
    var ascent: Int32
    var descent: Int32
    var underlinePosition: Int32
    var underlineThickness: Int32
    var strikethroughPosition: Int32
    var strikethroughThickness: Int32

    /// The metrics of `font`, a Pango cairo font from a fontconfig font map, made as Folio
    /// makes them; nil for any other font (then ask Pango).
    init?(of font: UnsafeMutablePointer<PangoFont>) {
        guard let pattern = FontMetrics.pattern(of: font), let hb = pango_font_get_hb_font(font),
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
              cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS else { return nil }
        // Hinted metrics (rounded to pixels) and a matrix on the context are not Folio's.
        let options = cairo_font_options_create()
        cairo_scaled_font_get_font_options(scaled, options)
        let hinted = cairo_font_options_get_hint_metrics(options) != CAIRO_HINT_METRICS_OFF
        cairo_font_options_destroy(options)
        var ctm = cairo_matrix_t()
        cairo_scaled_font_get_ctm(scaled, &ctm)
        let gravity = FontMetrics.gravity(pattern)
        guard !hinted, ctm.xx == 1, ctm.yx == 0, ctm.xy == 0, ctm.yy == 1,
              [PANGO_GRAVITY_SOUTH, PANGO_GRAVITY_EAST, PANGO_GRAVITY_WEST].contains(gravity) else { return nil }
        var extents = hb_font_extents_t()
        hb_font_get_extents_for_direction(hb, HB_DIRECTION_LTR, &extents)
        if let m = FontMetrics.transform(pattern) {
            descent = Int32(truncatingIfNeeded: Int(Double(-extents.descender) * m.yy))
            ascent = Int32(truncatingIfNeeded: Int(Double(extents.ascender) * m.yy))
        } else {
            descent = -extents.descender
            ascent = extents.ascender
        }
        func position(_ tag: hb_ot_metrics_tag_t) -> Int32? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(hb, tag, &value) != 0 && value != 0 ? value : nil
        }
        let unit = Int32(PANGO_SCALE)
        underlineThickness = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? unit
        underlinePosition = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? -unit
        strikethroughThickness = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE) ?? unit
        strikethroughPosition = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? ascent / 2

        // Turned fonts (vertical text) split the height about the middle.
        let height = ascent + descent
        if gravity != PANGO_GRAVITY_SOUTH { ascent = height / 2 }
        let shift = (height - ascent) - descent
        descent += shift
        underlinePosition -= shift
        strikethroughPosition -= shift
        ascent = height - descent
    }

    /// The metrics as `pango_font_get_metrics` gives them.
    init(askingPango font: UnsafeMutablePointer<PangoFont>) {
        let metrics = pango_font_get_metrics(font, nil)
        defer { pango_font_metrics_unref(metrics) }
        ascent = pango_font_metrics_get_ascent(metrics)
        descent = pango_font_metrics_get_descent(metrics)
        underlinePosition = pango_font_metrics_get_underline_position(metrics)
        underlineThickness = pango_font_metrics_get_underline_thickness(metrics)
        strikethroughPosition = pango_font_metrics_get_strikethrough_position(metrics)
        strikethroughThickness = pango_font_metrics_get_strikethrough_thickness(metrics)
    }

    /// The fontconfig pattern of `font` when it is a fontconfig font drawn by cairo.
    private static func pattern(of font: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        let instance = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, pango_cairo_font_get_type()) != 0 else { return nil }
        return PangoCairoSetup.fontconfigPattern(of: font)
    }

    /// The transformation fontconfig gives the face (a slant for a synthesised italic),
    /// nil for none.
    private static func transform(_ pattern: OpaquePointer) -> FcMatrix? {
        var matrix: UnsafeMutablePointer<FcMatrix>?
        guard FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch, let m = matrix?.pointee,
              m.xx != 1 || m.xy != 0 || m.yx != 0 || m.yy != 1 else { return nil }
        return m
    }

    /// Whether fontconfig transforms `font`'s face (for tests of that case).
    static func isTransformed(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        pattern(of: font).flatMap(transform) != nil
    }

    /// The gravity Pango keeps in the pattern (its `pangogravity` string), south when none.
    private static func gravity(_ pattern: OpaquePointer) -> PangoGravity {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "pangogravity", 0, &value) == FcResultMatch, let value else { return PANGO_GRAVITY_SOUTH }
        switch String(cString: value) {
        case "north": return PANGO_GRAVITY_NORTH
        case "east": return PANGO_GRAVITY_EAST
        case "west": return PANGO_GRAVITY_WEST
        case "auto": return PANGO_GRAVITY_AUTO
        default: return PANGO_GRAVITY_SOUTH
        }
    }
}
