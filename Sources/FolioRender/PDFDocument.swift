import CCairo
import FolioLayout
import Foundation

/// A PDF being written page by page. Pages go to the file as they are ended, so
/// memory stays flat; the file is written under a temporary name in the same folder
/// and renamed over `path` only by `finish()`, so an existing file is never replaced
/// by a partial one (a device or FIFO at `path` is written directly, a symlink is
/// followed: see `OutputFile`). Fonts are embedded as subsets.
public final class PDFDocument {
    /// The final path of the PDF; nothing is there (or the old file stays) until `finish()`.
    public let path: String
    private let output: OutputFile
    /// Whether pages go straight to the output as they are written (a pipe, a device): a
    /// render that fails after its first page has then sent part of a PDF.
    package var writesDirectly: Bool { output.writesDirectly }
    /// Whether a PDF written to `path` would go straight to it (see `writesDirectly`).
    package static func writesDirectly(to path: String) -> Bool { OutputFile.writesDirectly(to: path) }
    private let surface: OpaquePointer
    private var cr: OpaquePointer?
    private let images = ImageCache()
    /// The fonts glyphs are drawn with (see `DrawingFonts`).
    let fonts = DrawingFonts(loadsOutlinesAhead: true)
    /// What the document's font subsets hold of each glyph's text (see `GlyphTextMap`).
    let glyphTexts = GlyphTextMap()
    /// Whether runs whose glyphs' text the font subsets know already are drawn without
    /// it (`GlyphTextMap`); off only to check that the file is the same either way.
    var drawsKnownGlyphsWithoutText = true
    private var finished = false
    private var drawingError: String?
    /// Pages ended so far.
    public private(set) var pageCount = 0

    /// The colour each page is painted with before anything is drawn on it: white, as
    /// paper is, by default; nil leaves the pages transparent, for a PDF meant to be laid
    /// over another (a letterhead, a pre-printed form). Read by `beginPage(size:)`.
    ///
    /// Painted paper also keeps the writing of a page linear in what it holds. To know
    /// where transparency would have to be flattened, cairo adds the area of each drawing
    /// operation to a region of the page; adding to a region of many rectangles costs in
    /// proportion to them (some 15 000 instructions a text run on a page of mixed Chinese
    /// and Latin runs), but a page painted first is one rectangle that holds whatever is
    /// drawn after, and adding to it costs nothing.
    public var pageBackground: Color? = .white

    /// Why a PDF could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The path that could not be written.
        public var path: String
        /// Why: a missing folder, a folder in the way, a Cairo error.
        public var reason: String
        /// `path: reason`.
        public var description: String { "\(path): \(reason)" }
    }

    /// Starts a PDF to be written to `path` with `metadata`. Throws `WriteError` when the
    /// folder does not exist, `path` is a folder, or Cairo cannot create the temporary file.
    /// Dropping the document without `finish()` deletes the temporary file.
    public init(path: String, metadata: PDFMetadata = PDFMetadata()) throws {
        self.path = path
        output = try OutputFile(path: path)
        guard let s = cairo_pdf_surface_create_for_stream(OutputFile.cairoWrite, Unmanaged.passUnretained(output).toOpaque(), 595, 842) else {
            output.discard()
            throw WriteError(path: path, reason: "cannot be written")
        }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(s)))
            cairo_surface_destroy(s)
            output.discard()
            throw WriteError(path: path, reason: "cannot be written: \(reason)")
        }
        surface = s
        func set(_ key: cairo_pdf_metadata_t, _ value: String?) {
            if let value, !value.isEmpty { cairo_pdf_surface_set_metadata(surface, key, value) }
        }
        set(CAIRO_PDF_METADATA_TITLE, metadata.title)
        set(CAIRO_PDF_METADATA_AUTHOR, metadata.author)
        set(CAIRO_PDF_METADATA_SUBJECT, metadata.subject)
        set(CAIRO_PDF_METADATA_KEYWORDS, metadata.keywords.joined(separator: ", "))
        set(CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        let date = PDFMetadata.cairoDate(metadata.effectiveDate)
        set(CAIRO_PDF_METADATA_CREATE_DATE, date)
        set(CAIRO_PDF_METADATA_MOD_DATE, date)
    }

    deinit {
        if !finished { cancel() }
    }

    /// Starts a page of `size` points.
    public func beginPage(size: Size) {
        precondition(cr == nil, "beginPage() while a page is open")
        cairo_pdf_surface_set_size(surface, size.width, size.height)
        images.beginPage()
        cr = cairo_create(surface)
        if let paper = pageBackground, let cr {
            cairo_set_source_rgba(cr, paper.red, paper.green, paper.blue, paper.alpha)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)   // cairo's own starting colour
        }
    }

    /// Custom drawing around and in place of each line's and run's, on every page drawn
    /// from now on (see `TextDrawingDelegate`); nil draws as standard.
    public var textDrawing: (any TextDrawingDelegate)?

    /// The canvas of the open page.
    public var canvas: PageCanvas {
        guard let cr else { preconditionFailure("no page is open: call beginPage(size:) first") }
        var canvas = PageCanvas(cr: cr, images: images, fonts: fonts, glyphTexts: drawsKnownGlyphsWithoutText ? glyphTexts : nil)
        canvas.textDrawing = textDrawing
        return canvas
    }

    /// Draws the container `index` of `layoutManager` with its origin at `origin`.
    public func draw(_ layoutManager: LayoutManager, containerAt index: Int, at origin: Point) {
        canvas.draw(layoutManager, containerAt: index, at: origin)
    }

    /// Draws `fragments` with their container's origin at `origin`.
    public func draw(fragments: some Sequence<LineFragment>, at origin: Point) {
        canvas.draw(fragments: fragments, at: origin)
    }

    /// Labels the open page (what a viewer shows as its number: `iv`, `12`, `A-3`).
    public func setPageLabel(_ label: String) {
        precondition(cr != nil, "setPageLabel(_:) needs an open page")
        cairo_pdf_surface_set_page_label(surface, label)
    }

    /// The root of the outline, as a parent for `addOutlineItem`.
    public static let outlineRoot = 0

    /// Adds a bookmark under `parent` (`outlineRoot` or an id this returned) that opens
    /// page `page` (1-based) at `point` (points from the page's top-left corner).
    /// Items may be added at any time before `finish()`, and point forward or back.
    @discardableResult
    public func addOutlineItem(_ title: String, parent: Int = PDFDocument.outlineRoot, page: Int, at point: Point,
                               open: Bool = false) -> Int {
        let attributes = String(format: "page=%d pos=[%.2f %.2f]", page, point.x, point.y)
        let flags = open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(rawValue: 0)
        return Int(cairo_pdf_surface_add_outline(surface, Int32(parent), title, attributes, flags))
    }

    /// Ends the open page; it is written out now.
    public func endPage() {
        guard let c = cr else { preconditionFailure("endPage() without beginPage()") }
        cairo_show_page(c)
        // A drawing error puts only the context in an error state (the rest of the page
        // is silently dropped); remember it so that finish() does not pass the file off
        // as complete.
        let status = cairo_status(c)
        if status != CAIRO_STATUS_SUCCESS, drawingError == nil {
            drawingError = "page \(pageCount + 1) could not be drawn: \(String(cString: cairo_status_to_string(status)))"
        }
        cairo_destroy(c)
        cr = nil
        pageCount += 1
    }

    /// Completes the PDF and moves it over `path`.
    /// Images that could not be decoded when drawn (a PNG damaged inside): a red frame marks
    /// each place. Read once the pages are written.
    public var undrawableImages: [String] { images.undrawable }

    public func finish() throws {
        precondition(!finished, "finish() after finish() or cancel()")
        if cr != nil { endPage() }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        finished = true
        guard status == CAIRO_STATUS_SUCCESS, drawingError == nil else {
            output.discard()
            throw WriteError(path: path, reason: drawingError ?? String(cString: cairo_status_to_string(status)))
        }
        try output.commit()
    }

    /// Removes the temporary files of PDFs and PNGs still being written if the process is
    /// interrupted (SIGINT, SIGTERM, SIGHUP), then ends it as the signal would. For
    /// command-line tools; call once.
    public static func removeTemporariesOnSignals() { OutputFile.removeTemporariesOnSignals() }

    /// Abandons the PDF: the temporary file goes, `path` is left as it was.
    public func cancel() {
        guard !finished else { return }
        if let c = cr { cairo_destroy(c); cr = nil }
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        finished = true
        output.discard()
    }
}
