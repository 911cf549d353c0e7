import CPango
import Foundation

/// One Pango font map and context, set up for PDF points: 72 dpi, no hinting, no
/// rounding of glyph positions (rounded widths make justified lines ragged).
///
/// Pango font maps are not thread-safe, so each thread that shapes owns one context.
final class ShapingContext {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let pangoContext: OpaquePointer
    private var fonts: [UnsafeMutablePointer<PangoFont>: Font] = [:]
    /// The application-font generation this context's font map has seen.
    private var fontGeneration: Int
    /// Words shaped before, when `usesWordCache`; tests turn it off to compare.
    var wordCache = WordShapeCache()
    let usesWordCache: Bool
    /// Reused for every call to Pango's shaper, and the glyphs of the run being shaped.
    let glyphString = pango_glyph_string_new()!
    let runGlyphs = ScratchBuffer<PangoGlyphInfo>()
    /// East Asian fallback families by first family and region (`eastAsianFallbacks`).
    var eastAsianFallbackCache: [String: [String]] = [:]
    let runClusters = ScratchBuffer<Int32>()
    /// A piece's words, found in the word cache or not (`shapeGlyphs`), and the text,
    /// glyphs and clusters of those not found, shaped together.
    let wordPlan = ScratchBuffer<WordPlan>()
    let missedText = ScratchBuffer<UInt8>()
    let missedGlyphs = ScratchBuffer<PangoGlyphInfo>()
    let missedClusters = ScratchBuffer<Int32>()
    /// Fonts whose box for a missing character is measured (`MissingGlyphBoxes`).
    var missingGlyphBoxes = MissingGlyphBoxes()
    /// Items of single-style Latin paragraphs, given again (`ItemReuse`).
    let itemReuse = ItemReuse()
    /// Runs' attributes over the layout defaults, shared by the paragraphs set in them.
    let resolvedAttributes = DerivedAttributes()
    /// Whether paragraphs may take reused items (tests compare with and without).
    var reusesItems = true
    /// Tests: itemize every paragraph that took a reused item with Pango as well, and
    /// count those whose items differ in `reusedItemMismatches`.
    var checksReusedItems = false
    var reusedItemMismatches = 0
    /// `FontSubstitution` messages by request (size left out), nil where none applies.
    var fontSubstitutionMessages: [FontRequest: String?] = [:]
    /// Runs' fonts as Pango is asked for them (`runFont(_:fallbackRegion:)`).
    var runFonts: [RunFontKey: RunFont] = [:]

    /// The Pango context; first brings the font map up to date if application fonts
    /// were added since (on this context's own thread: font maps are not thread-safe).
    var context: OpaquePointer {
        let now = ShapingContext.currentFontGeneration
        if now != fontGeneration {
            fontGeneration = now
            loadedFonts.removeAll()
            fontSubstitutionMessages.removeAll()
            runFonts.removeAll()
            itemReuse.forget()
            pango_fc_font_map_config_changed(OpaquePointer(fontMap))
        }
        return pangoContext
    }

    private static let generationLock = NSLock()
    nonisolated(unsafe) private static var generation = 0
    static var currentFontGeneration: Int { generationLock.withLock { generation } }

    /// Application fonts were added: every context reloads fontconfig's font list before
    /// it next shapes.
    static func fontsChanged() { generationLock.withLock { generation += 1 } }

    init(wordCache: Bool = true) {
        usesWordCache = wordCache
        fontGeneration = ShapingContext.currentFontGeneration
        (fontMap, pangoContext) = PangoCairoSetup.makeFontMapAndContext()
        pango_context_set_language(pangoContext, pango_language_from_string(language))
    }

    /// The language Pango gives text that names none, and that fonts are matched in
    /// (`loadFont`); `shapeParagraph` sets its paragraph's. Pango's own default comes from
    /// the environment's locale: left to it, one document picked other fallback faces
    /// under `LC_ALL=ja_JP.UTF-8` than under `C`, and fonts were matched in a language no
    /// text was itemized in, which cost a fontconfig match and sort per style.
    private(set) var language = LayoutDefaults.defaultLanguage

    /// Makes `tag` the language of text that names none (see `language`).
    func use(language tag: String) {
        guard tag != language else { return }
        language = tag
        let pangoLanguage = pango_language_from_string(tag)
        pango_context_set_language(pangoContext, pangoLanguage)
        if let madeVerticalContext { pango_context_set_language(madeVerticalContext, pangoLanguage) }
    }

    /// The context for vertical text (east gravity), made when first needed; same font map.
    var verticalContext: OpaquePointer {
        _ = context   // brings the font map up to date first
        if let made = madeVerticalContext { return made }
        let made = PangoCairoSetup.makeContext(fontMap, vertical: true)
        pango_context_set_language(made, pango_language_from_string(language))
        madeVerticalContext = made
        return made
    }
    private var madeVerticalContext: OpaquePointer?

    deinit {
        pango_glyph_string_free(glyphString)
        fonts.removeAll()
        if let madeVerticalContext { g_object_unref(UnsafeMutableRawPointer(madeVerticalContext)) }
        g_object_unref(UnsafeMutableRawPointer(pangoContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The `Font` wrapping a Pango font of this context, made once per font.
    func font(for pangoFont: UnsafeMutablePointer<PangoFont>) -> Font {
        if let f = fonts[pangoFont] { return f }
        let f = Font(pangoFont: pangoFont)
        fonts[pangoFont] = f
        return f
    }

    /// The font Pango picks for `descriptor` in `requestLanguage`, else in `language` (first
    /// family that exists, else fontconfig's nearest match for the language).
    func loadFont(_ descriptor: FontDescriptor, in requestLanguage: String? = nil) -> Font? {
        // Every paragraph asks for its base font: fontconfig's matching, each time, cost
        // more than shaping a short paragraph's words.
        let context = self.context   // first: fonts added since are matched anew
        let request = FontRequest(descriptor: descriptor, language: requestLanguage ?? language)
        if let known = loadedFonts[request] { return known }
        let textLanguage = language
        use(language: request.language)
        let font = matchFont(descriptor, context: context)
        use(language: textLanguage)
        loadedFonts[request] = font
        return font
    }

    /// A font asked for, in the language fonts are matched in.
    struct FontRequest: Hashable {
        var descriptor: FontDescriptor
        var language: String
    }

    private var loadedFonts: [FontRequest: Font?] = [:]

    private func matchFont(_ descriptor: FontDescriptor, context: OpaquePointer) -> Font? {
        let desc = PangoDescription(PostScriptNames.resolving(descriptor))
        guard let pf = pango_font_map_load_font(fontMap, context, desc.pointer) else { return nil }
        let font = self.font(for: pf)
        g_object_unref(UnsafeMutableRawPointer(pf))
        return font
    }

}

/// A word of the piece being shaped: where it is, and where its glyphs come from.
struct WordPlan {
    var start: Int32, end: Int32
    /// In the word cache; nil when the word was not there.
    var found: WordShapeCache.Found?
    /// Shaped with the piece's other missed words: its glyphs in `missedGlyphs` (-1: not).
    var firstGlyph: Int32 = -1
    var glyphCount: Int32 = 0
}
