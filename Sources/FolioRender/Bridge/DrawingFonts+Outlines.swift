import CCairo

/// The glyphs of one font face whose outlines cairo has loaded: a bit per glyph ID.
final class LoadedOutlines {
    private var words: [UInt64] = []

    /// Marks `glyph` as loaded; false when it was already, or when it is no glyph of an
    /// OpenType font (65 535 at most; Pango's glyphs for missing characters lie beyond),
    /// which is left to cairo as it comes.
    func insert(_ glyph: UInt32) -> Bool {
        guard glyph <= 0xFFFF else { return false }
        let word = Int(glyph >> 6), bit = UInt64(1) << UInt64(glyph & 63)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }

    /// Whether `glyph` was marked.
    func contains(_ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < words.count && words[word] & (UInt64(1) << UInt64(glyph & 63)) != 0
    }
}

extension DrawingFonts {
    /// Has cairo load the outlines of the glyphs among `glyphs` that the current face of
    /// `cr` has not drawn before, together with their metrics: one FreeType load for each
    /// instead of two.
    ///
    /// A PDF makes cairo 1.16 ask for each new glyph's metrics as it records the page (its
    /// extents), then, the first time a face draws the glyph, for its outline as it writes
    /// the page (to choose between an outline and a bitmap subset), and for its advance in
    /// the unscaled font. Without hinted metrics the first load is at the em size and the
    /// outline is loaded again at the size drawn; with them (`scaledFont(for:)`), a glyph
    /// first asked for with its outline (`cairo_glyph_path`) is loaded once for both. Done
    /// for faces of CFF outlines (`hasCFFOutlines`), where a load is costly: a Chinese book
    /// has thousands of distinct ideographs.
    ///
    /// The PDF is the same, byte for byte (every PDF of `scripts/output-checksums.sh`):
    /// positions are Folio's, advances and embedded outlines the unscaled font's, and the
    /// path of a glyph at the size drawn (for outlined text, shadows, letterpress) comes
    /// from the same load either way. What the hinted metrics do change is a glyph's ink
    /// box, rounded out to whole points, which cairo uses only to drop a glyph lying wholly
    /// outside the page (or outside a clip, which Folio never sets around text): a glyph
    /// within a point of the page's edge, on the outside, is now kept.
    func loadOutlines(of glyphs: [cairo_glyph_t], in cr: OpaquePointer) {
        guard loadsOutlinesAhead, let face = cairo_get_font_face(cr) else { return }
        if face != lastFace {
            // Looked up again only when the face changes: most runs follow one of the
            // same face.
            if loadedOutlines[face] == nil {
                loadedOutlines[face] = .some(DrawingFonts.hasCFFOutlines(face) ? LoadedOutlines() : nil)
            }
            lastFace = face
            lastFaceOutlines = loadedOutlines[face] ?? nil
        }
        // The outlines go into the current path, which is empty between runs, and it is
        // emptied again at once: nothing is drawn. They load in the scaled font cairo
        // draws with now (the face at this size, with any expansion), which is the one
        // whose outline the font subset asks for: the face's first use of the glyph.
        guard let loaded = lastFaceOutlines, cairo_has_current_point(cr) == 0 else { return }
        var fresh: [cairo_glyph_t] = []
        for glyph in glyphs where loaded.insert(UInt32(truncatingIfNeeded: glyph.index)) {
            // At its own place: cairo leaves out glyphs far outside the page, here as
            // when it shows them.
            fresh.append(glyph)
        }
        guard !fresh.isEmpty else { return }
        cairo_glyph_path(cr, &fresh, Int32(fresh.count))
        cairo_new_path(cr)
    }
}
