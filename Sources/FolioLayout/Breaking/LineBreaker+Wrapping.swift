/// Wrapping as code listings do (a paragraph style with a `ContinuationMark`): the text's
/// own lines (separated by U+2028) are kept, and one too long for the column breaks after
/// a space in the last third of what fits, else after as many clusters as fit; the lines
/// that continue it are narrower by the mark they start with.
extension LineBreaker {
    func wrappedSpans(_ p: ShapedParagraph, from start: Int, widths: Widths, markWidth: Double) -> [LineSpan] {
        let n = p.clusterCount
        var spans: [LineSpan] = []
        var pos = start
        var k = 0
        // Breaking again from inside the paragraph: the line there continues a text line
        // unless one of the text's own line breaks is right before it.
        var continues = start > 0 && start < n && !p.clusterFlags[start].contains(.mandatoryBefore)
            && !p.clusterFlags[start - 1].contains(.lineSeparator)
        while pos < n {
            let limit = widths.width(k) - (continues ? markWidth : 0)
            var w = 0.0
            var c = pos
            var forcedEnd: Int? = nil
            var overflows = false
            while c < n {
                let f = p.clusterFlags[c]
                if c > pos, f.contains(.mandatoryBefore) { forcedEnd = c; break }
                // A line separator ends a text line and is never shown: it takes no room.
                let cw = f.contains(.lineSeparator) ? 0 : p.clusterWidth[c]
                if w + cw > limit + 1e-6 { overflows = true; break }
                w += cw
                c += 1
            }
            if overflows {
                let fit = max(c - pos, 1)
                var cut = pos + fit
                if let space = ((pos + fit * 2 / 3)..<(pos + fit)).last(where: { isSpace(p, $0) }) { cut = space + 1 }
                spans.append(LineSpan(start: pos, end: cut, next: cut, hyphenated: false, endsParagraphOrForced: false,
                                      continuesLine: continues))
                pos = cut
                continues = true
            } else {
                let end = forcedEnd ?? n
                spans.append(LineSpan(start: pos, end: end, next: end, hyphenated: false, endsParagraphOrForced: true,
                                      continuesLine: continues))
                pos = end
                continues = false
                if forcedEnd == nil { break }
            }
            k += 1
        }
        return spans
    }

    /// Whether cluster `c` is a space or a no-break space (code keeps its spaces as
    /// no-break ones, which must not stretch or break but are still where a wrap looks best).
    private func isSpace(_ p: ShapedParagraph, _ c: Int) -> Bool {
        let lo = Int(p.clusterStart[c]), hi = Int(p.clusterEnd[c])
        return (hi - lo == 1 && p.text[lo] == 0x20) || (hi - lo == 2 && p.text[lo] == 0xC2 && p.text[lo + 1] == 0xA0)
            || p.clusterFlags[c].contains(.space)
    }
}
