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
        return PageComposer(template: template, sections: document.sections, openings: openings)
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
        let counter = manager(for: document)
        let composer = composer(for: document)
        counter.delegate = composer
        var kept: [LaidOutPage]? = []
        composer.onPageComplete = { [unowned counter] page in
            if kept != nil {
                if kept!.count < Self.keptPagesLimit { kept!.append(LaidOutPage(page, manager: counter)) } else { kept = nil }
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
        composer.onPageComplete = { [unowned manager] page in
            onPage(LaidOutPage(page, manager: manager), manager)
            // The page is drawn (or copied out): its lines and glyphs are not needed again.
            manager.forgetLayout(beforeContainerAt: (page.columns.map(\.containerIndex).max() ?? -1) + 1)
        }
        if settings.parallelShaping { manager.shapeInBackground() }
        manager.ensureLayout()
        settle(manager)
        composer.flush()
        settle(manager)
        return Outcome(pages: composer.pages.count, warnings: manager.warnings, unplacedRange: manager.unplacedRange)
    }
}
