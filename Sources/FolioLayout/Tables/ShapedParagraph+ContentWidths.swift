// What a table's automatic layout needs to know of a cell's paragraph: how narrow and
// how wide it can sensibly be set, and, in a decimal column, how far its number reaches
// on each side of the separator.

extension ShapedParagraph {
    /// The paragraph's narrowest sensible width — its widest unbreakable piece, as CSS's
    /// min-content (hyphenation points do not count) — and its widest — its longest
    /// line unbroken (max-content), indents included in both.
    var contentWidths: (minimum: Double, maximum: Double) {
        var minimum = 0.0, maximum = 0.0
        var word = 0.0, wordInk = 0.0, line = 0.0, lineInk = 0.0
        for i in 0..<clusterCount {
            let flags = clusterFlags[i]
            if flags.contains(.mandatoryBefore) || flags.contains(.lineSeparator) {
                maximum = max(maximum, lineInk)
                line = 0; lineInk = 0
            }
            if flags.contains(.breakBefore) || flags.contains(.mandatoryBefore) {
                minimum = max(minimum, wordInk)
                word = 0; wordInk = 0
            }
            let w = clusterWidth[i]
            // East Asian glue before the cluster: in the line; in the word unless a break
            // there (which drops it) starts a new one.
            if let ea = eastAsian, ea.hasGlue[i], line > 0 {
                line += ea.width[i]
                if !flags.contains(.breakBefore) { word += ea.width[i] }
            }
            word += w; line += w
            if !flags.contains(.space) && !flags.contains(.tab) { wordInk = word; lineInk = line }
            if flags.contains(.space) && wordInk == 0 { word = 0 }
        }
        minimum = max(minimum, wordInk)
        maximum = max(maximum, lineInk)
        let indents = max(style.firstLineHeadIndent, style.headIndent) + (style.tailIndent < 0 ? -style.tailIndent : 0)
        return (minimum + indents, max(minimum, maximum) + indents)
    }

    /// How wide the paragraph's text is before and after the first of `separators`
    /// (after nothing when it has none), trailing spaces left out: what lines up a
    /// number on its decimal point.
    ///
    /// When both `.` and `,` may separate, the text's language decides which one does
    /// (the other groups thousands): `1,234.50` in English, `1.234,50` in German.
    func decimalWidths(separators: Set<Character>) -> (leading: Double, trailing: Double) {
        var leading = 0.0, trailing = 0.0, ink = 0.0
        var seen = false
        var chosen = separators
        if separators.count > 1 {
            let own = ColumnTotal.decimalSeparator(of: language)
            if separators.contains(own) { chosen = [own] }
        }
        let bytes = Set(chosen.compactMap { $0.asciiValue })
        var width = 0.0
        for i in 0..<clusterCount {
            let byte = text[Int(clusterStart[i])]
            if !seen, bytes.contains(byte) { seen = true; leading = width; width = 0; ink = 0 }
            width += clusterWidth[i]
            if !clusterFlags[i].contains(.space) { ink = width }
        }
        if seen { trailing = ink } else { leading = ink }
        return (leading, trailing)
    }
}
