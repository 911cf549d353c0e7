import Foundation
import CPango

/// The one place FolioLayout touches cairo: Pango's cairo font map (whose fonts the
/// renderer can draw) and its context, set up for PDF points.
///
/// 72 dpi makes one Pango unit 1/`PANGO_SCALE` pt. Hinted metrics and rounded glyph
/// positions would snap widths to whole units and make justified lines ragged, so both
/// are off; with no hinting the outlines drawn match the advances measured.
package enum PangoCairoSetup {
    /// A new font map and a context of it, configured as above; the caller owns both
    /// (one reference each).
    static func makeFontMapAndContext() -> (fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer) {
        LayoutWarmUp.waitForFontConfiguration()
        let fontMap = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        return (fontMap, makeContext(fontMap))
    }

    /// A context of `fontMap`, configured as above; with `vertical`, of east gravity
    /// (upright ideographs, Latin on its side: Pango's natural gravity hint). The caller
    /// owns it.
    static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>, vertical: Bool = false) -> OpaquePointer {
        let context: OpaquePointer = pango_font_map_create_context(fontMap)
        pango_cairo_context_set_resolution(context, 72)
        if vertical {
            pango_context_set_base_gravity(context, PANGO_GRAVITY_EAST)
            pango_context_set_gravity_hint(context, PANGO_GRAVITY_HINT_NATURAL)
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    /// Makes `font`'s cairo scaled font now, on the thread that owns the font's map, so
    /// that the renderer (`Font+Cairo.swift`, maybe on another thread) only ever reads
    /// it. Pango makes it lazily — today when metrics are first read — and a first call
    /// from two threads would race. Call it under `withFontLock`.
    static func prepareForDrawing(_ font: UnsafeMutablePointer<PangoFont>) {
        _ = pango_cairo_font_get_scaled_font(OpaquePointer(font))
    }

    /// The fontconfig pattern `font` was made from; nil when it is no fontconfig font.
    package static func fontconfigPattern(of font: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        let instance = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, pango_fc_font_get_type()) != 0 else { return nil }
        return pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
    }

    /// Runs `body`, which makes or measures a font through cairo, while no other thread
    /// does: cairo 1.16 opens a font's file as its cairo font is made, and to open an
    /// eleventh it closes another that no thread holds, deciding so without that font's
    /// lock — two threads making fonts at once could close a face one of them is opening.
    static func withFontLock<T>(_ body: () -> T) -> T {
        fontLock.lock()
        defer { fontLock.unlock() }
        return body()
    }

    private static let fontLock = NSLock()
}
