import FolioText

// Floating blocks (figures, tables): set apart from the text, at the top of a column, at
// its foot, in the flow where they fit, or on a column of their own — in the order they
// were anchored, and never leaving a column mostly empty when a block does not fit where
// it stands: the text goes on, the block waits for the next column.

/// Part of the layout reserved for one floating block in one container.
struct FloatPiece {
    var block: FloatingBlock
    var containerIndex: Int
    enum Place {
        case top, bottom, flow(y: Double)
        /// At one side of the column, the text running beside it: the block's rect.
        case beside(Rect)
    }
    var place: Place
    /// The block's rect when the text runs beside it.
    var besideRect: Rect? { if case .beside(let r) = place { return r }; return nil }
    /// The block's height as set at the container's width.
    var height: Double
    /// The width the block's lines were set at.
    var width: Double
    /// The paragraph the block is anchored in: undoing its layout undoes the piece.
    var paragraphIndex: Int
}

/// A floating block as drawn in a container: its lines in the container's coordinates.
public struct PlacedFloat: Sendable {
    /// The block.
    public var block: FloatingBlock
    /// Where it sits, container coordinates.
    public var rect: Rect
    /// Its lines, container coordinates.
    public var lines: [LineFragment]
}

extension LayoutManager {
    /// The space between a floating block and the text above or below it, in points.
    public static let floatGap = 12.0
    /// The most of a column's height floating blocks at its top and foot may take together,
    /// unless one block alone is taller (then it has the column to itself).
    static let floatShare = 0.7

    /// The blocks anchored in `range` (a paragraph's), in text order.
    func floatingBlocks(in range: Range<Int>) -> [FloatingBlock] {
        guard !range.isEmpty, textStorage.hasFloatingBlocks else { return [] }
        var result: [FloatingBlock] = []
        for run in textStorage.attributeRuns(in: range) {
            if let block = run.attributes.floatingBlock, !result.contains(where: { $0 === block }) { result.append(block) }
        }
        return result
    }

    /// The height blocks take at the top of container `index`, gaps included.
    func topFloatReserve(_ index: Int) -> Double {
        floatReserves.isEmpty ? 0 : floatReserves[index]?.top ?? 0
    }

    /// The height blocks take at the foot of container `index`, gaps included.
    func bottomFloatReserve(_ index: Int) -> Double {
        floatReserves.isEmpty ? 0 : floatReserves[index]?.bottom ?? 0
    }

    /// The lines of `block` set `width` wide, tops from 0.
    func lines(of block: FloatingBlock, width: Double) -> [LineFragment] {
        lines(of: block.text, identity: ObjectIdentifier(block), width: width)
    }

    private func height(of lines: [LineFragment]) -> Double {
        guard let first = lines.first, let last = lines.last else { return 0 }
        return last.rect.maxY - first.rect.minY
    }

    /// Places the blocks anchored in paragraph `paragraph`, which has just been laid out and
    /// left the cursor below it. Returns whether the layout was undone from an earlier
    /// paragraph to be done again (a block joining the top of this column).
    func placeFloats(_ blocks: [FloatingBlock], paragraph: Int) -> Bool {
        for block in blocks where !floatPieces.contains(where: { $0.block === block }) && !forgottenNotes.contains(ObjectIdentifier(block)) {
            if let wrap = block.wrap {
                placeBeside(block, wrap: wrap, paragraph: paragraph)
                continue
            }
            guard let content = container(at: cursor.containerIndex, ask: false)?.contentRect else { return false }
            let width = content.width
            let h = height(of: lines(of: block, width: width))
            guard h > 0 else { continue }
            if h > content.height + 1e-6 {
                let at = textStorage.paragraphRange(at: paragraph)
                warnings.append(LayoutWarning(characterRange: at.upperBound - 1..<at.upperBound,
                                              message: "a floating block \(Int(h.rounded())) pt tall is taller than its column (\(Int(content.height.rounded())) pt): it runs past the column's foot; set it in the flow ({float=none}) to let it break across columns"))
            }
            let here = cursor.containerIndex
            // Blocks keep their order: while an earlier one waits for a later column, this
            // one waits too.
            let waiting = floatPieces.last.map { $0.containerIndex > here } ?? false
            if !waiting {
                switch block.placement {
                case .here:
                    let top = topBelowCursor(in: here, content: content)
                    if top + h <= content.maxY - footReserve(here) - bottomFloatReserve(here) + 1e-6 {
                        floatPieces.append(FloatPiece(block: block, containerIndex: here, place: .flow(y: top), height: h,
                                                      width: width, paragraphIndex: paragraph))
                        cursor.y = top + h + Self.floatGap
                        if !cursor.band.isEmpty {
                            cursor.band = []; cursor.bandIndex = 0; cursor.bandHeight = 0
                            cursor.linesInContainer += 1
                        }
                        continue
                    }
                case .bottom:
                    let room = content.maxY - footReserve(here) - bottomFloatReserve(here) - max(cursor.y, besideBottom(here)) - Self.floatGap
                    if h <= room + 1e-6, bottomFloatReserve(here) + topFloatReserve(here) + h <= content.height * Self.floatShare {
                        addPiece(FloatPiece(block: block, containerIndex: here, place: .bottom, height: h, width: width,
                                            paragraphIndex: paragraph))
                        continue
                    }
                case .top:
                    if joinTopOfColumn(block, height: h, width: width, paragraph: paragraph, content: content) { return true }
                case .page:
                    break
                }
            }
            // The top of a later column: the first from the next on (or the last one a block
            // waits for) with room, or one with no block yet.
            var c = max(here + 1, floatPieces.last?.containerIndex ?? 0)
            while true {
                // A column with a block the text runs beside takes no block above or below it.
                if hasBesideBlock(inContainerAt: c) { c += 1; continue }
                let height = container(at: c, ask: false)?.contentRect.height ?? content.height
                let used = topFloatReserve(c) + bottomFloatReserve(c)
                let alone = used == 0
                if block.placement == .page {
                    if alone { break }
                } else if alone || used + h + Self.floatGap <= height * Self.floatShare {
                    break
                }
                c += 1
            }
            addPiece(FloatPiece(block: block, containerIndex: c, place: .top,
                                height: block.placement == .page ? max(h, container(at: c, ask: false)?.contentRect.height ?? h) : h,
                                width: width, paragraphIndex: paragraph))
        }
        return false
    }

    /// Puts a block for the top of a column at the top of the column its anchor ends in,
    /// as TeX's page builder puts a top float on the page it is building: when that column
    /// has not been handed on, its text starts with a paragraph (not the rest of one from
    /// the column before), the blocks at its top and foot stay within their share, and the
    /// anchor, moved down by the block, still ends in it. The column's text is then laid out
    /// again below the block. Once per anchor, so that moving text for widows and orphans
    /// cannot make it go back and forth. Returns whether the layout was undone.
    private func joinTopOfColumn(_ block: FloatingBlock, height h: Double, width: Double, paragraph: Int, content: Rect) -> Bool {
        let here = cursor.containerIndex
        guard !topFloatsJoined.contains(paragraph), here >= completedContainers, cursor.band.isEmpty,
              !hasBesideBlock(inContainerAt: here) else { return false }
        guard topFloatReserve(here) + bottomFloatReserve(here) + h + Self.floatGap <= content.height * Self.floatShare,
              cursor.y + h + Self.floatGap + typesetting.baselineGrid <= content.maxY - footReserve(here) - bottomFloatReserve(here) + 1e-6
        else { return false }
        // The first line set in this column must start its paragraph.
        guard let last = fragments.indices.last, fragments[last].containerIndex == here else { return false }
        var first = last
        while first > 0, fragments[first - 1].containerIndex == here { first -= 1 }
        let start = fragments[first].paragraphIndex
        guard start <= paragraph, start < records.count, records[start].firstFragment - forgottenFragments == first else { return false }
        topFloatsJoined.insert(paragraph)
        undoLayout(from: start)
        addPiece(FloatPiece(block: block, containerIndex: here, place: .top, height: h, width: width, paragraphIndex: paragraph))
        return true
    }

    /// The space between a block the text runs beside and that text.
    static let besideGap = 9.0

    /// Places a block the text runs beside: right below its anchor (and below any such
    /// block before it) when it fits in the rest of the column, else at the top of the next
    /// column without one.
    private func placeBeside(_ block: FloatingBlock, wrap: FloatingBlock.Wrap, paragraph: Int) {
        guard let content = container(at: cursor.containerIndex, ask: false)?.contentRect, content.width > 0 else { return }
        let width = content.width * wrap.width
        let h = height(of: lines(of: block, width: width))
        guard h > 0 else { return }
        func x(_ area: Rect) -> Double { wrap.side == .left ? area.minX : area.maxX - width }
        let here = cursor.containerIndex
        let waiting = floatPieces.last.map { $0.containerIndex > here } ?? false
        let top = topBelowCursor(in: here, content: content)
        if !waiting, top.isFinite, top + h <= content.maxY - footReserve(here) - bottomFloatReserve(here) + 1e-6 {
            addPiece(FloatPiece(block: block, containerIndex: here, place: .beside(Rect(x: x(content), y: top, width: width, height: h)),
                                height: h, width: width, paragraphIndex: paragraph))
            return
        }
        var c = max(here + 1, floatPieces.last?.containerIndex ?? 0)
        while hasBesideBlock(inContainerAt: c) { c += 1 }
        let next = container(at: c, ask: false)?.contentRect ?? content
        if c < textContainers.count, h > next.height + 1e-6 {
            let at = textStorage.paragraphRange(at: paragraph)
            warnings.append(LayoutWarning(characterRange: at.upperBound - 1..<at.upperBound,
                                          message: "a block the text wraps around is \(Int(h.rounded())) pt tall, taller than its column (\(Int(next.height.rounded())) pt): it runs past the column's foot"))
        }
        addPiece(FloatPiece(block: block, containerIndex: c,
                            place: .beside(Rect(x: x(next), y: next.minY + topFloatReserve(c), width: width, height: h)),
                            height: h, width: width, paragraphIndex: paragraph))
    }

    func hasBesideBlock(inContainerAt index: Int) -> Bool {
        floatPieces.contains { $0.containerIndex == index && $0.besideRect != nil }
    }

    /// Whether a block the text runs beside is placed in container `index` or a later one:
    /// lines there are not all alike.
    func hasBesideBlock(fromContainerAt index: Int) -> Bool {
        floatPieces.contains { $0.containerIndex >= index && $0.besideRect != nil }
    }

    /// The bottom of the lowest block the text runs beside in container `index`, with its
    /// gap; -infinity when there is none.
    func besideBottom(_ index: Int) -> Double {
        var bottom = -Double.infinity
        for piece in floatPieces where piece.containerIndex == index {
            if let r = piece.besideRect { bottom = max(bottom, r.maxY + Self.floatGap / 2) }
        }
        return bottom
    }

    /// `band` (the free fragments of a line in container `index`) less the room taken by
    /// blocks the text runs beside, and their gaps; pieces narrower than `minimumWidth`
    /// are dropped.
    func wrapping(_ band: [Rect], container index: Int, minimumWidth: Double) -> [Rect] {
        guard let first = band.first else { return band }
        var holes: [ClosedRange<Double>] = []
        for piece in floatPieces where piece.containerIndex == index {
            guard let r = piece.besideRect, first.minY < r.maxY + Self.floatGap / 2 - 1e-6, first.maxY > r.minY + 1e-6 else { continue }
            holes.append((r.minX - Self.besideGap)...(r.maxX + Self.besideGap))
        }
        guard !holes.isEmpty else { return band }
        let free = SpanList.subtract(band.map { $0.minX...$0.maxX }, holes)
        return free.compactMap { span in
            let width = span.upperBound - span.lowerBound
            return width >= max(minimumWidth, 1e-9) ? Rect(x: span.lowerBound, y: first.minY, width: width, height: first.height) : nil
        }
    }

    /// Where a block placed now in container `here` can start: below the band of lines the
    /// paragraph ended in (an obstacle may have split it), below the blocks at the column's
    /// top when nothing is set in it yet, and below any block the text runs beside.
    private func topBelowCursor(in here: Int, content: Rect) -> Double {
        let below = cursor.band.isEmpty ? cursor.y : cursor.y + cursor.bandHeight
        let top = cursor.linesInContainer == 0 ? max(below, content.minY + topFloatReserve(here)) : below
        return max(top, besideBottom(here))
    }

    private func addPiece(_ piece: FloatPiece) {
        floatPieces.append(piece)
        var reserve = floatReserves[piece.containerIndex] ?? (0, 0)
        switch piece.place {
        case .top: reserve.top += piece.height + Self.floatGap
        case .bottom: reserve.bottom += piece.height + Self.floatGap
        case .flow, .beside: break
        }
        floatReserves[piece.containerIndex] = reserve
    }

    /// Drops the blocks anchored from paragraph `index` on.
    func undoFloats(fromParagraph index: Int) {
        guard !floatPieces.isEmpty else { return }
        let kept = floatPieces.filter { $0.paragraphIndex < index }
        guard kept.count < floatPieces.count else { return }
        floatPieces = []
        floatReserves = [:]
        for piece in kept { addPiece(piece) }
    }

    /// Forgets the blocks of containers before `index` (see `forgetLayout(beforeContainerAt:)`).
    func forgetFloats(beforeContainerAt index: Int) {
        guard floatPieces.contains(where: { $0.containerIndex < index }) else { return }
        for piece in floatPieces where piece.containerIndex < index { forgottenNotes.insert(ObjectIdentifier(piece.block)) }
        floatPieces.removeAll { $0.containerIndex < index }
        floatReserves = floatReserves.filter { $0.key >= index }
    }

    /// The floating blocks set in container `index`, top to bottom, laid out as far as needed.
    public func floatingBlocks(inContainerAt index: Int) -> [PlacedFloat] {
        ensureLayout(forContainerAt: index)
        guard let content = container(at: index, ask: false)?.contentRect else { return [] }
        var result: [PlacedFloat] = []
        var top = content.minY
        var bottom = content.maxY - footReserve(index)
        // The foot's blocks stack up from above the notes, the last anchored lowest.
        let feet = floatPieces.filter { $0.containerIndex == index && { if case .bottom = $0.place { return true }; return false }($0) }
        var footTops: [Double] = []
        for piece in feet.reversed() {
            bottom -= piece.height
            footTops.append(bottom)
            bottom -= Self.floatGap
        }
        footTops.reverse()
        var foot = 0
        for piece in floatPieces where piece.containerIndex == index {
            let y: Double
            var x = content.minX
            switch piece.place {
            case .top: y = top; top += piece.height + Self.floatGap
            case .bottom: y = footTops[foot]; foot += 1
            case .flow(let at): y = at
            case .beside(let r): y = r.minY; x = r.minX
            }
            let set = lines(of: piece.block, width: piece.width)
            guard let first = set.first else { continue }
            let dy = y - first.rect.minY
            let lines = set.map { line -> LineFragment in
                var l = line.offsetBy(dx: x, dy: dy)
                l.containerIndex = index
                return l
            }
            result.append(PlacedFloat(block: piece.block, rect: Rect(x: x, y: y, width: piece.width, height: piece.height),
                                      lines: lines))
        }
        return result
    }
}
