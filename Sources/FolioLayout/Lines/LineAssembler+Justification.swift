/// Justification: the slack of a line shared between its spaces and the expansion of its
/// glyphs, never stretching a paragraph's last line.
extension LineAssembler {
    /// The East Asian glue of a line as the breaker counted it: the natural width of the
    /// glue between its clusters less what a closing mark gives back at its end, and how
    /// far the glue may stretch and shrink.
    struct EastAsianGlue {
        var width = 0.0
        var stretch = 0.0
        var shrink = 0.0
    }

    /// The East Asian glue of the clusters `shown` on the line `span`.
    func eastAsianGlue(_ p: ShapedParagraph, shown: ShownClusters, span: LineSpan, visibleEnd: Int) -> EastAsianGlue {
        var g = EastAsianGlue()
        guard let ea = p.eastAsian else { return g }
        for r in shown.ranges {
            for c in r where c != span.start && ea.hasGlue[c] {
                g.width += ea.width[c]; g.stretch += ea.stretch[c]; g.shrink += ea.shrink[c]
            }
        }
        g.width -= EastAsianSpacing.lineEndTrim(p, span, visibleEnd: visibleEnd)
        if span.start > 0, span.start < p.clusterCount, shown.ranges.first?.lowerBound == span.start { g.width -= ea.lineStartTrim[span.start] }
        return g
    }

    /// How the line takes up the difference between `natural` and `width`; `natural`
    /// becomes the width the line is set at.
    func justify(_ p: ShapedParagraph, shown: ShownClusters, natural: inout Double, span: LineSpan, width: Double,
                 truncation: LineBreakMode?, hasTabs: Bool, eastAsian: EastAsianGlue? = nil) -> Justification {
        var j = Justification()
        let alignment = p.alignment
        // A justified paragraph's last line may still need to shrink to fit (the breaker
        // allows it); it is never stretched.
        let stretches = alignment == .justified && !span.endsParagraphOrForced && shown.truncated == nil
        let shrinks = alignment == .justified && natural > width
        if stretches || shrinks, truncation == nil, !hasTabs {
            var glyphTotal = 0.0
            for r in shown.ranges {
                for c in r {
                    if p.clusterFlags[c].contains(.space) { j.spaceTotal += p.clusterWidth[c] } else { glyphTotal += p.clusterWidth[c] }
                }
            }
            // Share the slack between the spaces and the glyphs' expansion in proportion
            // to what each can give, as the breaker assumed; glyphs go no further than
            // their limit, the spaces take the rest.
            let extra = width - natural
            let spaceGive = j.spaceTotal * (extra > 0 ? parameters.spaceStretch : parameters.spaceShrink)
            let glyphGive = p.eastAsian == nil ? glyphTotal * parameters.glyphExpansion : 0
            // East Asian glue gives with the spaces, in proportion to its stretch (shrink).
            let gapGive = eastAsian.map { extra > 0 ? $0.stretch : $0.shrink } ?? 0
            if gapGive > 0 {
                var glyphShare = extra * glyphGive / (spaceGive + gapGive + glyphGive)
                glyphShare = max(-glyphGive, min(glyphGive, glyphShare))
                if glyphTotal > 0 {
                    let step = parameters.expansionStep
                    j.glyphScale = 1 + ((glyphShare / glyphTotal) / step).rounded(.towardZero) * step
                    glyphShare = (j.glyphScale - 1) * glyphTotal
                }
                let rest = extra - glyphShare
                j.gapRatio = rest / (spaceGive + gapGive)
                j.spaceExtra = j.spaceTotal > 0 ? rest * spaceGive / (spaceGive + gapGive) : 0
                natural += glyphShare + rest - j.spaceExtra
            } else if j.spaceTotal > 0 || glyphGive > 0 {
                var glyphShare = spaceGive + glyphGive > 0 ? extra * glyphGive / (spaceGive + glyphGive) : 0
                glyphShare = max(-glyphGive, min(glyphGive, glyphShare))
                if j.spaceTotal == 0 { glyphShare = max(-glyphGive, min(glyphGive, extra)) }
                if glyphTotal > 0 {
                    // Expansion comes in steps (a quarter percent, as pdfTeX's): each step
                    // is one more scaled font to draw with, not one per line.
                    let step = parameters.expansionStep
                    j.glyphScale = 1 + ((glyphShare / glyphTotal) / step).rounded(.towardZero) * step
                    glyphShare = (j.glyphScale - 1) * glyphTotal
                }
                j.spaceExtra = j.spaceTotal > 0 ? extra - glyphShare : 0
                natural += glyphShare
            }
        }
        if j.spaceTotal > 0 { natural += j.spaceExtra }
        return j
    }
}
