extension AttributedText {
    /// Appends `string` in small capitals: with the font's own (`smcp`) where it has them,
    /// otherwise — DejaVu, for one — lower-case letters set as capitals at 78 % of the size
    /// and a little tracked, as a compositor without a small-caps font would.
    ///
    /// Asking for `FontFeature.smallCaps` alone does nothing visible on a face without them
    /// (layout says so in a warning); this is the fallback documents use. The synthesized
    /// letters are capitals in the text itself (copying the PDF gives "SMALL CAPS").
    public mutating func appendSynthesizingSmallCaps(_ string: String, attributes: TextAttributes) {
        guard let font = attributes.font, font.features.contains(where: { $0.tag == "smcp" && $0.value != 0 }),
              !FontCatalog.font(for: font, hasFeature: "smcp") else {
            append(string, attributes: attributes)
            return
        }
        var capitalFont = font
        capitalFont.features.removeAll { $0.tag == "smcp" }
        var capitals = attributes
        capitals.font = capitalFont
        var small = capitals
        small.font = capitalFont.withSize(font.size * 0.78)
        small.tracking = (attributes.tracking ?? 0) + font.size * 0.02
        var run = "", runIsSmall = false
        func flush() {
            if !run.isEmpty { append(runIsSmall ? run.uppercased() : run, attributes: runIsSmall ? small : capitals) }
            run = ""
        }
        for ch in string {
            if ch.isLowercase != runIsSmall { flush(); runIsSmall = ch.isLowercase }
            run.append(ch)
        }
        flush()
    }
}
