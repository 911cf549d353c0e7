import CPango
import FolioText

extension ShapingContext {
    /// What a run's font asks of Pango: worked out once per font, fallback region and
    /// language rather than for every run. Each run of Chinese text built a Pango
    /// description (the family list joined anew), looked up its substitution warning and
    /// its fallback faces: some 8 000 instructions a run, about 2 % of a Chinese book.
    struct RunFont {
        /// The `FontSubstitution` warning for the font as asked, nil when it gets what it asks.
        let substitution: String?
        /// The font as asked, with the region's East Asian faces after its families.
        let descriptor: FontDescriptor
        /// `descriptor` for `pango_attr_font_desc_new`, which copies it.
        let description: PangoDescription
        /// The families of quotes, dashes and ellipses among Chinese or Japanese, which come
        /// from the East Asian face first; nil without a fallback region.
        let sharedPunctuationFamilies: String?
    }

    struct RunFontKey: Hashable {
        var descriptor: FontDescriptor
        var fallbackRegion: EastAsianFonts.Region?
        var language: String
    }

    /// The `RunFont` for `descriptor` (a run's effective font) in this context's language.
    func runFont(_ descriptor: FontDescriptor, fallbackRegion: EastAsianFonts.Region?) -> RunFont {
        let key = RunFontKey(descriptor: descriptor, fallbackRegion: fallbackRegion, language: language)
        if let known = runFonts[key] { return known }
        let substitution = FontSubstitution.message(for: descriptor, in: self)
        var withFallbacks = descriptor
        var sharedPunctuationFamilies: String?
        if let fallbackRegion {
            // The first family alone decides the fallbacks, so the punctuation's list (asked
            // after the families with the fallbacks added) takes the same ones; an empty
            // list and a Noto Serif CJK first family both read as serif.
            let fallbacks = eastAsianFallbacks(after: descriptor.families, region: fallbackRegion)
            withFallbacks.families += fallbacks
            sharedPunctuationFamilies = (fallbacks + withFallbacks.families).joined(separator: ",")
        }
        let made = RunFont(substitution: substitution, descriptor: withFallbacks,
                           description: PangoDescription(withFallbacks),
                           sharedPunctuationFamilies: sharedPunctuationFamilies)
        // A document of endless sizes must not grow the table without end.
        if runFonts.count >= 1024 { runFonts.removeAll(keepingCapacity: true) }
        runFonts[key] = made
        return made
    }
}
