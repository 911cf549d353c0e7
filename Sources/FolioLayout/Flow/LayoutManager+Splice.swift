// Incremental layout after an edit: the layout after the edited paragraphs is kept
// and spliced back when the flow reaches it in the same state.

extension LayoutManager {
    /// `TextStorageObserver`: after an edit, keeps the layout before the first edited paragraph,
    /// lays out from there again (lazily, on the next query) and keeps the old layout after the
    /// edit to splice back if the flow reaches it in the same state. Editing the storage from a
    /// delegate callback during layout is a programming error (it traps).
    public func textStorage(_ storage: TextStorage, didProcess edit: TextStorage.Edit) {
        eastAsianTextKnown = nil
        precondition(!isLayingOut, "the text storage was edited while its layout manager was laying it out (from a delegate callback?); edit between layout calls")
        let first = storage.paragraphIndex(containing: min(edit.range.lowerBound, storage.length))
        let last = storage.paragraphIndex(containing: min(edit.range.upperBound, storage.length))
        tail = reusableTail(after: last, edit: edit)
        invalidateLayout(fromParagraph: first, keepingTail: true)
    }

    /// The layout after the edited paragraphs, to be spliced back in unchanged (shifted by
    /// the edit) if the new layout of the edited paragraphs ends exactly where the old one
    /// did: an edit costs the paragraphs it touches, not the rest of the document.
    struct Tail {
        var records: [(record: ParagraphRecord, repeats: Int)]
        var fragments: ArraySlice<LineFragment>
        var warnings: [LayoutWarning]
        var firstParagraph: Int          // in the new numbering
        var paragraphDelta: Int
        var offsetDelta: Int
        var finalCursor: FlowCursor
    }

    func reusableTail(after last: Int, edit: TextStorage.Edit) -> Tail? {
        guard finished, unplacedRange == nil, let finalCursor, !edit.mask.isEmpty else { return nil }
        let delta = textStorage.paragraphCount - laidOutParagraphCount
        let firstNew = last + 1
        let firstOld = firstNew - delta
        guard firstNew < textStorage.paragraphCount, firstOld > 0, firstOld < records.count else { return nil }
        let start = records[firstOld].firstFragment - forgottenFragments
        // Notes placed from the tail would have to be spliced back with it.
        guard !footnotePieces.contains(where: { $0.paragraphIndex >= firstOld }),
              !floatPieces.contains(where: { $0.paragraphIndex >= firstOld }) else { return nil }
        guard start >= 0, start < fragments.count,
              !fragments[start...].contains(where: { discardedContainers.contains($0.containerIndex) }),
              fragments[start].characterRange.lowerBound + edit.changeInLength == textStorage.paragraphRange(at: firstNew).lowerBound
        else { return nil }
        let startOffset = fragments[start].characterRange.lowerBound
        return Tail(records: records.runs(from: firstOld), fragments: fragments[start...],
                    warnings: warnings.filter { $0.characterRange.lowerBound >= startOffset },
                    firstParagraph: firstNew, paragraphDelta: delta, offsetDelta: edit.changeInLength, finalCursor: finalCursor)
    }

    /// Splices the kept tail back if the flow has reached it in the same state.
    func spliceTail(after index: Int) -> Bool {
        guard let t = tail else { return false }
        guard index + 1 == t.firstParagraph, cursor == t.records[0].record.cursor else {
            if index + 1 >= t.firstParagraph { tail = nil }
            return false
        }
        tail = nil
        let base = t.records[0].record.firstFragment
        let shift = t.offsetDelta
        for (r, repeats) in t.records {
            records.append(ParagraphRecord(cursor: r.cursor, firstFragment: r.firstFragment - base + forgottenFragments + fragments.count,
                                           tableStart: r.tableStart + t.paragraphDelta), repeats: repeats)
        }
        func moved(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + shift)..<(r.upperBound + shift) }
        for var f in t.fragments {
            f.characterRange = moved(f.characterRange)
            f.truncatedRange = f.truncatedRange.map(moved)
            f.paragraphIndex += t.paragraphDelta
            for k in f.glyphRuns.indices { f.glyphRuns[k].characterRange = moved(f.glyphRuns[k].characterRange) }
            for k in f.tableCells.indices { f.tableCells[k].characterRange = moved(f.tableCells[k].characterRange) }
            fragments.append(f)
        }
        warnings += t.warnings.map { LayoutWarning(characterRange: moved($0.characterRange), message: $0.message, kind: $0.kind) }
        cursor = t.finalCursor
        finish()
        return true
    }
}
