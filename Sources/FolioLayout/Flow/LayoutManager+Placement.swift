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

    /// The first of the keep-with-next paragraphs before paragraph `index`, when they end
    /// in an earlier container than the one `index` starts in and moving them there
    /// would leave something above them; nil when nothing needs to move.
    func keepWithPrevious(_ index: Int, landingIn container: Int) -> Int? {
        guard index > 0 else { return nil }
        var first = index
        while first > 0, textStorage.paragraphStyle(ofParagraph: first - 1).keepWithNext { first -= 1 }
        guard first < index, let last = fragments.last, last.paragraphIndex == index - 1,
              last.containerIndex < container else { return nil }
        // At the top of its container already: moving on would not help (and might never end).
        let start = records[first].cursor
        let firstLine = records[first].firstFragment - forgottenFragments
        guard start.linesInContainer > 0, !keptParagraphs.contains(first), firstLine >= 0,
              fragments[firstLine].containerIndex == last.containerIndex else { return nil }
        // A chain taller than a column (a list of headings) would not fit in the next one
        // either: it breaks here rather than leave this column nearly empty.
        if let height = self.container(at: last.containerIndex, ask: false)?.contentRect.height,
           last.rect.maxY - fragments[firstLine].rect.minY > height * 0.8 { return nil }
        if delegate?.layoutManager(self, startsSectionAt: container) == true {
            // A heading before a change of columns belongs to its own section: it is not
            // carried into the new one's columns. When the page maker opened a page only for
            // the new section, it takes that page back, and the heading opens the page in
            // its section with the new one's columns below it.
            guard container == textContainers.count - 1, last.containerIndex >= completedContainers,
                  delegate?.layoutManager(self, reclaimContainerAt: container) == true else { return nil }
            textContainers.removeLast()
            discardedContainers.remove(container)
        }
        return first
    }

    /// Paragraph `index` breaks into a new container after the lines placed (in the
    /// containers `placed`), with `remaining` lines to come: too few lines left behind
    /// (`orphans`) move the paragraph on; too few carried over (`widows`) move lines over
    /// from the container before, or the paragraph when that would leave too few there.
    /// A last line that reads as no line at all (`endsInStub`: the tail of a hyphenated word,
    /// or three characters or fewer) is carried with one more where the column being left can
    /// spare it. Returns whether the layout was undone to be done again.
    func keepLines(_ index: Int, style: ParagraphStyle, placed: [Int], remaining: Int, endsInStub: Bool = false) -> Bool {
        let orphaned = placed.count < style.orphans
        let leaving = placed.last!
        let there = placed.filter { $0 == leaving }.count
        // Lines left in the container being left: the paragraph's orphans if it starts there.
        let least = placed[0] == leaving ? style.orphans : 1
        var widows = style.widows
        if endsInStub, remaining == widows, remaining > 1, there - 1 >= least { widows += 1 }
        if orphaned || remaining < widows,
           let retry = loosen(index, leaving: leaving, break: ColumnBreak(there: there, remaining: remaining, least: least, widows: widows)) {
            return retry
        }
        if orphaned {
            guard let first = movableStart(index, container: placed[0]) else { return false }
            layOutAgain(from: first)
            return true
        }
        // Lines in containers already handed to the delegate (drawn, maybe) stay where they are.
        guard remaining < widows, widowBreaks[index] == nil, placed[0] >= completedContainers,
              records[index].firstFragment - forgottenFragments >= 0 else { return false }
        let move = widows - remaining
        if there - move >= least {
            widowBreaks[index] = placed.count - move
            undoLayout(from: index)
            return true
        }
        guard placed[0] == leaving, let first = movableStart(index, container: leaving) else { return false }
        layOutAgain(from: first)
        return true
    }

    /// Whether the last of `spans` is a stub (`isStub(visibleCharacters:afterHyphen:)`).
    func isStub(_ p: ShapedParagraph, _ spans: [LineSpan]) -> Bool {
        guard let last = spans.last else { return false }
        let end = min(last.end, p.clusterCount)
        let visible = last.start < end ? (last.start..<end).lazy.filter { !p.clusterFlags[$0].contains(.space) }.prefix(4).count : 4
        return Self.isStub(visibleCharacters: visible, afterHyphen: spans.count >= 2 && spans[spans.count - 2].hyphenated)
    }

    /// Whether a paragraph's last line reads as no line of its own — a stub, which takes one
    /// more line with it over a column break: the tail of a word hyphenated on the line
    /// before, or three characters or fewer (`…`, `No.`). The page composer's balance
    /// counts stubs by the same rule.
    package static func isStub(visibleCharacters: Int, afterHyphen: Bool) -> Bool {
        afterHyphen || visibleCharacters <= 3
    }

    /// A paragraph's break between columns that leaves too few lines on one side: `there` of
    /// its lines in the column being left, `remaining` to come, and the fewest allowed on
    /// each side (`least` behind, `widows` carried over).
    struct ColumnBreak {
        var there: Int, remaining: Int, least: Int, widows: Int

        /// Whether the break holds with `there` lines left behind and `remaining` carried.
        static func holds(there: Int, remaining: Int, least: Int, widows: Int) -> Bool {
            remaining == 0 ? there >= 1 : there == 0 || (there >= least && remaining >= widows)
        }

        /// The changes of length (lines more or fewer) of a paragraph before the one breaking
        /// that settle the break, in the order to try them: a line less there makes room for
        /// one more of its lines, a line more for one fewer; then two (a paragraph of three
        /// lines that cannot be split two and one goes over whole when two lines more come
        /// before it). Each group is asked of the breaker at once, the best setting taken.
        var lengthBefore: [[Int]] {
            changes { Self.holds(there: there - $0, remaining: remaining + $0, least: least, widows: widows) }
        }

        /// The same for the breaking paragraph itself: its lines behind stay, those carried change.
        var lengthOfItself: [[Int]] {
            changes { Self.holds(there: there, remaining: remaining + $0, least: least, widows: widows) }
        }

        private func changes(_ settles: (Int) -> Bool) -> [[Int]] {
            [[-1, 1].filter(settles), [-2, 2].filter(settles)].filter { !$0.isEmpty }
        }
    }

    /// Before widows or orphans take a line from the column being left (leaving it a line
    /// or two short of its facing column or page), a paragraph with lines in it is set a line
    /// shorter or longer where that is within the tolerance (TeX's `\looseness`, chosen by the
    /// breaker), in the direction that settles the break: the one being broken, then those
    /// before it, a few at most. A try that does not settle the break is set as before again.
    /// Returns whether the layout was undone to be done again; nil when there is nothing
    /// (more) to try.
    func loosen(_ index: Int, leaving: Int, break columnBreak: ColumnBreak) -> Bool? {
        guard leaving >= completedContainers, delegate?.layoutManager(self, isBalancedContainerAt: leaving) != true else { return nil }
        var state = loosenedBreaks[leaving] ?? (0, [])
        // The last try left the break unsettled: those paragraphs go back to their best setting.
        for last in state.last where !(looseLines[last] ?? []).isEmpty { looseLines[last] = [] }
        var candidate: (indexes: [Int], changes: [Int])? = nil
        // Two lines wanted where no paragraph has a setting two lines off: paragraphs with one,
        // by the direction, two of which make the change together.
        let twoLines = columnBreak.lengthBefore.first { $0.allSatisfy { abs($0) == 2 } } ?? []
        var halfway: [Int: [Int]] = [:]
        var q = index
        while state.tries < typesetting.loosenessTries, q >= 0, candidate == nil {
            defer { q -= 1 }
            guard q < records.count, records[q].firstFragment - forgottenFragments >= 0 else { break }
            if q < index {
                // Only paragraphs with lines in the column being left.
                let end = (q + 1 < records.count ? records[q + 1].firstFragment : forgottenFragments + fragments.count) - forgottenFragments - 1
                guard end >= 0, end < fragments.count, fragments[end].containerIndex == leaving else { break }
            }
            let first = records[q].firstFragment - forgottenFragments
            if first < fragments.count, fragments[first].containerIndex < completedContainers { break }
            let style = textStorage.paragraphStyle(ofParagraph: q)
            guard looseLines[q] == nil, style.alignment == .justified, !style.keepWithNext else { continue }
            if q == index {
                if let changes = columnBreak.lengthOfItself.first { candidate = ([q], changes) }
                continue
            }
            // A paragraph with no setting of those lengths is passed over without laying the
            // column out again: asked of the breaker at the widths it was set at.
            if let changes = columnBreak.lengthBefore.first(where: { hasOtherLength(q, lineChanges: $0) }) {
                candidate = ([q], changes)
            } else {
                looseLines[q] = []
                for two in twoLines where hasOtherLength(q, lineChanges: [two / 2]) { halfway[two / 2, default: []].append(q) }
            }
        }
        if candidate == nil, state.tries < typesetting.loosenessTries,
           let change = twoLines.map({ $0 / 2 }).first(where: { (halfway[$0]?.count ?? 0) >= 2 }) {
            candidate = (Array(halfway[change]!.prefix(2)), [change])
        }
        guard let (tried, changes) = candidate else {
            // Nothing left to try: set those tried last as before, then let the lines move.
            if !state.last.isEmpty {
                // (Not those whose first lines have been handed on and forgotten since.)
                let undoable = state.last.filter { canUndo(from: $0) }.min()
                state.last = []
                state.tries = typesetting.loosenessTries
                loosenedBreaks[leaving] = state
                guard let last = undoable else { return nil }
                undoLayout(from: last)
                return true
            }
            return nil
        }
        let previous = state.last.filter { canUndo(from: $0) }.min() ?? tried.min()!
        state.tries += 1
        state.last = tried
        loosenedBreaks[leaving] = state
        for q in tried { looseLines[q] = changes }
        undoLayout(from: min(tried.min()!, previous))
        return true
    }

    /// How many paragraphs back the widths of their lines are kept (`setWidths`).
    static let setWidthsKept = 256

    /// Whether paragraph `index`, set at the widths it was set at (`setWidths`), has a setting
    /// `lineChanges` lines shorter or longer (as `Typesetter.lines`) within the tolerance. True when that cannot be told (its
    /// shaping is no longer at hand, or it starts inside a drop cap's or a cut word's lines).
    func hasOtherLength(_ index: Int, lineChanges: [Int]) -> Bool {
        guard let widths = setWidths[index], let last = widths.last,
              let kept = recentlyShaped.last(where: { $0.index == index })?.paragraph,
              kept.style.dropCapLines == 0, !kept.hasTabs else { return true }
        let breaker = LineBreaker.Widths(width: { k in k < widths.count ? widths[k] : last }, uniformFrom: widths.count + 3)
        // Asked for several changes in a row, the paragraph is searched once: its best
        // setting and the looseness passes' settings of every length.
        var memo = Typesetter.LoosenessMemo()
        if let held = loosenessMemo, held.index == index, held.paragraph === kept, held.widths == widths { memo = held.memo }
        let count = Typesetter(parameters: typesetting).lineCount(kept, widths: breaker, lineChanges: lineChanges, memo: &memo)
        loosenessMemo = (index, kept, widths, memo)
        // A paragraph set past the tolerance takes no looseness: it has no other length.
        return count.map { $0 != widths.count } ?? false
    }

    /// Whether `span` ends inside a word that did not fit its line (cut between clusters,
    /// not at a break opportunity or a hyphen).
    func cutsWord(_ p: ShapedParagraph, _ span: LineSpan) -> Bool {
        let n = p.clusterCount
        guard span.end < n, span.end > span.start, span.next == span.end, !span.hyphenated, !span.endsParagraphOrForced else { return false }
        let flags = p.clusterFlags[span.end]
        return !flags.contains(.breakBefore) && !flags.contains(.mandatoryBefore) && !p.clusterFlags[span.end - 1].contains(.space)
    }

    /// Whether the line placed in `slot` is the last of its container: the next one goes to another.
    func turnsAfter(_ slot: LineSlot, height: Double, style: ParagraphStyle, rtl: Bool) -> Bool {
        var look = cursor
        guard let next = nextSlot(&look, height: height, style: style, firstLine: false, rtl: rtl, ask: false) else { return false }
        return next.containerIndex != slot.containerIndex
    }

    /// Line `line` of paragraph `index` ends in a hyphen at a column's (or page's) foot, the
    /// word going on over the turn: the paragraph is laid out again with that line's hyphen
    /// made dear (TeX's `\brokenpenalty`), once. Lines in containers already handed to the
    /// delegate stay. Returns whether the layout was undone to be done again.
    func hyphenAcrossTurn(_ index: Int, line: Int, placed: [Int]) -> Bool {
        guard typesetting.brokenPenalty > 0, unhyphenatedLines[index] == nil, placed[0] >= completedContainers,
              records[index].firstFragment - forgottenFragments >= 0 else { return false }
        unhyphenatedLines[index] = line
        undoLayout(from: index)
        return true
    }

    /// Where paragraph `index`, whose first line is in `container`, can move to the next
    /// container from: itself, or the first of the keep-with-next paragraphs (headings)
    /// before it in that container. Nil when it starts the container already (moving on
    /// would leave it empty) or was moved once.
    func movableStart(_ index: Int, container: Int) -> Int? {
        var first = index
        while first > 0, textStorage.paragraphStyle(ofParagraph: first - 1).keepWithNext {
            let end = records[first].firstFragment - forgottenFragments - 1
            guard end >= 0, end < fragments.count, fragments[end].containerIndex == container else { break }
            first -= 1
        }
        let start = records[first].cursor
        guard start.linesInContainer > 0, start.containerIndex == container, !keptParagraphs.contains(first),
              records[first].firstFragment - forgottenFragments >= 0 else { return nil }
        return first
    }

    /// The changes of length (lines more or fewer) paragraph `index` was last set with to
    /// mend a column break; empty when it was set at its best.
    package func lineChanges(ofParagraph index: Int) -> [Int] { looseLines[index] ?? [] }

    /// Has paragraph `index` set with `changes` (as `lineChanges(ofParagraph:)` gives): a
    /// measure of text another flow set must break its paragraphs alike.
    package func setLineChanges(_ changes: [Int], ofParagraph index: Int) {
        looseLines[index] = changes.isEmpty ? nil : changes
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
