/// A paragraph as Knuth and Plass see it: boxes (unbreakable material), glue
/// (stretchable space where a line may end) and penalties (other places a line may
/// end, at some cost, perhaps with a hyphen). Built once per shaped paragraph.
struct BreakItems {
    enum Kind: UInt8 { case box, glue, penalty }

    static let infinity = 10_000.0

    /// One box, glue or penalty. Held as one array of these (not an array per field): a
    /// paragraph's items are appended one at a time, and the breaker reads several fields
    /// of the same item together.
    struct Item {
        var width: Double
        var stretch: Double
        var shrink: Double
        var penalty: Double
        /// The cluster a box starts at, a glue's cluster, the cluster a penalty precedes.
        var cluster: Int32
        var kind: Kind
        /// A flagged penalty ends a line with a hyphen (adjacent ones cost extra).
        var flagged: Bool
        /// A penalty that adds a hyphen glyph when taken.
        var addsHyphen: Bool
    }

    private(set) var items: [Item] = []

    subscript(i: Int) -> Item { items[i] }

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
        let c = Int(items[start].cluster)
        return c < lineStartTrim.count ? lineStartTrim[c] : 0
    }

    /// The width, stretch and shrink of the boxes and glue before an item.
    struct Totals {
        var width = 0.0, stretch = 0.0, shrink = 0.0
    }

    /// Prefix sums: `sums[i]` totals the items before index i (one entry past the last).
    private(set) var sums: [Totals] = []

    var count: Int { items.count }

    mutating func append(_ k: Kind, width w: Double, stretch y: Double = 0, shrink z: Double = 0, penalty p: Double = 0,
                         flagged f: Bool = false, hyphen: Bool = false, cluster c: Int) {
        items.append(Item(width: w, stretch: y, shrink: z, penalty: p, cluster: Int32(c), kind: k, flagged: f, addsHyphen: hyphen))
        if hyphen { hasAddedHyphens = true }
    }

    mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    mutating func finish() {
        sums = [Totals](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            var t = Totals()
            buffer[0] = t
            for i in 0..<items.count {
                let item = items[i]
                if item.kind != .penalty { t.width += item.width; t.stretch += item.stretch; t.shrink += item.shrink }
                buffer[i + 1] = t
            }
            initialized = items.count + 1
        }
    }

    /// Whether a line may end at item `i`: glue right after a box, or a penalty below
    /// infinity.
    func isLegalBreak(_ i: Int) -> Bool {
        let item = items[i]
        switch item.kind {
        case .box: return false
        case .glue: return i > 0 && items[i - 1].kind == .box && item.penalty == 0
        case .penalty: return item.penalty < BreakItems.infinity
        }
    }

    /// Where the line after a break at `i` starts: past the glue and penalties that a
    /// break discards.
    func lineStart(afterBreakAt i: Int) -> Int {
        var j = i + 1
        while j < count, items[j].kind != .box {
            if items[j].kind == .penalty && items[j].penalty <= -BreakItems.infinity { break }
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
        reserveCapacity(estimate)
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
        var wordPoints: [Int] = []
        let eastAsian = p.eastAsian
        if let trims = eastAsian?.lineStartTrim, trims.contains(where: { $0 > 0 }) { lineStartTrim = trims }
        // Its arrays, read alone: unwrapping the spacing at each word copied all six.
        let hasGlue = eastAsian?.hasGlue, endTrims = eastAsian?.lineEndTrim
        let glueWidth = eastAsian?.width ?? [], glueStretch = eastAsian?.stretch ?? [], glueShrink = eastAsian?.shrink ?? []
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
                  !p.clusterFlags[c].contains(.tab), hasGlue?[end] != true {
                end += 1
            }
            if eastAsian != nil, end - c >= EastAsianSpacing.longWord {
                // A long identifier among ideographs (`Coin::Quarter(UsState::Alaska)`)
                // may break after its punctuation, at a cost: else the line before it
                // would open its few ideographs an em apart or more.
                var start = c
                for k in (c + 1)..<end where EastAsianSpacing.breaksAfter(p, cluster: k - 1) && !EastAsianSpacing.breaksAfter(p, cluster: k) {
                    appendWord(p, clusters: start..<k, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                               expansion: expansion, points: &wordPoints, hyphen: hyphen)
                    append(.penalty, width: 0, penalty: EastAsianSpacing.identifierBreakPenalty, cluster: k)
                    start = k
                }
                appendWord(p, clusters: start..<end, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                           expansion: expansion, points: &wordPoints, hyphen: hyphen)
            } else if let split = dropCapSplit, c < split, split < end {
                appendWord(p, clusters: c..<split, hyphenator: nil, runLanguages: nil, parameters: parameters,
                           expansion: expansion, points: &wordPoints, hyphen: hyphen)
                appendWord(p, clusters: split..<end, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                           expansion: expansion, points: &wordPoints, hyphen: hyphen)
            } else {
                appendWord(p, clusters: c..<end, hyphenator: hyphenator, runLanguages: runLanguages, parameters: parameters,
                           expansion: expansion, points: &wordPoints, hyphen: hyphen)
            }
            if end < n, !p.clusterFlags[end].contains(.space), !p.clusterFlags[end].contains(.mandatoryBefore) {
                let breakable = p.clusterFlags[end].contains(.breakBefore)
                // A closing mark gives back its empty half when a line ends after it.
                let trim = breakable ? endTrims?[end - 1] ?? 0 : 0
                if hasGlue?[end] == true {
                    // Glue between ideographs, or around a Latin word among them: a
                    // break there drops it, as it drops a space.
                    if breakable && trim > 0 {
                        append(.penalty, width: -trim, penalty: 0, cluster: end)
                    }
                    if !breakable || trim > 0 { append(.penalty, width: 0, penalty: BreakItems.infinity, cluster: end) }
                    append(.glue, width: glueWidth[end], stretch: justified ? glueStretch[end] : 0,
                           shrink: justified ? glueShrink[end] : 0, cluster: end)
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
        for i in 0..<count where isLegalBreak(i) && !(items[i].kind == .penalty && items[i].penalty <= -BreakItems.infinity) {
            let item = items[i]
            let trim = item.kind == .penalty && item.addsHyphen ? item.width * hyphen
                : CharacterProtrusion.right(p, cluster: Int(item.cluster) - 1, parameters: parameters)
            if trim > 0 { ends[i] = trim; anyEnd = true }
        }
        if anyEnd { lineEndTrim = ends }
        // A line starts at a box after a break: the first box, or one after glue or a penalty.
        var starts: [Double]? = nil
        for j in 0..<count where items[j].kind == .box && (j == 0 || items[j - 1].kind != .box) {
            let c = Int(items[j].cluster)
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
    /// is left is not all letters (digits, inner punctuation: not a word to hyphenate)
    /// or has fewer than `minimum` characters. Letters are Unicode's alphabetic
    /// characters, with the marks that extend them inside the word; the scalars are read
    /// from the bytes in place, and ASCII and the common punctuation of General
    /// Punctuation (dashes, quotes) are told without a property lookup.
    static func letterCore(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, minimum: Int) -> Range<Int>? {
        // The scalar at i and its length in bytes; a sequence cut by the range's end is
        // taken as one byte that is no letter.
        func scalar(at i: Int) -> (value: UInt32, length: Int) {
            UTF8Bytes.scalar(in: text, at: i, end: range.upperBound) ?? (0xFFFD, 1)
        }
        func isLetter(_ v: UInt32) -> Bool {
            if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
            if isPunctuation(v) { return false }
            return Unicode.Scalar(v)?.properties.isAlphabetic ?? false
        }
        func isExtending(_ v: UInt32) -> Bool {
            if v < 0x80 || isPunctuation(v) { return false }
            return Unicode.Scalar(v)?.properties.isGraphemeExtend ?? false
        }
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let s = scalar(at: lo)
            if isLetter(s.value) { break }
            lo += s.length
        }
        while hi > lo {
            var k = hi - 1
            while k > lo, text[k] & 0xC0 == 0x80 { k -= 1 }
            let s = scalar(at: k)
            if isLetter(s.value) && k + s.length == hi { break }
            hi = k
        }
        guard lo < hi else { return nil }
        var count = 0, i = lo
        while i < hi {
            let s = scalar(at: i)
            guard isLetter(s.value) || isExtending(s.value) else { return nil }
            count += 1
            i += s.length
        }
        return count >= minimum ? lo..<hi : nil
    }

    /// U+2010–U+2027 and U+2030–U+205E: dashes, quotation marks, daggers, bullets, the
    /// ellipsis, primes, guillemets and the like, none of them alphabetic or extending.
    static func isPunctuation(_ v: UInt32) -> Bool { (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) }

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

    /// The dictionary a word starting at `cluster` is hyphenated by: the paragraph's
    /// `hyphenator`, but for a word in a language of its own that language's, and for one
    /// marked `zxx` (no linguistic content: inline code) none.
    private static func dictionary(_ hyphenator: Hyphenator?, _ p: ShapedParagraph, cluster: Int,
                                   runLanguages: [String?]?) -> Hyphenator? {
        guard let runLanguages, let language = runLanguages[Int(p.clusterRun[cluster])] else { return hyphenator }
        return language.lowercased() == "zxx" ? nil : Hyphenator.forLanguage(Hyphenator.dictionaryLanguage(for: language))
    }

    /// `points` is the paragraph's buffer for a word's hyphenation points (emptied here):
    /// one array for all its words, not one made for each word hyphenated.
    private mutating func appendWord(_ p: ShapedParagraph, clusters: Range<Int>, hyphenator: Hyphenator?,
                                     runLanguages: [String?]?, parameters: TypesettingParameters, expansion: Double,
                                     points: inout [Int], hyphen: (Font) -> Double) {
        if !points.isEmpty { points.removeAll(keepingCapacity: true) }
        let minimum = parameters.minimumHyphenatedWordLength
        // Most words are too short: they never touch the dictionary.
        if hyphenator != nil, clusters.count >= minimum, hasEnoughLetters(p, clusters, minimum: minimum),
           let dictionary = Self.dictionary(hyphenator, p, cluster: clusters.lowerBound, runLanguages: runLanguages) {
            // Hyphenate the letters only: "“Education,”" → "Education".
            let bytes = Int(p.clusterStart[clusters.lowerBound])..<Int(p.clusterEnd[clusters.upperBound - 1])
            p.text.withUnsafeBufferPointer { text in
                if let core = Self.letterCore(text, bytes, minimum: minimum), core.count >= minimum {
                    dictionary.hyphenationPoints(inUTF8: UnsafeBufferPointer(rebasing: text[core]), into: &points, adding: core.lowerBound)
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
                append(.penalty, width: hyphen(font), penalty: parameters.hyphenPenalty, flagged: true, hyphen: true, cluster: c)
                start = c; width = 0; next += 1
            }
            while next < points.count, points[next] < Int(p.clusterStart[c]) { next += 1 }
            width += p.clusterWidth[c]
        }
        append(.box, width: width, stretch: width * expansion, shrink: width * expansion, cluster: start)
    }
}
