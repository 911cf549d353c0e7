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
    /// Whether any penalty adds a hyphen (a paragraph with none needs no pass without them).
    var hasAddedHyphens = false

    /// By cluster, the width a line starting there gives back (`EastAsianSpacing`); nil
    /// when no line does.
    var lineStartTrim: [Double]? = nil

    /// By item, the width a line ending at that break gives back: what the mark before
    /// the break (or the hyphen it adds) hangs into the margin (`CharacterProtrusion`);
    /// nil when no break does.
    var lineEndTrim: [Double]? = nil

    /// The width a line ending at item `i` gives back.
    func endTrim(_ i: Int) -> Double {
        guard let lineEndTrim else { return 0 }
        return i < lineEndTrim.count ? lineEndTrim[i] : 0
    }

    /// `lineStartTrim` holds what opening marks hang into the left margin (protrusion,
    /// given up beside an obstacle), not East Asian trims (always taken).
    var startTrimIsProtrusion = false

    /// The width a line whose first item is `start` gives back.
    func startTrim(_ start: Int) -> Double {
        guard let lineStartTrim, start < count else { return 0 }
        let c = Int(cluster[start])
        return c < lineStartTrim.count ? lineStartTrim[c] : 0
    }

    /// Prefix sums: totals of the items before index i.
    var sumWidth: [Double] = []
    var sumStretch: [Double] = []
    var sumShrink: [Double] = []

    var count: Int { kind.count }

    mutating func append(_ k: Kind, width w: Double, stretch y: Double = 0, shrink z: Double = 0, penalty p: Double = 0,
                         flagged f: Bool = false, hyphen: Bool = false, cluster c: Int) {
        kind.append(k); width.append(w); stretch.append(y); shrink.append(z); penalty.append(p)
        flagged.append(f); addsHyphen.append(hyphen); cluster.append(Int32(c))
        if hyphen { hasAddedHyphens = true }
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
    /// Builds the items for `p`, hyphenating words of `minimumHyphenatedWordLength` or
    /// more letters when the paragraph allows it and a dictionary for its language is
    /// installed; spaces stretch and shrink, and glyphs expand, as `parameters` say.
    init(_ p: ShapedParagraph, justified: Bool, parameters: TypesettingParameters = .standard, hyphen: (Font) -> Double) {
        self.init()
        let n = p.clusterCount
        let estimate = n / 3 + 8
        kind.reserveCapacity(estimate); width.reserveCapacity(estimate); stretch.reserveCapacity(estimate)
        shrink.reserveCapacity(estimate); penalty.reserveCapacity(estimate); flagged.reserveCapacity(estimate)
        cluster.reserveCapacity(estimate); addsHyphen.reserveCapacity(estimate)
        // Latin words in Chinese, Japanese or Korean text are taken as English.
        let hyphenator = p.style.hyphenation && p.style.lineBreakMode == .wordWrap
            ? Hyphenator.forLanguage(Hyphenator.dictionaryLanguage(for: p.language)) : nil
        // Runs in another language than the paragraph's, by run (nil: none is).
        var runLanguages: [String?]? = nil
        if hyphenator != nil, p.runs.count > 1 {
            let languages = p.runs.map { run -> String? in
                guard let l = run.attributes.language, l != p.language else { return nil }
                return l
            }
            if languages.contains(where: { $0 != nil }) { runLanguages = languages }
        }
        let eastAsian = p.eastAsian
        if let trims = eastAsian?.lineStartTrim, trims.contains(where: { $0 > 0 }) { lineStartTrim = trims }
        // A drop cap takes the first letter out of the lines: the first word's box is split
        // after it, so that breaking starts at an item (total fit, not first fit).
        let dropCapSplit = p.style.dropCapLines > 1 && p.style.lineBreakMode == .wordWrap ? DropCap.initialClusters(p) : nil
        // East Asian text justifies by its spacing, not by widening glyphs (and every
        // expansion step would be one more copy of thousands of ideographs in the PDF).
        let expansion = justified && eastAsian == nil ? parameters.glyphExpansion : 0
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
                append(.glue, width: w, stretch: justified ? w * parameters.spaceStretch : 0,
                       shrink: justified ? w * parameters.spaceShrink : 0, cluster: c)
                c += 1
                continue
            }
            // A word: clusters up to the next space, break opportunity or East Asian glue.
            var end = c + 1
            while end < n, !p.clusterFlags[end].contains(.space), !p.clusterFlags[end].contains(.breakBefore),
                  !p.clusterFlags[end].contains(.mandatoryBefore), !p.clusterFlags[end].contains(.tab),
                  !p.clusterFlags[c].contains(.tab), eastAsian?.hasGlue[end] != true {
                end += 1
            }
            if eastAsian != nil, end - c >= EastAsianSpacing.longWord {
                // A long identifier among ideographs (`Coin::Quarter(UsState::Alaska)`)
                // may break after its punctuation, at a cost: else the line before it
                // would open its few ideographs an em apart or more.
                var start = c
                for k in (c + 1)..<end where EastAsianSpacing.breaksAfter(p, cluster: k - 1) && !EastAsianSpacing.breaksAfter(p, cluster: k) {
                    appendWord(p, clusters: start..<k, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                               expansion: expansion, hyphen: hyphen)
                    append(.penalty, width: 0, penalty: EastAsianSpacing.identifierBreakPenalty, cluster: k)
                    start = k
                }
                appendWord(p, clusters: start..<end, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                           expansion: expansion, hyphen: hyphen)
            } else if let split = dropCapSplit, c < split, split < end {
                appendWord(p, clusters: c..<split, hyphenator: nil, runLanguages: nil, parameters: parameters,
                           expansion: expansion, hyphen: hyphen)
                appendWord(p, clusters: split..<end, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                           expansion: expansion, hyphen: hyphen)
            } else {
                appendWord(p, clusters: c..<end, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                           expansion: expansion,
                           hyphen: hyphen)
            }
            if end < n, !p.clusterFlags[end].contains(.space), !p.clusterFlags[end].contains(.mandatoryBefore) {
                let breakable = p.clusterFlags[end].contains(.breakBefore)
                // A closing mark gives back its empty half when a line ends after it.
                let trim = breakable ? eastAsian?.lineEndTrim[end - 1] ?? 0 : 0
                if let eastAsian, eastAsian.hasGlue[end] {
                    // Glue between ideographs, or around a Latin word among them: a
                    // break there drops it, as it drops a space.
                    if breakable && trim > 0 {
                        append(.penalty, width: -trim, penalty: 0, cluster: end)
                    }
                    if !breakable || trim > 0 { append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: end) }
                    append(.glue, width: eastAsian.width[end], stretch: justified ? eastAsian.stretch[end] : 0,
                           shrink: justified ? eastAsian.shrink[end] : 0, cluster: end)
                } else if breakable {
                    // Break opportunity without space: after a dash, between ideographs.
                    let dash = p.clusterFlags[end - 1].contains(.hyphenLike)
                    append(.penalty, width: -trim, penalty: dash ? parameters.explicitHyphenPenalty : 0, flagged: dash, cluster: end)
                }
            }
            c = end
        }
        // The end: fill the last line, then force the break.
        append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: n)
        append(.glue, width: 0, stretch: BreakItems.infinity, cluster: n)
        append(.penalty, width: 0, penalty: -BreakItems.infinity, cluster: n)
        if justified, CharacterProtrusion.applies(to: p, parameters: parameters) { addProtrusion(p, parameters: parameters) }
        finish()
    }

    /// The room punctuation at the ends of lines gives by hanging into the margins: at each
    /// break, what the mark before it (or the added hyphen) hangs out on the right; at each
    /// cluster, what it hangs out on the left when a line starts there.
    private mutating func addProtrusion(_ p: ShapedParagraph, parameters: TypesettingParameters) {
        var ends = [Double](repeating: 0, count: count)
        var anyEnd = false
        let hyphen = CharacterProtrusion.right(Unicode.Scalar(0x2D)) * parameters.protrusion
        for i in 0..<count where isLegalBreak(i) && !(kind[i] == .penalty && penalty[i] <= -BreakItems.infinity) {
            let trim = kind[i] == .penalty && addsHyphen[i] ? width[i] * hyphen
                : CharacterProtrusion.right(p, cluster: Int(cluster[i]) - 1, parameters: parameters)
            if trim > 0 { ends[i] = trim; anyEnd = true }
        }
        if anyEnd { lineEndTrim = ends }
        // A line starts at a box after a break: the first box, or one after glue or a penalty.
        var starts: [Double]? = nil
        for j in 0..<count where kind[j] == .box && (j == 0 || kind[j - 1] != .box) {
            let c = Int(cluster[j])
            let trim = CharacterProtrusion.left(p, cluster: c, parameters: parameters)
            guard trim > 0 else { continue }
            if starts == nil { starts = [Double](repeating: 0, count: p.clusterCount) }
            starts![c] = trim
        }
        if let starts { lineStartTrim = starts; startTrimIsProtrusion = true }
    }

    /// Whether a line that ends before cluster `c` of `p` ends at a penalty that gives
    /// back the width of the closing mark before it (see `EastAsianSpacing.lineEndTrim`).
    static func takesLineEndTrim(_ p: ShapedParagraph, before c: Int) -> Bool {
        let f = p.clusterFlags[c]
        return f.contains(.breakBefore) && !f.contains(.space) && !f.contains(.mandatoryBefore)
            && (p.eastAsian?.lineEndTrim[c - 1] ?? 0) > 0
    }

    /// The bytes of `range` without leading and trailing non-letters, or nil when what
    /// is left is not all letters (digits, inner punctuation: not a word to hyphenate).
    private func letterCore(_ text: [UInt8], _ range: Range<Int>, minimum: Int) -> Range<Int>? {
        func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        if !text[range].contains(where: { $0 >= 0x80 }) {
            var lo = range.lowerBound, hi = range.upperBound
            while lo < hi, !isASCIILetter(text[lo]) { lo += 1 }
            while hi > lo, !isASCIILetter(text[hi - 1]) { hi -= 1 }
            guard lo < hi, text[lo..<hi].allSatisfy(isASCIILetter) else { return nil }
            return lo..<hi
        }
        let word = String(decoding: text[range], as: UTF8.self)
        let scalars = Array(word.unicodeScalars)
        var lead = 0, trail = 0
        var i = 0
        while i < scalars.count, !scalars[i].properties.isAlphabetic { lead += String(scalars[i]).utf8.count; i += 1 }
        var j = scalars.count
        while j > i, !scalars[j - 1].properties.isAlphabetic { trail += String(scalars[j - 1]).utf8.count; j -= 1 }
        guard i < j, scalars[i..<j].allSatisfy({ $0.properties.isAlphabetic || $0.properties.isGraphemeExtend }) else { return nil }
        let core = (range.lowerBound + lead)..<(range.upperBound - trail)
        return j - i >= minimum ? core : nil
    }

    /// A cheap first look: five ASCII letters in a row, or any non-ASCII byte (left to
    /// the full Unicode check). Most words too short to hyphenate stop here.
    private func hasEnoughLetters(_ p: ShapedParagraph, _ clusters: Range<Int>, minimum: Int) -> Bool {
        var run = 0
        for i in Int(p.clusterStart[clusters.lowerBound])..<Int(p.clusterEnd[clusters.upperBound - 1]) {
            let b = p.text[i]
            if b >= 0x80 { return true }
            if (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A { run += 1; if run >= minimum { return true } } else { run = 0 }
        }
        return false
    }

    private mutating func appendWord(_ p: ShapedParagraph, clusters: Range<Int>, hyphenator: Hyphenator?,
                                     runLanguages: [String?]?, parameters: TypesettingParameters, expansion: Double,
                                     hyphen: (Font) -> Double) {
        var points: [Int] = []
        let minimum = parameters.minimumHyphenatedWordLength
        // A word in a language of its own is hyphenated by that language's dictionary; one
        // marked `zxx` (no linguistic content: inline code) is never hyphenated.
        var hyphenator = hyphenator
        if hyphenator != nil, let runLanguages, let language = runLanguages[Int(p.clusterRun[clusters.lowerBound])] {
            hyphenator = language.lowercased() == "zxx" ? nil : Hyphenator.forLanguage(Hyphenator.dictionaryLanguage(for: language))
        }
        if let hyphenator, clusters.count >= minimum, hasEnoughLetters(p, clusters, minimum: minimum) {
            // Hyphenate the letters only: "“Education,”" → "Education".
            let bytes = Int(p.clusterStart[clusters.lowerBound])..<Int(p.clusterEnd[clusters.upperBound - 1])
            if let core = letterCore(p.text, bytes, minimum: minimum), core.count >= minimum {
                let word = String(decoding: p.text[core], as: UTF8.self)
                points = hyphenator.hyphenationPoints(in: word).map { core.lowerBound + $0 }
            }
        }
        var start = clusters.lowerBound
        var width = 0.0
        var next = 0
        for c in clusters {
            if next < points.count, Int(p.clusterStart[c]) == points[next], c > start {
                append(.box, width: width, stretch: width * expansion, shrink: width * expansion, cluster: start)
                let font = p.runs[Int(p.clusterRun[c - 1])].font
                append(.penalty, width: hyphen(font), penalty: parameters.hyphenPenalty, flagged: true, hyphen: true, cluster: c)
                start = c; width = 0; next += 1
            }
            while next < points.count, points[next] < Int(p.clusterStart[c]) { next += 1 }
            width += p.clusterWidth[c]
        }
        append(.box, width: width, stretch: width * expansion, shrink: width * expansion, cluster: start)
    }
}
