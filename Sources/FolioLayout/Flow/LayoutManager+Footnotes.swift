import FolioText

// Notes at the foot of the column: TeX's insertions, in Folio's model of containers. A
// line that holds a reference goes where the first line of its note fits below it, so the
// two are never apart; the note takes the room left at the foot, and what does not fit
// continues at the foot of the next container.

/// A note's lines at one width.
struct NoteLinesKey: Hashable {
    var note: ObjectIdentifier
    var width: Double
}

extension LayoutManager {
    /// The notes referenced in `range` (a paragraph's), with the storage offset of each
    /// reference, in text order; a note referenced twice comes once.
    func footnoteReferences(in range: Range<Int>) -> [(offset: Int, note: Footnote)] {
        guard !range.isEmpty, textStorage.hasFootnotes else { return [] }
        var result: [(offset: Int, note: Footnote)] = []
        for run in textStorage.attributeRuns(in: range) {
            if let note = run.attributes.footnote, !result.contains(where: { $0.note === note }) {
                result.append((run.range.lowerBound, note))
            }
        }
        return result
    }

    /// Notes of `references` whose reference falls in `range` and that are not placed yet.
    func unplacedNotes(_ references: [(offset: Int, note: Footnote)], in range: Range<Int>) -> [Footnote] {
        references.filter { range.contains($0.offset) && !isPlaced($0.note) }.map(\.note)
    }

    func isPlaced(_ note: Footnote) -> Bool {
        footnotePieces.contains { $0.footnote === note } || forgottenNotes.contains(ObjectIdentifier(note))
    }

    /// The height notes take at the foot of container `index`, separator included.
    func footReserve(_ index: Int) -> Double {
        footReserves.isEmpty ? 0 : footReserves[index] ?? 0
    }

    /// The last container a note continues into, when past `index` (new notes then wait
    /// for it, so notes keep their order).
    private func lastCarryContainer(after index: Int) -> Int? {
        guard let last = footnotePieces.last?.containerIndex, last > index else { return nil }
        return last
    }

    /// The lines of `note` set `width` wide, tops from 0.
    func lines(of note: Footnote, width: Double) -> [LineFragment] {
        lines(of: note.text, identity: ObjectIdentifier(note), width: width)
    }

    /// The lines of `text` (a note's, a floating block's: `identity` names it in the cache)
    /// set on their own in a column `width` wide, tops from 0, with this manager's fonts,
    /// defaults and typesetting.
    func lines(of text: AttributedText, identity: ObjectIdentifier, width: Double) -> [LineFragment] {
        let key = NoteLinesKey(note: identity, width: width)
        if let cached = noteLineCache[key] { return cached }
        let storage = TextStorage()
        storage.append(text)
        // A note or a block keeps its own spacing: it is not set on the page's grid.
        var own = typesetting
        own.baselineGrid = 0
        let probe = LayoutManager(textStorage: storage, defaults: defaults, typesetting: own, shaping: nestedShaping)
        probe.addTextContainer(TextContainer(size: Size(width: max(width, 1), height: 1e7)))
        probe.ensureLayout()
        storage.removeObserver(probe)
        let lines = probe.lineFragments
        noteLineCache[key] = lines
        return lines
    }

    private func width(ofContainer index: Int) -> Double {
        container(at: index, ask: false)?.contentRect.width ?? 0
    }

    /// The room the first of `notes` needs at the foot of container `index` to start
    /// there: the separator (or the space after the note before) and its first line.
    /// Zero when notes wait for an earlier one's continuation.
    func minimumFootNeed(_ notes: [Footnote], container index: Int) -> Double {
        guard let first = notes.first, lastCarryContainer(after: index) == nil else { return 0 }
        let lines = lines(of: first, width: width(ofContainer: index))
        guard let line = lines.first else { return 0 }
        let gap = footReserve(index) == 0 ? footnoteLayout.separatorSpace : footnoteLayout.spacing
        return gap + line.rect.height
    }

    /// Places `notes`, referenced in a line of paragraph `paragraph` that ends at
    /// `lineBottom` in container `index`: each at the foot of that container as far as the
    /// room below the line allows, the rest at the foot of the containers after it.
    func placeFootnotes(_ notes: [Footnote], paragraph: Int, container index: Int, lineBottom: Double) {
        let options = footnoteLayout
        for note in notes where !isPlaced(note) {
            let lines = lines(of: note, width: width(ofContainer: index))
            guard !lines.isEmpty else { continue }
            var c = lastCarryContainer(after: index) ?? index
            var from = 0
            while from < lines.count {
                guard let content = container(at: c, ask: false)?.contentRect else { break }
                let used = footReserve(c)
                let gap = used == 0 ? options.separatorSpace : options.spacing
                // Below the reference line in its own container; elsewhere, up to the
                // share a carried note may take.
                var room = (c == index ? content.maxY - lineBottom : content.height * options.maximumFraction) - used - gap
                // Never up into a block the text runs beside.
                if !floatPieces.isEmpty { room = min(room, content.maxY - besideBottom(c) - used - gap) }
                var to = from
                while to < lines.count, lines[to].rect.maxY - lines[from].rect.minY <= room + 1e-6 { to += 1 }
                // Something always goes: the reference line's container was chosen to hold
                // the first line, and a container with no notes yet takes at least one.
                if to == from, c == index && from == 0 || used == 0 { to = from + 1 }
                if to > from {
                    let height = lines[to - 1].rect.maxY - lines[from].rect.minY
                    footnotePieces.append(FootnotePiece(footnote: note, containerIndex: c, lines: from..<to,
                                                        lineCount: lines.count, width: width(ofContainer: index), height: height, paragraphIndex: paragraph))
                    footReserves[c] = used + gap + height
                    from = to
                }
                c += 1
            }
        }
    }

    /// Drops the pieces of notes referenced from paragraph `index` on (their lines are laid
    /// out again).
    func undoFootnotes(fromParagraph index: Int) {
        guard !footnotePieces.isEmpty else { return }
        footnotePieces.removeAll { $0.paragraphIndex >= index }
        recomputeFootReserves()
    }

    func recomputeFootReserves() {
        footReserves = [:]
        let options = footnoteLayout
        for piece in footnotePieces {
            let used = footReserves[piece.containerIndex] ?? 0
            footReserves[piece.containerIndex] = used + (used == 0 ? options.separatorSpace : options.spacing) + piece.height
        }
    }

    /// The notes at the foot of container `index`, laid out as far as needed; nil when it
    /// has none.
    public func footnoteArea(inContainerAt index: Int) -> FootnoteArea? {
        ensureLayout(forContainerAt: index)
        let pieces = footnotePieces.filter { $0.containerIndex == index }
        guard !pieces.isEmpty, let content = container(at: index, ask: false)?.contentRect else { return nil }
        let options = footnoteLayout
        let top = content.maxY - footReserve(index)
        var y = top + options.separatorSpace
        var lines: [LineFragment] = []
        var notes: [(footnote: Footnote, continued: Bool, continues: Bool)] = []
        for (k, piece) in pieces.enumerated() {
            if k > 0 { y += options.spacing }
            // Lines as the note was set: the reference's column width.
            let set = self.lines(of: piece.footnote, width: piece.width)
            guard piece.lines.upperBound <= set.count else { continue }
            let dy = y - set[piece.lines.lowerBound].rect.minY
            for line in set[piece.lines] {
                var l = line.offsetBy(dx: content.minX, dy: dy)
                l.containerIndex = index
                lines.append(l)
            }
            y += piece.height
            notes.append((piece.footnote, piece.lines.lowerBound > 0, piece.lines.upperBound < piece.lineCount))
        }
        return FootnoteArea(top: top, ruleY: top + options.spaceAbove, ruleX: content.minX,
                            ruleLength: content.width * options.ruleLength, layout: options, lines: lines, notes: notes)
    }

    /// Forgets the notes of containers before `index` (see `forgetLayout(beforeContainerAt:)`).
    func forgetFootnotes(beforeContainerAt index: Int) {
        guard !footnotePieces.isEmpty else { return }
        let forgotten = footnotePieces.filter { $0.containerIndex < index }
        guard !forgotten.isEmpty else { return }
        footnotePieces.removeAll { $0.containerIndex < index }
        for piece in forgotten { forgottenNotes.insert(ObjectIdentifier(piece.footnote)) }
        for c in Set(forgotten.map(\.containerIndex)) { footReserves[c] = nil }
        let kept = Set(footnotePieces.map { ObjectIdentifier($0.footnote) })
        noteLineCache = noteLineCache.filter { kept.contains($0.key.note) }
    }
}
