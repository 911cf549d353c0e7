/// A paragraph as Knuth and Plass see it: boxes (unbreakable material), glue
/// (stretchable space where a line may end) and penalties (other places a line may
/// end, at some cost, perhaps with a hyphen). Built once per shaped paragraph.
struct BreakItems {
    enum Kind: UInt8 { case box, glue, penalty }

    static let infinity = 10_000.0

    var kind: [Kind] = []
    var width: [Double] = []
    var stretch: [Double] = []
    var shrink: [Double] = []
    var penalty: [Double] = []
    /// A flagged penalty ends a line with a hyphen (adjacent ones cost extra).
    var flagged: [Bool] = []
    /// The cluster a box starts at, a glue's cluster, the cluster a penalty precedes.
    var cluster: [Int32] = []
    /// Penalties that add a hyphen glyph when taken.
    var addsHyphen: [Bool] = []

    /// Prefix sums: totals of the items before index i.
    var sumWidth: [Double] = []
    var sumStretch: [Double] = []
    var sumShrink: [Double] = []

    var count: Int { kind.count }

    mutating func append(_ k: Kind, width w: Double, stretch y: Double = 0, shrink z: Double = 0, penalty p: Double = 0,
                         flagged f: Bool = false, hyphen: Bool = false, cluster c: Int) {
        kind.append(k); width.append(w); stretch.append(y); shrink.append(z); penalty.append(p)
        flagged.append(f); addsHyphen.append(hyphen); cluster.append(Int32(c))
    }

    mutating func finish() {
        sumWidth = [0]; sumStretch = [0]; sumShrink = [0]
        sumWidth.reserveCapacity(count + 1); sumStretch.reserveCapacity(count + 1); sumShrink.reserveCapacity(count + 1)
        var w = 0.0, y = 0.0, z = 0.0
        for i in 0..<count {
            if kind[i] != .penalty { w += width[i]; y += stretch[i]; z += shrink[i] }
            sumWidth.append(w); sumStretch.append(y); sumShrink.append(z)
        }
    }

    /// Whether a line may end at item `i`: glue right after a box, or a penalty below
    /// infinity.
    func isLegalBreak(_ i: Int) -> Bool {
        switch kind[i] {
        case .box: return false
        case .glue: return i > 0 && kind[i - 1] == .box && penalty[i] == 0
        case .penalty: return penalty[i] < BreakItems.infinity
        }
    }

    /// Where the line after a break at `i` starts: past the glue and penalties that a
    /// break discards.
    func lineStart(afterBreakAt i: Int) -> Int {
        var j = i + 1
        while j < count, kind[j] != .box {
            if kind[j] == .penalty && penalty[j] <= -BreakItems.infinity { break }
            j += 1
        }
        return j
    }
}

extension BreakItems {
    /// Knuth–Plass spacing for one paragraph: interword glue stretches by half a space
    /// and shrinks by a third (TeX's values for Computer Modern), hyphens cost 50.
    struct Spacing {
        var stretchRatio = 0.5
        var shrinkRatio = 1.0 / 3.0
        /// How far glyphs of a justified line may widen or narrow (font expansion, as
        /// pdfTeX and microtype do it): 0.02 is 2%, below what a reader notices, and
        /// it takes much of the slack that would otherwise open up the spaces.
        var expansion = 0.02
        var hyphenPenalty = 50.0
        var explicitHyphenPenalty = 50.0
        static let standard = Spacing()
    }

    /// Builds the items for `p`, hyphenating words of five or more letters when the
    /// paragraph allows it and a dictionary for its language is installed.
    init(_ p: ShapedParagraph, justified: Bool, spacing: Spacing = .standard, hyphen: (Font) -> Double) {
        self.init()
        let n = p.clusterCount
        kind.reserveCapacity(n / 3 + 8)
        let hyphenator = p.style.hyphenation && p.style.lineBreakMode == .wordWrap
            ? Hyphenator.forLanguage(p.language) : nil
        var c = 0
        while c < n {
            let f = p.clusterFlags[c]
            if f.contains(.mandatoryBefore) && c > 0 {
                // A forced break inside the paragraph: the line before it is not stretched.
                append(.glue, width: 0, stretch: BreakItems.infinity, cluster: c)
                append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: c)
            }
            if f.contains(.lineSeparator) {
                append(.box, width: 0, cluster: c); c += 1; continue
            }
            if f.contains(.space) {
                let w = p.clusterWidth[c]
                let breakable = c + 1 < n && p.clusterFlags[c + 1].contains(.breakBefore)
                if !breakable { append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: c) }
                append(.glue, width: w, stretch: justified ? w * spacing.stretchRatio : 0,
                       shrink: justified ? w * spacing.shrinkRatio : 0, cluster: c)
                c += 1
                continue
            }
            // A word: clusters up to the next space or break opportunity.
            var end = c + 1
            while end < n, !p.clusterFlags[end].contains(.space), !p.clusterFlags[end].contains(.breakBefore),
                  !p.clusterFlags[end].contains(.mandatoryBefore), !p.clusterFlags[end].contains(.tab),
                  !p.clusterFlags[c].contains(.tab) {
                end += 1
            }
            appendWord(p, clusters: c..<end, hyphenator: hyphenator, spacing: spacing, expansion: justified ? spacing.expansion : 0,
                       hyphen: hyphen)
            if end < n, p.clusterFlags[end].contains(.breakBefore), !p.clusterFlags[end].contains(.space),
               !p.clusterFlags[end].contains(.mandatoryBefore) {
                // Break opportunity without space: after a dash, between ideographs.
                let dash = p.clusterFlags[end - 1].contains(.hyphenLike)
                append(.penalty, width: 0, penalty: dash ? spacing.explicitHyphenPenalty : 0, flagged: dash, cluster: end)
            }
            c = end
        }
        // The end: fill the last line, then force the break.
        append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: n)
        append(.glue, width: 0, stretch: BreakItems.infinity, cluster: n)
        append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: n)
        finish()
    }

    private mutating func appendWord(_ p: ShapedParagraph, clusters: Range<Int>, hyphenator: Hyphenator?,
                                     spacing: Spacing, expansion: Double, hyphen: (Font) -> Double) {
        var points: [Int] = []
        if let hyphenator, clusters.count >= 5 {
            // Hyphenate the letters only: "“Education,”" → "Education".
            let bytes = Int(p.clusterStart[clusters.lowerBound])..<Int(p.clusterEnd[clusters.upperBound - 1])
            let word = String(decoding: p.text[bytes], as: UTF8.self)
            let scalars = word.unicodeScalars
            var lead = 0, trail = 0
            for s in scalars { if s.properties.isAlphabetic { break }; lead += String(s).utf8.count }
            for s in scalars.reversed() { if s.properties.isAlphabetic { break }; trail += String(s).utf8.count }
            if lead + trail < word.utf8.count {
                let coreBytes = Array(word.utf8)[lead..<(word.utf8.count - trail)]
                let core = String(decoding: coreBytes, as: UTF8.self)
                if core.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) && core.unicodeScalars.count >= 5 {
                    points = hyphenator.hyphenationPoints(in: core).map { bytes.lowerBound + lead + $0 }
                }
            }
        }
        var start = clusters.lowerBound
        var width = 0.0
        var next = 0
        for c in clusters {
            if next < points.count, Int(p.clusterStart[c]) == points[next], c > start {
                append(.box, width: width, stretch: width * expansion, shrink: width * expansion, cluster: start)
                let font = p.runs[Int(p.clusterRun[c - 1])].font
                append(.penalty, width: hyphen(font), penalty: spacing.hyphenPenalty, flagged: true, hyphen: true, cluster: c)
                start = c; width = 0; next += 1
            }
            while next < points.count, points[next] < Int(p.clusterStart[c]) { next += 1 }
            width += p.clusterWidth[c]
        }
        append(.box, width: width, stretch: width * expansion, shrink: width * expansion, cluster: start)
    }
}
