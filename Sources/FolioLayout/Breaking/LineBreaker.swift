
/// Chooses where lines end. Total fit (Knuth–Plass) over the paragraph's items, each
/// line as wide as `lineWidth(k)` says for the k-th line; a greedy fallback when no
/// set of breaks is feasible, which also breaks words wider than the line between
/// clusters rather than letting them overflow.
struct LineBreaker {
    /// Per-line widths. Lines from `uniformFrom` on all have the same width, so the
    /// breaker may treat them as interchangeable (the classic optimisation).
    struct Widths {
        var width: (Int) -> Double
        var uniformFrom: Int
        /// A line (counted from the first one broken) that should not end in a hyphen: the
        /// last of a column, whose word would go on over the column or page turn.
        var unhyphenatedLine: Int? = nil
        /// Whether punctuation may hang past line k's start and end (`CharacterProtrusion`):
        /// only where the line meets the column's edge. Nil: everywhere.
        var hangs: ((Int) -> (left: Bool, right: Bool))? = nil
    }


    var linePenalty: Double
    var flaggedDemerits: Double
    var fitnessDemerits: Double
    var finalHyphenDemerits: Double
    /// Demerits added for a third hyphenated line in a row (a ladder): a hundred times
    /// `flaggedDemerits`, so it is left only where nothing else is possible.
    var ladderDemerits: Double
    /// Demerits for a hyphen ending `Widths.unhyphenatedLine` (`brokenPenalty` squared).
    var brokenDemerits: Double
    /// Stretch every line has at its end: non-zero for ragged alignments, where
    /// interword glue does not stretch and the rag absorbs the slack.
    var ragStretch = 0.0
    /// Whether the search without a tolerance is bounded by a setting found first
    /// (`boundingDemerits`; `TypesettingParameters.boundsLoosestPass`).
    var boundsLoosestPass = true

    init(_ parameters: TypesettingParameters = .standard) {
        linePenalty = parameters.linePenalty
        flaggedDemerits = parameters.doubleHyphenDemerits
        fitnessDemerits = parameters.adjacentFitnessDemerits
        finalHyphenDemerits = parameters.finalHyphenDemerits
        ladderDemerits = 100 * parameters.doubleHyphenDemerits
        brokenDemerits = parameters.brokenPenalty * parameters.brokenPenalty
        boundsLoosestPass = parameters.boundsLoosestPass
    }

    struct Node {
        var item: Int           // the break (-1: paragraph start)
        var start: Int          // first item of the line after this break
        var line: Int           // lines before this break
        var fitness: Int
        var demerits: Double
        var previous: Int       // index into nodes, -1 for the first
        var flagged = false     // the break is a flagged penalty (a hyphen)
        var previousFlagged = false  // so is the break before it (a ladder if a third follows)
        // Read once when the node is made, not at every break it is weighed against:
        var baseWidth = 0.0     // the prefix sum of widths at `start`, plus its trim
        var baseStretch = 0.0
        var baseShrink = 0.0
        var lineWidth = 0.0     // the width of the line after this break
        var hangsRight = true   // whether that line's end may take its protrusion
    }

    /// `node` with what the search reads of it at every break read once: the width of
    /// its line, where that line starts in the prefix sums, and what may hang at its ends.
    @inline(__always)
    func made(_ node: Node, _ items: borrowing BreakItems, _ widths: Widths) -> Node {
        var n = node
        // The prefix sums have an entry past the last item: `start` may be `count`.
        n.lineWidth = widths.width(n.line)
        let hangs = widths.hangs?(n.line) ?? (left: true, right: true)
        n.baseWidth = items.sums[n.start].width + (hangs.left || !items.startTrimIsProtrusion ? items.startTrim(n.start) : 0)
        n.baseStretch = items.sums[n.start].stretch
        n.baseShrink = items.sums[n.start].shrink
        n.hangsRight = hangs.right
        return n
    }

    /// What the breaker reads of one legal break, once, for every node weighed against it.
    struct BreakPoint {
        var width: Double       // the prefix sum of widths here, a penalty's own width added
        var endTrim: Double
        var stretch: Double
        var shrink: Double
        var penalty: Double
        var forced: Bool
        var flagged: Bool
        var isLast: Bool

        @inline(__always)
        init(_ items: borrowing BreakItems, at i: Int, ragStretch: Double) {
            let it = items[i], sum = items.sums[i]
            let isPenalty = it.kind == .penalty
            penalty = isPenalty ? it.penalty : 0
            forced = penalty <= -BreakItems.infinity
            flagged = isPenalty && it.flagged
            width = sum.width + (isPenalty ? it.width : 0)
            endTrim = items.endTrim(i)
            stretch = sum.stretch + ragStretch
            shrink = sum.shrink
            isLast = i == items.count - 1
        }
    }

    /// How far the line from `node` to `b` stretches (positive) or shrinks (negative),
    /// relative to what it can: below −1 it is overfull.
    @inline(__always)
    func adjustmentRatio(from node: Node, to b: BreakPoint) -> Double {
        let w = b.width - node.baseWidth - (node.hangsRight ? b.endTrim : 0)
        let lineWidth = node.lineWidth
        if w < lineWidth {
            let y = b.stretch - node.baseStretch
            return y > 0 ? (lineWidth - w) / y : BreakItems.infinity
        } else if w > lineWidth {
            let z = b.shrink - node.baseShrink
            return z > 0 ? (lineWidth - w) / z : -BreakItems.infinity
        }
        return 0
    }

    /// The demerits of the line from `node` to `b` at adjustment ratio `r` (≥ −1), not
    /// counting `node`'s own, and its fitness class; nil when its badness is past `tolerance`.
    @inline(__always)
    func lineDemerits(from node: Node, to b: BreakPoint, ratio r: Double, tolerance: Double,
                      unhyphenatedLine: Int?) -> (demerits: Double, fitness: Int)? {
        let badness = r >= BreakItems.infinity ? BreakItems.infinity : 100 * abs(r * r * r)
        guard badness <= tolerance else { return nil }
        var d = linePenalty + min(badness, BreakItems.infinity)
        d *= d
        let p = b.penalty
        if p > 0 { d += p * p } else if p > -BreakItems.infinity { d -= p * p }
        if b.flagged, node.line == unhyphenatedLine { d += brokenDemerits }
        if b.flagged, node.flagged {
            d += flaggedDemerits
            if node.previousFlagged { d += ladderDemerits }
        }
        if b.isLast, b.forced, node.flagged { d += finalHyphenDemerits }
        let fitness = r < -0.5 ? 0 : r <= 0.5 ? 1 : r <= 1 ? 2 : 3
        if abs(fitness - node.fitness) > 1 { d += fitnessDemerits }
        return (d, fitness)
    }

    /// Total-fit breaks from item `first`; nil when no feasible set exists within
    /// `tolerance` (TeX badness, 100·r³). Without `hyphenate`, the hyphens the typesetter
    /// would add are not places to break (TeX's first pass). With `lineCounts`, only a
    /// setting of one of those numbers of lines is taken (TeX's `\looseness`; give `widths`
    /// a `uniformFrom` past them, so that settings of different lengths are kept apart).
    func optimalBreaks(_ items: BreakItems, from first: Int, widths: Widths, tolerance: Double,
                       hyphenate: Bool = true, lineCounts: [Int]? = nil) -> [Int]? {
        // A setting found first (`boundingDemerits`) bounds the best one: the search may
        // drop every node dearer than it. What it then finds at or below the bound is what
        // the whole search finds; finding nothing there, it searches again without it.
        // Only worth it without a tolerance: within one, the search keeps few nodes and
        // costs about what finding the bound does.
        let bound = boundsLoosestPass && lineCounts == nil && tolerance == .infinity
            ? boundingDemerits(items, from: first, widths: widths, tolerance: tolerance, hyphenate: hyphenate) : .infinity
        if bound.isFinite, let found = cheapest(items, from: first, widths: widths, tolerance: tolerance,
                                                hyphenate: hyphenate, lineCounts: lineCounts, bound: bound) {
            return found
        }
        return cheapest(items, from: first, widths: widths, tolerance: tolerance, hyphenate: hyphenate, lineCounts: lineCounts)
    }

    /// The breaks of the complete setting of least demerits the search finds at or below
    /// `bound` (of one of `lineCounts`' lengths, when given); nil when it finds none.
    private func cheapest(_ items: BreakItems, from first: Int, widths: Widths, tolerance: Double, hyphenate: Bool,
                          lineCounts: [Int]?, bound: Double = .infinity) -> [Int]? {
        guard let (nodes, finals) = completeSettings(items, from: first, widths: widths, tolerance: tolerance,
                                                     hyphenate: hyphenate, bound: bound)
        else { return nil }
        var best = -1
        for a in finals where lineCounts.map({ $0.contains(nodes[a].line) }) ?? true {
            if best < 0 || nodes[a].demerits < nodes[best].demerits { best = a }
        }
        return best < 0 ? nil : Self.breaks(endingAt: best, in: nodes)
    }

    /// One setting of a paragraph: its breaks and demerits, and where its last node stood
    /// among the complete ones (of equal demerits, the first is taken).
    struct Setting {
        var breaks: [Int]
        var demerits: Double
        var order: Int
    }

    /// The best setting of each number of lines `optimalBreaks` finds (give `widths` a
    /// `uniformFrom` past the counts wanted, as for its `lineCounts`): what it would take
    /// with `lineCounts` of any of them, from one search. Nil when it finds none.
    func settingsByLineCount(_ items: BreakItems, from first: Int, widths: Widths, tolerance: Double,
                             hyphenate: Bool = true) -> [Int: Setting]? {
        guard let (nodes, finals) = completeSettings(items, from: first, widths: widths, tolerance: tolerance, hyphenate: hyphenate)
        else { return nil }
        var best: [Int: (node: Int, order: Int)] = [:]
        for (order, a) in finals.enumerated() {
            if let held = best[nodes[a].line], nodes[held.node].demerits <= nodes[a].demerits { continue }
            best[nodes[a].line] = (a, order)
        }
        return best.mapValues { Setting(breaks: Self.breaks(endingAt: $0.node, in: nodes), demerits: nodes[$0.node].demerits, order: $0.order) }
    }

    private static func breaks(endingAt last: Int, in nodes: [Node]) -> [Int] {
        // Counted first, so that the array is made once at its size and reversed in place.
        var count = 0
        var n = last
        while n > 0 { count += 1; n = nodes[n].previous }
        var breaks: [Int] = []
        breaks.reserveCapacity(count)
        n = last
        while n > 0 { breaks.append(nodes[n].item); n = nodes[n].previous }
        breaks.reverse()
        return breaks
    }

    /// The search itself: every node made, and the complete ones (breaking at the last
    /// item), in the order they were kept; nil when no feasible set exists.
    ///
    /// With a finite `bound`, nodes dearer than it are not kept (see `optimalBreaks`): the
    /// nodes at or below it are the same as without it, since a line never costs less than
    /// nothing (`boundingDemerits` gives no bound where a penalty could make it).
    func completeSettings(_ items: BreakItems, from first: Int, widths: Widths, tolerance: Double,
                          hyphenate: Bool, bound: Double = .infinity) -> (nodes: [Node], finals: [Int])? {
        assert(items.sums.count == items.count + 1, "BreakItems.finish() was not called")
        let count = items.count
        // Room made ahead for a paragraph's usual nodes (a few a line) and active ones,
        // rather than grown into by doubling from one.
        var nodes: [Node] = []
        nodes.reserveCapacity(max(16, (count - first) / 8))
        nodes.append(made(Node(item: -1, start: first, line: 0, fitness: 1, demerits: 0, previous: -1), items, widths))
        var bestDemerits = [(Double, Int)](repeating: (.infinity, -1), count: (widths.uniformFrom + 1) * 4)
        var active: [Int] = []
        active.reserveCapacity(16)
        active.append(0)
        // The span of `bestDemerits` set at this break: only it is read and reset (a
        // looseness search tells many line classes apart, few of them reached at one break).
        var touched = 0..<0
        var i = first
        while i < count {
            defer { i += 1 }
            guard items.isLegalBreak(i) else { continue }
            if !hyphenate, items[i].kind == .penalty, items[i].addsHyphen { continue }
            let here = BreakPoint(items, at: i, ragStretch: ragStretch)
            // Best candidate per (line class, fitness).
            for k in touched { bestDemerits[k] = (.infinity, -1) }
            touched = 0..<0
            // The nodes kept are moved down over those retired, in place: one buffer for
            // the whole paragraph, written without a uniqueness check per node.
            var kept = 0
            active.withUnsafeMutableBufferPointer { active in
                for k in active.indices {
                    let a = active[k]
                    let node = nodes[a]
                    let r = adjustmentRatio(from: node, to: here)
                    if r < -1 || here.forced {
                        // Lines from this node can only get longer: retire it.
                    } else {
                        active[kept] = a
                        kept += 1
                    }
                    guard r >= -1, let (line, fitness) = lineDemerits(from: node, to: here, ratio: r, tolerance: tolerance,
                                                                     unhyphenatedLine: widths.unhyphenatedLine)
                    else { continue }
                    let d = line + node.demerits
                    if d > bound { continue }
                    let lineClass = min(node.line + 1, widths.uniformFrom)
                    let key = lineClass * 4 + fitness
                    if bestDemerits[key].0 <= d { continue }
                    touched = touched.isEmpty ? key..<(key + 1) : min(touched.lowerBound, key)..<max(touched.upperBound, key + 1)
                    bestDemerits[key] = (d, a)
                }
            }
            active.removeLast(active.count - kept)
            if !touched.isEmpty {
                let start = items.lineStart(afterBreakAt: i)
                for key in touched where bestDemerits[key].1 >= 0 {
                    let best = bestDemerits[key]
                    nodes.append(made(Node(item: i, start: start, line: nodes[best.1].line + 1, fitness: key % 4,
                                           demerits: best.0, previous: best.1, flagged: here.flagged,
                                           previousFlagged: nodes[best.1].flagged), items, widths))
                    active.append(nodes.count - 1)
                }
            }
            if active.isEmpty { return nil }
        }
        // The last item is a forced break: the nodes there are the complete solutions.
        return (nodes, active.filter { nodes[$0].item == count - 1 })
    }

    /// The breaks as line spans of clusters.
    func spans(_ items: BreakItems, from first: Int, breaks: [Int], clusterCount: Int) -> [LineSpan] {
        var spans: [LineSpan] = []
        var start = first
        for b in breaks {
            let startCluster = start < items.count ? Int(items[start].cluster) : clusterCount
            let end = Int(items[b].cluster)
            let nextItem = items.lineStart(afterBreakAt: b)
            let next = nextItem < items.count ? Int(items[nextItem].cluster) : clusterCount
            let forced = items[b].kind == .penalty && items[b].penalty <= -BreakItems.infinity
            spans.append(LineSpan(start: startCluster, end: max(end, startCluster), next: max(next, end),
                                  hyphenated: items[b].addsHyphen, endsParagraphOrForced: forced))
            start = nextItem
        }
        return spans
    }

    /// First-fit breaking at the cluster level from cluster `start`: each line takes
    /// what fits; a word longer than the line is cut between clusters.
    func greedySpans(_ p: ShapedParagraph, from start: Int, widths: Widths) -> [LineSpan] {
        let n = p.clusterCount
        var spans: [LineSpan] = []
        var pos = start
        var k = 0
        while pos < n {
            let limit = widths.width(k)
            var w = 0.0
            var candidate: (end: Int, next: Int)? = nil
            var c = pos
            var forcedEnd: Int? = nil
            while c < n {
                let f = p.clusterFlags[c]
                if c > pos, f.contains(.mandatoryBefore) { forcedEnd = c; break }
                if f.contains(.space) {
                    var next = c + 1
                    while next < n, p.clusterFlags[next].contains(.space) { next += 1 }
                    if next >= n || p.clusterFlags[next].contains(.breakBefore) { candidate = (c, next) }
                    for s in c..<next { w += p.clusterWidth[s] }
                    c = next
                    continue
                }
                if c > pos, f.contains(.breakBefore), !p.clusterFlags[c - 1].contains(.space) { candidate = (c, c) }
                // A line separator ends the line and is never shown: it takes no room
                // (its shaped width would push a line that just fits onto a line alone).
                var cw = f.contains(.lineSeparator) ? 0 : p.clusterWidth[c]
                if c > pos, let ea = p.eastAsian, ea.hasGlue[c] { cw += ea.width[c] }
                if w + cw > limit + 1e-6 {
                    if let candidate { c = -1; spans.append(LineSpan(start: pos, end: candidate.end, next: candidate.next,
                                                                      hyphenated: false, endsParagraphOrForced: false))
                        pos = candidate.next
                    } else {
                        // Nothing to break at: cut the word, keeping at least one cluster.
                        let end = c == pos ? c + 1 : c
                        spans.append(LineSpan(start: pos, end: end, next: end, hyphenated: false, endsParagraphOrForced: false))
                        pos = end
                        c = -1
                    }
                    break
                }
                w += cw
                c += 1
            }
            if c == -1 { k += 1; continue }
            let end = forcedEnd ?? n
            spans.append(LineSpan(start: pos, end: end, next: end, hyphenated: false, endsParagraphOrForced: true))
            pos = end
            k += 1
            if forcedEnd == nil { break }
        }
        return spans
    }
}
