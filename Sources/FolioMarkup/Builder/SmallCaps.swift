/// Small capitals where a style asks for them (`small-caps`, the `smcp` feature) and the
/// font has none — DejaVu, for one: lower-case letters are set as capitals at 78 % of
/// the size and a little tracked, as a compositor without a small-caps font would.
package enum SmallCaps {
    package static func append(_ s: String, attributes: TextAttributes, to text: inout AttributedText) {
        guard let font = attributes.font, font.features.contains(where: { $0.tag == "smcp" && $0.value != 0 }),
              !FontCatalog.font(for: font, hasFeature: "smcp") else {
            text.append(s, attributes: attributes)
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
            if !run.isEmpty { text.append(runIsSmall ? run.uppercased() : run, attributes: runIsSmall ? small : capitals) }
            run = ""
        }
        for ch in s {
            if ch.isLowercase != runIsSmall { flush(); runIsSmall = ch.isLowercase }
            run.append(ch)
        }
        flush()
    }
}
