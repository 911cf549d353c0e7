/// Lays a text storage out across an ordered chain of text containers.
///
/// Paragraphs are shaped once by Pango; the typesetter breaks them into lines as wide
/// as each container allows at each line's y (total fit, hyphenated); lines fill a
/// container and carry on in the next. When the chain runs out the delegate is asked
/// for another container. Layout is lazy: queries lay out as far as they need.
/// Several layout managers may observe one storage, each with its own chain; after an
/// edit each one keeps the layout before the edited paragraph and redoes the rest.
public final class LayoutManager: TextStorageObserver {
    public let textStorage: TextStorage
    /// Attributes for what the storage leaves unset (font, colour, language).
    public var defaults: LayoutDefaults { didSet { invalidateLayout(fromParagraph: 0) } }
    public weak var delegate: (any LayoutManagerDelegate)?
    public private(set) var textContainers: [TextContainer] = []
    /// Text that found no container (the chain ran out and the delegate gave none).
    public private(set) var unplacedRange: Range<Int>?
    /// What layout could not do as asked (a line taller than its container, …).
    public private(set) var warnings: [LayoutWarning] = []

    /// Knuth–Plass tolerance for the first pass (TeX badness; 200 ≈ spaces at 1.6×).
    public var tolerance = 200.0

    /// The lines laid out and not forgotten (`forgetLayout(beforeContainerAt:)`).
    private(set) var fragments: [LineFragment] = []
    /// How many lines were forgotten from the front of `fragments`. A record's
    /// `firstFragment` counts them too: its line is `fragments[firstFragment - forgottenFragments]`.
    private var forgottenFragments = 0
    private struct ParagraphRecord { var cursor: FlowCursor; var firstFragment: Int }
    private var records: [ParagraphRecord] = []
    private var cursor = FlowCursor(containerIndex: 0, y: 0, linesInContainer: 0)
    private var finished = false
    private var completedContainers = 0
    let context = ShapingContext()
    private let assembler = LineAssembler()
    /// Shapes paragraphs ahead of the breaker on another core, when enabled.
    private var shaper: ShapingPipeline?
    /// What the delegate is told when it is next asked for a container.
    private var pendingRequest = ContainerRequest(characterIndex: 0, breakBefore: .none)
    /// Paragraphs moved to the next container to stay with the paragraph after them.
    private var keptParagraphs = Set<Int>()

    public init(textStorage: TextStorage, defaults: LayoutDefaults = LayoutDefaults()) {
        self.textStorage = textStorage
        self.defaults = defaults
        textStorage.addObserver(self)
    }

    deinit { shaper?.cancel() }

    // MARK: Containers

    public func addTextContainer(_ container: TextContainer) {
        textContainers.append(container)
        if finished, unplacedRange != nil { invalidateLayout(fromParagraph: 0) }
    }

    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        textContainers.insert(container, at: index)
        invalidateLayout(fromParagraph: 0)
    }

    public func removeTextContainer(at index: Int) {
        textContainers.remove(at: index)
        invalidateLayout(fromParagraph: 0)
    }

    /// Call after changing a container's size, insets or exclusions.
    public func textContainerChangedGeometry(_ container: TextContainer) { invalidateLayout(fromParagraph: 0) }

    // MARK: Layout

    /// Lays out the whole storage (asking the delegate for containers as needed).
    public func ensureLayout() {
        guard !finished else { return }
        // Room for every line at once (a line holds 20 bytes or more of text in almost any
        // setting): growing a large array by doubling briefly holds it twice. Capacity
        // never written to costs no memory.
        fragments.reserveCapacity(max(fragments.count, textStorage.length / 20 + 64))
        isLayingOut = true
        startShaper()
        while !finished { layoutNextParagraph() }
        stopShaper()
        isLayingOut = false
    }

    /// Lays out at least as far as the end of container `index`.
    public func ensureLayout(forContainerAt index: Int) {
        guard !finished && cursor.containerIndex <= index else { return }
        isLayingOut = true
        startShaper()
        while !finished && cursor.containerIndex <= index { layoutNextParagraph() }
        stopShaper()
        isLayingOut = false
    }

    /// Whether paragraphs are shaped on a second thread, ahead of line breaking, while a
    /// layout call runs: on two cores that takes most of the shaping off the breaker's
    /// path. The worker only reads the storage and is stopped before any layout call
    /// returns, so the storage may be edited between calls as usual.
    public var shapesInBackground = false

    /// Turns on `shapesInBackground`.
    public func shapeInBackground() { shapesInBackground = true }

    private func startShaper() {
        guard shapesInBackground, shaper == nil, records.count + 32 < textStorage.paragraphCount else { return }
        // Speculate for the column the flow is in (or the last one), when it is a plain
        // rectangle: most paragraphs of a document of like pages will get its width.
        var column: ShapingPipeline.Column? = nil
        _ = container(at: cursor.containerIndex, ask: true)
        if let c = cursor.containerIndex < textContainers.count ? textContainers[cursor.containerIndex] : textContainers.last,
           c.isSimpleRectangle {
            column = .init(width: c.contentRect.width, padding: c.lineFragmentPadding, tolerance: tolerance)
        }
        shaper = ShapingPipeline(storage: textStorage, defaults: defaults, from: records.count, column: column)
    }

    /// Runs `job` on the thread shaping ahead (see `shapesInBackground`), before the next
    /// paragraph it shapes, so that it overlaps with layout on this thread; jobs run in
    /// the order they are handed over. Nil when no such thread runs now: the caller does
    /// the job itself. A renderer writes a finished page this way while the next is laid
    /// out; `job` must not touch this layout manager or its storage.
    public func performOnShapingThread(_ job: @escaping @Sendable () -> Void) -> BackgroundJob? {
        shaper?.perform(job)
    }

    /// Returns once `job` is done, shaping paragraphs ahead on this thread meanwhile.
    public func wait(for job: BackgroundJob) {
        // Without a shaping thread now, the one the job went to has run it and stopped.
        if let shaper { shaper.wait(for: job, context: context) } else { precondition(job.isDone, "a background job was lost") }
    }

    private func stopShaper() {
        shaper?.cancel()
        shaper = nil
    }

    /// Frees the glyph runs of container `index`, keeping the line geometry and ranges.
    /// A renderer streaming a long document calls this once a page is drawn, so memory
    /// stays flat however long the document is; drawing that container again shows
    /// nothing until an edit lays it out anew.
    public func discardGlyphs(inContainerAt index: Int) {
        for i in fragmentRange(inContainerAt: index) { fragments[i].glyphRuns = [] }
        discardedContainers.insert(index)
    }

    /// Forgets the lines of every container before `index` — they are not drawn, queried
    /// or spliced back after an edit again — so that the memory of a document written page
    /// by page stays flat however long it is: glyphs (`discardGlyphs`) and line geometry
    /// alike. Only containers the delegate was told are complete are forgotten. Queries
    /// then answer for the remembered containers only, and an edit before them lays the
    /// storage out again from the start.
    public func forgetLayout(beforeContainerAt index: Int) {
        let end = min(index, completedContainers)
        let count = firstFragment { $0.containerIndex >= end }
        guard count > 0 else { return }
        fragments.removeSubrange(0..<count)
        forgottenFragments += count
        for c in 0..<end { discardedContainers.insert(c) }
    }

    /// Containers whose glyphs were discarded: their old layout is not spliced back
    /// after an edit (it would draw nothing).
    private var discardedContainers = Set<Int>()
    /// Set while layout runs, when the storage must not change.
    private var isLayingOut = false

    /// The container the flow is filling; nil once the whole storage is laid out.
    var containerBeingFilled: Int? { finished ? nil : cursor.containerIndex }

    /// Every line fragment laid out so far (and not forgotten), in order.
    public var lineFragments: [LineFragment] { fragments }

    /// The line fragments of container `index`.
    public func lineFragments(inContainerAt index: Int) -> ArraySlice<LineFragment> {
        ensureLayout(forContainerAt: index)
        return fragments[fragmentRange(inContainerAt: index)]
    }

    func fragmentRange(inContainerAt index: Int) -> Range<Int> {
        let lo = firstFragment { $0.containerIndex >= index }
        let hi = firstFragment { $0.containerIndex > index }
        return lo..<hi
    }

    private func firstFragment(where predicate: (LineFragment) -> Bool) -> Int {
        var lo = 0, hi = fragments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(fragments[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    public func textStorage(_ storage: TextStorage, didProcess edit: TextStorage.Edit) {
        precondition(!isLayingOut, "the text storage was edited while its layout manager was laying it out (from a delegate callback?); edit between layout calls")
        let first = storage.paragraphIndex(containing: min(edit.range.lowerBound, storage.length))
        let last = storage.paragraphIndex(containing: min(edit.range.upperBound, storage.length))
        tail = reusableTail(after: last, edit: edit)
        invalidateLayout(fromParagraph: first, keepingTail: true)
    }

    /// The layout after the edited paragraphs, to be spliced back in unchanged (shifted by
    /// the edit) if the new layout of the edited paragraphs ends exactly where the old one
    /// did: an edit costs the paragraphs it touches, not the rest of the document.
    private struct Tail {
        var records: [ParagraphRecord]
        var fragments: ArraySlice<LineFragment>
        var warnings: [LayoutWarning]
        var firstParagraph: Int          // in the new numbering
        var paragraphDelta: Int
        var offsetDelta: Int
        var finalCursor: FlowCursor
    }
    private var tail: Tail?
    private var laidOutParagraphCount = 0
    private var finalCursor: FlowCursor?

    private func reusableTail(after last: Int, edit: TextStorage.Edit) -> Tail? {
        guard finished, unplacedRange == nil, let finalCursor, !edit.mask.isEmpty else { return nil }
        let delta = textStorage.paragraphCount - laidOutParagraphCount
        let firstNew = last + 1
        let firstOld = firstNew - delta
        guard firstNew < textStorage.paragraphCount, firstOld > 0, firstOld < records.count else { return nil }
        let start = records[firstOld].firstFragment - forgottenFragments
        guard start >= 0, start < fragments.count,
              !fragments[start...].contains(where: { discardedContainers.contains($0.containerIndex) }),
              fragments[start].characterRange.lowerBound + edit.changeInLength == textStorage.paragraphRange(at: firstNew).lowerBound
        else { return nil }
        let startOffset = fragments[start].characterRange.lowerBound
        return Tail(records: Array(records[firstOld...]), fragments: fragments[start...],
                    warnings: warnings.filter { $0.characterRange.lowerBound >= startOffset },
                    firstParagraph: firstNew, paragraphDelta: delta, offsetDelta: edit.changeInLength, finalCursor: finalCursor)
    }

    /// Splices the kept tail back if the flow has reached it in the same state.
    private func spliceTail(after index: Int) -> Bool {
        guard let t = tail else { return false }
        guard index + 1 == t.firstParagraph, cursor == t.records[0].cursor else {
            if index + 1 >= t.firstParagraph { tail = nil }
            return false
        }
        tail = nil
        let base = t.records[0].firstFragment
        let shift = t.offsetDelta
        for r in t.records {
            records.append(ParagraphRecord(cursor: r.cursor, firstFragment: r.firstFragment - base + forgottenFragments + fragments.count))
        }
        func moved(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + shift)..<(r.upperBound + shift) }
        for var f in t.fragments {
            f.characterRange = moved(f.characterRange)
            f.truncatedRange = f.truncatedRange.map(moved)
            f.paragraphIndex += t.paragraphDelta
            for k in f.glyphRuns.indices { f.glyphRuns[k].characterRange = moved(f.glyphRuns[k].characterRange) }
            fragments.append(f)
        }
        warnings += t.warnings.map { LayoutWarning(characterRange: moved($0.characterRange), message: $0.message) }
        cursor = t.finalCursor
        finish()
        return true
    }

    /// Drops the layout of paragraph `index` and everything after it.
    public func invalidateLayout(fromParagraph index: Int) {
        invalidateLayout(fromParagraph: index, keepingTail: false)
    }

    private func invalidateLayout(fromParagraph index: Int, keepingTail: Bool) {
        if !keepingTail { tail = nil }
        finalCursor = nil
        stopShaper()
        var keep = min(index, records.count)
        if keep < records.count, records[keep].firstFragment < forgottenFragments {
            // The edit reaches lines already forgotten: lay everything out again.
            keep = 0
            fragments.removeAll()
            forgottenFragments = 0
            tail = nil
            discardedContainers.removeAll()
        }
        if keep < records.count {
            fragments.removeSubrange((records[keep].firstFragment - forgottenFragments)...)
            cursor = records[keep].cursor
            records.removeSubrange(keep...)
        }
        finished = false
        unplacedRange = nil
        warnings.removeAll { $0.characterRange.lowerBound >= (keep < textStorage.paragraphCount ? textStorage.paragraphRange(at: keep).lowerBound : 0) }
        completedContainers = min(completedContainers, cursor.containerIndex)
        keptParagraphs = keptParagraphs.filter { $0 < keep }
        discardedContainers = discardedContainers.filter { $0 < cursor.containerIndex }
    }

    // MARK: The flow

    /// Container `index`. Past the end of the chain, when `ask` is false (predicting
    /// where lines will go), the last container stands in for the ones the delegate has
    /// yet to give: pages of a document are mostly alike, and a wrong guess only costs
    /// breaking that paragraph again when it is placed.
    private func container(at index: Int, ask: Bool) -> TextContainer? {
        if index < textContainers.count { return textContainers[index] }
        if !ask, let last = textContainers.last { return last }
        guard index == textContainers.count,
              let c = delegate?.layoutManager(self, containerAfter: textContainers.last, for: pendingRequest) else { return nil }
        pendingRequest.breakBefore = .none
        textContainers.append(c)
        return c
    }

    /// The next place a line of `height` can go, moving the cursor on to the next band
    /// or container as needed; nil when the chain is exhausted.
    func nextSlot(_ c: inout FlowCursor, height: Double, style: ParagraphStyle, firstLine: Bool, rtl: Bool,
                  ask: Bool) -> LineSlot? {
        var emptyContainers = 0
        while true {
            guard let container = container(at: c.containerIndex, ask: ask) else { return nil }
            let content = container.contentRect
            if c.band.isEmpty {
                if c.linesInContainer == 0 && c.y < content.minY { c.y = content.minY }
                let full = container.maximumNumberOfLines > 0 && c.linesInContainer >= container.maximumNumberOfLines
                let overflows = c.y + height > content.maxY + 1e-6
                let emptyContainer = c.linesInContainer == 0 && c.y <= content.minY + 1e-6
                if full || (overflows && !(emptyContainer && height > content.height && content.height > 0)) {
                    // Containers left without a single line (too small, or blocked all
                    // over by exclusions): a few in a row and the text cannot be placed.
                    if c.linesInContainer == 0 { emptyContainers += 1 }
                    if emptyContainers > 2 { return nil }
                    c = FlowCursor(containerIndex: c.containerIndex + 1, y: -.infinity, linesInContainer: 0)
                    continue
                }
                let h = min(height, max(content.height, 0.001))
                c.band = container.lineFragmentRects(proposed: Rect(x: content.minX, y: c.y, width: content.width, height: h))
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
                            leadingIndent: area.leadingIndent, lineInContainer: c.linesInContainer, opensLine: opens, closesLine: closes)
        }
    }

    /// Moves the cursor past the fragment just filled; after a band's last fragment, down
    /// by the band's height.
    private func advance(_ c: inout FlowCursor, after slot: LineSlot, height: Double, lineSpacing: Double) {
        c.bandHeight = max(c.bandHeight, height)
        c.bandIndex += 1
        if slot.closesLine || c.bandIndex >= c.band.count {
            c.y += c.bandHeight + lineSpacing
            c.linesInContainer += 1
            c.band = []; c.bandIndex = 0; c.bandHeight = 0
        }
    }

    private func shapedParagraph(_ index: Int) -> ShapedParagraph {
        if let shaper, let p = shaper.take(index, context: context) { return p }
        return ShapingPipeline.shape(paragraph: index, of: textStorage, defaults: defaults, context: context)
    }

    /// How many paragraphs have been laid out since this manager was made (tests use it
    /// to see that an edit costs only the paragraphs it touches).
    package private(set) var paragraphsLaidOut = 0

    private func layoutNextParagraph() {
        let index = records.count
        guard index < textStorage.paragraphCount else { finish(); return }
        paragraphsLaidOut += 1
        let p = shapedParagraph(index)
        records.append(ParagraphRecord(cursor: cursor, firstFragment: forgottenFragments + fragments.count))
        let style = p.style
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
                                          message: "no installed font has glyphs for some of these characters; they show as boxes"))
        }
        if cursor.linesInContainer > 0 || !cursor.band.isEmpty { cursor.y += style.paragraphSpacingBefore }

        let baseMetrics = assembler.metrics(p, 0..<0)
        let nominal = LineAssembler.lineHeight(baseMetrics, style: style)
        let n = p.clusterCount
        let paragraphEnd = textStorage.paragraphRange(at: index).upperBound
        let mode = style.lineBreakMode

        var start = 0
        var firstLine = true
        var placedAny = false
        // After a misprediction: the real width of the first line to break, and how often
        // that has happened at this line (bounded, so layout always moves on).
        var firstWidth: Double? = nil
        var retries = 0
        breaking: while true {
            // Predict where the lines go, at the nominal height, to know their widths.
            var predicted: [LineSlot] = []
            var probe = cursor
            var chainEnds = false
            let override = firstWidth
            let widths = LineBreaker.Widths(width: { [unowned self] k in
                if k == 0, let override { return override }
                while predicted.count <= k {
                    // Past the last place a line can go, lines keep the last width (placing
                    // them will report the text as unplaced).
                    if chainEnds { return predicted.last?.textWidth ?? 1e9 }
                    guard let s = self.nextSlot(&probe, height: nominal, style: style, firstLine: firstLine && predicted.isEmpty,
                                                rtl: rtl, ask: false) else {
                        chainEnds = true
                        return predicted.last?.textWidth ?? 1e9
                    }
                    predicted.append(s)
                    self.advance(&probe, after: s, height: nominal, lineSpacing: style.lineSpacing)
                }
                return (mode == .clip || (mode.truncates && self.isSingleLine(predicted[k]))) ? 1e12 : predicted[k].textWidth
            }, uniformFrom: uniformFrom(firstLine: firstLine))
            let spans: [LineSpan]
            if start == 0, firstLine, let spec = p.speculation,
               spec.widths.indices.allSatisfy({ abs(widths.width($0) - spec.widths[$0]) < 1e-9 }) {
                // The shaping thread broke this paragraph for the widths it gets here.
                spans = spec.spans
            } else {
                spans = Typesetter(tolerance: tolerance).lines(p, from: start, widths: widths)
            }

            for (k, span) in spans.enumerated() {
                let m = assembler.metrics(p, span)
                let height = n == 0 ? nominal : LineAssembler.lineHeight(m, style: style)
                var probe = cursor
                pendingRequest.characterIndex = p.storageOffset + (span.start < n ? Int(p.clusterStart[span.start]) : 0)
                guard let slot = nextSlot(&probe, height: height, style: style, firstLine: firstLine && k == 0,
                                          rtl: rtl, ask: true) else {
                    markUnplaced(from: p.storageOffset + (span.start < n ? Int(p.clusterStart[span.start]) : p.text.count))
                    return
                }
                // The width the line was broken for (none known for an empty paragraph's line).
                let expected = k == 0 ? (firstWidth ?? predicted.first?.textWidth) : (k < predicted.count ? predicted[k].textWidth : nil)
                let mispredicted = expected.map { abs(slot.textWidth - $0) > 0.01 } ?? (k > 0)
                if mispredicted, retries < 4 {
                    // The line landed somewhere narrower or wider than predicted (a new
                    // container, a taller line meeting an obstacle): break again from here,
                    // with this line as wide as the place it really has.
                    retries += 1
                    start = span.start
                    if k > 0 { firstLine = false }
                    firstWidth = slot.textWidth
                    continue breaking
                }
                if k == 0, firstLine, let keep = keepWithPrevious(index, landingIn: slot.containerIndex) {
                    // The paragraphs that keep with this one move to its container.
                    keptParagraphs.insert(keep)
                    let from = textStorage.paragraphRange(at: keep).lowerBound
                    warnings.removeAll { $0.characterRange.lowerBound >= from }
                    fragments.removeSubrange((records[keep].firstFragment - forgottenFragments)...)
                    cursor = records[keep].cursor
                    records.removeSubrange(keep...)
                    return
                }
                retries = 0
                firstWidth = nil
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
                fragments.append(fragment)
                placedAny = true
                advance(&cursor, after: slot, height: height, lineSpacing: style.lineSpacing)
                noteCompletedContainers()
                if truncation != nil { break breaking }
            }
            break
        }
        if placedAny { cursor.y += style.paragraphSpacing }
        if index + 1 == textStorage.paragraphCount { finish() } else { _ = spliceTail(after: index) }
    }

    /// The first of the keep-with-next paragraphs before paragraph `index`, when they end
    /// in an earlier container than the one `index` starts in and moving them there
    /// would leave something above them; nil when nothing needs to move.
    private func keepWithPrevious(_ index: Int, landingIn container: Int) -> Int? {
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
        return first
    }

    /// From which line on the breaker may treat line widths as all alike: the second
    /// line in a plain rectangle (the first has its own indent); in a shaped container
    /// or one with exclusions every line may differ, so lines are told apart up to a
    /// bound.
    private func uniformFrom(firstLine: Bool) -> Int {
        let c = cursor.containerIndex < textContainers.count ? textContainers[cursor.containerIndex] : textContainers.last
        if let c, !c.isSimpleRectangle { return 48 }
        return firstLine ? 1 : 0
    }

    private func isSingleLine(_ slot: LineSlot) -> Bool {
        guard let c = container(at: slot.containerIndex, ask: false) else { return true }
        return c.maximumNumberOfLines == 0 || slot.lineInContainer == c.maximumNumberOfLines - 1
    }

    private func markUnplaced(from offset: Int) {
        unplacedRange = offset..<textStorage.length
        warnings.append(LayoutWarning(characterRange: offset..<textStorage.length,
                                      message: "no container left for the rest of the text"))
        finish()
    }

    private func finish() {
        finished = true
        finalCursor = cursor
        laidOutParagraphCount = textStorage.paragraphCount
        tail = nil
        stopShaper()
        while completedContainers < textContainers.count {
            completedContainers += 1
            delegate?.layoutManager(self, didCompleteContainerAt: completedContainers - 1)
        }
    }

    private func noteCompletedContainers() {
        while completedContainers < cursor.containerIndex && completedContainers < textContainers.count {
            completedContainers += 1
            delegate?.layoutManager(self, didCompleteContainerAt: completedContainers - 1)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
