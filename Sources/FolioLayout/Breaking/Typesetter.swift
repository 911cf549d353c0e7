/// Chooses the lines of a paragraph: total fit without hyphenating at the pretolerance,
/// then with hyphens at the tolerance; then total fit accepting any looseness; then first fit, which also cuts words wider
/// than the line. Tabs and character wrapping use first fit, since a tab's width depends
/// on where its line starts.
struct Typesetter {
    var parameters: TypesettingParameters

    func lines(_ p: ShapedParagraph, from start: Int, widths: LineBreaker.Widths) -> [LineSpan] {
        let n = p.clusterCount
        if n == 0 { return [LineSpan(start: 0, end: 0, next: 0, hyphenated: false, endsParagraphOrForced: true)] }
        var breaker = LineBreaker(parameters)
        if p.alignment != .justified { breaker.ragStretch = parameters.raggedStretch * p.baseFont.size }
        if p.style.continuationMark != nil {
            return breaker.wrappedSpans(p, from: start, widths: widths, markWidth: p.continuationMarkWidth)
        }
        if p.hasTabs || p.style.lineBreakMode == .charWrap { return breaker.greedySpans(p, from: start, widths: widths) }
        let items = p.breakItems
        let first = firstItem(items, atCluster: start)
        // Starting inside a word (a word wider than a line was cut there): the items
        // cannot express that start; set the rest first-fit.
        if start > 0, first < items.count, Int(items.cluster[first]) != start {
            return breaker.greedySpans(p, from: start, widths: widths)
        }
        // As TeX: without hyphens if the lines are good enough so, then with them.
        var breaks: [Int]? = nil
        if parameters.pretolerance >= 0, items.hasAddedHyphens {
            breaks = breaker.optimalBreaks(items, from: first, widths: widths, tolerance: parameters.pretolerance, hyphenate: false)
        }
        breaks = breaks ?? breaker.optimalBreaks(items, from: first, widths: widths, tolerance: parameters.tolerance)
        if parameters.finalHyphenDemerits > 0, let found = breaks, endsWithWordTail(items, found) {
            // The last line would be the tail of a word broken on the line before: worth
            // lines up to twice the tolerance's badness (spaces some 10 % wider at most) to avoid.
            var strict = breaker
            strict.finalHyphenDemerits = 1e9
            if let other = strict.optimalBreaks(items, from: first, widths: widths, tolerance: parameters.tolerance * 2),
               !endsWithWordTail(items, other) {
                breaks = other
            }
        }
        breaks = breaks ?? breaker.optimalBreaks(items, from: first, widths: widths, tolerance: .infinity)
        if let breaks { return breaker.spans(items, from: first, breaks: breaks, clusterCount: n) }
        return breaker.greedySpans(p, from: start, widths: widths)
    }

    /// Whether the next-to-last line of `breaks` ends in a hyphen.
    private func endsWithWordTail(_ items: BreakItems, _ breaks: [Int]) -> Bool {
        guard breaks.count >= 2 else { return false }
        let b = breaks[breaks.count - 2]
        return items.kind[b] == .penalty && items.flagged[b]
    }

    /// The item a line starting at `cluster` starts with.
    private func firstItem(_ items: BreakItems, atCluster cluster: Int) -> Int {
        if cluster == 0 { return 0 }
        var lo = 0, hi = items.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(items.cluster[mid]) < cluster { lo = mid + 1 } else { hi = mid }
        }
        // Skip discardable items at the start of a line.
        while lo < items.count - 1, items.kind[lo] != .box, Int(items.cluster[lo]) <= cluster,
              !(items.kind[lo] == .penalty && items.penalty[lo] <= -BreakItems.infinity) {
            lo += 1
        }
        return lo
    }
}
