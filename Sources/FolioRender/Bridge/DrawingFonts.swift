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
    /// Whether the outlines of CFF glyphs are loaded with their metrics, ahead of drawing
    /// (`loadOutlines(of:in:)`): on for a PDF, whose font subsets cairo chooses by each
    /// glyph's outline; off for an image, and only to check that the file is the same
    /// either way. Set before the first glyph is drawn.
    var loadsOutlinesAhead: Bool
    /// For each font face drawn with, the glyphs whose outlines have been loaded; nil for
    /// a face whose outlines are not loaded ahead (`loadOutlines(of:in:)`). The faces are
    /// the process's (`fontFaces`), so their addresses stay theirs.
    var loadedOutlines: [OpaquePointer: LoadedOutlines?] = [:]
    /// The face of the last run drawn, and its entry in `loadedOutlines`.
    var lastFace: OpaquePointer?
    var lastFaceOutlines: LoadedOutlines?

    /// Fonts to draw a PDF with (`loadsOutlinesAhead`), or an image.
    init(loadsOutlinesAhead: Bool = false) {
        self.loadsOutlinesAhead = loadsOutlinesAhead
    }

    deinit {
        for (pango, drawn) in scaledFonts {
            cairo_scaled_font_destroy(drawn)
            cairo_scaled_font_destroy(pango)
        }
    }

    /// The font to draw `font`'s glyphs with; nil when cairo has none for it. A font that
    /// is no fontconfig font, or whose file cannot be opened, is drawn with Pango's own
    /// (counted in `fallbacks`).
    func scaledFont(for font: Font) -> OpaquePointer? {
        guard let pango = font.cairoScaledFont else { return nil }
        if let drawn = scaledFonts[pango] { return drawn }
        var drawn = pango
        if usesOwnFaces, cairo_scaled_font_status(pango) == CAIRO_STATUS_SUCCESS {
            switch Self.fontFace(for: font.pangoFont) {
            case .made(let face):
                var matrix = cairo_matrix_t(), ctm = cairo_matrix_t()
                cairo_scaled_font_get_font_matrix(pango, &matrix)
                cairo_scaled_font_get_ctm(pango, &ctm)
                let options = cairo_font_options_create()
                cairo_scaled_font_get_font_options(pango, options)
                if loadsOutlinesAhead, Self.hasCFFOutlines(face) {
                    // So that a glyph's metrics and outline come from one FreeType load
                    // (`loadOutlines(of:in:)` says what of them reaches the PDF).
                    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
                }
                if let made = cairo_scaled_font_create(face, &matrix, &ctm, options) {
                    if cairo_scaled_font_status(made) == CAIRO_STATUS_SUCCESS { drawn = made } else { cairo_scaled_font_destroy(made) }
                }
                cairo_font_options_destroy(options)
                if drawn == pango { Self.countFallback() }
            case .givenByPango:
                break
            case .none:
                Self.countFallback()
            }
        }
        if drawn == pango { cairo_scaled_font_reference(drawn) }
        cairo_scaled_font_reference(pango)
        scaledFonts[pango] = drawn
        return drawn
    }

    // MARK: Faces, once per process

    /// What `fontFace(for:)` found.
    private enum Face {
        /// A cairo font face on a FreeType face of Folio's own.
        case made(OpaquePointer)
        /// Pango's font already stands on a face it was given (a font loaded from memory),
        /// which cairo never closes: drawn with Pango's own.
        case givenByPango
        /// Not a fontconfig font, or its file could not be opened.
        case none
    }

    /// The FreeType library the faces are opened with; the faces, one per file and index
    /// (as cairo keeps one per file for the fonts it opens itself, so that all sizes of a
    /// face share its subsets); and the cairo font faces made so far, by the part of
    /// Pango's pattern cairo reads (`drawingPattern`). Kept for the process: cairo may hold
    /// its fonts after a document is done, and the next document draws with them again.
    /// A face stays open (and mapped) once opened: a font file replaced in place is drawn
    /// as it was until the process ends, as fontconfig itself sees it.
    private nonisolated(unsafe) static var library: FT_Library?
    private nonisolated(unsafe) static var ftFaces: [String: FT_Face?] = [:]
    private nonisolated(unsafe) static var fontFaces: [String: OpaquePointer?] = [:]
    private nonisolated(unsafe) static var opened = 0, fallbackCount = 0
    /// The font faces made so far whose glyphs are CFF outlines (`hasCFFOutlines`).
    private nonisolated(unsafe) static var cffFaces: Set<OpaquePointer> = []
    private static let lock = NSLock()

    /// How many times a font file has been opened for drawing, in the process.
    static var openedFaces: Int {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    /// How many fonts were drawn with Pango's own cairo font because no face of Folio's
    /// could be made for them, in the process.
    static var fallbacks: Int {
        lock.lock()
        defer { lock.unlock() }
        return fallbackCount
    }

    private static func countFallback() {
        lock.lock()
        fallbackCount += 1
        lock.unlock()
    }

    /// The pattern elements cairo 1.16 reads to make a font face (`_get_pattern_ft_options`,
    /// `_cairo_ft_unscaled_font_create_for_pattern`): the file and index, and the options.
    /// (Read only, under `lock`: fontconfig objects are not shared between threads.)
    private nonisolated(unsafe) static let drawingObjects: UnsafeMutablePointer<FcObjectSet> = {
        let set = FcObjectSetCreate()!
        for name in [FC_FILE, FC_INDEX, FC_ANTIALIAS, FC_HINTING, FC_HINT_STYLE, FC_RGBA, FC_LCD_FILTER, FC_AUTOHINT,
                     FC_VERTICAL_LAYOUT, FC_EMBOLDEN, FC_EMBEDDED_BITMAP, FC_FONT_VARIATIONS] {
            FcObjectSetAdd(set, name)
        }
        return set
    }()

    /// A cairo font face on a FreeType face of Folio's own, made from the part of the
    /// pattern of `pangoFont` (a Pango fontconfig font) that cairo reads.
    private static func fontFace(for pangoFont: UnsafeMutablePointer<PangoFont>) -> Face {
        guard let pattern = PangoCairoSetup.fontconfigPattern(of: pangoFont) else { return .none }
        var given: FT_Face?
        if FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &given) == FcResultMatch { return .givenByPango }
        lock.lock()
        defer { lock.unlock() }
        guard let filtered = FcPatternFilter(pattern, drawingObjects) else { return .none }
        defer { FcPatternDestroy(filtered) }
        guard let name = FcNameUnparse(filtered) else { return .none }
        let key = String(cString: name)
        free(name)
        if let known = fontFaces[key] { return known.map { .made($0) } ?? .none }
        var made: OpaquePointer? = nil
        defer { fontFaces[key] = made }
        guard let face = ftFace(for: filtered, of: pangoFont) else { return .none }
        FcPatternAddFTFace(filtered, FC_FT_FACE, face)
        guard let fontFace = cairo_ft_font_face_create_for_pattern(filtered) else { return .none }
        guard cairo_font_face_status(fontFace) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(fontFace)
            return .none
        }
        made = fontFace
        if hasCFFTable(pangoFont) { cffFaces.insert(fontFace) }
        return .made(fontFace)
    }

    /// The FreeType face of `pattern`'s file and index, opened once (call with `lock` held).
    /// It reads the file where HarfBuzz has it mapped for Pango (`pangoFont`'s blob, held
    /// for the process) rather than mapping it again: a CJK collection is 20 MB, and a
    /// file's pages count once per mapping in the process's resident memory.
    private static func ftFace(for pattern: OpaquePointer, of pangoFont: UnsafeMutablePointer<PangoFont>) -> FT_Face? {
        var file: UnsafeMutablePointer<FcChar8>? = nil
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        let key = "\(index):\(path)"
        if let known = ftFaces[key] { return known }
        var face: FT_Face?
        if library == nil, FT_Init_FreeType(&library) != 0 { library = nil }
        if let library {
            if let blob = fileBlob(of: pangoFont), let data = hb_blob_get_data(blob, nil),
               FT_New_Memory_Face(library, UnsafeRawPointer(data).assumingMemoryBound(to: FT_Byte.self),
                                  FT_Long(hb_blob_get_length(blob)), FT_Long(index), &face) == 0 {
                opened += 1
            } else if FT_New_Face(library, path, FT_Long(index), &face) == 0 {
                opened += 1
            } else {
                face = nil
            }
        }
        ftFaces[key] = face
        return face
    }

    /// Whether `face` is a cairo font face made by `fontFace(for:)` on a face of CFF
    /// outlines, whose every FreeType load interprets the glyph's charstring (some 66 000
    /// instructions for an ideograph): the faces whose outlines are loaded ahead
    /// (`loadOutlines(of:in:)`). A TrueType glyph loads at a fraction of that.
    static func hasCFFOutlines(_ face: OpaquePointer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return cffFaces.contains(face)
    }

    /// Whether HarfBuzz finds a `CFF ` or `CFF2` table in `pangoFont`'s face.
    private static func hasCFFTable(_ pangoFont: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let font = pango_font_get_hb_font(pangoFont), let face = hb_font_get_face(font) else { return false }
        return Font.hasTable("CFF ", in: face) || Font.hasTable("CFF2", in: face)
    }

    /// The whole font file as HarfBuzz holds it for `pangoFont`, referenced for the
    /// process; nil when HarfBuzz holds no data for it.
    private static func fileBlob(of pangoFont: UnsafeMutablePointer<PangoFont>) -> OpaquePointer? {
        guard let font = pango_font_get_hb_font(pangoFont), let face = hb_font_get_face(font),
              let blob = hb_face_reference_blob(face) else { return nil }
        guard hb_blob_get_length(blob) > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
        return blob
    }
}
