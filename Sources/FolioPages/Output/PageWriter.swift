import Foundation

/// Draws one document's laid-out pages into a session's PDF, in order: the columns and
/// their rules, the frames with the page's fields (`{page}`, `{pages}`, `{section}`…), the
/// page label, the anchors' destinations and the outline; and PNG previews when asked.
/// It only reads what a `LaidOutPage` carries, so the pages may come from a layout
/// manager on another thread (a mail merge set with `--jobs`).
final class PageWriter {
    private let pdf: PDFDocument
    private let frames: FrameSetter
    private let template: Template
    private let settings: RenderSettings
    /// The namespace of the document's destinations, if it has its own.
    let scope: String?
    /// The document's language: picks the frames' localized texts.
    let language: String?
    /// Pages of the PDF before this document's first.
    let firstPage: Int
    private var sectionHeadings: [HeadingMark]
    /// A document built as it is laid out: its headings and anchors so far, and how many
    /// of them were taken in.
    private let marks: GrowingMarks?
    private var taken = (headings: 0, anchors: 0)
    private var fields: [String: String]
    private var outline: OutlineBuilder
    private var section = ""
    private var sectionIndex = 0
    /// Pages written.
    private(set) var pageCount = 0
    /// The first error a page met (a frame's field, a PNG that could not be written).
    private(set) var failure: Error?

    /// A writer of `document`'s pages, after the `firstPage` pages the PDF has. `totalPages`
    /// is the document's page count when a frame shows `{pages}`. With `outlineTitle`, the
    /// document gets a top-level outline entry, its headings under it. With `scope`, its
    /// destinations and links are its own (`PageCanvas.destinationScope`); without, an
    /// anchor named in `written` (an earlier document's) is not written again.
    init(pdf: PDFDocument, frames: FrameSetter, template: Template, settings: RenderSettings, document: BuiltDocument,
         firstPage: Int, totalPages: Int?, outlineTitle: String?, scope: String?, written: Set<String>) {
        self.pdf = pdf
        self.frames = frames
        self.template = template
        self.settings = settings
        self.scope = scope
        language = document.language
        self.firstPage = firstPage
        sectionHeadings = document.headings.filter { $0.level <= template.sectionLevel }
        marks = document.marksSoFar
        let root = outlineTitle.map { pdf.addOutlineItem($0, page: firstPage + 1, at: Point(x: 0, y: 0)) } ?? PDFDocument.outlineRoot
        outline = OutlineBuilder(headings: document.headings, anchors: document.anchors, root: root,
                                 pageOffset: firstPage, written: scope == nil ? written : [])
        var fields = document.variables
        // Formatting a date loads the locale's data (megabytes): only when a frame shows it.
        if fields["date"] == nil, template.masters.values.contains(where: { $0.frames.contains { $0.allTexts.contains { $0.contains("{date}") } } }) {
            fields["date"] = PageFields.date(document.metadata.effectiveDate, language: document.language)
        }
        fields["title"] = fields["title"] ?? document.metadata.title ?? ""
        fields["author"] = fields["author"] ?? document.metadata.author ?? ""
        if let totalPages { fields["pages"] = PageFields.folio(totalPages - 1 + template.firstPageNumber, template.numbering) }
        self.fields = fields
    }

    /// Destination names written by this document and (when unscoped) those before it.
    var written: Set<String> { outline.written }

    /// Draws `laidOut` on a new page. `endPage` ends it: now, or handed to another thread
    /// (then the caller waits for that before the next page begins).
    func write(_ laidOut: LaidOutPage, endPage: (PDFDocument) -> Void) {
        guard failure == nil else { return }
        if let marks, marks.headings.count > taken.headings || marks.anchors.count > taken.anchors {
            let headings = marks.headings[taken.headings...]
            sectionHeadings += headings.filter { $0.level <= template.sectionLevel }
            outline.add(headings: headings, anchors: marks.anchors[taken.anchors...])
            taken = (marks.headings.count, marks.anchors.count)
        }
        let page = laidOut.page, range = laidOut.range
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

        pdf.beginPage(size: page.size)
        pdf.setPageLabel(pageFields["page"]!)
        var canvas = pdf.canvas
        canvas.destinationScope = scope
        DocumentRenderer.draw(laidOut, on: canvas)
        outline.mark(laidOut, pdf: pdf, canvas: canvas)
        do { try frames.draw(page, fields: pageFields, language: language, on: canvas) } catch { failure = error }
        endPage(pdf)
        pageCount += 1
        if let dir = settings.pngDirectory, failure == nil {
            let png = "\(dir)/page-\(firstPage + page.number).png"
            if settings.inputs.contains(RenderSettings.resolved(png)) {
                failure = PreviewOverwritesInput(path: png)
                return
            }
            do {
                try PNGRenderer.renderPage(size: page.size, scale: settings.pngScale, background: template.pageBackground, to: png) { canvas in
                    DocumentRenderer.draw(laidOut, on: canvas)
                    try? frames.draw(page, fields: pageFields, language: language, on: canvas)
                }
            } catch { failure = error }
        }
    }

    /// Ends the document: a document that set nothing still makes a page. Returns the
    /// number of pages it has.
    func finish() -> Int {
        if pageCount == 0 {
            pdf.beginPage(size: template.pageSize)
            pdf.endPage()
        }
        return max(1, pageCount)
    }
}

/// A page preview (`--png`) would replace one of the document's own files.
struct PreviewOverwritesInput: Error, CustomStringConvertible {
    var path: String
    var description: String {
        "the page preview \(path) would replace one of the document's inputs (an image, the data, a template file): nothing was overwritten; give --png another folder"
    }
}
