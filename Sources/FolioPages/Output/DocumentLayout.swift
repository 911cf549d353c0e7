import Foundation

/// Lays one document out on pages made from a template, page by page: each page is handed
/// on as a `LaidOutPage` as soon as it is complete, and its lines are then forgotten, so
/// memory holds a page or two however long the document is. Drawing is someone else's
/// (`PageWriter`), on this thread or another.
struct DocumentLayout {
    let template: Template
    let defaults: LayoutDefaults
    let settings: RenderSettings
    let shaping: ShapingPool

    /// What laying a document out left to report.
    struct Outcome {
        var pages: Int
        var warnings: [LayoutWarning]
        var unplacedRange: Range<Int>?
    }

    private func composer(for document: BuiltDocument) -> PageComposer {
        let openings = Set(document.headings.filter { $0.level <= template.sectionLevel }.map(\.offset))
        let composer = PageComposer(template: template, sections: document.sections, openings: openings)
        composer.cancellation = settings.cancellation
        return composer
    }

    private func manager(for document: BuiltDocument) -> LayoutManager {
        let manager = LayoutManager(textStorage: document.storage, defaults: defaults, typesetting: template.typesetting, shaping: shaping)
        manager.footnoteLayout = template.footnoteLayout
        return manager
    }

    /// The count of a document's pages, made before it is drawn when a frame shows
    /// `{pages}` ("page X of Y" needs Y before page 1 is drawn: the text is laid out once to
    /// count). A short document's pages are kept from that pass, so `layOut` hands them on
    /// instead of laying the text out again (a mail merge of one-page records would set
    /// every record twice).
    struct PageCount {
        /// The page count; nil when no frame needs it.
        var total: Int?
        fileprivate var kept: (pages: [LaidOutPage], manager: LayoutManager, outcome: Outcome)?
    }

    /// How many pages of kept lines a short document may have.
    static let keptPagesLimit = 8

    /// Counts `document`'s pages when the template needs the count (see `PageCount`).
    func pageCount(of document: BuiltDocument) -> PageCount {
        guard FrameSetter.needsPageCount(template) else { return PageCount(total: nil) }
        precondition(document.textSupplier == nil, "a document built a part at a time is laid out once: its page count is not known ahead")
        let counter = manager(for: document)
        let composer = composer(for: document)
        counter.delegate = composer
        var kept: [LaidOutPage]? = []
        let sectionStarts = Set(composer.sections.map(\.offset))
        composer.onPageComplete = { [unowned counter] page in
            if kept != nil {
                if kept!.count < Self.keptPagesLimit {
                    kept!.append(LaidOutPage(page, manager: counter, sectionStarts: sectionStarts))
                } else {
                    kept = nil
                }
            }
            counter.forgetLayout(beforeContainerAt: (page.columns.map(\.containerIndex).max() ?? -1) + 1)
        }
        if settings.parallelShaping { counter.shapeInBackground() }
        counter.ensureLayout()
        composer.flush()
        document.storage.removeObserver(counter)
        var count = PageCount(total: max(1, composer.pages.count))
        if let kept, kept.count == composer.pages.count {
            count.kept = (kept, counter, Outcome(pages: composer.pages.count, warnings: counter.warnings,
                                                 unplacedRange: counter.unplacedRange))
        }
        return count
    }

    /// Fills in `document`'s page references (its contents' page numbers, `{page}` links):
    /// lays it out to find the page of each anchor, writes the numbers, and lays it out
    /// again until they settle (a number's width can move text; three passes at most).
    ///
    /// With footnotes numbered per page (`BuiltDocument.footnoteMarks`), each pass also
    /// finds the page of every mark, and the marks are numbered again, until neither the
    /// page numbers nor the marks change (four passes at most).
    func resolvePageReferences(in document: inout BuiltDocument) {
        if !document.footnoteMarks.isEmpty {
            for _ in 0..<4 {
                var seal: Seal?
                let found = anchorPages(of: document, seal: &seal)
                let referencesChanged = document.fillPageReferences(found.anchors)
                guard document.fillFootnoteNumbers(pages: found.marks) || referencesChanged else { return }
            }
            return
        }
        guard !document.pageReferences.isEmpty else { return }
        for _ in 0..<3 {
            var seal: Seal?
            guard document.fillPageReferences(anchorPages(of: document, seal: &seal).anchors) else { return }
            // Where the text after the last number went is where it goes now: every page
            // after it is as it was, and the numbers stand. Checked by laying out only up to it.
            if let seal, sealHolds(seal, in: document) { return }
        }
    }

    /// Where the paragraph holding the last page reference ended, and the next began: the
    /// container and y of each line (nil past the end of the text).
    struct Seal: Equatable {
        var paragraph: Int
        var end: (container: Int, y: Double)
        var next: (container: Int, y: Double)?
        static func == (a: Seal, b: Seal) -> Bool {
            a.paragraph == b.paragraph && a.end.container == b.end.container && abs(a.end.y - b.end.y) < 1e-6
                && a.next?.container == b.next?.container && abs((a.next?.y ?? 0) - (b.next?.y ?? 0)) < 1e-6
        }
    }

    /// The seal of `document` as `manager` has laid it out (as far as it needs).
    private func seal(of document: BuiltDocument, in manager: LayoutManager) -> Seal? {
        guard let last = document.pageReferences.last else { return nil }
        let paragraph = document.storage.paragraphIndex(containing: last.range.lowerBound)
        var end: (Int, Double)?, next: (Int, Double)?
        var container = 0
        while true {
            // Lays the text out through this container, and no further.
            let lines = manager.lineFragments(inContainerAt: container)
            for line in lines {
                if line.paragraphIndex == paragraph { end = (line.containerIndex, line.rect.maxY) }
                if line.paragraphIndex == paragraph + 1, next == nil { next = (line.containerIndex, line.rect.minY) }
            }
            if next != nil || end != nil && paragraph + 1 >= document.storage.paragraphCount { break }
            if let last = lines.last, last.paragraphIndex > paragraph + 1 { break }
            // No container after this one: the text has ended.
            if container + 1 >= manager.textContainers.count { break }
            container += 1
        }
        guard let end else { return nil }
        return Seal(paragraph: paragraph, end: end, next: next)
    }

    /// Whether `document`, laid out afresh up to its seal, matches `seal`.
    private func sealHolds(_ seal: Seal, in document: BuiltDocument) -> Bool {
        let manager = manager(for: document)
        let composer = composer(for: document)
        manager.delegate = composer
        defer { document.storage.removeObserver(manager) }
        return self.seal(of: document, in: manager) == seal
    }

    /// The folio of the page each anchor of `document` is set on, by id, and the number of
    /// the page each of `document.footnoteMarks` is set on; `seal` gets where the paragraph
    /// of the last page reference ended.
    func anchorPages(of document: BuiltDocument, seal: inout Seal?) -> (anchors: [String: String], marks: [Int]) {
        let manager = manager(for: document)
        let composer = composer(for: document)
        manager.delegate = composer
        let sealParagraph = document.pageReferences.last.map { document.storage.paragraphIndex(containing: $0.range.lowerBound) }
        var found: (end: (Int, Double)?, next: (Int, Double)?) = (nil, nil)
        let anchors = document.anchors.sorted { $0.offset < $1.offset }
        var next = 0
        var pages: [String: String] = [:]
        var lastFolio: String?
        let marks = document.footnoteMarks
        var pagesOfMarks: [Int] = []
        var lastPage = 1
        composer.onPageComplete = { [unowned manager] page in
            let indexes = page.columns.map(\.containerIndex)
            let end = indexes.compactMap { manager.lineFragments(inContainerAt: $0).last?.characterRange.upperBound }.max() ?? 0
            let folio = PageFields.folio(page.number - 1 + template.firstPageNumber, template.numbering)
            lastFolio = folio
            if let p = sealParagraph, found.next == nil {
                for index in indexes {
                    for line in manager.lineFragments(inContainerAt: index) {
                        if line.paragraphIndex == p { found.end = (line.containerIndex, line.rect.maxY) }
                        if line.paragraphIndex == p + 1, found.next == nil { found.next = (line.containerIndex, line.rect.minY) }
                    }
                }
            }
            while next < anchors.count, anchors[next].offset < end {
                if pages[anchors[next].id] == nil { pages[anchors[next].id] = folio }
                next += 1
            }
            lastPage = page.number
            while pagesOfMarks.count < marks.count, marks[pagesOfMarks.count].lowerBound < end { pagesOfMarks.append(page.number) }
            manager.forgetLayout(beforeContainerAt: (indexes.max() ?? -1) + 1)
        }
        if settings.parallelShaping { manager.shapeInBackground() }
        manager.ensureLayout()
        composer.flush()
        document.storage.removeObserver(manager)
        if let p = sealParagraph, let end = found.end { seal = Seal(paragraph: p, end: end, next: found.next) }
        // Anchors at the very end (an empty last block) are on the last page.
        if let lastFolio { while next < anchors.count { pages[anchors[next].id] = pages[anchors[next].id] ?? lastFolio; next += 1 } }
        while pagesOfMarks.count < marks.count { pagesOfMarks.append(lastPage) }
        return (pages, pagesOfMarks)
    }

    /// Lays `document` out, calling `onPage` with each page as it is complete and the
    /// layout manager (whose worker thread may take jobs: `performOnWorkerThread`), and
    /// `settle` once layout is done, before the last pages are flushed and after (to wait
    /// for such jobs).
    func layOut(_ document: BuiltDocument, counted: PageCount? = nil, onPage: @escaping (LaidOutPage, LayoutManager) -> Void,
                settle: (LayoutManager) -> Void = { _ in }) -> Outcome {
        if let kept = counted?.kept {
            // Laid out already, to count the pages: hand on the pages kept then.
            for page in kept.pages { onPage(page, kept.manager) }
            settle(kept.manager)
            return kept.outcome
        }
        let manager = manager(for: document)
        defer { document.storage.removeObserver(manager) }
        let composer = composer(for: document)
        manager.delegate = composer
        // A document built as it is laid out: its text arrives a part at a time, and the
        // text of the pages written is let go. Its sections and section headings come
        // with each part.
        if let supply = document.textSupplier {
            var taken = (sections: 0, headings: 0)
            let level = template.sectionLevel
            manager.textSupplier = { [unowned composer] in
                let more = supply()
                if let marks = document.marksSoFar {
                    composer.add(sections: marks.sections[taken.sections...],
                                 openings: marks.headings[taken.headings...].filter { $0.level <= level }.map(\.offset))
                    taken = (marks.sections.count, marks.headings.count)
                }
                return more
            }
        }
        var sectionStarts = Set(composer.sections.map(\.offset))
        composer.onPageComplete = { [unowned manager, unowned composer] page in
            if document.textSupplier != nil { sectionStarts = Set(composer.sections.map(\.offset)) }
            onPage(LaidOutPage(page, manager: manager, sectionStarts: sectionStarts, textLength: document.expectedLength), manager)
            // The page is drawn (or copied out): its lines and glyphs are not needed again,
            // nor the page (two are kept behind the flow: the composer looks back a few
            // columns for the section and balancing of a column in flight).
            manager.forgetLayout(beforeContainerAt: (page.columns.map(\.containerIndex).max() ?? -1) + 1)
            composer.forgetPages(before: page.number - 2)
        }
        if settings.parallelShaping { manager.shapeInBackground() }
        manager.ensureLayout()
        settle(manager)
        composer.flush()
        settle(manager)
        return Outcome(pages: composer.pageCount, warnings: manager.warnings, unplacedRange: manager.unplacedRange)
    }
}
