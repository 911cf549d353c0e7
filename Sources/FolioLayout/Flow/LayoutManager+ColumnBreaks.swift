// A paragraph at a column break: what keeps it whole or moves it on (keep-with-next,
// widows and orphans, a stub of a last line, a hyphen across the turn), and the looseness
// of it and the paragraphs before that can settle the break instead.

extension LayoutManager {
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
}
