import CPango
import FolioLayout

extension Font {
    /// The cairo scaled font Pango made for this font, owned by the Pango font (which the
    /// `Font` keeps alive): its size, matrix and options are the ones glyphs are drawn at
    /// (`DrawingFonts` makes the font drawn with from them).
    ///
    /// `Font` has Pango make it as the font is made, on the thread that shaped with it
    /// (`PangoCairoSetup.prepareForDrawing`), so asking for it here only reads a pointer
    /// already set, from whichever thread draws.
    var cairoScaledFont: OpaquePointer? {
        pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont))
    }
}
