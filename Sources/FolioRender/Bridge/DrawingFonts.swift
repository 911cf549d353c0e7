import CCairo
import CPango
import FolioLayout
import Foundation

/// The cairo fonts a document's glyphs are drawn with: for each of Pango's fonts, a cairo
/// font made from the same fontconfig pattern, at the same size and with the same
/// options, on a FreeType face Folio opened itself (fontconfig's `FC_FT_FACE`).
///
/// cairo 1.16 keeps at most ten font files open: to open another it closes one that no
/// thread holds — deciding that without the lock of the font it closes, so a thread
/// shaping (Pango asks cairo for glyph extents, and makes its cairo fonts, as it lays
/// out) can close a face under the thread writing a page (seen as crashes when CJK text
/// brought more than ten faces). cairo never closes a face it was given, so the faces
/// pages are drawn with are out of reach of the layout thread; and they are opened once
/// in the process, not again each time ten others were used (rust-book-zh opened its
/// 20 MB CJK files 222 times, 137 M instructions). The PDF is the same, byte for byte:
/// the same file, pattern, size and options make the same glyphs and the same subsets.
final class DrawingFonts {
    /// Pango's scaled font (held, so that its address is not another's) → the one drawn.
    private var scaledFonts: [OpaquePointer: OpaquePointer] = [:]
    /// Whether glyphs are drawn with faces of Folio's own; off only to check that the file
    /// is the same either way.
    var usesOwnFaces = true

    deinit {
        for (pango, drawn) in scaledFonts {
            cairo_scaled_font_destroy(drawn)
            cairo_scaled_font_destroy(pango)
        }
    }

    /// The font to draw `font`'s glyphs with; nil when cairo has none for it.
    func scaledFont(for font: Font) -> OpaquePointer? {
        guard let pango = font.cairoScaledFont else { return nil }
        if let drawn = scaledFonts[pango] { return drawn }
        var drawn = pango
        if usesOwnFaces, let face = Self.fontFace(for: font.pangoFont) {
            var matrix = cairo_matrix_t(), ctm = cairo_matrix_t()
            cairo_scaled_font_get_font_matrix(pango, &matrix)
            cairo_scaled_font_get_ctm(pango, &ctm)
            let options = cairo_font_options_create()
            cairo_scaled_font_get_font_options(pango, options)
            if let made = cairo_scaled_font_create(face, &matrix, &ctm, options),
               cairo_scaled_font_status(made) == CAIRO_STATUS_SUCCESS {
                drawn = made
            }
            cairo_font_options_destroy(options)
        }
        if drawn == pango { cairo_scaled_font_reference(drawn) }
        cairo_scaled_font_reference(pango)
        scaledFonts[pango] = drawn
        return drawn
    }

    // MARK: Faces, once per process

    /// The FreeType library the faces are opened with; the faces, one per file and index
    /// (as cairo keeps one per file for the fonts it opens itself, so that all sizes of a
    /// face share its subsets); and the cairo font faces made so far, by the pattern
    /// Pango's font was made from (`FcNameUnparse`). Kept for the process: cairo may hold
    /// its fonts after a document is done, and the next document draws with them again.
    private nonisolated(unsafe) static var library: FT_Library?
    private nonisolated(unsafe) static var ftFaces: [String: FT_Face?] = [:]
    private nonisolated(unsafe) static var fontFaces: [String: OpaquePointer?] = [:]
    private static let lock = NSLock()

    /// How many font files (by file and index) have been opened for drawing, in the process.
    static var openedFaces: Int {
        lock.lock()
        defer { lock.unlock() }
        return ftFaces.count
    }

    /// A cairo font face on a FreeType face of Folio's own, made from the pattern of
    /// `pangoFont` (a Pango fontconfig font); nil for any other font, or when the file
    /// cannot be opened.
    private static func fontFace(for pangoFont: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        let instance = UnsafeMutableRawPointer(pangoFont).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, pango_fc_font_get_type()) != 0,
              let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(pangoFont).assumingMemoryBound(to: PangoFcFont.self)),
              let name = FcNameUnparse(pattern) else { return nil }
        let key = String(cString: name)
        free(name)
        lock.lock()
        defer { lock.unlock() }
        if let known = fontFaces[key] { return known }
        var made: OpaquePointer? = nil
        defer { fontFaces[key] = made }
        guard let face = ftFace(for: pattern), let copy = FcPatternDuplicate(pattern) else { return nil }
        defer { FcPatternDestroy(copy) }
        FcPatternDel(copy, FC_FT_FACE)
        FcPatternAddFTFace(copy, FC_FT_FACE, face)
        guard let fontFace = cairo_ft_font_face_create_for_pattern(copy) else { return nil }
        guard cairo_font_face_status(fontFace) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(fontFace)
            return nil
        }
        made = fontFace
        return fontFace
    }

    /// The FreeType face of `pattern`'s file and index, opened once (call with `lock` held).
    private static func ftFace(for pattern: OpaquePointer) -> FT_Face? {
        var file: UnsafeMutablePointer<FcChar8>? = nil
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        let key = "\(index):\(path)"
        if let known = ftFaces[key] { return known }
        var face: FT_Face?
        if library == nil, FT_Init_FreeType(&library) != 0 { library = nil }
        if let library, FT_New_Face(library, path, Int(index), &face) != 0 { face = nil }
        ftFaces[key] = face
        return face
    }
}
