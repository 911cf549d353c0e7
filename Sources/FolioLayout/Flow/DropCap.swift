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
    /// The initial alone, shaped at its size.
    let initial: ShapedParagraph
    /// The indent of the paragraph's first `lines` lines: the letter's width and a gap.
    let indent: Double
    /// The paragraph's first line's height and the step from one baseline to the next, as
    /// the letter was sized for them.
    let step: Double

    /// The space between the letter and the text beside it, in ems of the text.
    static let gap = 0.25

    /// The drop cap of `p` spanning `lines` lines `step` apart, or nil when the paragraph
    /// cannot have one (no letter to drop, right-to-left or East Asian text, a paragraph
    /// that is only its initial).
    init?(_ p: ShapedParagraph, lines: Int, step: Double, defaults: LayoutDefaults, typesetting: TypesettingParameters,
          context: ShapingContext) {
        guard lines > 1, let k = Self.initialClusters(p), let run = p.runs.first, run.font.capHeight > 0, step > 0 else { return nil }
        let end = Int(p.clusterStart[k])
        guard end > 0, end <= p.text.count else { return nil }
        // Capitals `lines - 1` steps and one capital high.
        let font = run.font
        let height = Double(lines - 1) * step + font.capHeight
        let size = font.size * height / font.capHeight
        var attributes = run.attributes
        let descriptor = attributes.font ?? defaults.attributes.font ?? FontDescriptor(families: [font.familyName], size: font.size)
        attributes.font = descriptor.withSize(size)
        let storage = TextStorage()
        storage.append(String(decoding: p.text[0..<end], as: UTF8.self), attributes: attributes,
                       paragraphStyle: ParagraphStyle(alignment: .left))
        var plain = typesetting
        plain.protrusion = 0
        initial = BackgroundWorker.shape(paragraph: 0, of: storage, defaults: defaults, typesetting: plain, column: nil, context: context)
        guard initial.clusterCount > 0 else { return nil }
        self.lines = lines
        self.clusters = k
        self.step = step
        indent = initial.clusterWidth.reduce(0, +) + Self.gap * font.size
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

    /// The letter as a line of its own, placed at `x` with its baseline on `baseline`:
    /// its capitals' foot on the last line it spans.
    func fragment(x: Double, baseline: Double, paragraph: ShapedParagraph, paragraphIndex: Int, containerIndex: Int,
                  assembler: LineAssembler) -> LineFragment {
        let span = LineSpan(start: 0, end: initial.clusterCount, next: initial.clusterCount, hyphenated: false,
                            endsParagraphOrForced: true)
        let h = LineAssembler.lineHeight(assembler.metrics(initial, span), style: initial.style)
        let slot = LineSlot(containerIndex: containerIndex, rect: Rect(x: x, y: 0, width: 1e6, height: h), textX: x, textWidth: 1e6,
                            leadingIndent: 0, lineInContainer: 0, opensLine: true, closesLine: true)
        var line = assembler.assemble(initial, span: span, slot: slot, top: 0, paragraphIndex: paragraphIndex)
        line = line.offsetBy(dx: 0, dy: baseline - line.baseline)
        let range = paragraph.storageOffset..<(paragraph.storageOffset + Int(paragraph.clusterStart[clusters]))
        line.characterRange = range
        for r in line.glyphRuns.indices { line.glyphRuns[r].characterRange = range }
        line.rect.size.width = line.usedRect.width
        line.containerIndex = containerIndex
        line.isLastLineOfParagraph = false
        line.isDropCap = true
        return line
    }
}
