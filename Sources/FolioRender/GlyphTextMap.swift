import CCairo
import FolioLayout

/// The text cairo's PDF font subsets already hold for each glyph drawn in one document, so
/// that a run whose every glyph stands for the character it was first shown with can be
/// drawn without its text (`cairo_show_glyphs`) and come out the same.
///
/// Given text, cairo maps each glyph to its character on the glyph's first use in a font
/// subset (the subset's `ToUnicode`), and later compares every use's text with that
/// mapping: equal, the glyph is written as it is; different, it is wrapped in an
/// `ActualText` span. Checking and copying the text costs cairo some 7 % of its time per
/// glyph. A run drawn without text is written as a run whose text matches, so when this
/// map knows the match already, the bytes of the PDF are the same either way.
///
/// cairo keeps a subset's mappings per font face (per scaled font for fonts it cannot
/// subset as outlines: bitmap, colour and user fonts). The map is at least as careful as
/// either: a glyph may go without text only once it has been shown with text in the very
/// scaled font it is drawn in, and only while every use of it in the whole face has had
/// that one character. It learns only from runs cairo certainly maps (see
/// `PageCanvas.mapsEveryGlyph`), and holds a reference to each scaled font it knows, so
/// that no other font can come to have the same address.
final class GlyphTextMap {
    /// What a face's glyphs have been shown with.
    private final class FaceGlyphs {
        /// By glyph id: the one character (scalar value + 1) every use had; 0 unseen;
        /// `mixed` for a glyph shown with different texts, with a text of other than one
        /// character, or without text (then cairo took the font's own character).
        var text: [UInt32] = []

        /// Makes room for glyph ids up to `top`.
        func reserve(_ top: Int) {
            if top >= text.count { text += repeatElement(0, count: top + 1 - text.count) }
        }
    }

    /// What one scaled font has shown with text.
    private final class ScaledGlyphs {
        /// By glyph id, a bit set: the glyphs shown with text in this scaled font (a bit a
        /// glyph, as a CJK face's tens of thousands of glyphs come in many sizes).
        var shown: [UInt64] = []
        let face: FaceGlyphs
        init(face: FaceGlyphs) { self.face = face }
    }

    private static let mixed = UInt32.max
    private var faces: [OpaquePointer: FaceGlyphs] = [:]
    /// Each key is referenced (`cairo_scaled_font_reference`) until the map goes.
    private var scaledFonts: [OpaquePointer: ScaledGlyphs] = [:]
    /// How many runs were found known (and drawn without text): for tests.
    private(set) var runsKnown = 0

    deinit {
        for scaledFont in scaledFonts.keys { cairo_scaled_font_destroy(scaledFont) }
    }

    /// Whether `run`, to be drawn with `scaledFont`, can be drawn without its text: left to
    /// right, every cluster one character drawn by one glyph that cairo has already mapped
    /// to that character (and to nothing else) in this font.
    func knowsEveryGlyph(of run: GlyphRun, scaledFont: OpaquePointer) -> Bool {
        guard !run.isRightToLeft, !run.glyphs.isEmpty, let sized = scaledFonts[scaledFont] else { return false }
        let known = run.utf8Text.withUnsafeBufferPointer { utf8 in
            run.glyphs.withUnsafeBufferPointer { ids in
                run.clusters.withUnsafeBufferPointer { clusters in
                    sized.face.text.withUnsafeBufferPointer { agreed in
                        sized.shown.withUnsafeBufferPointer { shown in
                            guard clusters.count == ids.count else { return false }
                            var offset = 0
                            for k in 0..<clusters.count {
                                let c = clusters[k]
                                guard c.glyphCount == 1, let scalar = GlyphTextMap.scalar(in: utf8, at: offset, byteCount: c.byteCount)
                                else { return false }
                                offset += c.byteCount
                                // Pango's empty glyph (not drawn) and unknown glyphs are never known.
                                let g = Int(ids[k])
                                guard g < agreed.count, agreed[g] == scalar + 1, g >> 6 < shown.count,
                                      shown[g >> 6] & (1 << UInt64(g & 63)) != 0 else { return false }
                            }
                            return offset == utf8.count
                        }
                    }
                }
            }
        }
        if known { runsKnown += 1 }
        return known
    }

    /// Notes what cairo learns from `run` drawn with its text in `scaledFont`, its
    /// `drawn` glyphs (`run`'s without Pango's empty glyph) in `clusters`.
    func learn(_ run: GlyphRun, drawn: [cairo_glyph_t], clusters: [cairo_text_cluster_t], scaledFont: OpaquePointer) {
        let sized = scaledGlyphs(scaledFont)
        let face = sized.face
        // OpenType glyph ids are 16-bit; Pango's "unknown glyph" ids (a hex box for a
        // missing character) are not, and are never drawn without text.
        guard let top = drawn.lazy.map({ Int($0.index) }).filter({ $0 <= 0xFFFF }).max() else { return }
        face.reserve(top)
        if top >> 6 >= sized.shown.count { sized.shown += repeatElement(0, count: (top >> 6) + 1 - sized.shown.count) }
        run.utf8Text.withUnsafeBufferPointer { utf8 in
            face.text.withUnsafeMutableBufferPointer { agreed in
                sized.shown.withUnsafeMutableBufferPointer { shown in
                    // cairo walks the text forwards; backwards, the glyphs from the end.
                    var offset = 0
                    var next = run.isRightToLeft ? drawn.count : 0
                    for c in clusters {
                        let bytes = Int(c.num_bytes), count = Int(c.num_glyphs)
                        let first = run.isRightToLeft ? next - count : next
                        next = run.isRightToLeft ? next - count : next + count
                        let scalar = count == 1 ? GlyphTextMap.scalar(in: utf8, at: offset, byteCount: bytes) : nil
                        offset += bytes
                        for k in first..<(first + count) {
                            let g = Int(drawn[k].index)
                            guard g <= 0xFFFF else { continue }
                            let before = agreed[g]
                            agreed[g] = scalar.map { before == 0 || before == $0 + 1 ? $0 + 1 : GlyphTextMap.mixed } ?? GlyphTextMap.mixed
                            shown[g >> 6] |= 1 << UInt64(g & 63)
                        }
                    }
                }
            }
        }
    }

    /// Notes glyphs drawn without text: cairo maps those it meets first to the font's own
    /// character for them, which need not be the text's.
    func learnWithoutText(_ drawn: [cairo_glyph_t], scaledFont: OpaquePointer) {
        let face = scaledGlyphs(scaledFont).face
        for glyph in drawn where glyph.index <= 0xFFFF {
            face.reserve(Int(glyph.index))
            face.text[Int(glyph.index)] = GlyphTextMap.mixed
        }
    }

    private func scaledGlyphs(_ scaledFont: OpaquePointer) -> ScaledGlyphs {
        if let sized = scaledFonts[scaledFont] { return sized }
        let key: OpaquePointer = cairo_scaled_font_get_font_face(scaledFont)
        let face: FaceGlyphs
        if let known = faces[key] {
            face = known
        } else {
            face = FaceGlyphs()
            faces[key] = face
        }
        let sized = ScaledGlyphs(face: face)
        cairo_scaled_font_reference(scaledFont)
        scaledFonts[scaledFont] = sized
        return sized
    }

    /// The one Unicode scalar `byteCount` bytes at `offset` spell, or nil when they are
    /// not exactly one (cairo maps a glyph to a longer text only through ActualText).
    @inline(__always)
    static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at offset: Int, byteCount: Int) -> UInt32? {
        guard byteCount >= 1, byteCount <= 4, offset + byteCount <= utf8.count else { return nil }
        let lead = utf8[offset]
        if lead < 0x80 { return byteCount == 1 ? UInt32(lead) : nil }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length == byteCount else { return nil }
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for i in 1..<length {
            // A run cut inside a character by its attributes holds bytes that do not go on.
            guard utf8[offset + i] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (UInt32(utf8[offset + i]) & 0x3F)
        }
        return value
    }
}
