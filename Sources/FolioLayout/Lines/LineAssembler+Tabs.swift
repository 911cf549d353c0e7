/// Tabs: each tab cluster takes the width that brings the text after it to its stop.
extension LineAssembler {
    /// The width of every tab cluster among `shown`, keyed by cluster; `leaders` gets the
    /// tabs whose gap is filled with a leader. `lineWidth` is the text area's width.
    func tabWidths(_ p: ShapedParagraph, shown: ClusterRanges, leadingIndent: Double, lineWidth: Double,
                   leaders: inout Set<Int>) -> [Int: Double] {
        var tabWidth: [Int: Double] = [:]
        var x = 0.0
        let first = shown.first?.lowerBound ?? 0
        for range in shown {
            var c = range.lowerBound
            while c < range.upperBound {
                if p.clusterFlags[c].contains(.tab) {
                    var segEnd = c + 1
                    while segEnd < range.upperBound, !p.clusterFlags[segEnd].contains(.tab) { segEnd += 1 }
                    let (w, leader) = resolveTab(p, at: x + glue(p, before: c, first: first), leadingIndent: leadingIndent,
                                                 lineWidth: lineWidth, following: (c + 1)..<segEnd)
                    tabWidth[c] = w
                    if leader != .none { leaders.insert(c) }
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
    private func resolveTab(_ p: ShapedParagraph, at x: Double, leadingIndent: Double, lineWidth: Double,
                            following: Range<Int>) -> (width: Double, leader: TabStop.Leader) {
        let style = p.style
        // Stops measured from the line's end, placed for this line.
        let stops = style.tabStops.map { stop -> TabStop in
            guard stop.fromTrailingEdge else { return stop }
            var placed = stop
            placed.location = leadingIndent + lineWidth + stop.location
            return placed
        }.sorted { $0.location < $1.location }
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
            return (max(0, stop.location - lineX - before), stop.leader)
        }
        let interval = style.defaultTabInterval > 0 ? style.defaultTabInterval : 36
        let next = ((lineX / interval).rounded(.down) + 1) * interval
        return (max(0, next - lineX), .none)
    }
}

extension LineAssembler {
    /// Fills the gap of each tab in `leaders` within `run` with leader dots: round dots on
    /// the baseline, half an em apart, on a grid that is the same for every line of the
    /// container (so the dots of a contents page line up in columns), kept clear of the
    /// text on either side.
    func addLeaders(_ p: ShapedParagraph, segment seg: LineAssembler.Segment, run: inout GlyphRun, leaders: Set<Int>,
                    tabWidth: [Int: Double]) {
        guard seg.symbol == nil, !run.isRightToLeft else { return }
        let size = run.font.size
        let pitch = 0.5 * size, radius = 0.06 * size, clear = 0.35 * size
        var g = 0
        for k in 0..<seg.clusters.count {
            let c = seg.clusters.lowerBound + k
            let count = Int(p.clusterGlyphEnd[c] - p.clusterGlyphStart[c])
            defer { g += count }
            guard leaders.contains(c), let width = tabWidth[c], g < run.positions.count else { continue }
            let start = run.positions[g].x - p.xOffsets[Int(p.clusterGlyphStart[c])]
            var x = ((start + clear) / pitch).rounded(.up) * pitch
            while x + radius <= start + width - clear {
                run.emphasisDots.append(Point(x: x, y: run.baseline - radius * 1.2))
                x += pitch
            }
            run.emphasisDotRadius = radius
        }
    }
}
