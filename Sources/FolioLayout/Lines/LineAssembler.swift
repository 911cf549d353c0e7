/// Turns a chosen line — a span of a shaped paragraph — into a positioned
/// `LineFragment`: drops the spaces at its end, justifies, aligns, resolves tabs,
/// orders runs for display (bidi) and adds a hyphen or an ellipsis.
struct LineAssembler {
    /// How far spaces and glyphs may give when a line is justified.
    var parameters = TypesettingParameters.standard
    /// Where the attributes of expanded glyph runs are shared from; nil: each run makes its own.
    var expansions: DerivedAttributes? = nil

    /// Ascent and descent of the clusters `range` (the paragraph's base font when empty),
    /// and the height of the tallest attachment among them.
    func metrics(_ p: ShapedParagraph, _ range: Range<Int>) -> LineMetrics {
        guard !range.isEmpty else { return LineMetrics(ascent: p.baseFont.ascent, descent: p.baseFont.descent) }
        var ascent = 0.0, descent = 0.0, object = 0.0
        var r = Int(p.clusterRun[range.lowerBound])
        let last = Int(p.clusterRun[range.upperBound - 1])
        while r <= last {
            let run = p.runs[r]
            if let a = run.attachment {
                ascent = max(ascent, a.bounds.minY + a.bounds.height + run.baselineShift)
                descent = max(descent, -a.bounds.minY - run.baselineShift)
                object = max(object, a.bounds.height)
            } else {
                ascent = max(ascent, run.font.ascent + run.baselineShift)
                descent = max(descent, run.font.descent - run.baselineShift)
            }
            r += 1
        }
        return LineMetrics(ascent: ascent, descent: descent, objectHeight: object)
    }

    /// Ascent and descent of a line: of the clusters it shows (its spaces at the end do
    /// not make it taller), or of all of them when it shows none.
    func metrics(_ p: ShapedParagraph, _ span: LineSpan) -> LineMetrics {
        let end = visibleEnd(p, span)
        return metrics(p, end > span.start ? span.start..<end : span.start..<span.end)
    }

    /// The line's height from its natural height and the paragraph style. A maximum
    /// height bounds text, not pictures: a line holding an attachment taller than the
    /// bound grows to its natural height rather than draw the picture over the line above
    /// (TeX's `\lineskip` rule, where TextKit would clip).
    static func lineHeight(_ m: LineMetrics, style: ParagraphStyle) -> Double {
        var h = (m.ascent + m.descent) * (style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1)
        if style.minimumLineHeight > 0 { h = max(h, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { h = min(h, style.maximumLineHeight) }
        if m.objectHeight > h { h = max(h, m.ascent + m.descent) }
        return h
    }

    /// How far below a line's top its baseline is: the leading shared equally above and
    /// below the glyphs.
    static func baselineOffset(_ m: LineMetrics, height: Double) -> Double {
        (height - m.ascent - m.descent) / 2 + m.ascent
    }

    /// The clusters a line shows, without spaces at its end.
    func visibleEnd(_ p: ShapedParagraph, _ span: LineSpan) -> Int {
        var end = span.end
        while end > span.start, p.clusterFlags[end - 1].contains(.space) || p.clusterFlags[end - 1].contains(.lineSeparator) {
            end -= 1
        }
        return end
    }

    /// A synthetic glyph (hyphen, ellipsis) drawn in a run's font, and its text as UTF-8.
    typealias Symbol = (glyph: UInt32, width: Double, text: ArraySlice<UInt8>)
    /// The text of the two symbols, made once: a hyphenated line's run shares it.
    static let hyphenText = ArraySlice("-".utf8), ellipsisText = ArraySlice("\u{2026}".utf8)

    struct Segment {
        var run: Int
        var clusters: Range<Int>
        var level: UInt8
        /// A synthetic glyph (hyphen, ellipsis) drawn in `run`'s font.
        var symbol: Symbol? = nil
    }

    /// What a line shows: ranges of clusters, a hyphen or an ellipsis and where it goes,
    /// and the clusters cut off by truncation.
    struct ShownClusters {
        var ranges: ClusterRanges
        /// The index in `ranges` after which the symbol goes (-1: before the first).
        var symbolAt: Int? = nil
        var symbol: Symbol? = nil
        var truncated: Range<Int>? = nil
    }

    /// The one or two ranges of clusters a line shows (two when truncated in the middle),
    /// held inline: assembling a line makes no array for them.
    struct ClusterRanges: RandomAccessCollection {
        private var first: Range<Int>
        private var second: Range<Int>?

        init(_ range: Range<Int>) { first = range; second = nil }
        init(_ head: Range<Int>, _ tail: Range<Int>) { first = head; second = tail }

        var startIndex: Int { 0 }
        var endIndex: Int { second == nil ? 1 : 2 }
        subscript(index: Int) -> Range<Int> {
            precondition(index >= 0 && index < endIndex, "ClusterRanges index out of range")
            return index == 0 ? first : second!
        }
    }

    /// How a line's slack is taken up: extra width shared by its spaces (`spaceTotal`
    /// wide in all) and the scale of its glyphs (font expansion).
    struct Justification {
        var spaceExtra = 0.0
        var spaceTotal = 0.0
        var glyphScale = 1.0
        /// East Asian glue is set in this line (not in truncated ones), from this cluster
        /// on (the glue before a line's first cluster went with the break).
        var eastAsianFrom: Int? = nil
        /// Each East Asian glue opens by this share of its stretch (closes by this share
        /// of its shrink when negative).
        var gapRatio = 0.0
    }

    func assemble(_ p: ShapedParagraph, span: LineSpan, slot: LineSlot, top: Double, paragraphIndex: Int,
                  truncation: LineBreakMode? = nil) -> LineFragment {
        let n = p.clusterCount
        let first = span.start
        let end = visibleEnd(p, span)
        let lineMetrics = metrics(p, span)
        let (ascent, descent) = (lineMetrics.ascent, lineMetrics.descent)
        let height = LineAssembler.lineHeight(lineMetrics, style: p.style)
        let baseline = top + LineAssembler.baselineOffset(lineMetrics, height: height)

        let shown = shownClusters(p, span: span, visibleEnd: end, slot: slot, truncation: truncation)
        var leaders = Set<Int>()
        let tabWidth = p.hasTabs ? tabWidths(p, shown: shown.ranges, leadingIndent: slot.leadingIndent, lineWidth: slot.textWidth,
                                             leaders: &leaders) : [:]
        var natural = shown.ranges.reduce(0.0) { acc, r in r.reduce(acc) { $0 + (tabWidth[$1] ?? p.clusterWidth[$1]) } }
            + (shown.symbol?.width ?? 0)
        let eastAsian = p.eastAsian != nil && truncation == nil ? eastAsianGlue(p, shown: shown, span: span, visibleEnd: end) : nil
        if let eastAsian { natural += eastAsian.width }
        let mark = span.continuesLine ? p.continuationMark : nil
        var hang = protrusion(p, span: span, shown: shown, visibleEnd: end, truncated: truncation != nil || !tabWidth.isEmpty || mark != nil)
        // Into a margin only: beside an obstacle the line keeps to its fragment (and takes
        // up what the breaker counted on by setting its spaces a little closer).
        if !slot.hangsLeft { hang.left = 0 }
        if !slot.hangsRight { hang.right = 0 }
        var justification = justify(p, shown: shown, natural: &natural, span: span, width: slot.textWidth + hang.left + hang.right,
                                    truncation: truncation, hasTabs: !tabWidth.isEmpty, eastAsian: eastAsian)
        if eastAsian != nil { justification.eastAsianFrom = first }
        if mark != nil { natural += p.continuationMarkWidth }
        var x = lineStart(p, natural: natural, slot: slot) - hang.left
        let segments = visualOrder(logicalSegments(p, shown: shown, first: first))

        var runs: [GlyphRun] = []
        runs.reserveCapacity(segments.count + 1)
        let lineLeft = x
        if let mark {
            // A wrapped line of a code listing starts with the continuation mark; it stands
            // for no text of the storage (an empty range where the line starts).
            let at = p.storageOffset + (first < p.clusterCount ? Int(p.clusterStart[first]) : p.text.count)
            for r in mark.runs.indices where !mark.runs[r].clusterRange.isEmpty {
                var run = glyphRun(mark, segment: Segment(run: r, clusters: mark.runs[r].clusterRange, level: mark.runs[r].level),
                                   x: &x, baseline: baseline, tabWidth: [:], justification: Justification())
                run.characterRange = at..<at
                runs.append(run)
            }
        }
        for seg in segments {
            var run = glyphRun(p, segment: seg, x: &x, baseline: baseline, tabWidth: tabWidth, justification: justification)
            if !leaders.isEmpty { addLeaders(p, segment: seg, run: &run, leaders: leaders, tabWidth: tabWidth) }
            // Pango splits items where nothing drawn changes (a script boundary between
            // kanji and kana, an attribute only shaping sees): such neighbours are one run,
            // one call to the PDF writer instead of several.
            if let last = runs.last, LineAssembler.canJoin(last, run) { LineAssembler.join(&runs[runs.count - 1], run) } else { runs.append(consume run) }
        }

        let truncated = shown.truncated
        let startByte = first < n ? Int(p.clusterStart[first]) : p.text.count
        let endByte = span.next < n ? Int(p.clusterStart[span.next]) : p.text.count
        var result = LineFragment(
            rect: Rect(x: slot.rect.minX, y: top, width: slot.rect.width, height: height),
            usedRect: Rect(x: lineLeft, y: top, width: x - lineLeft, height: height),
            baseline: baseline,
            characterRange: (p.storageOffset + startByte)..<(p.storageOffset + max(startByte, endByte)),
            glyphRuns: runs, containerIndex: slot.containerIndex, paragraphIndex: paragraphIndex,
            isHyphenated: span.hyphenated && truncated == nil, isLastLineOfParagraph: span.next >= n || truncated != nil,
            truncatedRange: truncated.map { r in
                let lo = r.lowerBound < n ? Int(p.clusterStart[r.lowerBound]) : p.text.count
                let hi = r.upperBound < n ? Int(p.clusterStart[r.upperBound]) : p.text.count
                return (p.storageOffset + lo)..<(p.storageOffset + max(lo, hi))
            },
            ascent: ascent, descent: descent)
        if justification.spaceTotal > 0 {
            result.spaceScale = (justification.spaceTotal + justification.spaceExtra) / justification.spaceTotal
        }
        return result
    }

    /// Where the line's text starts, for its alignment and natural width.
    /// What the line's first and last marks hang into the margins (`CharacterProtrusion`),
    /// as the breaker counted it; nothing for a line cut short, with tabs or a mark.
    private func protrusion(_ p: ShapedParagraph, span: LineSpan, shown: ShownClusters, visibleEnd end: Int,
                            truncated: Bool) -> (left: Double, right: Double) {
        guard !truncated, shown.truncated == nil, CharacterProtrusion.applies(to: p, parameters: parameters) else { return (0, 0) }
        var left = 0.0, right = 0.0
        if span.start < p.clusterCount, shown.ranges.first?.lowerBound == span.start, shown.symbolAt != -1 {
            left = CharacterProtrusion.left(p, cluster: span.start, parameters: parameters)
        }
        // A paragraph's last line is not stretched to the margin: nothing to hang there.
        if !span.endsParagraphOrForced {
            if span.hyphenated, let symbol = shown.symbol {
                right = symbol.width * CharacterProtrusion.right(Unicode.Scalar(0x2D)) * parameters.protrusion
            } else if end > span.start {
                right = CharacterProtrusion.right(p, cluster: end - 1, parameters: parameters)
            }
        }
        return (left, right)
    }

    private func lineStart(_ p: ShapedParagraph, natural: Double, slot: LineSlot) -> Double {
        var x = slot.textX
        switch p.alignment {
        case .right: x += slot.textWidth - natural
        case .center: x += (slot.textWidth - natural) / 2
        // A justified line that is not filled (a paragraph's last) starts where the
        // paragraph's direction starts: on the right in right-to-left text.
        case .justified where p.baseLevel & 1 == 1: x += slot.textWidth - natural
        default: break
        }
        return x
    }

    /// The shown clusters as segments of one run each, in logical order, with the symbol
    /// as a segment of its own.
    private func logicalSegments(_ p: ShapedParagraph, shown: ShownClusters, first: Int) -> [Segment] {
        let n = p.clusterCount
        var segments: [Segment] = []
        for (i, range) in shown.ranges.enumerated() {
            if shown.symbolAt == -1 && i == 0, let s = shown.symbol {
                segments.append(Segment(run: Int(p.clusterRun[range.isEmpty ? first : range.lowerBound]), clusters: range.lowerBound..<range.lowerBound,
                                        level: p.baseLevel, symbol: s))
            }
            var c = range.lowerBound
            while c < range.upperBound {
                let r = Int(p.clusterRun[c])
                let upper = min(range.upperBound, p.runs[r].clusterRange.upperBound)
                segments.append(Segment(run: r, clusters: c..<upper, level: p.runs[r].level))
                c = upper
            }
            if shown.symbolAt == i, let s = shown.symbol {
                let anchor = range.isEmpty ? first : range.upperBound - 1
                let r = Int(p.clusterRun[min(max(anchor, 0), n - 1)])
                segments.append(Segment(run: r, clusters: range.upperBound..<range.upperBound, level: p.runs[r].level, symbol: s))
            }
        }
        return segments
    }

    /// The glyph run of one segment, placed from `x` (moved past it): glyphs expanded,
    /// spaces stretched, tabs widened to their stops.
    private func glyphRun(_ p: ShapedParagraph, segment seg: Segment, x: inout Double, baseline: Double,
                          tabWidth: [Int: Double], justification j: Justification) -> GlyphRun {
        let n = p.clusterCount
        let run = p.runs[seg.run]
        let runBaseline = baseline - run.baselineShift
        var glyphs: [UInt32] = [], positions: [Point] = [], clusters: [GlyphCluster] = []
        // East Asian glue before a cluster, opened or closed as the line's is; the glue
        // before a run goes before its bounds (an underline starts at its first glyph).
        func glue(before c: Int) -> Double {
            guard let from = j.eastAsianFrom, !run.isRightToLeft, let ea = p.eastAsian else { return 0 }
            // A line starting with an opening mark may give back its empty half.
            if c == from { return c > 0 ? -ea.lineStartTrim[c] : 0 }
            guard ea.hasGlue[c] else { return 0 }
            return ea.width[c] + j.gapRatio * (j.gapRatio < 0 ? ea.shrink[c] : ea.stretch[c])
        }
        if seg.symbol == nil, !seg.clusters.isEmpty { x += glue(before: seg.clusters.lowerBound) }
        if seg.symbol == nil, let group = p.uprightGroups[seg.run], let c = seg.clusters.first {
            return uprightRun(p, group: group, cluster: c, run: run, x: &x, baseline: baseline - run.baselineShift)
        }
        let startX = x
        var text: ArraySlice<UInt8>
        if let s = seg.symbol {
            glyphs = [s.glyph]; positions = [Point(x: x, y: runBaseline)]
            clusters = [GlyphCluster(byteCount: s.text.count, glyphCount: 1)]
            x += s.width
            text = s.text
        } else {
            glyphs.reserveCapacity(seg.clusters.count + 2); positions.reserveCapacity(seg.clusters.count + 2)
            clusters.reserveCapacity(seg.clusters.count)
            let rtl = run.isRightToLeft
            let hasTabs = !tabWidth.isEmpty
            for k in 0..<seg.clusters.count {
                let c = rtl ? seg.clusters.upperBound - 1 - k : seg.clusters.lowerBound + k
                let g0 = Int(p.clusterGlyphStart[c]), g1 = Int(p.clusterGlyphEnd[c])
                if k > 0 { x += glue(before: c) }
                let cx = x
                let scale = p.clusterFlags[c].contains(.space) ? 1 : j.glyphScale
                for g in g0..<g1 {
                    glyphs.append(p.glyphs[g])
                    positions.append(Point(x: x + p.xOffsets[g] * scale, y: runBaseline + p.yOffsets[g]))
                    x += p.advances[g] * scale
                }
                if hasTabs, let t = tabWidth[c] { x = cx + t }
                if j.spaceTotal > 0, p.clusterFlags[c].contains(.space) { x += j.spaceExtra * p.clusterWidth[c] / j.spaceTotal }
                clusters.append(GlyphCluster(byteCount: Int(p.clusterEnd[c] - p.clusterStart[c]), glyphCount: g1 - g0))
            }
            let bytes = Int(p.clusterStart[seg.clusters.lowerBound])..<Int(p.clusterEnd[seg.clusters.upperBound - 1])
            // The paragraph's bytes, shared. A run whose attributes cut a character in two
            // holds bytes that are not UTF-8 on their own (the renderer checks).
            text = p.text[bytes]
        }
        let charStart = p.storageOffset + (seg.clusters.isEmpty ? Int(p.clusterEnd[max(0, min(n - 1, seg.clusters.lowerBound - 1))])
                                            : Int(p.clusterStart[seg.clusters.lowerBound]))
        let charEnd = p.storageOffset + (seg.clusters.isEmpty ? charStart - p.storageOffset : Int(p.clusterEnd[seg.clusters.upperBound - 1]))
        let asc = run.attachment.map { $0.bounds.minY + $0.bounds.height } ?? run.font.ascent
        let desc = run.attachment.map { -$0.bounds.minY } ?? run.font.descent
        var dots: [Point] = [], dotRadius = 0.0
        if seg.symbol == nil, run.attachment == nil, p.style.eastAsian.italicIdeographs == .dots, p.eastAsian != nil,
           (run.attributes.font?.style ?? .normal) != .normal, !run.font.isUprightInVerticalText {
            // Italic emphasis on ideographs: a dot under each (着重号), centred on its em.
            let size = run.font.size
            dotRadius = 0.06 * size
            for c in seg.clusters {
                let k = EastAsianCharacter.of(EastAsianCharacter.scalar(in: p.text, at: Int(p.clusterStart[c])), style: .simplified)
                guard k == .ideograph, let i = glyphIndex(of: c, in: seg, p) else { continue }
                dots.append(Point(x: positions[i].x + p.clusterWidth[c] / 2, y: runBaseline + 0.2 * size))
            }
        }
        var attachment: TextAttachment? = nil, attachmentRect: Rect? = nil
        if let a = run.attachment, seg.symbol == nil {
            attachment = a
            glyphs = []; positions = []; clusters = []
            attachmentRect = Rect(x: startX + a.bounds.minX, y: runBaseline - a.bounds.minY - a.bounds.height,
                                  width: a.bounds.width, height: a.bounds.height)
        }
        // Made in the return value's place, with no copy of it (a copy retains each array).
        return GlyphRun(font: run.font, glyphs: glyphs, positions: positions,
                        characterRange: charStart..<max(charStart, charEnd), utf8Text: text, clusters: clusters,
                        attributes: j.glyphScale == 1 ? run.attributes : expanded(run.attributes, by: j.glyphScale),
                        isRightToLeft: run.isRightToLeft,
                        bounds: Rect(x: startX, y: runBaseline - asc, width: x - startX, height: asc + desc),
                        baseline: runBaseline, attachment: attachment, attachmentRect: attachmentRect,
                        emphasisDots: dots, emphasisDotRadius: dotRadius)
    }

    /// Whether `b` may be drawn as the continuation of `a`: the same font and attributes,
    /// the same baseline, the text continuing (a hyphen or ellipsis stays a run of its
    /// own), both plain glyphs left to right.
    static func canJoin(_ a: GlyphRun, _ b: GlyphRun) -> Bool {
        a.font === b.font && a.baseline == b.baseline && !a.characterRange.isEmpty && !b.characterRange.isEmpty
            && a.characterRange.upperBound == b.characterRange.lowerBound
            && !a.isRightToLeft && !b.isRightToLeft && a.attachment == nil && b.attachment == nil
            && a.uprightCentre == nil && b.uprightCentre == nil && !a.glyphs.isEmpty && !b.glyphs.isEmpty
            && a.emphasisDotRadius == b.emphasisDotRadius && a.attributes == b.attributes
    }

    /// `b` appended to `a` (see `canJoin`).
    static func join(_ a: inout GlyphRun, _ b: GlyphRun) {
        a.glyphs += b.glyphs
        a.positions += b.positions
        a.clusters += b.clusters
        a.utf8Text += b.utf8Text
        a.characterRange = a.characterRange.lowerBound..<b.characterRange.upperBound
        a.emphasisDots += b.emphasisDots
        let top = min(a.bounds.minY, b.bounds.minY), bottom = max(a.bounds.minY + a.bounds.height, b.bounds.minY + b.bounds.height)
        a.bounds = Rect(x: a.bounds.minX, y: top, width: b.bounds.minX + b.bounds.width - a.bounds.minX, height: bottom - top)
    }

    /// A tate-chū-yoko group's run: its em of the line from `x`, the digits centred in it,
    /// narrowed to nine tenths of the em when wider.
    private func uprightRun(_ p: ShapedParagraph, group: UprightGroup, cluster c: Int, run: ShapedParagraph.Run,
                            x: inout Double, baseline: Double) -> GlyphRun {
        let em = p.clusterWidth[c]
        let scale = min(1, 0.9 * em / max(group.width, 1e-9))
        let centre = Point(x: x + em / 2, y: baseline)
        // Across the line, upright: centred on the em, the digits' baseline a little below
        // its middle (their ink is about 0.7 em tall).
        let positions = group.offsets.map { Point(x: $0 * scale - group.width * scale / 2, y: 0.35 * group.font.size) }
        let attributes = scale < 1 ? DerivedAttributes.scaling(run.attributes, by: scale) : run.attributes
        let bytes = Int(p.clusterStart[c])..<Int(p.clusterEnd[c])
        var glyphRun = GlyphRun(font: group.font, glyphs: group.glyphs, positions: positions,
                                characterRange: (p.storageOffset + bytes.lowerBound)..<(p.storageOffset + bytes.upperBound),
                                utf8Text: p.text[bytes],
                                clusters: [GlyphCluster(byteCount: bytes.count, glyphCount: group.glyphs.count)],
                                attributes: attributes, isRightToLeft: false,
                                bounds: Rect(x: x, y: baseline - em / 2, width: em, height: em),
                                baseline: baseline, attachment: nil, attachmentRect: nil)
        glyphRun.uprightCentre = centre
        x += em
        return glyphRun
    }

    /// Where cluster `c`'s first glyph is in the glyph run made of `seg` (left to right).
    private func glyphIndex(of c: Int, in seg: Segment, _ p: ShapedParagraph) -> Int? {
        guard !p.runs[seg.run].isRightToLeft, seg.clusters.contains(c) else { return nil }
        return Int(p.clusterGlyphStart[c]) - Int(p.clusterGlyphStart[seg.clusters.lowerBound])
    }

    private func expanded(_ a: TextAttributes, by scale: Double) -> TextAttributes {
        expansions?.scaling(a, by: scale) ?? DerivedAttributes.scaling(a, by: scale)
    }
}
