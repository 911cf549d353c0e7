// The flow: where each line goes (the cursor moving through containers and their
// exclusion bands), and the placement of one paragraph's lines.

extension LayoutManager {
    /// Container `index`. Past the end of the chain, when `ask` is false (predicting
    /// where lines will go), the last container stands in for the ones the delegate has
    /// yet to give: pages of a document are mostly alike, and a wrong guess only costs
    /// breaking that paragraph again when it is placed.
    func container(at index: Int, ask: Bool) -> TextContainer? {
        if index < textContainers.count { return textContainers[index] }
        if !ask, let last = textContainers.last { return last }
        guard index == textContainers.count,
              let c = delegate?.layoutManager(self, containerAfter: textContainers.last, for: pendingRequest) else { return nil }
        pendingRequest.breakBefore = .none
        c.owner = self
        textContainers.append(c)
        return c
    }

    /// The next place a line of `height` can go, moving the cursor on to the next band
    /// or container as needed; nil when the chain is exhausted.
    /// `footNeed` gives the room, in a container, that notes referenced in the line
    /// need at its foot besides the notes already there (`LayoutManager+Footnotes.swift`).
    /// With a baseline grid (`TypesettingParameters.baselineGrid`), a line's top is moved
    /// down to the grid.
    func nextSlot(_ c: inout FlowCursor, height: Double, style: ParagraphStyle, firstLine: Bool, rtl: Bool,
                  ask: Bool, footNeed: ((Int) -> Double)? = nil) -> LineSlot? {
        var emptyContainers = 0
        while true {
            guard let container = container(at: c.containerIndex, ask: ask) else { return nil }
            let content = container.contentRect
            if c.band.isEmpty {
                // Floating blocks at the top of the column push its first line down.
                let top = content.minY + (floatReserves.isEmpty ? 0 : topFloatReserve(c.containerIndex))
                if c.linesInContainer == 0 && c.y < top { c.y = top }
                if typesetting.baselineGrid > 0, c.y.isFinite {
                    // The grid runs from the container's top, a step apart: a line starts on
                    // the first grid line at or below where it would, so the body's lines
                    // (a step tall) keep their baselines in line across columns and pages
                    // whatever headings, spacing and blocks come between. The line's top, not
                    // its baseline, is snapped: a bold or italic face's slightly other ascent
                    // must not push a line a whole step down.
                    let step = typesetting.baselineGrid
                    c.y = content.minY + ((c.y - content.minY) / step - 1e-6).rounded(.up) * step
                }
                let full = container.maximumNumberOfLines > 0 && c.linesInContainer >= container.maximumNumberOfLines
                // Notes and floating blocks at the foot take their room from the bottom of the column.
                let foot = footReserve(c.containerIndex) + (footNeed?(c.containerIndex) ?? 0)
                    + (floatReserves.isEmpty ? 0 : bottomFloatReserve(c.containerIndex))
                // A line referencing notes needs them below any block the text runs beside.
                var lowest = c.y + height
                if footNeed != nil, !floatPieces.isEmpty { lowest = max(lowest, besideBottom(c.containerIndex)) }
                let overflows = lowest > content.maxY - foot + 1e-6
                let emptyContainer = c.linesInContainer == 0 && c.y <= content.minY + 1e-6
                if full || (overflows && !(emptyContainer && height + foot > content.height && content.height > 0)) {
                    // Containers left without a single line (too small, or blocked all
                    // over by exclusions): a few in a row and the text cannot be placed.
                    if c.linesInContainer == 0 { emptyContainers += 1 }
                    if emptyContainers > 2 { return nil }
                    c = FlowCursor(containerIndex: c.containerIndex + 1, y: -.infinity, linesInContainer: 0)
                    continue
                }
                let h = min(height, max(content.height, 0.001))
                let proposed = Rect(x: content.minX, y: c.y, width: content.width, height: h)
                if container.isSimpleRectangle {
                    c.band = container.plainFragment(proposed: proposed).map { LineBand($0) } ?? []
                } else {
                    c.band = LineBand(container.lineFragmentRects(proposed: proposed))
                }
                if !floatPieces.isEmpty, !c.band.isEmpty {
                    c.band = LineBand(wrapping(c.band.rects, container: c.containerIndex, minimumWidth: container.minimumFragmentWidth))
                }
                c.bandIndex = 0
                c.bandHeight = 0
                if c.band.isEmpty {
                    // Blocked all across (an obstacle spans the container): move down.
                    c.y += max(1, height / 2)
                    if c.y > content.maxY { c.y = content.maxY + 1 }
                    continue
                }
            }
            let rect = c.band[c.bandIndex]
            let opens = c.bandIndex == 0, closes = c.bandIndex == c.band.count - 1
            let area = LineSlot.textArea(rectWidth: rect.width, contentWidth: content.width, padding: container.lineFragmentPadding,
                                         style: style, firstLine: firstLine, opens: opens, closes: closes, rtl: rtl)
            return LineSlot(containerIndex: c.containerIndex, rect: rect, textX: rect.minX + area.x, textWidth: area.width,
                            leadingIndent: area.leadingIndent, lineInContainer: c.linesInContainer, opensLine: opens, closesLine: closes,
                            hangsLeft: rect.minX <= content.minX + 1e-6, hangsRight: rect.maxX >= content.maxX - 1e-6)
        }
    }

    /// Moves the cursor past the fragment just filled; after a band's last fragment, down
    /// by the band's height.
    func advance(_ c: inout FlowCursor, after slot: LineSlot, height: Double, lineSpacing: Double) {
        c.bandHeight = max(c.bandHeight, height)
        c.bandIndex += 1
        if slot.closesLine || c.bandIndex >= c.band.count {
            c.y += c.bandHeight + lineSpacing
            c.linesInContainer += 1
            c.band = []; c.bandIndex = 0; c.bandHeight = 0
        }
    }

    func layoutNextParagraph() {
        let index = records.count
        if expectsMoreText { supplyText(beyond: index) }
        guard index < textStorage.paragraphCount else { finish(); return }
        var p = shapedParagraph(index)
        if p.style.textBlockCount > 0 { return layoutTable(at: index, first: p) }
        paragraphsLaidOut += 1
        records.append(ParagraphRecord(cursor: cursor, firstFragment: forgottenFragments + fragments.count, tableStart: index))
        var style = p.style
        let rtl = p.baseLevel & 1 == 1
        pendingRequest = ContainerRequest(characterIndex: p.storageOffset, breakBefore: .none)
        let breakBefore = keptParagraphs.contains(index) ? .container : style.breakBefore
        if breakBefore != .none, cursor.linesInContainer > 0 || !cursor.band.isEmpty {
            // Never leaves an empty container: at the top of one, there is nothing to break.
            cursor = FlowCursor(containerIndex: cursor.containerIndex + 1, y: -.infinity, linesInContainer: 0)
            pendingRequest.breakBefore = breakBefore
        }
        if p.hasMissingGlyphs {
            warnings.append(LayoutWarning(characterRange: textStorage.paragraphRange(at: index),
                                          message: "no installed font has glyphs for some of these characters; they show as boxes"
                                            + (p.missesEastAsianFont ? " (Chinese, Japanese and Korean text needs Debian's fonts-noto-cjk: scripts/install-deps.sh installs it)" : "")))
        }
        for message in p.fontSubstitutions where !warnings.contains(where: { $0.message == message }) {
            warnings.append(LayoutWarning(characterRange: textStorage.paragraphRange(at: index), message: message, kind: .fontSubstitution))
        }
        if cursor.linesInContainer > 0 || !cursor.band.isEmpty { cursor.y += style.paragraphSpacingBefore }

        let baseMetrics = assembler.metrics(p, 0..<0)
        let nominal = LineAssembler.lineHeight(baseMetrics, style: style)
        let n = p.clusterCount
        let paragraphEnd = textStorage.paragraphRange(at: index).upperBound
        let mode = style.lineBreakMode
        let references = footnoteReferences(in: textStorage.paragraphRange(at: index))
        // A drop cap takes the paragraph's first letter out of its lines and indents the
        // lines it spans, which stay together (at least as many lines before a break).
        let dropCap = style.dropCapLines > 1 && mode == .wordWrap
            ? DropCap(p, lines: style.dropCapLines, step: nominal + style.lineSpacing, defaults: defaults,
                      setLine: { [unowned self] text, attributes in self.lineOnItsOwn(text, attributes: attributes, paragraphIndex: index) })
            : nil
        if let dropCap {
            style.orphans = max(style.orphans, min(dropCap.lines, 10))
            // The letter stands where the lines beside it start: no first-line indent.
            style.firstLineHeadIndent = style.headIndent
        }
        /// Line `k` of the paragraph as the drop cap narrows it.
        func besideDropCap(_ slot: LineSlot, line k: Int) -> LineSlot {
            guard let dropCap, k < dropCap.lines else { return slot }
            var s = slot
            s.textX += dropCap.indent
            s.textWidth = max(1, s.textWidth - dropCap.indent)
            s.leadingIndent += dropCap.indent
            s.hangsLeft = false
            return s
        }

        var start = dropCap?.clusters ?? 0
        // Where the drop cap's last line ends: a shorter paragraph leaves the room below it.
        var dropCapFoot: (container: Int, y: Double)? = nil
        var firstLine = true
        var placedAny = false
        // After a misprediction: the real slot of the first line to break (its width, and
        // whether punctuation may hang at its ends), and how often that has happened at
        // this line (bounded, so layout always moves on).
        var firstSlot: LineSlot? = nil
        var retries = 0
        // How often images sized to their column were fitted again (bounded likewise).
        var refits = 0
        // How often a fragment too narrow for the next word was passed over (bounded).
        var skips = 0
        // The container of each line placed so far, for widows and orphans.
        var placedContainers: [Int] = []
        // The text width of each line placed, kept once the paragraph is set (`setWidths`).
        var placedWidths: [Double] = []
        let keepsLines = !mode.truncates && mode != .clip && (style.orphans > 1 || style.widows > 1)
        breaking: while true {
            // Predict where the lines go, at the nominal height, to know their widths.
            let prediction = LinePrediction(cursor: cursor)
            let override = firstSlot
            // What the callbacks read, as it stands for this breaking: copies, so that they
            // capture values (one context each) and not variables (a box each).
            let lineStyle = style, firstLineHere = firstLine, placedBefore = placedContainers.count
            let widths = LineBreaker.Widths(width: { [unowned self] k in
                if k == 0, let override { return override.textWidth }
                while prediction.slots.count <= k {
                    // Past the last place a line can go, lines keep the last width (placing
                    // them will report the text as unplaced).
                    if prediction.chainEnds { return prediction.slots.last?.textWidth ?? 1e9 }
                    guard let s = self.nextSlot(&prediction.cursor, height: nominal, style: lineStyle,
                                                firstLine: firstLineHere && prediction.slots.isEmpty, rtl: rtl, ask: false) else {
                        prediction.chainEnds = true
                        return prediction.slots.last?.textWidth ?? 1e9
                    }
                    // Room for a paragraph's usual lines at once, not grown into from one.
                    if prediction.slots.isEmpty { prediction.slots.reserveCapacity(16) }
                    prediction.slots.append(besideDropCap(s, line: placedBefore + prediction.slots.count))
                    self.advance(&prediction.cursor, after: s, height: nominal, lineSpacing: lineStyle.lineSpacing)
                }
                let slot = prediction.slots[k]
                return (mode == .clip || (mode.truncates && self.isSingleLine(slot))) ? 1e12 : slot.textWidth
            }, uniformFrom: max(unhyphenatedLines[index].map { max(uniformFrom(firstLine: firstLine), $0 - placedContainers.count + 2) }
                ?? uniformFrom(firstLine: firstLine),
                // The lines beside a drop cap are narrower than the rest: told apart.
                (dropCap?.lines ?? 0) - placedContainers.count + 1),
               // Lines before it are told apart (above), so the breaker knows which line this is.
               unhyphenatedLine: unhyphenatedLines[index].map { $0 - placedContainers.count },
               // Punctuation hangs only where a line meets the column's edge (not beside an
               // obstacle, a wrapped block or a drop cap): the breaker counts the room there only.
               // The first line's own slot when it was placed already, whatever lines were
               // predicted before this is asked (the breaker may ask in any order).
               hangs: { k in
                   if k == 0, let override { return (override.hangsLeft, override.hangsRight) }
                   return k < prediction.slots.count ? (prediction.slots[k].hangsLeft, prediction.slots[k].hangsRight) : (true, true)
               })
            let spans: [LineSpan]
            let lineChanges = looseLines[index] ?? []
            if start == 0, firstLine, unhyphenatedLines[index] == nil, lineChanges.isEmpty, let spec = p.speculation,
               spec.widths.indices.allSatisfy({ abs(widths.width($0) - spec.widths[$0]) < 1e-9 }) {
                // The worker thread broke this paragraph for the widths it gets here.
                spans = spec.spans
            } else {
                spans = Typesetter(parameters: typesetting).lines(p, from: start, widths: widths, lineChanges: lineChanges)
            }
            // Room for the lines about to be placed, made once rather than grown into.
            placedContainers.reserveCapacity(placedContainers.count + spans.count)
            placedWidths.reserveCapacity(placedWidths.count + spans.count)

            for (k, span) in spans.enumerated() {
                if let limit = widowBreaks[index], placedContainers.count == limit, let last = placedContainers.last,
                   cursor.containerIndex == last {
                    // Laid out again for its widows: the container break comes here.
                    cursor = FlowCursor(containerIndex: last + 1, y: -.infinity, linesInContainer: 0)
                }
                let m = assembler.metrics(p, span)
                let height = n == 0 ? nominal : LineAssembler.lineHeight(m, style: style)
                var probe = cursor
                pendingRequest.characterIndex = p.storageOffset + (span.start < n ? Int(p.clusterStart[span.start]) : 0)
                // Notes referenced in the line: it goes where the first one can start below it.
                var notes: [Footnote] = []
                if !references.isEmpty {
                    let lineEnd = span.end < n ? p.storageOffset + Int(p.clusterStart[span.end]) : paragraphEnd
                    notes = unplacedNotes(references, in: pendingRequest.characterIndex..<lineEnd)
                }
                guard let nextPlace = nextSlot(&probe, height: height, style: style, firstLine: firstLine && k == 0,
                                          rtl: rtl, ask: true,
                                          footNeed: notes.isEmpty ? nil : { [unowned self] c in self.minimumFootNeed(notes, container: c) }) else {
                    markUnplaced(from: p.storageOffset + (span.start < n ? Int(p.clusterStart[span.start]) : p.text.count))
                    return
                }
                let slot = besideDropCap(nextPlace, line: placedContainers.count)
                if k == 0, start == (dropCap?.clusters ?? 0), firstLine, p.hasSizedAttachments, refits < 3,
                   let column = column(forShaping: slot.containerIndex),
                   AttachmentRoom(columnWidth: column.width, padding: column.padding, style: style) != p.attachmentRoom {
                    // Images sized to their column were fitted to another (or to none): fit
                    // them to the column the paragraph has landed in and break it again.
                    refits += 1
                    p = BackgroundWorker.shape(paragraph: index, of: textStorage, defaults: defaults, typesetting: typesetting,
                                               column: column, context: context)
                    if slot.containerIndex > cursor.containerIndex {
                        // Sized for the column the flow is in, it did not fit there; sized
                        // for a narrower next one it might fit back, and bounce. It goes
                        // to the top of the column it is now fitted for.
                        cursor = FlowCursor(containerIndex: slot.containerIndex, y: -.infinity, linesInContainer: 0)
                    }
                    continue breaking
                }
                // The width the line was broken for (none known for an empty paragraph's line).
                let expected = k == 0 ? (firstSlot?.textWidth ?? prediction.slots.first?.textWidth)
                    : (k < prediction.slots.count ? prediction.slots[k].textWidth : nil)
                let mispredicted = expected.map { abs(slot.textWidth - $0) > 0.01 } ?? (k > 0)
                if mispredicted, retries < 4 {
                    // The line landed somewhere narrower or wider than predicted (a new
                    // container, a taller line meeting an obstacle): break again from here,
                    // with this line as wide as the place it really has.
                    retries += 1
                    start = span.start
                    if k > 0 { firstLine = false }
                    firstSlot = slot
                    continue breaking
                }
                if !slot.closesLine, skips < 16, cutsWord(p, span) {
                    // A sliver beside an obstacle, too narrow for the next word, with room
                    // further along the line: the word is not cut to fit it; the line goes on
                    // in the next fragment.
                    skips += 1
                    probe.bandIndex += 1
                    cursor = probe
                    start = span.start
                    if k > 0 { firstLine = false }
                    firstSlot = nil
                    continue breaking
                }
                if keepsLines, let last = placedContainers.last, slot.containerIndex > last,
                   keepLines(index, style: style, placed: placedContainers, remaining: spans.count - k,
                             endsInStub: spans.count >= 2 && isStub(p, spans)) {
                    return
                }
                if k == 0, firstLine, let keep = keepWithPrevious(index, landingIn: slot.containerIndex) {
                    layOutAgain(from: keep)
                    return
                }
                retries = 0
                firstSlot = nil
                cursor = probe
                let top = cursor.y
                var truncation: LineBreakMode? = nil
                if mode.truncates, isSingleLine(slot) { truncation = mode }
                if mode == .clip { truncation = .clip }
                var fragment = assembler.assemble(
                    p, span: truncation == nil ? span : LineSpan(start: span.start, end: n, next: n, hyphenated: false,
                                                                 endsParagraphOrForced: true),
                    slot: slot, top: top, paragraphIndex: index, truncation: truncation)
                if fragment.isLastLineOfParagraph || truncation != nil || k == spans.count - 1 && span.next >= n {
                    fragment.characterRange = fragment.characterRange.lowerBound..<paragraphEnd
                    fragment.isLastLineOfParagraph = true
                }
                if height > (container(at: slot.containerIndex, ask: false)?.contentRect.height ?? .infinity) + 1e-6 {
                    warnings.append(LayoutWarning(characterRange: fragment.characterRange,
                                                  message: "line is \(height) pt tall, taller than its container; it overflows"))
                }
                if let dropCap, placedContainers.isEmpty {
                    // The letter goes in before the first line, its foot on the baseline of
                    // the last line it spans.
                    fragments.append(dropCap.fragment(x: nextPlace.textX, baseline: fragment.baseline + Double(dropCap.lines - 1) * dropCap.step,
                                                      containerIndex: slot.containerIndex))
                    dropCapFoot = (slot.containerIndex, top + Double(dropCap.lines) * dropCap.step - style.lineSpacing)
                }
                fragments.append(fragment)
                if !notes.isEmpty {
                    placeFootnotes(notes, paragraph: index, container: slot.containerIndex, lineBottom: top + height)
                }
                placedContainers.append(slot.containerIndex)
                placedWidths.append(slot.textWidth)
                placedAny = true
                advance(&cursor, after: slot, height: height, lineSpacing: style.lineSpacing)
                if fragment.isHyphenated, k < spans.count - 1, turnsAfter(slot, height: nominal, style: style, rtl: rtl),
                   hyphenAcrossTurn(index, line: placedContainers.count - 1, placed: placedContainers) {
                    return
                }
                noteCompletedContainers()
                if truncation != nil { break breaking }
            }
            break
        }
        if let foot = dropCapFoot, cursor.containerIndex == foot.container, cursor.band.isEmpty, cursor.y < foot.y {
            cursor.y = foot.y
        }
        if placedAny { cursor.y += style.paragraphSpacing }
        setWidths[index] = placedWidths
        setWidths.removeValue(forKey: index - Self.setWidthsKept)
        if textStorage.hasFloatingBlocks {
            let blocks = floatingBlocks(in: textStorage.paragraphRange(at: index))
            if !blocks.isEmpty, placeFloats(blocks, paragraph: index) { return }
        }
        if index + 1 == textStorage.paragraphCount { finish() } else { _ = spliceTail(after: index) }
    }

    /// Whether paragraph `from` has a record whose lines are still at hand, so that the
    /// layout can be undone from it.
    func canUndo(from: Int) -> Bool {
        from >= 0 && from < records.count && records[from].firstFragment - forgottenFragments >= 0
    }

    /// Undoes the layout from paragraph `from` on, to be done again from where it started.
    func undoLayout(from: Int) {
        undoFootnotes(fromParagraph: from)
        undoFloats(fromParagraph: from)
        let offset = textStorage.paragraphRange(at: from).lowerBound
        warnings.removeAll { $0.characterRange.lowerBound >= offset }
        fragments.removeSubrange((records[from].firstFragment - forgottenFragments)...)
        cursor = records[from].cursor
        records.removeAll(from: from)
    }

    /// Undoes the layout from paragraph `keep` on, so that it and the paragraphs after it
    /// are laid out again starting in the next container: the paragraphs that keep with
    /// the next one move to the container where that one starts.
    func layOutAgain(from keep: Int) {
        keptParagraphs.insert(keep)
        undoLayout(from: keep)
    }

    /// From which line on the breaker may treat line widths as all alike: the second
    /// line in a plain rectangle (the first has its own indent); in a shaped container
    /// or one with exclusions every line may differ, so lines are told apart up to a
    /// bound.
    func uniformFrom(firstLine: Bool) -> Int {
        let c = cursor.containerIndex < textContainers.count ? textContainers[cursor.containerIndex] : textContainers.last
        if let c, !c.isSimpleRectangle { return 48 }
        if !floatPieces.isEmpty, hasBesideBlock(fromContainerAt: cursor.containerIndex) { return 48 }
        return firstLine ? 1 : 0
    }

    func isSingleLine(_ slot: LineSlot) -> Bool {
        guard let c = container(at: slot.containerIndex, ask: false) else { return true }
        return c.maximumNumberOfLines == 0 || slot.lineInContainer == c.maximumNumberOfLines - 1
    }

    func markUnplaced(from offset: Int) {
        unplacedRange = offset..<textStorage.length
        warnings.append(LayoutWarning(characterRange: offset..<textStorage.length,
                                      message: "no container left for the rest of the text"))
        finish()
    }

    func finish() {
        // A note continued, or a block waiting, past the text's last container needs the
        // containers it goes in.
        let needed = max(footnotePieces.last?.containerIndex ?? -1, floatPieces.map(\.containerIndex).max() ?? -1)
        if needed >= textContainers.count, let last = Optional(needed) {
            pendingRequest = ContainerRequest(characterIndex: textStorage.length, breakBefore: .none)
            var index = textContainers.count
            while index <= last, container(at: index, ask: true) != nil { index += 1 }
            if index <= last {
                warnings.append(LayoutWarning(characterRange: textStorage.length..<textStorage.length,
                                              message: "no container left for the end of a footnote or a floating block"))
            }
        }
        finished = true
        finalCursor = cursor
        laidOutParagraphCount = textStorage.paragraphCount
        tail = nil
        stopWorker()
        while completedContainers < textContainers.count {
            completedContainers += 1
            delegate?.layoutManager(self, didCompleteContainerAt: completedContainers - 1)
        }
    }

    func noteCompletedContainers() {
        // A container is handed on once the flow is two past it, not one: a paragraph that
        // began there and runs through the next can still be set again when its last lines
        // would be a widow at the top of the one after.
        while completedContainers < cursor.containerIndex - 1 && completedContainers < textContainers.count {
            completedContainers += 1
            delegate?.layoutManager(self, didCompleteContainerAt: completedContainers - 1)
        }
    }
}
