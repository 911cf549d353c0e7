import FolioText

// Floating blocks (figures, tables): set apart from the text, at the top of a column, at
// its foot, in the flow where they fit, or on a column of their own — in the order they
// were anchored, and never leaving a column mostly empty when a block does not fit where
// it stands: the text goes on, the block waits for the next column.

/// Part of the layout reserved for one floating block in one container.
struct FloatPiece {
    var block: FloatingBlock
    var containerIndex: Int
    enum Place { case top, bottom, flow(y: Double) }
    var place: Place
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
    static let floatGap = 12.0
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
    /// left the cursor below it.
    func placeFloats(_ blocks: [FloatingBlock], paragraph: Int) {
        for block in blocks where !floatPieces.contains(where: { $0.block === block }) && !forgottenNotes.contains(ObjectIdentifier(block)) {
            guard let content = container(at: cursor.containerIndex, ask: false)?.contentRect else { return }
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
                    // Below the band of lines the paragraph ended in (an obstacle may have split it).
                    let below = cursor.band.isEmpty ? cursor.y : cursor.y + cursor.bandHeight
                    let top = cursor.linesInContainer == 0 ? max(below, content.minY + topFloatReserve(here)) : below
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
                    let room = content.maxY - footReserve(here) - bottomFloatReserve(here) - cursor.y - Self.floatGap
                    if h <= room + 1e-6, bottomFloatReserve(here) + topFloatReserve(here) + h <= content.height * Self.floatShare {
                        addPiece(FloatPiece(block: block, containerIndex: here, place: .bottom, height: h, width: width,
                                            paragraphIndex: paragraph))
                        continue
                    }
                case .top, .page:
                    break
                }
            }
            // The top of a later column: the first from the next on (or the last one a block
            // waits for) with room, or one with no block yet.
            var c = max(here + 1, floatPieces.last?.containerIndex ?? 0)
            while true {
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
    }

    private func addPiece(_ piece: FloatPiece) {
        floatPieces.append(piece)
        var reserve = floatReserves[piece.containerIndex] ?? (0, 0)
        switch piece.place {
        case .top: reserve.top += piece.height + Self.floatGap
        case .bottom: reserve.bottom += piece.height + Self.floatGap
        case .flow: break
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
            switch piece.place {
            case .top: y = top; top += piece.height + Self.floatGap
            case .bottom: y = footTops[foot]; foot += 1
            case .flow(let at): y = at
            }
            let set = lines(of: piece.block, width: piece.width)
            guard let first = set.first else { continue }
            let dy = y - first.rect.minY
            let lines = set.map { line -> LineFragment in
                var l = line.offsetBy(dx: content.minX, dy: dy)
                l.containerIndex = index
                return l
            }
            result.append(PlacedFloat(block: piece.block, rect: Rect(x: content.minX, y: y, width: piece.width, height: piece.height),
                                      lines: lines))
        }
        return result
    }
}
