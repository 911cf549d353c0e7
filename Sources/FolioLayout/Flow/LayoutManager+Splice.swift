// Incremental layout after an edit: the layout after the edited paragraphs is kept
// and spliced back when the flow reaches a paragraph of it in the same state — right after
// the edit when the edited paragraphs end where they did, or further on, where an edit
// that moved the text by a line has been made up (a column ended early for a widow, a
// heading kept with its text), as TeX's and TextKit's layouts do not but an editor wants.

extension LayoutManager {
    /// `TextStorageObserver`: after an edit, keeps the layout before the first edited paragraph,
    /// lays out from there again (lazily, on the next query) and keeps the old layout after the
    /// edit to splice back if the flow reaches it in the same state. Editing the storage from a
    /// delegate callback during layout is a programming error (it traps).
    public func textStorage(_ storage: TextStorage, didProcess edit: TextStorage.Edit) {
        // Text the supplier appends past everything laid out (`textSupplier`).
        if receivingText { return }
        precondition(!isLayingOut, "the text storage was edited while its layout manager was laying it out (from a delegate callback?); edit between layout calls")
        let first = storage.paragraphIndex(containing: min(edit.range.lowerBound, storage.length))
        let last = storage.paragraphIndex(containing: min(edit.range.upperBound, storage.length))
        tail = reusableTail(after: last, edit: edit)
        invalidateLayout(fromParagraph: first, keepingTail: true)
    }

    /// The layout after the edited paragraphs, to be spliced back in unchanged (shifted by
    /// the edit) from the first of its paragraphs the new layout reaches in the same state:
    /// an edit costs the paragraphs it touches, and those it moves, not the rest of the
    /// document.
    struct Tail {
        var records: [(record: ParagraphRecord, repeats: Int)]
        var fragments: ArraySlice<LineFragment>
        var warnings: [LayoutWarning]
        var firstParagraph: Int          // in the new numbering
        var paragraphDelta: Int
        var offsetDelta: Int
        var finalCursor: FlowCursor
        /// How far the flow has come through `records`: the run the next paragraph is in,
        /// and the (new) index of that run's first paragraph.
        var run = 0
        var runStart: Int
    }

    func reusableTail(after last: Int, edit: TextStorage.Edit) -> Tail? {
        guard finished, unplacedRange == nil, let finalCursor, !edit.mask.isEmpty else { return nil }
        let delta = textStorage.paragraphCount - laidOutParagraphCount
        let firstNew = last + 1
        let firstOld = firstNew - delta
        guard firstNew < textStorage.paragraphCount, firstOld > 0, firstOld < records.count else { return nil }
        let start = records[firstOld].firstFragment - forgottenFragments
        // Notes placed from the tail would have to be spliced back with it.
        // Lines wrapped around a block were set for where it stood: with any such block the
        // tail is set again (a block re-placed by the edit may stand elsewhere).
        guard !footnotePieces.contains(where: { $0.paragraphIndex >= firstOld }),
              !floatPieces.contains(where: { $0.paragraphIndex >= firstOld || $0.besideRect != nil }) else { return nil }
        guard start >= 0, start < fragments.count,
              !fragments[start...].contains(where: { $0.containerIndex < forgottenContainers || discardedContainers.contains($0.containerIndex) }),
              fragments[start].characterRange.lowerBound + edit.changeInLength == textStorage.paragraphRange(at: firstNew).lowerBound
        else { return nil }
        let startOffset = fragments[start].characterRange.lowerBound
        return Tail(records: records.runs(from: firstOld), fragments: fragments[start...],
                    warnings: warnings.filter { $0.characterRange.lowerBound >= startOffset },
                    firstParagraph: firstNew, paragraphDelta: delta, offsetDelta: edit.changeInLength, finalCursor: finalCursor,
                    runStart: firstNew)
    }

    /// Splices the kept tail back if the flow has reached it in the same state.
    func spliceTail(after index: Int) -> Bool {
        guard var t = tail else { return false }
        let next = index + 1
        guard next >= t.firstParagraph else { return false }
        while t.run < t.records.count, t.runStart + t.records[t.run].repeats <= next {
            t.runStart += t.records[t.run].repeats
            t.run += 1
        }
        // Only where a run of the old layout starts (a table is entered at its first paragraph).
        guard t.run < t.records.count else { tail = nil; return false }
        let from = t.records[t.run].record
        guard t.runStart == next, cursor == from.cursor else {
            tail = t
            return false
        }
        // The tail's lines are now held by `t` alone (the manager's own array let go of
        // them when the edit cut it): shifted in place, no line's runs are copied.
        tail = nil
        let base = from.firstFragment
        let shift = t.offsetDelta
        let skipped = base - t.records[0].record.firstFragment
        t.fragments = t.fragments.dropFirst(skipped)
        // The paragraph must be where the old layout had it, the edit's shift applied.
        if let first = t.fragments.first, first.characterRange.lowerBound + shift != textStorage.paragraphRange(at: next).lowerBound {
            return false
        }
        let startOffset = t.fragments.first?.characterRange.lowerBound ?? .max
        t.warnings.removeAll { $0.characterRange.lowerBound < startOffset }
        for (r, repeats) in t.records[t.run...] {
            records.append(ParagraphRecord(cursor: r.cursor, firstFragment: r.firstFragment - base + forgottenFragments + fragments.count,
                                           tableStart: r.tableStart + t.paragraphDelta), repeats: repeats)
        }
        func moved(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + shift)..<(r.upperBound + shift) }
        if shift != 0 || t.paragraphDelta != 0 {
            for i in t.fragments.indices {
                t.fragments[i].characterRange = moved(t.fragments[i].characterRange)
                t.fragments[i].truncatedRange = t.fragments[i].truncatedRange.map(moved)
                t.fragments[i].paragraphIndex += t.paragraphDelta
                for k in t.fragments[i].glyphRuns.indices {
                    t.fragments[i].glyphRuns[k].characterRange = moved(t.fragments[i].glyphRuns[k].characterRange)
                }
                for k in t.fragments[i].tableCells.indices {
                    t.fragments[i].tableCells[k].characterRange = moved(t.fragments[i].tableCells[k].characterRange)
                }
            }
        }
        fragments.append(contentsOf: t.fragments)
        warnings += t.warnings.map { LayoutWarning(characterRange: moved($0.characterRange), message: $0.message, kind: $0.kind) }
        cursor = t.finalCursor
        finish()
        return true
    }
}
