// A bound for the total-fit search: the demerits of one setting found cheaply, so that
// the search can drop every node dearer than it. Without a tolerance to prune by (the
// pass that accepts any looseness), every break within a line's reach of every node is
// feasible, and the search keeps a node for each; most of them start settings far dearer
// than the best one.

extension LineBreaker {
    /// The total demerits of a setting found line by line: from each break, the line of
    /// least demerits among those the search would weigh (up to the first overfull one or
    /// a forced break). It is almost always at or above the best the search finds, not
    /// always: the search keeps one node per line class and fitness whatever hyphens came
    /// before, so a ladder can make its best dearer (then the bounded search finds nothing
    /// and `optimalBreaks` searches again). Infinity when it finds none, or when a line
    /// could cost less than nothing — a negative penalty, or negative demerits among the
    /// breaker's parameters — since then a dear start may still end cheap.
    func boundingDemerits(_ items: BreakItems, from first: Int, widths: Widths, tolerance: Double, hyphenate: Bool) -> Double {
        guard linePenalty >= 0, flaggedDemerits >= 0, fitnessDemerits >= 0, finalHyphenDemerits >= 0,
              ladderDemerits >= 0, brokenDemerits >= 0 else { return .infinity }
        let count = items.count
        var i = first
        while i < count {
            let item = items[i]
            if item.kind == .penalty, item.penalty < 0, item.penalty > -BreakItems.infinity { return .infinity }
            i += 1
        }
        var node = made(Node(item: -1, start: first, line: 0, fitness: 1, demerits: 0, previous: -1), items, widths)
        while true {
            var best: (demerits: Double, item: Int, fitness: Int, flagged: Bool)? = nil
            var j = max(first, node.item + 1)
            while j < count {
                defer { j += 1 }
                guard items.isLegalBreak(j) else { continue }
                if !hyphenate, items[j].kind == .penalty, items[j].addsHyphen { continue }
                let here = BreakPoint(items, at: j, ragStretch: ragStretch)
                let r = adjustmentRatio(from: node, to: here)
                if r < -1 { break }
                if let (d, fitness) = lineDemerits(from: node, to: here, ratio: r, tolerance: tolerance,
                                                   unhyphenatedLine: widths.unhyphenatedLine),
                   best.map({ d < $0.demerits }) ?? true {
                    best = (d, j, fitness, here.flagged)
                }
                if here.forced { break }
            }
            guard let best else { return .infinity }
            let total = node.demerits + best.demerits
            if best.item == count - 1 { return total }
            node = made(Node(item: best.item, start: items.lineStart(afterBreakAt: best.item), line: node.line + 1,
                             fitness: best.fitness, demerits: total, previous: -1, flagged: best.flagged,
                             previousFlagged: node.flagged), items, widths)
        }
    }
}
