import Foundation

/// Makes pages from a template's masters as the layout manager asks for containers:
/// picks the master (first page, chapter opening, left or right), mirrors margins on
/// two-sided templates, starts a new band of columns below the text so far when a
/// section changes the column count, and a new page when a paragraph asks for one.
public final class PageComposer: LayoutManagerDelegate {
    /// The template the pages are made from (after overrides).
    public let template: Template
    /// Sorted by offset.
    public private(set) var sections: [SectionMark]
    /// Offsets where a section heading starts (a page starting there uses `opening`).
    public private(set) var openings: Set<Int>
    /// The pages made so far, in order, from the first not forgotten
    /// (`forgetPages(before:)`). A page's last column set may still gain columns until the
    /// page is complete (`onPageComplete`).
    public private(set) var pages: [ComposedPage] = []
    /// How many pages were forgotten: `pages` starts with page `forgottenPages + 1`.
    public private(set) var forgottenPages = 0
    /// How many pages were made, forgotten ones included.
    public var pageCount: Int { forgottenPages + pages.count }
    /// Called once per page when the text on it is final, in page order.
    public var onPageComplete: ((ComposedPage) -> Void)?
    /// Once set, no more pages are made: layout ends at once, its text left unplaced (the
    /// render then throws `RenderCancelled`).
    public var cancellation: RenderCancellation?
    private var completed = 0
    private var containerCount = 0
    /// The container of the last page, when that page was opened only because a new
    /// section's band had no room left on the page before: the flow may give it back
    /// (`layoutManager(_:reclaimContainerAt:)`).
    private var reclaimablePage: Int?

    /// A composer for `template`; `sections` (from `BuiltDocument.sections`) change the column
    /// count from their offsets on, and a page that starts at one of `openings` (storage
    /// offsets of section headings) uses the `opening` master.
    public init(template: Template, sections: [SectionMark] = [], openings: Set<Int> = []) {
        self.template = template
        self.sections = sections.sorted { $0.offset < $1.offset }
        self.openings = openings
    }

    /// The section in force at `offset` (-1 before the first mark).
    func section(at offset: Int) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1
    }

    private func columnCount(section: Int, master: PageMaster) -> Int {
        section >= 0 ? max(1, sections[section].columns) : max(1, master.columns ?? template.columns)
    }

    /// `LayoutManagerDelegate`: the next column — on this page when its current band has one
    /// left, in a new band below the text when a section changes the column count and room
    /// is left, else on a new page (always for a `.page` break). Returns a container of the
    /// column's size; columns of a balanced band are shortened to the balanced height.
    public func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                              for request: ContainerRequest) -> TextContainer? {
        if cancellation?.cancellationReason != nil { return nil }
        reclaimablePage = nil
        let section = section(at: request.characterIndex)
        guard var page = pages.last, var set = page.columnSets.last, !request.breakBefore.startsPage else {
            // A right-hand (or left-hand) page asked for: a blank page of the other side first
            // when the next page would be the wrong one.
            let nextIsLeft = (pageCount + 1) % 2 == 0
            if request.breakBefore == .rightPage && nextIsLeft || request.breakBefore == .leftPage && !nextIsLeft, pageCount > 0 {
                addBlankPage()
            }
            return newPage(section: section, startingAt: request.characterIndex, layoutManager)
        }
        if section != set.section {
            // A new section starts below the text set so far on this page, if a few
            // lines' room is left there.
            let bottom = set.usedBottom(in: layoutManager, vertical: template.writingMode == .vertical)
            let top = bottom + template.spanGap
            let room = template.writingMode == .vertical ? page.textArea.width - (top - page.textArea.minY) : page.textArea.maxY - top
            let master = template.masters[page.master] ?? PageMaster()
            // A figure opening the section (one across the page's columns) needs its height.
            let width = ColumnGrid(count: columnCount(section: section, master: master), gutter: master.gutter ?? template.gutter)
                .columnWidth(across: page.textArea.width)
            let needed = template.writingMode == .vertical ? 0
                : layoutManager.leadingAttachmentHeight(atParagraphContaining: request.characterIndex, columnWidth: width)
            if room >= max(minimumBandHeight, needed) {
                let newSet = makeSet(section: section, top: top, page: page, master: master,
                                     balancing: (layoutManager, request.characterIndex))
                page.columnSets.append(newSet)
                pages[pages.count - 1] = page
                return container(inSet: page.columnSets.count - 1)
            }
            let container = newPage(section: section, startingAt: request.characterIndex, layoutManager)
            reclaimablePage = containerCount - 1
            return container
        }
        if set.rects.count < set.columnCount {
            if template.writingMode == .vertical {
                set.rects.append(set.grid.verticalColumn(set.rects.count, in: page.textArea, used: set.top - page.textArea.minY))
            } else {
                set.rects.append(set.grid.column(set.rects.count, in: page.textArea, top: set.top,
                                                 height: set.height ?? page.textArea.maxY - set.top))
            }
            page.columnSets[page.columnSets.count - 1] = set
            pages[pages.count - 1] = page
            return container(inSet: page.columnSets.count - 1)
        }
        return newPage(section: section, startingAt: request.characterIndex, layoutManager)
    }

    /// A page left blank (before a chapter that must open on a right-hand page): no text, no
    /// frames — no running head or folio on it, as book designers leave it.
    private func addBlankPage() {
        let number = pageCount + 1
        let size = template.pageSize
        var page = ComposedPage(number: number, size: size, master: "blank", isLeftHand: number % 2 == 0,
                                textArea: Rect(x: 0, y: 0, width: size.width, height: size.height), columnSets: [], frames: [])
        page.writingMode = template.writingMode
        pages.append(page)
    }

    /// `LayoutManagerDelegate`: whether container `index` is the first of a band whose
    /// section differs from the band before it.
    public func layoutManager(_ layoutManager: LayoutManager, startsSectionAt index: Int) -> Bool {
        var sets: [ColumnSet] = []
        for page in pages.reversed() {
            for set in page.columnSets.reversed() where !set.containerIndexes.isEmpty {
                if let previous = sets.last, previous.containerIndexes.first == index { return previous.section != set.section }
                sets.append(set)
                if sets.count > 1 { sets.removeFirst() }
            }
            // Containers of pages far back are settled: nothing asks about them.
            if let found = sets.last, found.containerIndexes.first! < index - 64 { break }
        }
        return false
    }

    /// `LayoutManagerDelegate`: whether container `index` is a column of a balanced band.
    public func layoutManager(_ layoutManager: LayoutManager, isBalancedContainerAt index: Int) -> Bool {
        for page in pages.reversed() {
            for set in page.columnSets where set.containerIndexes.contains(index) { return set.height != nil }
            // Pages far back are settled: nothing asks about them.
            if let first = page.columnSets.first?.containerIndexes.first, first < index - 64 { break }
        }
        return false
    }

    /// `LayoutManagerDelegate`: takes back the page opened for a new section when the flow
    /// moves the paragraphs kept with its first one (a heading) to the next page: that page
    /// is opened again in the heading's section, the new section's band below it.
    public func layoutManager(_ layoutManager: LayoutManager, reclaimContainerAt index: Int) -> Bool {
        guard reclaimablePage == index, index == containerCount - 1, completed < pageCount - 1,
              pages.last?.columnSets.count == 1 else { return false }
        pages.removeLast()
        containerCount -= 1
        reclaimablePage = nil
        return true
    }

    /// `LayoutManagerDelegate`: reports (`onPageComplete`) every page whose last column is at
    /// or before `index`, in page order.
    public func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {
        // A page is complete once the flow has moved past its last container.
        while completed < pageCount {
            let page = pages[completed - forgottenPages]
            if page.columnSets.isEmpty {
                // A blank page: complete once the page after it exists.
                guard completed + 1 < pageCount else { break }
                completed += 1
                onPageComplete?(page)
                continue
            }
            guard let last = page.columnSets.last?.containerIndexes.last, last <= index,
                  completed + 1 < pageCount || index + 1 >= containerCount else { break }
            completed += 1
            onPageComplete?(page)
        }
    }

    /// Calls `onPageComplete` for pages not yet reported (after layout has finished).
    public func flush() {
        while completed < pageCount {
            completed += 1
            onPageComplete?(pages[completed - 1 - forgottenPages])
        }
    }

    /// Lets go of the complete pages before page `number` (1-based): a document written
    /// page by page keeps only the pages in flight. Nothing asks about a page once it is
    /// complete and written, but `pages` then starts later (`forgottenPages`). The last page
    /// made is always kept: the next column is added to it.
    public func forgetPages(before number: Int) {
        let count = min(number - 1, completed, pageCount - 1) - forgottenPages
        guard count > 0 else { return }
        pages.removeFirst(count)
        forgottenPages += count
    }

    /// Takes in the sections and section headings of text that arrived after the composer
    /// was made (a document built as it is laid out: `LayoutManager.textSupplier`); they
    /// come before the flow reaches them.
    public func add(sections new: some Sequence<SectionMark>, openings offsets: some Sequence<Int>) {
        sections = (sections + new).sorted { $0.offset < $1.offset }
        openings.formUnion(offsets)
    }

    /// The room a new band of columns needs: a few lines of body text.
    private var minimumBandHeight: Double { 48 * template.scale }

    private func newPage(section: Int, startingAt offset: Int, _ manager: LayoutManager) -> TextContainer {
        let number = pageCount + 1
        let isLeft = number % 2 == 0
        let name: String
        if number == 1, template.masters["first"] != nil { name = "first" }
        else if template.masters["opening"] != nil, openings.contains(offset) { name = "opening" }
        else if isLeft, template.masters["left"] != nil { name = "left" }
        else if !isLeft, template.masters["right"] != nil { name = "right" }
        else { name = "default" }
        let master = template.masters[name] ?? PageMaster()
        let m = master.margins ?? template.margins
        let mirror = template.mirrored && isLeft
        let insets = m.insets(mirrored: mirror)
        let left = insets.left, right = insets.right
        let size = template.pageSize
        let area = Rect(x: left, y: m.top, width: size.width - left - right, height: size.height - m.top - m.bottom)
        // Frames of a master shared by both sides mirror on left-hand pages.
        let sharedMaster = name != "left" && name != "right"
        let frames = master.frames.map { frame -> Frame in
            var f = frame
            f.rect = PageComposer.place(frame.rect, on: size)
            if mirror && sharedMaster { f.rect.origin.x = size.width - f.rect.maxX }
            return f
        }
        var page = ComposedPage(number: number, size: size, master: name, isLeftHand: isLeft, textArea: area,
                                columnSets: [], frames: frames)
        page.writingMode = template.writingMode
        page.columnSets = [makeSet(section: section, top: area.minY, page: page, master: master, balancing: (manager, offset))]
        pages.append(page)
        return container(inSet: 0)
    }

    /// A frame rect with negative x or y measured from the right or bottom edge.
    static func place(_ rect: Rect, on size: Size) -> Rect {
        var r = rect
        if r.minX < 0 { r.origin.x = size.width + r.minX - r.width }
        if r.minY < 0 { r.origin.y = size.height + r.minY - r.height }
        return r
    }

    private func makeSet(section: Int, top: Double, page: ComposedPage, master: PageMaster,
                         balancing: (manager: LayoutManager, offset: Int)) -> ColumnSet {
        let grid = ColumnGrid(count: columnCount(section: section, master: master), gutter: master.gutter ?? template.gutter)
        let count = grid.count
        let available = page.textArea.maxY - top
        // Vertical columns are not balanced (their lines run down, not across).
        let height = count > 1 && template.writingMode == .horizontal ? balancedHeight(section: section, from: balancing.offset, columns: count,
                                                width: grid.columnWidth(across: page.textArea.width),
                                                available: available, manager: balancing.manager) : nil
        if template.writingMode == .vertical {
            // A band of vertical text fills the text area from its right edge, less the
            // width the bands before it used (`top` counts that from the area's top).
            // Its columns are tiers (段), one above the other.
            let rect = grid.verticalColumn(0, in: page.textArea, used: top - page.textArea.minY)
            return ColumnSet(section: section, grid: grid, top: top, rects: [rect], containerIndexes: [], rule: nil, height: nil)
        }
        return ColumnSet(section: section, grid: grid, top: top,
                         rects: [grid.column(0, in: page.textArea, top: top, height: height ?? available)],
                         containerIndexes: [], rule: count > 1 ? (master.columnRule ?? template.columnRule) : nil,
                         height: height)
    }

    /// The height that splits the rest of a section evenly over `columns` columns, when
    /// the rest fits on this page; nil otherwise.
    ///
    /// The rest is set once in a single column of the same width, and the shortest
    /// height is found at which its lines, cut at line boundaries, fill no more than
    /// `columns` columns.
    private func balancedHeight(section: Int, from offset: Int, columns: Int, width: Double, available: Double,
                                manager: LayoutManager) -> Double? {
        // Up to the next section, or the end of the text: the last page's columns
        // balance too. (Text still arriving is taken in as far as the test below looks.)
        let limit = Double(columns) * (available / 8) * (width / 3)
        if section + 1 >= sections.count, !manager.hasWholeText { manager.ensureText(through: offset + Int(limit) + 1) }
        let end = section + 1 < sections.count ? sections[section + 1].offset : manager.textStorage.length
        guard end > offset else { return nil }
        // Far more text than the page holds: nothing to balance, and not worth measuring.
        if Double(end - offset) > limit { return nil }
        // Notes at the feet of the columns would take room the measure below does not see.
        if manager.textStorage.hasFootnotes,
           manager.textStorage.attributeRuns(of: .footnote, in: offset..<end).contains(where: { $0.value != nil }) { return nil }
        // Blocks sent to the top or foot of a column, or to one of their own, would too.
        // Those in the flow where they fit, and those the text runs beside, are measured
        // with the text: the probe below places them as the columns will.
        // A block anchored on the section's last separator would not be in the copy measured.
        if manager.textStorage.hasFloatingBlocks, end < manager.textStorage.length,
           manager.textStorage.attributes(at: end - 1).attributes.floatingBlock != nil { return nil }
        if manager.textStorage.hasFloatingBlocks,
           manager.textStorage.attributeRuns(of: .floatingBlock, in: offset..<end).contains(where: { run in
               guard let block = run.value?.base as? FloatingBlock else { return false }
               return block.wrap == nil && block.placement != .here
           }) { return nil }
        // A page that opens inside a paragraph: the paragraph is measured from its start,
        // broken as the flow broke it, and its lines before the page are left out (set
        // alone from the page's first character it would break, and count, otherwise).
        let opening = manager.textStorage.paragraphIndex(containing: offset)
        let from = min(offset, manager.textStorage.paragraphRange(at: opening).lowerBound)
        let storage = TextStorage()
        storage.append(manager.textStorage.attributedText(in: from..<end))
        let probe = LayoutManager(textStorage: storage, defaults: manager.defaults, typesetting: manager.typesetting,
                                  shaping: manager.nestedShaping)
        probe.addTextContainer(TextContainer(size: Size(width: width, height: 1e7)))
        // Set a line or two longer or shorter to mend the break before the page, it is
        // measured so.
        if from < offset { probe.setLineChanges(manager.lineChanges(ofParagraph: opening), ofParagraph: 0) }
        // Lines whose foot is further below the page's first line than the columns hold
        // cannot be balanced (the test below returns nil): the measure stops at the first.
        // The page's first line is at or above the first line not wholly before `offset`
        // (the orphans and widows below only move it up), so a line that far below that
        // one is that far below it too.
        let tallest = available * Double(columns) * 0.98
        var firstLineTop: Double? = nil, beyondColumns = false
        probe.ensureLayout(until: {
            let lines = probe.lineFragments
            if firstLineTop == nil {
                firstLineTop = lines.first { !$0.isDropCap && $0.characterRange.upperBound > offset - from }?.rect.minY
            }
            if let top = firstLineTop, let last = lines.last(where: { !$0.isDropCap }), last.rect.maxY - top > tallest {
                beyondColumns = true
            }
            return beyondColumns
        })
        if beyondColumns {
            storage.removeObserver(probe)
            return nil
        }
        // A drop cap stands beside its paragraph's first lines, not above them.
        let measured = probe.lineFragments.filter { !$0.isDropCap }
        // Paragraphs whose last line is a stub: a hyphenated word's tail, or three
        // characters or fewer (as `LayoutManager` tells them).
        var stubs = Set<Int>()
        for (k, line) in measured.enumerated() where line.isLastLineOfParagraph && k > 0 && measured[k - 1].paragraphIndex == line.paragraphIndex {
            let visible = storage.substring(line.characterRange).lazy.filter { !$0.isWhitespace }.prefix(4).count
            if LayoutManager.isStub(visibleCharacters: visible, afterHyphen: measured[k - 1].isHyphenated) { stubs.insert(line.paragraphIndex) }
        }
        var before = measured.prefix { $0.characterRange.upperBound <= offset - from }.count
        if before > 0 {
            // The flow moves lines of that paragraph onto this page where too few would be
            // left behind (orphans) or carried over (widows, one more after a stub): they
            // are measured here too.
            let style = manager.textStorage.paragraphStyle(ofParagraph: opening)
            let tail = measured.dropFirst(before).prefix { $0.paragraphIndex == measured[0].paragraphIndex }.count
            if tail < style.widows { before = max(0, before - (style.widows - tail)) }
            if style.widows > 1, tail == style.widows, stubs.contains(measured[0].paragraphIndex), before - 1 >= style.orphans {
                before -= 1
            }
            if before < style.orphans { before = 0 }
        }
        // A column may not start at a line that follows a keep-with-next paragraph (a
        // heading), nor leave fewer lines of a paragraph before or after it than its
        // `orphans` and `widows`: the flow would move lines, and the columns must allow for it.
        var lineInParagraph: [Int] = [], linesOfParagraph: [Int: Int] = [:]
        for p in measured.map(\.paragraphIndex) {
            lineInParagraph.append(linesOfParagraph[p, default: 0])
            linesOfParagraph[p, default: 0] += 1
        }
        lineInParagraph.removeFirst(before)
        let fragments = Array(measured.dropFirst(before))
        // Measured from the page's first line.
        let shift = fragments.first?.rect.minY ?? 0
        var lines = fragments.map { (top: $0.rect.minY - shift, bottom: $0.rect.maxY - shift) }
        let paragraphs = fragments.map(\.paragraphIndex)
        var kept = fragments.indices.map { i -> Bool in
            guard i > 0 else { return false }
            if paragraphs[i - 1] != paragraphs[i] {
                return storage.paragraphStyle(ofParagraph: paragraphs[i - 1]).keepWithNext
            }
            let style = storage.paragraphStyle(ofParagraph: paragraphs[i])
            // The lines beside a drop cap stay together, as the flow keeps them.
            let orphans = style.dropCapLines > 1 ? max(style.orphans, style.dropCapLines) : style.orphans
            // A last line that reads as no line (the flow's stub) takes one more with it.
            let count = linesOfParagraph[paragraphs[i]]!
            let widows = style.widows > 1 && count >= style.widows + 1 + orphans && stubs.contains(paragraphs[i])
                ? style.widows + 1 : style.widows
            return lineInParagraph[i] < orphans || count - lineInParagraph[i] < widows
        }
        if storage.hasFloatingBlocks {
            // Blocks in the flow, and those the text runs beside, are measured as items
            // that cannot be cut, with the gap they take at the top of a column; a column may
            // begin at one. The flow, which fills a column with the text after a block that
            // did not fit there, needs no more columns than this measure.
            var items = zip(lines, kept).map { (top: $0.0.top, bottom: $0.0.bottom, kept: $0.1) }
            for block in probe.floatingBlocks(inContainerAt: 0) {
                guard block.rect.maxY > shift else { continue }
                items.append((top: block.rect.minY - shift, bottom: block.rect.maxY - shift + LayoutManager.floatGap, kept: false))
            }
            items.sort { $0.top < $1.top }
            lines = items.map { (top: $0.top, bottom: $0.bottom) }
            kept = items.map(\.kept)
        }
        storage.removeObserver(probe)
        // More than the columns hold: they fill to the foot as usual.
        guard let lowest = lines.map(\.bottom).max(), let first = lines.first, lowest <= tallest else { return nil }
        let last = (top: first.top, bottom: lowest)
        func columnsNeeded(_ h: Double) -> Int {
            var used = 1, start = 0, i = 0
            while i < lines.count {
                guard i > start, lines[i].bottom - lines[start].top > h + 1e-6 else { i += 1; continue }
                var cut = i
                while cut > start, kept[cut] { cut -= 1 }
                if cut == start {
                    // A kept group taller than the column: taller columns will hold it,
                    // unless none on the page could, and then it is cut as the flow cuts it.
                    if h < available { return Int.max }
                    cut = i
                }
                used += 1
                start = cut
                i = cut + 1
            }
            return used
        }
        let candidates = Array(Set(lines.map { $0.bottom - lines[0].top })).sorted()
        var lo = 0, hi = candidates.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if columnsNeeded(candidates[mid]) <= columns { hi = mid } else { lo = mid + 1 }
        }
        // Half a line to spare: rounding, and a line the real flow sets a little taller.
        let spare = lines.count > 1 ? 0.5 * (last.bottom - lines[0].top) / Double(lines.count) : 0
        let height = candidates[lo] + spare
        return height < available ? height : nil
    }

    /// Makes the container for the newest column of set `setIndex` on the last page.
    private func container(inSet setIndex: Int) -> TextContainer {
        let rect = pages[pages.count - 1].columnSets[setIndex].rects.last!
        pages[pages.count - 1].columnSets[setIndex].containerIndexes.append(containerCount)
        containerCount += 1
        if template.writingMode == .vertical {
            // Line space: a line runs down the column, lines stack across it.
            return TextContainer(size: Size(width: max(rect.height, 1), height: rect.width))
        }
        return TextContainer(size: Size(width: rect.width, height: max(rect.height, 1)))
    }
}
