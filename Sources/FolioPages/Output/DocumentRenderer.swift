import Foundation

/// Sets a document onto pages made from a template and writes the PDF page by page as
/// each is complete (its lines are forgotten once drawn), so memory stays flat however
/// long the document is. Headings become the outline and link destinations; frames
/// get their fields; pages get their labels.
public enum DocumentRenderer {
    /// Renders `document` to `path`. The PDF is written to a temporary file and moved
    /// over `path` only when complete. `styles` sets the frames' text (nil: frames
    /// are set in the layout defaults).
    public static func render(_ document: BuiltDocument, template: Template, styles: StyleSheet?,
                              defaults: LayoutDefaults, settings: RenderSettings = RenderSettings(), to path: String,
                              progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        let storage = document.storage
        let sectionHeadings = document.headings.filter { $0.level <= template.sectionLevel }
        let openings = Set(sectionHeadings.map(\.offset))
        var totalPages: Int? = nil
        if FrameSetter.needsPageCount(template) {
            // "page X of Y" needs Y before page 1 is drawn: lay the text out once to count.
            let counter = LayoutManager(textStorage: storage, defaults: defaults, typesetting: template.typesetting)
            let composer = PageComposer(template: template, sections: document.sections, openings: openings)
            counter.delegate = composer
            composer.onPageComplete = { page in
                counter.forgetLayout(beforeContainerAt: (page.columns.map(\.containerIndex).max() ?? -1) + 1)
            }
            if settings.parallelShaping { counter.shapeInBackground() }
            counter.ensureLayout()
            storage.removeObserver(counter)
            totalPages = max(1, composer.pages.count)
        }

        let manager = LayoutManager(textStorage: storage, defaults: defaults, typesetting: template.typesetting)
        defer { storage.removeObserver(manager) }
        let composer = PageComposer(template: template, sections: document.sections, openings: openings)
        manager.delegate = composer
        let pdf = try PDFDocument(path: path, metadata: document.metadata)
        let frames = FrameSetter(template: template, styles: styles, defaults: defaults)
        var failure: Error?
        var outline = OutlineBuilder(headings: document.headings, anchors: document.anchors)
        var fields = document.variables
        // Formatting a date loads the locale's data (megabytes): only when a frame shows it.
        if fields["date"] == nil, template.masters.values.contains(where: { $0.frames.contains { $0.text?.contains("{date}") == true } }) {
            fields["date"] = PageFields.date(document.metadata.effectiveDate)
        }
        fields["title"] = fields["title"] ?? document.metadata.title ?? ""
        fields["author"] = fields["author"] ?? document.metadata.author ?? ""
        if let totalPages { fields["pages"] = PageFields.folio(totalPages - 1 + template.firstPageNumber, template.numbering) }
        var section = ""
        var sectionIndex = 0
        // The page before, being written out (compressed, its fonts' glyphs mapped) on the
        // worker thread while this one is laid out; nil when written.
        var writing: BackgroundJob?
        let document = UncheckedPDF(pdf)

        composer.onPageComplete = { page in
            guard failure == nil else { return }
            let range = textRange(of: page, in: manager)
            // {section}: the first section heading on the page, else the one in force.
            var first: String? = nil
            while sectionIndex < sectionHeadings.count, sectionHeadings[sectionIndex].offset < range.upperBound {
                if first == nil && sectionHeadings[sectionIndex].offset >= range.lowerBound { first = sectionHeadings[sectionIndex].title }
                section = sectionHeadings[sectionIndex].title
                sectionIndex += 1
            }
            var pageFields = fields
            pageFields["page"] = PageFields.folio(page.number - 1 + template.firstPageNumber, template.numbering)
            pageFields["section"] = first ?? section
            if pageFields["pages"] == nil { pageFields["pages"] = pageFields["page"] }

            if let job = writing { manager.wait(for: job); writing = nil }
            pdf.beginPage(size: page.size)
            pdf.setPageLabel(pageFields["page"]!)
            let canvas = pdf.canvas
            draw(page, manager: manager, on: canvas)
            outline.mark(page: page, range: range, manager: manager, pdf: pdf, canvas: canvas)
            do { try frames.draw(page, fields: pageFields, on: canvas) } catch { failure = error }
            writing = manager.performOnWorkerThread { document.pdf.endPage() }
            if writing == nil { pdf.endPage() }
            if let dir = settings.pngDirectory, failure == nil {
                do {
                    try PNGRenderer.renderPage(size: page.size, scale: settings.pngScale, to: "\(dir)/page-\(page.number).png") { canvas in
                        draw(page, manager: manager, on: canvas)
                        try? frames.draw(page, fields: pageFields, on: canvas)
                    }
                } catch { failure = error }
            }
            // The page is on disk: its lines and glyphs are not needed again.
            manager.forgetLayout(beforeContainerAt: (page.columns.map(\.containerIndex).max() ?? -1) + 1)
            progress?(page.number, storage.length > 0 ? min(1, Double(range.upperBound) / Double(storage.length)) : 1)
        }
        if settings.parallelShaping { manager.shapeInBackground() }
        manager.ensureLayout()
        if let job = writing { manager.wait(for: job); writing = nil }
        composer.flush()
        if let job = writing { manager.wait(for: job); writing = nil }
        if let failure { pdf.cancel(); throw failure }
        if composer.pages.isEmpty {
            // Nothing to set still makes a valid one-page PDF.
            pdf.beginPage(size: template.pageSize)
            pdf.endPage()
        }
        try pdf.finish()
        return RenderReport(pages: max(1, composer.pages.count), warnings: manager.warnings,
                            unplacedRange: manager.unplacedRange)
    }

    /// The storage range set on `page`.
    static func textRange(of page: ComposedPage, in manager: LayoutManager) -> Range<Int> {
        var lo = Int.max, hi = 0
        for column in page.columns {
            let lines = manager.lineFragments(inContainerAt: column.containerIndex)
            if let f = lines.first { lo = min(lo, f.characterRange.lowerBound) }
            if let l = lines.last { hi = max(hi, l.characterRange.upperBound) }
        }
        return lo == .max ? 0..<0 : lo..<hi
    }

    /// The page's columns and the rules between them.
    static func draw(_ page: ComposedPage, manager: LayoutManager, on canvas: PageCanvas) {
        for column in page.columns { canvas.draw(manager, containerAt: column.containerIndex, at: column.origin) }
        for set in page.columnSets {
            guard let rule = set.rule, set.rects.count > 1 else { continue }
            // Rules run as deep as the deepest column of the band.
            let bottom = set.usedBottom(in: manager)
            for (a, b) in zip(set.rects, set.rects.dropFirst()) {
                let x = (a.maxX + b.minX) / 2
                canvas.strokeLine(from: Point(x: x, y: set.top), to: Point(x: x, y: bottom), color: rule.color, width: rule.width)
            }
        }
    }
}

/// The PDF handed to the worker thread to end a page: only one thread touches it at a
/// time (the renderer waits for the job before drawing the next page).
private struct UncheckedPDF: @unchecked Sendable {
    let pdf: PDFDocument
    init(_ pdf: PDFDocument) { self.pdf = pdf }
}
