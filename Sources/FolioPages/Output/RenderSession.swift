import Foundation

/// One PDF being written from several documents set in sequence with one template — a
/// mail merge. Each document starts on a new page, numbers its pages from the template's
/// first page number (`{page}`, `{pages}` and the PDF's page labels restart), and is
/// streamed page by page like `DocumentRenderer.render` does: only the document being set
/// is in memory. Nothing is at `path` until `finish()`; `cancel()` (or dropping the
/// session unfinished) leaves whatever was there.
public final class RenderSession {
    private let template: Template
    private let styles: StyleSheet?
    private let defaults: LayoutDefaults
    private let settings: RenderSettings
    private let pdf: PDFDocument
    private let frames: FrameSetter
    /// Where every layout manager of the session gets its fonts and shaped words.
    private let shaping: ShapingPool
    /// Destination names already written: a later document's anchor of the same name is
    /// not written again (links to it go to the first).
    private var destinations = Set<String>()
    /// Pages written so far, by all documents.
    public private(set) var pageCount = 0

    /// A session writing to `path` (through a temporary file) with `metadata` for the PDF.
    /// `styles` sets the frames' text (nil: frames are set in the layout defaults).
    /// `shaping` lends fonts and shaped words to every document set (`ShapingPool.shared`
    /// unless given), so that each after the first finds them loaded.
    public init(template: Template, styles: StyleSheet?, defaults: LayoutDefaults,
                settings: RenderSettings = RenderSettings(), metadata: PDFMetadata, to path: String,
                shaping: ShapingPool = .shared) throws {
        self.template = template
        self.shaping = shaping
        self.styles = styles
        self.defaults = defaults
        self.settings = settings
        pdf = try PDFDocument(path: path, metadata: metadata)
        frames = FrameSetter(template: template, styles: styles, defaults: defaults, shaping: shaping)
    }

    /// Sets `document` on new pages after those written so far. With `outlineTitle`, the
    /// document gets a top-level outline entry of that title on its first page, its
    /// headings nested under it; without, its headings are at the top level.
    /// `progress` gets the document's own page number and the fraction of it done.
    public func render(_ document: BuiltDocument, outlineTitle: String? = nil,
                       progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        let storage = document.storage
        let template = self.template, settings = self.settings, frames = self.frames, pdf = self.pdf
        let firstPage = pageCount
        let sectionHeadings = document.headings.filter { $0.level <= template.sectionLevel }
        let openings = Set(sectionHeadings.map(\.offset))
        var totalPages: Int? = nil
        if FrameSetter.needsPageCount(template) {
            // "page X of Y" needs Y before page 1 is drawn: lay the text out once to count.
            let counter = LayoutManager(textStorage: storage, defaults: defaults, typesetting: template.typesetting, shaping: shaping)
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

        let manager = LayoutManager(textStorage: storage, defaults: defaults, typesetting: template.typesetting, shaping: shaping)
        defer { storage.removeObserver(manager) }
        let composer = PageComposer(template: template, sections: document.sections, openings: openings)
        manager.delegate = composer
        var failure: Error?
        let root = outlineTitle.map { pdf.addOutlineItem($0, page: firstPage + 1, at: Point(x: 0, y: 0)) } ?? PDFDocument.outlineRoot
        var outline = OutlineBuilder(headings: document.headings, anchors: document.anchors, root: root,
                                     pageOffset: firstPage, written: destinations)
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
        let unchecked = UncheckedPDF(pdf)

        composer.onPageComplete = { page in
            guard failure == nil else { return }
            let range = DocumentRenderer.textRange(of: page, in: manager)
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
            DocumentRenderer.draw(page, manager: manager, on: canvas)
            outline.mark(page: page, range: range, manager: manager, pdf: pdf, canvas: canvas)
            do { try frames.draw(page, fields: pageFields, on: canvas) } catch { failure = error }
            writing = manager.performOnWorkerThread { unchecked.pdf.endPage() }
            if writing == nil { pdf.endPage() }
            if let dir = settings.pngDirectory, failure == nil {
                do {
                    try PNGRenderer.renderPage(size: page.size, scale: settings.pngScale, to: "\(dir)/page-\(firstPage + page.number).png") { canvas in
                        DocumentRenderer.draw(page, manager: manager, on: canvas)
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
        destinations = outline.written
        if let failure { throw failure }
        if composer.pages.isEmpty {
            // Nothing to set still makes a page.
            pdf.beginPage(size: template.pageSize)
            pdf.endPage()
        }
        pageCount = firstPage + max(1, composer.pages.count)
        return RenderReport(pages: max(1, composer.pages.count), warnings: manager.warnings,
                            unplacedRange: manager.unplacedRange)
    }

    /// Completes the PDF and moves it over the path.
    public func finish() throws {
        if pageCount == 0 {
            // No document at all still makes a valid one-page PDF.
            pdf.beginPage(size: template.pageSize)
            pdf.endPage()
            pageCount = 1
        }
        try pdf.finish()
    }

    /// Abandons the PDF: the path is left as it was.
    public func cancel() { pdf.cancel() }
}

/// The PDF handed to the worker thread to end a page: only one thread touches it at a
/// time (the renderer waits for the job before drawing the next page).
private struct UncheckedPDF: @unchecked Sendable {
    let pdf: PDFDocument
    init(_ pdf: PDFDocument) { self.pdf = pdf }
}
