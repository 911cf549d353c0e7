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
        LayoutManager(textStorage: document.storage, defaults: defaults, typesetting: template.typesetting, shaping: shaping)
    }

    /// The document's page count when a frame shows `{pages}` ("page X of Y" needs Y
    /// before page 1 is drawn: the text is laid out once to count); nil when none does.
    func pageCount(of document: BuiltDocument) -> Int? {
        guard FrameSetter.needsPageCount(template) else { return nil }
        let counter = manager(for: document)
        let composer = composer(for: document)
        counter.delegate = composer
        composer.onPageComplete = { page in
            counter.forgetLayout(beforeContainerAt: (page.columns.map(\.containerIndex).max() ?? -1) + 1)
        }
        if settings.parallelShaping { counter.shapeInBackground() }
        counter.ensureLayout()
        document.storage.removeObserver(counter)
        return max(1, composer.pages.count)
    }

    /// Lays `document` out, calling `onPage` with each page as it is complete and the
    /// layout manager (whose worker thread may take jobs: `performOnWorkerThread`), and
    /// `settle` once layout is done, before the last pages are flushed and after (to wait
    /// for such jobs).
    func layOut(_ document: BuiltDocument, onPage: @escaping (LaidOutPage, LayoutManager) -> Void,
                settle: (LayoutManager) -> Void = { _ in }) -> Outcome {
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
