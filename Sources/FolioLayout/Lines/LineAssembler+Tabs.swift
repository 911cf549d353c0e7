/// Tabs: each tab cluster takes the width that brings the text after it to its stop.
extension LineAssembler {
    /// The width of every tab cluster among `shown`, keyed by cluster.
    func tabWidths(_ p: ShapedParagraph, shown: [Range<Int>], leadingIndent: Double) -> [Int: Double] {
        var tabWidth: [Int: Double] = [:]
        var x = 0.0
        let first = shown.first?.lowerBound ?? 0
        for range in shown {
            var c = range.lowerBound
            while c < range.upperBound {
                if p.clusterFlags[c].contains(.tab) {
                    var segEnd = c + 1
                    while segEnd < range.upperBound, !p.clusterFlags[segEnd].contains(.tab) { segEnd += 1 }
                    let w = resolveTab(p, at: x + glue(p, before: c, first: first), leadingIndent: leadingIndent,
                                       following: (c + 1)..<segEnd)
                    tabWidth[c] = w
                    x += glue(p, before: c, first: first) + w
                } else {
                    x += glue(p, before: c, first: first) + p.clusterWidth[c]
                }
                c += 1
            }
        }
        return tabWidth
    }

    /// The natural width of the East Asian glue before cluster `c` (none before the line's
    /// `first` cluster), as the assembler places it.
    private func glue(_ p: ShapedParagraph, before c: Int, first: Int) -> Double {
        guard c != first, let ea = p.eastAsian, ea.hasGlue[c] else { return 0 }
        return ea.width[c]
    }

    /// The width a tab at `x` (from the text area's start) takes, given the clusters
    /// that follow it up to the next tab.
    private func resolveTab(_ p: ShapedParagraph, at x: Double, leadingIndent: Double, following: Range<Int>) -> Double {
        let style = p.style
        let stops = style.tabStops.sorted { $0.location < $1.location }
        let lineX = x + leadingIndent
        var segment = 0.0
        for c in following { segment += glue(p, before: c, first: -1) + p.clusterWidth[c] }
        if let stop = stops.first(where: { $0.location > lineX + 0.01 }) {
            var before = segment
            switch stop.alignment {
            case .left: before = 0
            case .right: before = segment
            case .center: before = segment / 2
            case .decimal:
                before = 0
                for c in following {
                    let ch = String(decoding: p.text[Int(p.clusterStart[c])..<Int(p.clusterEnd[c])], as: UTF8.self)
                    if let first = ch.first, stop.columnTerminators.contains(first) { break }
                    before += glue(p, before: c, first: -1) + p.clusterWidth[c]
                }
            }
            return max(0, stop.location - lineX - before)
        }
        let interval = style.defaultTabInterval > 0 ? style.defaultTabInterval : 36
        let next = ((lineX / interval).rounded(.down) + 1) * interval
        return max(0, next - lineX)
    }
}
