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
    /// Images already reported as undrawable (`PDFDocument.undrawableImages`).
    private var reportedImages = 0
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
        pdf.pageBackground = template.pageBackground
        frames = FrameSetter(template: template, styles: styles, defaults: defaults, shaping: shaping)
    }

    /// Sets `document` on new pages after those written so far. With `outlineTitle`, the
    /// document gets a top-level outline entry of that title on its first page, its
    /// headings nested under it; without, its headings are at the top level. With
    /// `destinationScope` (a mail merge's record), its anchors and the links to them are its
    /// own (`PageCanvas.destinationScope`); without, an anchor an earlier document wrote is
    /// not written again. `progress` gets the document's own page number and the fraction
    /// of it done.
    public func render(_ document: BuiltDocument, outlineTitle: String? = nil, destinationScope: String? = nil,
                       progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        let layout = self.layout
        var document = document
        // Into a pipe, pages go out as they are written: a document built as it is set is
        // built whole first, so that a fault in it stops the render before any page.
        if pdf.writesDirectly { try document.completeText() }
        layout.resolvePageReferences(in: &document)
        let counted = layout.pageCount(of: document)
        let writer = makeWriter(document, totalPages: counted.total, outlineTitle: outlineTitle, scope: destinationScope)
        // The page before, being written out (compressed, its fonts' glyphs mapped) on the
        // layout manager's worker thread while this one is laid out; nil when written.
        var writing: BackgroundJob?
        let outcome = layout.layOut(document, counted: counted, onPage: { page, manager in
            if let job = writing { manager.wait(for: job); writing = nil }
            writer.write(page) { pdf in
                let unchecked = UncheckedPDF(pdf)
                writing = manager.performOnWorkerThread { unchecked.pdf.endPage() }
                if writing == nil { pdf.endPage() }
            }
            progress?(page.page.number, page.fractionDone)
        }, settle: { manager in
            if let job = writing { manager.wait(for: job); writing = nil }
        })
        var report = try finish(writer, outcome)
        if let built = document.buildOutcome?() {
            // Built as it was set: a fault in a later block ends the render with it.
            if let error = built.error { throw error }
            report.documentWarnings = built.warnings + report.documentWarnings
        }
        return report
    }

    /// A writer for `document`'s pages after those written so far.
    func makeWriter(_ document: BuiltDocument, totalPages: Int?, outlineTitle: String?, scope: String?) -> PageWriter {
        PageWriter(pdf: pdf, frames: frames, template: template, settings: settings, document: document,
                   firstPage: pageCount, totalPages: totalPages, outlineTitle: outlineTitle, scope: scope,
                   written: destinations)
    }

    /// Ends the document `writer` wrote, which layout left as `outcome`.
    func finish(_ writer: PageWriter, _ outcome: DocumentLayout.Outcome) throws -> RenderReport {
        try settings.cancellation?.check()
        if writer.scope == nil { destinations = writer.written }
        if let failure = writer.failure { throw failure }
        let pages = writer.finish()
        pageCount = writer.firstPage + pages
        var report = RenderReport(pages: pages, warnings: outcome.warnings, unplacedRange: outcome.unplacedRange)
        let undrawable = pdf.undrawableImages
        report.documentWarnings = undrawable[reportedImages...].map {
            "\($0): the image could not be decoded (damaged inside); a red frame marks its place"
        }
        reportedImages = undrawable.count
        return report
    }

    /// The layout of documents for this session: its template, defaults and fonts.
    var layout: DocumentLayout { DocumentLayout(template: template, defaults: defaults, settings: settings, shaping: shaping) }

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
