/// Chooses the lines of a paragraph: total fit without hyphenating at the pretolerance,
/// then with hyphens at the tolerance; then total fit accepting any looseness; then first fit, which also cuts words wider
/// than the line. Tabs and character wrapping use first fit, since a tab's width depends
/// on where its line starts.
struct Typesetter {
    var parameters: TypesettingParameters

    /// With `lineChanges` (TeX's `\looseness`), a setting with that many lines more or fewer
    /// than the best (−1, +1, +2; the best of them when several are given) is taken when one
    /// is within the tolerance.
    func lines(_ p: ShapedParagraph, from start: Int, widths: LineBreaker.Widths, lineChanges: [Int] = []) -> [LineSpan] {
        var memo = LoosenessMemo()
        return lines(p, from: start, widths: widths, lineChanges: lineChanges, memo: &memo)
    }

    /// What `lines` finds of one paragraph at one set of widths, kept to answer several
    /// questions of looseness: its best setting, and the looseness passes' best setting of
    /// every number of lines (each pass searched once).
    struct LoosenessMemo {
        var best: [Int]?? = nil
        /// `uniformFrom` of the passes' widths; they hold for changes reaching no further.
        var uniformFrom = 0
        var withoutHyphens: [Int: LineBreaker.Setting]?? = nil
        var withHyphens: [Int: LineBreaker.Setting]?? = nil
    }

    /// As `lines(_:from:widths:lineChanges:)`, with what can be reused kept in `memo`
    /// (which must be of this paragraph at these widths): asking for several looseness
    /// settings of one paragraph searches it once.
    func lines(_ p: ShapedParagraph, from start: Int, widths: LineBreaker.Widths, lineChanges: [Int],
               memo: inout LoosenessMemo) -> [LineSpan] {
        let n = p.clusterCount
        if n == 0 { return [LineSpan(start: 0, end: 0, next: 0, hyphenated: false, endsParagraphOrForced: true)] }
        let (breaker, strict) = breakers(for: p)
        if p.style.continuationMark != nil {
            return breaker.wrappedSpans(p, from: start, widths: widths, markWidth: p.continuationMarkWidth)
        }
        if p.hasTabs || p.style.lineBreakMode == .charWrap { return breaker.greedySpans(p, from: start, widths: widths) }
        let items = p.breakItems
        let first = firstItem(items, atCluster: start)
        // Starting inside a word (a word wider than a line was cut there): the items
        // cannot express that start; set the rest first-fit.
        if start > 0, first < items.count, Int(items[first].cluster) != start {
            return breaker.greedySpans(p, from: start, widths: widths)
        }
        if memo.best == nil { memo.best = .some(bestBreaks(items, from: first, widths: widths, breaker: breaker, strict: strict)) }
        var breaks = memo.best!
        if !lineChanges.isEmpty, let found = breaks {
            breaks = looser(items, from: first, widths: widths, best: found, lineChanges: lineChanges, strict: strict, memo: &memo)
        }
        breaks = breaks ?? breaker.optimalBreaks(items, from: first, widths: widths, tolerance: .infinity)
        if let breaks { return breaker.spans(items, from: first, breaks: breaks, clusterCount: n) }
        return breaker.greedySpans(p, from: start, widths: widths)
    }

    /// How many lines `lines(p, from: 0, widths: widths, lineChanges: lineChanges)` sets,
    /// what can be reused kept in `memo`. Nil when the paragraph has no setting within the
    /// tolerance: it is set past it, at the length that takes, whatever looseness is asked.
    func lineCount(_ p: ShapedParagraph, widths: LineBreaker.Widths, lineChanges: [Int], memo: inout LoosenessMemo) -> Int? {
        guard p.clusterCount > 0, p.style.continuationMark == nil, !p.hasTabs, p.style.lineBreakMode != .charWrap,
              !lineChanges.isEmpty else {
            return lines(p, from: 0, widths: widths, lineChanges: lineChanges, memo: &memo).count
        }
        let (breaker, strict) = breakers(for: p)
        let items = p.breakItems
        if memo.best == nil { memo.best = .some(bestBreaks(items, from: 0, widths: widths, breaker: breaker, strict: strict)) }
        guard let found = memo.best! else { return nil }
        return looser(items, from: 0, widths: widths, best: found, lineChanges: lineChanges, strict: strict, memo: &memo).count
    }

    /// The breaker for `p`, and the same with each flaw a reader notices first
    /// (`flawCount`) as dear as a line past any tolerance.
    private func breakers(for p: ShapedParagraph) -> (breaker: LineBreaker, strict: LineBreaker) {
        var breaker = LineBreaker(parameters)
        if p.alignment != .justified { breaker.ragStretch = parameters.raggedStretch * p.baseFont.size }
        var strict = breaker
        if parameters.finalHyphenDemerits > 0 { strict.finalHyphenDemerits = 1e9 }
        strict.ladderDemerits = 1e9
        if parameters.brokenPenalty > 0 { strict.brokenDemerits = 1e9 }
        return (breaker, strict)
    }

    /// The setting `lineChanges` lines longer or shorter than `best` (the best of them when
    /// several are given) when one is within the tolerance and has no flaw, or fewer than
    /// `best` has; else `best`.
    private func looser(_ items: BreakItems, from first: Int, widths: LineBreaker.Widths, best found: [Int],
                        lineChanges: [Int], strict: LineBreaker, memo: inout LoosenessMemo) -> [Int] {
        // Settings of different lengths are kept apart up to the longest asked.
        var apart = widths
        apart.uniformFrom = max(widths.uniformFrom, found.count + 1 + max(1, lineChanges.max()!))
        if memo.uniformFrom != apart.uniformFrom {
            memo.uniformFrom = apart.uniformFrom
            memo.withoutHyphens = nil
            memo.withHyphens = nil
        }
        let allowed = lineChanges.map { found.count + $0 }.filter { $0 >= 1 }
        /// The pass's best setting among the allowed lengths (as `optimalBreaks` with
        /// `lineCounts` would take it).
        func chosen(_ settings: [Int: LineBreaker.Setting]?) -> [Int]? {
            allowed.compactMap { settings?[$0] }.min { ($0.demerits, $0.order) < ($1.demerits, $1.order) }?.breaks
        }
        // Without new hyphens if that can be done (as the first pass, but up to the looseness
        // tolerance: a looser line or two is worth a full column), then with them at the tolerance.
        if memo.withoutHyphens == nil {
            memo.withoutHyphens = .some(strict.settingsByLineCount(items, from: first, widths: apart,
                                                                   tolerance: parameters.loosenessTolerance, hyphenate: false))
        }
        var other = chosen(memo.withoutHyphens!)
        if other == nil {
            if memo.withHyphens == nil {
                memo.withHyphens = .some(strict.settingsByLineCount(items, from: first, widths: apart, tolerance: parameters.tolerance))
            }
            other = chosen(memo.withHyphens!)
        }
        guard let other else { return found }
        let flaws = flawCount(items, other, widths: widths)
        return flaws == 0 || flaws < flawCount(items, found, widths: widths) ? other : found
    }

    /// The best setting: total fit without hyphenating at the pretolerance, else with
    /// hyphens at the tolerance; then, when it has a flaw a reader notices first, a setting
    /// up to the repair tolerance that has fewer.
    private func bestBreaks(_ items: BreakItems, from first: Int, widths: LineBreaker.Widths,
                            breaker: LineBreaker, strict: LineBreaker) -> [Int]? {
        // As TeX: without hyphens if the lines are good enough so, then with them.
        var breaks: [Int]? = nil
        if parameters.pretolerance >= 0, items.hasAddedHyphens {
            breaks = breaker.optimalBreaks(items, from: first, widths: widths, tolerance: parameters.pretolerance, hyphenate: false)
        }
        breaks = breaks ?? breaker.optimalBreaks(items, from: first, widths: widths, tolerance: parameters.tolerance)
        if let found = breaks, parameters.repairTolerance > 0 {
            let flaws = flawCount(items, found, widths: widths)
            if flaws > 0 {
                // Worth looser lines (up to `repairTolerance`) to avoid.
                if let other = strict.optimalBreaks(items, from: first, widths: widths, tolerance: parameters.repairTolerance),
                   flawCount(items, other, widths: widths) < flaws {
                    breaks = other
                }
            }
        }
        return breaks
    }

    /// The flaws of a setting that a reader notices first: the next-to-last line ending in
    /// a hyphen (when `finalHyphenDemerits` is on), each third hyphen in a row, and a hyphen
    /// on the line before a column's turn (`Widths.unhyphenatedLine`, when one is asked for).
    private func flawCount(_ items: BreakItems, _ breaks: [Int], widths: LineBreaker.Widths) -> Int {
        func hyphen(_ line: Int) -> Bool {
            line >= 0 && line < breaks.count && items[breaks[line]].kind == .penalty && items[breaks[line]].flagged
        }
        var flaws = 0
        if parameters.finalHyphenDemerits > 0, breaks.count >= 2, hyphen(breaks.count - 2) { flaws += 1 }
        for line in breaks.indices.dropFirst(2) where hyphen(line) && hyphen(line - 1) && hyphen(line - 2) { flaws += 1 }
        if let turn = widths.unhyphenatedLine, hyphen(turn) { flaws += 1 }
        return flaws
    }

    /// The item a line starting at `cluster` starts with.
    private func firstItem(_ items: BreakItems, atCluster cluster: Int) -> Int {
        if cluster == 0 { return 0 }
        var lo = 0, hi = items.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(items[mid].cluster) < cluster { lo = mid + 1 } else { hi = mid }
        }
        // Skip discardable items at the start of a line.
        while lo < items.count - 1, items[lo].kind != .box, Int(items[lo].cluster) <= cluster,
              !(items[lo].kind == .penalty && items[lo].penalty <= -BreakItems.infinity) {
            lo += 1
        }
        return lo
    }
}
