/// How tall a line's content is.
struct LineMetrics {
    var ascent: Double
    var descent: Double
    /// The tallest attachment on the line (0 when none).
    var objectHeight = 0.0
}

/// Turns a chosen line — a span of a shaped paragraph — into a positioned
/// `LineFragment`: drops the spaces at its end, justifies, aligns, resolves tabs,
/// orders runs for display (bidi) and adds a hyphen or an ellipsis.
struct LineAssembler {
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

    /// The clusters a line shows, without spaces at its end.
    func visibleEnd(_ p: ShapedParagraph, _ span: LineSpan) -> Int {
        var end = span.end
        while end > span.start, p.clusterFlags[end - 1].contains(.space) || p.clusterFlags[end - 1].contains(.lineSeparator) {
            end -= 1
        }
        return end
    }

    private struct Segment {
        var run: Int
        var clusters: Range<Int>
        var level: UInt8
        /// A synthetic glyph (hyphen, ellipsis) drawn in `run`'s font.
        var symbol: (glyph: UInt32, width: Double, text: String)? = nil
    }

    func assemble(_ p: ShapedParagraph, span: LineSpan, slot: LineSlot, top: Double, paragraphIndex: Int,
                  truncation: LineBreakMode? = nil) -> LineFragment {
        let n = p.clusterCount
        let first = span.start
        let end = visibleEnd(p, span)
        let style = p.style
        let lineMetrics = metrics(p, span)
        let (ascent, descent) = (lineMetrics.ascent, lineMetrics.descent)
        let height = LineAssembler.lineHeight(lineMetrics, style: style)
        let baseline = top + (height - ascent - descent) / 2 + ascent

        // Which clusters are shown, and where a hyphen or ellipsis goes.
        var shown: [Range<Int>] = [first..<end]
        var symbolAt: Int? = nil          // index in `shown` after which the symbol goes
        var symbol: (glyph: UInt32, width: Double, text: String)? = nil
        var truncated: Range<Int>? = nil
        if span.hyphenated, end > first {
            let font = p.runs[Int(p.clusterRun[end - 1])].font
            let h = font.hyphen
            symbol = (h.glyph, h.width, "-"); symbolAt = 0
        }
        if truncation == .clip, end > first {
            // Clipped: the clusters that fit, nothing to mark the cut.
            var keep = first, w = 0.0
            while keep < end, w + p.clusterWidth[keep] <= slot.textWidth + 1e-6 { w += p.clusterWidth[keep]; keep += 1 }
            if keep < end {
                shown = [first..<keep]
                truncated = keep..<n
            }
        } else if let mode = truncation, end > first {
            let font = p.runs[Int(p.clusterRun[first])].font
            let e = font.ellipsis
            let total = (first..<end).reduce(0.0) { $0 + p.clusterWidth[$1] }
            if total > slot.textWidth + 1e-6 {
                let room = max(0, slot.textWidth - e.width)
                var keepHead = first, keepTail = end
                switch mode {
                case .truncateHead:
                    var w = 0.0
                    while keepTail > first, w + p.clusterWidth[keepTail - 1] <= room { w += p.clusterWidth[keepTail - 1]; keepTail -= 1 }
                    keepHead = first
                    shown = [keepTail..<end]
                    truncated = first..<keepTail
                    symbolAt = -1
                case .truncateMiddle:
                    var w = 0.0, a = first, b = end
                    var takeHead = true
                    while a < b {
                        let c = takeHead ? a : b - 1
                        if w + p.clusterWidth[c] > room { break }
                        w += p.clusterWidth[c]
                        if takeHead { a += 1 } else { b -= 1 }
                        takeHead.toggle()
                    }
                    keepHead = a; keepTail = b
                    shown = [first..<keepHead, keepTail..<end]
                    truncated = keepHead..<keepTail
                    symbolAt = 0
                default:
                    var w = 0.0
                    while keepHead < end, w + p.clusterWidth[keepHead] <= room { w += p.clusterWidth[keepHead]; keepHead += 1 }
                    // Do not leave a space before the ellipsis.
                    while keepHead > first, p.clusterFlags[keepHead - 1].contains(.space) { keepHead -= 1 }
                    shown = [first..<keepHead]
                    truncated = keepHead..<n
                    symbolAt = 0
                }
                symbol = (e.glyph, e.width, "\u{2026}")
            } else if span.next < n || mode == .truncateTail {
                // The text went on beyond this line: mark the cut at the end.
                if span.next < n {
                    var keepHead = end
                    var w = total
                    while keepHead > first, w + e.width > slot.textWidth { keepHead -= 1; w -= p.clusterWidth[keepHead] }
                    shown = [first..<keepHead]
                    truncated = keepHead..<n
                    symbol = (e.glyph, e.width, "\u{2026}"); symbolAt = 0
                }
            }
        }

        // Tabs: each tab cluster takes the width that brings the text after it to its stop.
        var tabWidth: [Int: Double] = [:]
        if p.hasTabs {
            var x = 0.0
            for range in shown {
                var c = range.lowerBound
                while c < range.upperBound {
                    if p.clusterFlags[c].contains(.tab) {
                        var segEnd = c + 1
                        while segEnd < range.upperBound, !p.clusterFlags[segEnd].contains(.tab) { segEnd += 1 }
                        let w = resolveTab(p, at: x, leadingIndent: slot.leadingIndent, following: (c + 1)..<segEnd)
                        tabWidth[c] = w
                        x += w
                    } else {
                        x += p.clusterWidth[c]
                    }
                    c += 1
                }
            }
        }
        func width(_ c: Int) -> Double { tabWidth[c] ?? p.clusterWidth[c] }
        var natural = shown.reduce(0.0) { acc, r in r.reduce(acc) { $0 + width($1) } } + (symbol?.width ?? 0)

        // Justification: stretch (or shrink) the spaces, never on a paragraph's last line.
        var spaceExtra = 0.0
        var spaceTotal = 0.0
        let alignment = p.alignment
        // A justified paragraph's last line may still need to shrink to fit (the breaker
        // allows it); it is never stretched.
        let stretches = alignment == .justified && !span.endsParagraphOrForced && truncated == nil
        let shrinks = alignment == .justified && natural > slot.textWidth
        var glyphScale = 1.0
        if stretches || shrinks, truncation == nil, tabWidth.isEmpty {
            var glyphTotal = 0.0
            for r in shown {
                for c in r {
                    if p.clusterFlags[c].contains(.space) { spaceTotal += p.clusterWidth[c] } else { glyphTotal += p.clusterWidth[c] }
                }
            }
            // Share the slack between the spaces and the glyphs' expansion in proportion
            // to what each can give, as the breaker assumed; glyphs go no further than
            // their limit, the spaces take the rest.
            let extra = slot.textWidth - natural
            let spacing = BreakItems.Spacing.standard
            let spaceGive = spaceTotal * (extra > 0 ? spacing.stretchRatio : spacing.shrinkRatio)
            let glyphGive = glyphTotal * spacing.expansion
            if spaceTotal > 0 || glyphGive > 0 {
                var glyphShare = spaceGive + glyphGive > 0 ? extra * glyphGive / (spaceGive + glyphGive) : 0
                glyphShare = max(-glyphGive, min(glyphGive, glyphShare))
                if spaceTotal == 0 { glyphShare = max(-glyphGive, min(glyphGive, extra)) }
                if glyphTotal > 0 {
                    // Expansion comes in steps of a quarter percent, as pdfTeX's does: each
                    // step is one more scaled font to draw with, not one per line.
                    let step = 0.0025
                    glyphScale = 1 + ((glyphShare / glyphTotal) / step).rounded(.towardZero) * step
                    glyphShare = (glyphScale - 1) * glyphTotal
                }
                spaceExtra = spaceTotal > 0 ? extra - glyphShare : 0
                natural += glyphShare
            }
        }
        if spaceTotal > 0 { natural += spaceExtra }
        var x = slot.textX
        switch alignment {
        case .right: x += slot.textWidth - natural
        case .center: x += (slot.textWidth - natural) / 2
        // A justified line that is not filled (a paragraph's last) starts where the
        // paragraph's direction starts: on the right in right-to-left text.
        case .justified where p.baseLevel & 1 == 1: x += slot.textWidth - natural
        default: break
        }

        // Segments in logical order, then in visual order.
        var segments: [Segment] = []
        for (i, range) in shown.enumerated() {
            if symbolAt == -1 && i == 0, let s = symbol {
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
            if symbolAt == i, let s = symbol {
                let anchor = range.isEmpty ? first : range.upperBound - 1
                let r = Int(p.clusterRun[min(max(anchor, 0), n - 1)])
                segments.append(Segment(run: r, clusters: range.upperBound..<range.upperBound, level: p.runs[r].level, symbol: s))
            }
        }
        segments = visualOrder(segments)

        var runs: [GlyphRun] = []
        runs.reserveCapacity(segments.count)
        let lineLeft = x
        for seg in segments {
            let run = p.runs[seg.run]
            let runBaseline = baseline - run.baselineShift
            var glyphs: [UInt32] = [], positions: [Point] = [], clusters: [GlyphCluster] = []
            let startX = x
            var text: String
            if let s = seg.symbol {
                glyphs = [s.glyph]; positions = [Point(x: x, y: runBaseline)]
                clusters = [GlyphCluster(byteCount: s.text.utf8.count, glyphCount: 1)]
                x += s.width
                text = s.text
            } else {
                glyphs.reserveCapacity(seg.clusters.count + 2); positions.reserveCapacity(seg.clusters.count + 2)
                clusters.reserveCapacity(seg.clusters.count)
                let rtl = run.isRightToLeft
                for k in 0..<seg.clusters.count {
                    let c = rtl ? seg.clusters.upperBound - 1 - k : seg.clusters.lowerBound + k
                    let g0 = Int(p.clusterGlyphStart[c]), g1 = Int(p.clusterGlyphEnd[c])
                    let cx = x
                    let scale = p.clusterFlags[c].contains(.space) ? 1 : glyphScale
                    for g in g0..<g1 {
                        glyphs.append(p.glyphs[g])
                        positions.append(Point(x: x + p.xOffsets[g] * scale, y: runBaseline + p.yOffsets[g]))
                        x += p.advances[g] * scale
                    }
                    if let t = tabWidth[c] { x = cx + t }
                    if spaceTotal > 0, p.clusterFlags[c].contains(.space) { x += spaceExtra * p.clusterWidth[c] / spaceTotal }
                    clusters.append(GlyphCluster(byteCount: Int(p.clusterEnd[c] - p.clusterStart[c]), glyphCount: g1 - g0))
                }
                let bytes = Int(p.clusterStart[seg.clusters.lowerBound])..<Int(p.clusterEnd[seg.clusters.upperBound - 1])
                text = String(decoding: p.text[bytes], as: UTF8.self)
            }
            let charStart = p.storageOffset + (seg.clusters.isEmpty ? Int(p.clusterEnd[max(0, min(n - 1, seg.clusters.lowerBound - 1))])
                                                : Int(p.clusterStart[seg.clusters.lowerBound]))
            let charEnd = p.storageOffset + (seg.clusters.isEmpty ? charStart - p.storageOffset : Int(p.clusterEnd[seg.clusters.upperBound - 1]))
            let asc = run.attachment.map { $0.bounds.minY + $0.bounds.height } ?? run.font.ascent
            let desc = run.attachment.map { -$0.bounds.minY } ?? run.font.descent
            var glyphRun = GlyphRun(font: run.font, glyphs: glyphs, positions: positions,
                                    characterRange: charStart..<max(charStart, charEnd), text: text, clusters: clusters,
                                    attributes: glyphScale == 1 ? run.attributes : expanded(run.attributes, by: glyphScale),
                                    isRightToLeft: run.isRightToLeft,
                                    bounds: Rect(x: startX, y: runBaseline - asc, width: x - startX, height: asc + desc),
                                    baseline: runBaseline, attachment: nil, attachmentRect: nil)
            if let a = run.attachment, seg.symbol == nil {
                glyphRun.attachment = a
                glyphRun.glyphs = []; glyphRun.positions = []; glyphRun.clusters = []
                glyphRun.attachmentRect = Rect(x: startX + a.bounds.minX, y: runBaseline - a.bounds.minY - a.bounds.height,
                                               width: a.bounds.width, height: a.bounds.height)
            }
            runs.append(glyphRun)
        }

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
        if spaceTotal > 0 { result.spaceScale = (spaceTotal + spaceExtra) / spaceTotal }
        return result
    }

    private func expanded(_ a: TextAttributes, by scale: Double) -> TextAttributes {
        var a = a
        a.expansion = (a.expansion ?? 1) * scale
        return a
    }

    /// The width a tab at `x` (from the text area's start) takes, given the clusters
    /// that follow it up to the next tab.
    private func resolveTab(_ p: ShapedParagraph, at x: Double, leadingIndent: Double, following: Range<Int>) -> Double {
        let style = p.style
        let stops = style.tabStops.sorted { $0.location < $1.location }
        let lineX = x + leadingIndent
        var segment = 0.0
        for c in following { segment += p.clusterWidth[c] }
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
                    before += p.clusterWidth[c]
                }
            }
            return max(0, stop.location - lineX - before)
        }
        let interval = style.defaultTabInterval > 0 ? style.defaultTabInterval : 36
        let next = ((lineX / interval).rounded(.down) + 1) * interval
        return max(0, next - lineX)
    }

    /// Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse
    /// every maximal sequence of segments at that level or higher.
    private func visualOrder(_ segments: [Segment]) -> [Segment] {
        guard let maxLevel = segments.map(\.level).max(), maxLevel > 0 else { return segments }
        let minOdd = segments.map(\.level).filter { $0 & 1 == 1 }.min() ?? maxLevel
        var result = segments
        var level = maxLevel
        while level >= minOdd && level > 0 {
            var i = 0
            while i < result.count {
                if result[i].level >= level {
                    var j = i
                    while j < result.count, result[j].level >= level { j += 1 }
                    result[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return result
    }
}
