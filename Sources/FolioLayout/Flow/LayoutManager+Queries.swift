extension LayoutManager {
    /// The storage range set in container `index` (empty when it holds nothing), in UTF-8
    /// bytes as every offset in Folio (`UTF8IndexedText` converts `NSRange`s and
    /// `String.Index`es).
    public func characterRange(forContainerAt index: Int) -> Range<Int> {
        let lines = lineFragments(inContainerAt: index)
        guard let first = lines.first, let last = lines.last else {
            let before = fragments.last { $0.containerIndex < index }
            let at = before?.characterRange.upperBound ?? 0
            return at..<at
        }
        return first.characterRange.lowerBound..<last.characterRange.upperBound
    }

    /// The index of the container holding the character at `offset` (a UTF-8 byte offset),
    /// laying out as far as needed; nil when it was not placed.
    public func containerIndex(forCharacterAt offset: Int) -> Int? {
        lineFragment(forCharacterAt: offset)?.containerIndex
    }

    /// The line fragment holding the character at `offset` (a UTF-8 byte offset).
    public func lineFragment(forCharacterAt offset: Int) -> LineFragment? {
        // Through the container the flow is in, until the offset is laid out or all is.
        while !isLaidOut(upTo: offset), let next = containerBeingFilled { ensureLayout(forContainerAt: next) }
        var lo = 0, hi = fragments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if fragments[mid].characterRange.upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        if lo < fragments.count, !fragments[lo].isRepetition, fragments[lo].characterRange.contains(offset)
            || (offset == textStorage.length && fragments[lo].characterRange.upperBound == offset) {
            return fragments[lo]
        }
        if let last = fragments.last(where: { !$0.isRepetition }), last.characterRange.upperBound == offset { return last }
        // Tables set some lines out of storage order (a row split across a break, header
        // rows repeated): look through the lines one by one.
        return fragments.first { !$0.isRepetition && $0.characterRange.contains(offset) }
    }

    private func isLaidOut(upTo offset: Int) -> Bool {
        if let last = fragments.last, last.characterRange.upperBound > offset { return true }
        return isComplete
    }

    /// Whether the whole storage has been laid out (or what is left could not be placed).
    public var isComplete: Bool {
        if containerBeingFilled == nil { return true }
        if let last = fragments.last, last.characterRange.upperBound >= textStorage.length { return true }
        return unplacedRange != nil || (textStorage.isEmpty && !fragments.isEmpty)
    }

    /// The rect, in container coordinates, enclosing the glyphs of `range` (UTF-8 byte
    /// offsets) in container `index`; nil when none of the range is set there.
    public func boundingRect(forCharacterRange range: Range<Int>, inContainerAt index: Int) -> Rect? {
        var result: Rect? = nil
        for line in lineFragments(inContainerAt: index) where line.characterRange.overlaps(range) || range.isEmpty && line.characterRange.contains(range.lowerBound) {
            for run in line.glyphRuns where run.characterRange.overlaps(range) || range.isEmpty && run.characterRange.contains(range.lowerBound) {
                for piece in clusterRects(run) where piece.bytes.overlaps(range) || (range.isEmpty && piece.bytes.contains(range.lowerBound)) {
                    let r = Rect(x: piece.x0, y: line.rect.minY, width: max(0, piece.x1 - piece.x0), height: line.rect.height)
                    result = result.map { $0.union(r) } ?? r
                }
            }
        }
        return result
    }

    /// The offset (in UTF-8 bytes) of the character at `point` (container coordinates) in
    /// container `index`: the nearest line, then the cluster under or nearest to the point.
    public func characterIndex(at point: Point, inContainerAt index: Int) -> Int? {
        let lines = lineFragments(inContainerAt: index)
        guard !lines.isEmpty else { return nil }
        let line = lines.min { a, b in distance(point.y, a.rect) < distance(point.y, b.rect)
            || (distance(point.y, a.rect) == distance(point.y, b.rect) && distance(point.x, a.rect, horizontal: true) < distance(point.x, b.rect, horizontal: true)) }!
        var best: (offset: Int, d: Double)? = nil
        for run in line.glyphRuns {
            for piece in clusterRects(run) {
                let d = point.x < piece.x0 ? piece.x0 - point.x : point.x > piece.x1 ? point.x - piece.x1 : 0
                if best == nil || d < best!.d { best = (piece.bytes.lowerBound, d) }
            }
        }
        return best?.offset ?? line.characterRange.lowerBound
    }

    private func distance(_ v: Double, _ r: Rect, horizontal: Bool = false) -> Double {
        let lo = horizontal ? r.minX : r.minY, hi = horizontal ? r.maxX : r.maxY
        return v < lo ? lo - v : v > hi ? v - hi : 0
    }

    /// Each cluster of a run with its storage range and x extent.
    func clusterRects(_ run: GlyphRun) -> [(bytes: Range<Int>, x0: Double, x1: Double)] {
        if run.attachment != nil || run.clusters.isEmpty {
            return [(run.characterRange, run.bounds.minX, run.bounds.maxX)]
        }
        var result: [(bytes: Range<Int>, x0: Double, x1: Double)] = []
        var glyph = 0
        var byte = run.isRightToLeft ? run.characterRange.upperBound : run.characterRange.lowerBound
        for (i, cluster) in run.clusters.enumerated() {
            let x0 = glyph < run.positions.count ? run.positions[glyph].x : run.bounds.maxX
            let nextGlyph = glyph + cluster.glyphCount
            let x1 = i + 1 < run.clusters.count && nextGlyph < run.positions.count ? run.positions[nextGlyph].x : run.bounds.maxX
            let bytes: Range<Int>
            if run.isRightToLeft {
                bytes = max(run.characterRange.lowerBound, byte - cluster.byteCount)..<byte
                byte -= cluster.byteCount
            } else {
                bytes = byte..<min(run.characterRange.upperBound, byte + cluster.byteCount)
                byte += cluster.byteCount
            }
            if !bytes.isEmpty { result.append((bytes, min(x0, x1), max(x0, x1))) }
            glyph = nextGlyph
        }
        return result
    }
}

extension LayoutManager {
    /// `text` in `attributes` set as one line, left-aligned and as wide as it is, its top
    /// at y 0 and its start at x 0, with this manager's fonts (a table's "continued"
    /// label, a drop cap's letter).
    func lineOnItsOwn(_ text: String, attributes: TextAttributes, paragraphIndex: Int) -> LineFragment {
        let storage = TextStorage()
        storage.append(text, attributes: attributes, paragraphStyle: ParagraphStyle(alignment: .left))
        let p = BackgroundWorker.shape(paragraph: 0, of: storage, defaults: defaults, typesetting: typesetting, column: nil,
                                       context: context)
        let span = LineSpan(start: 0, end: p.clusterCount, next: p.clusterCount, hyphenated: false, endsParagraphOrForced: true)
        let h = LineAssembler.lineHeight(assembler.metrics(p, span), style: p.style)
        let slot = LineSlot(containerIndex: 0, rect: Rect(x: 0, y: 0, width: 1e6, height: h), textX: 0, textWidth: 1e6,
                            leadingIndent: 0, lineInContainer: 0, opensLine: true, closesLine: true)
        return assembler.assemble(p, span: span, slot: slot, top: 0, paragraphIndex: paragraphIndex)
    }

    /// The height the paragraph holding `offset` needs for its first line at least, in a
    /// column `columnWidth` wide: the attachment it starts with (a figure) sized for that
    /// column, or 0 when it starts with text. A page maker asks before opening a band of
    /// columns in the little room left on a page: a figure that would not fit there goes
    /// to the next page instead of running past the foot of this one.
    public func leadingAttachmentHeight(atParagraphContaining offset: Int, columnWidth: Double) -> Double {
        guard offset >= 0, offset < textStorage.length else { return 0 }
        let range = textStorage.paragraphRange(at: textStorage.paragraphIndex(containing: offset))
        guard let attachment = textStorage.attributes(at: range.lowerBound).attributes.attachment else { return 0 }
        let style = textStorage.paragraphStyle(at: range.lowerBound)
        return AttachmentRoom(columnWidth: columnWidth, padding: 0, style: style).fit(attachment).bounds.height
    }
}
