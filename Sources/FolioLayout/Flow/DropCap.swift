import FolioText

/// A paragraph's drop cap (`ParagraphStyle.dropCapLines`): its first letter, with an opening
/// quote before it, set so large that its capitals reach from the first line's capitals
/// down to the baseline of line `lines`, in the margin of those lines, which are indented
/// to leave it room (TeX's `\hangindent`, the way a chapter of a book opens). The rest of
/// the paragraph is broken from the letter after it.
struct DropCap {
    /// How many lines the letter spans.
    let lines: Int
    /// The paragraph's clusters the initial takes (they are not set in the lines).
    let clusters: Int
    /// The letter set as a line of its own, at x 0, y 0.
    let letter: LineFragment
    /// The indent of the paragraph's first `lines` lines: the letter's width and a gap.
    let indent: Double
    /// The step from one baseline to the next, as the letter was sized for it.
    let step: Double

    /// The space between the letter and the text beside it, in ems of the text.
    static let gap = 0.25

    /// The drop cap of `p` spanning `lines` lines `step` apart, its letter set by `setLine`;
    /// nil when the paragraph cannot have one (`initialClusters`).
    init?(_ p: ShapedParagraph, lines: Int, step: Double, defaults: LayoutDefaults,
          setLine: (String, TextAttributes) -> LineFragment) {
        guard lines > 1, let k = Self.initialClusters(p), let run = p.runs.first, run.font.capHeight > 0, step > 0 else { return nil }
        let end = Int(p.clusterStart[k])
        guard end > 0, end <= p.text.count else { return nil }
        // Capitals `lines - 1` steps and one capital high.
        let font = run.font
        let height = Double(lines - 1) * step + font.capHeight
        var attributes = run.attributes
        let descriptor = attributes.font ?? defaults.attributes.font ?? FontDescriptor(families: [font.familyName], size: font.size)
        attributes.font = descriptor.withSize(font.size * height / font.capHeight)
        var letter = setLine(String(decoding: p.text[0..<end], as: UTF8.self), attributes)
        guard !letter.glyphRuns.isEmpty else { return nil }
        let range = p.storageOffset..<(p.storageOffset + end)
        letter.characterRange = range
        for r in letter.glyphRuns.indices { letter.glyphRuns[r].characterRange = range }
        letter.rect.size.width = letter.usedRect.width
        letter.isLastLineOfParagraph = false
        letter.isDropCap = true
        self.letter = letter
        self.lines = lines
        self.clusters = k
        self.step = step
        indent = letter.usedRect.width + Self.gap * font.size
    }

    /// How many of `p`'s clusters make its initial — its first letter or digit, with an
    /// opening quote or bracket before it — or nil when it cannot have one: right-to-left
    /// or East Asian text, a paragraph that opens with something else (an image, a space,
    /// a tab) or that is only its initial. The breaker splits the first word there
    /// (`BreakItems`), so the rest of the paragraph is broken from it by total fit.
    static func initialClusters(_ p: ShapedParagraph) -> Int? {
        guard p.clusterCount > 1, p.baseLevel & 1 == 0, p.eastAsian == nil else { return nil }
        var k = 1
        if CharacterProtrusion.left(p, cluster: 0, parameters: .standard) > 0 { k = 2 }
        guard k < p.clusterCount, !p.clusterFlags[k].contains(.mandatoryBefore), !p.clusterFlags[k].contains(.tab) else { return nil }
        // The letter itself: the first scalar of the cluster before the split.
        let at = Int(p.clusterStart[k - 1])
        guard at < p.text.count else { return nil }
        var decoder = UTF8()
        var bytes = p.text[at...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes),
              scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return nil }
        return k
    }

    /// The letter placed at `x` in container `containerIndex`, its baseline on `baseline`:
    /// its capitals' foot on the last line it spans.
    func fragment(x: Double, baseline: Double, containerIndex: Int) -> LineFragment {
        var line = letter.offsetBy(dx: x, dy: baseline - letter.baseline)
        line.containerIndex = containerIndex
        return line
    }
}
