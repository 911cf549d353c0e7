import CCairo
import FolioLayout

extension PageCanvas {
    /// TextKit's letterpress: the letters look pressed into the page. Drawn in four
    /// vector layers, none of them an image: a faint shadow a little above the glyphs, a
    /// light edge a little below them, the glyphs themselves (shown as text, so they are
    /// found and copied) in a deeper shade of the colour, and the colour itself over all
    /// of each glyph but a band along the inside of its top edge — the shade the light,
    /// from above, leaves where the paper is pressed in.
    func drawLetterpress(_ run: GlyphRun, _ glyphs: inout [cairo_glyph_t], foreground: Color) {
        let size = run.font.size
        let edge = 0.04 * size, band = 0.05 * size
        let shade = Color(red: foreground.red * 0.55, green: foreground.green * 0.55, blue: foreground.blue * 0.55,
                          alpha: foreground.alpha)
        func fillGlyphs(dy: Double, _ color: Color) {
            cairo_save(cr)
            cairo_translate(cr, 0, dy)
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            setColor(color)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        fillGlyphs(dy: -edge, Color(red: 0, green: 0, blue: 0, alpha: 0.25 * foreground.alpha))
        fillGlyphs(dy: edge, Color(red: 1, green: 1, blue: 1, alpha: 0.85 * foreground.alpha))
        setColor(shade)
        showText(run, &glyphs)
        cairo_save(cr)
        cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
        cairo_clip(cr)
        fillGlyphs(dy: band, foreground)
        cairo_restore(cr)
    }
}
