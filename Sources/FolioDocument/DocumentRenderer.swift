import Foundation

/// How a plain document is set: page geometry, body font, leading, alignment.
public struct TypesetOptions: Sendable {
    public var geometry = PageGeometry()
    public var font = FontDescriptor(families: ["DejaVu Serif"], size: 10)
    /// Baseline-to-baseline distance in points; nil for 1.2 × the font size.
    public var leading: Double?
    public var alignment: TextAlignment = .justified
    /// Language whose dictionary hyphenates; nil for no hyphenation.
    public var hyphenationLanguage: String? = "en-US"
    public var metadata = PDFMetadata()
    /// Also write `page-N.png` previews here.
    public var pngDirectory: String?
    /// Pixels per point of the previews (2 is 144 dpi).
    public var pngScale = 2.0
    /// Shape paragraphs on a second thread while lines are broken and pages drawn.
    public var parallelShaping = true

    public init() {}

    /// The paragraph style the options give body text.
    public var paragraphStyle: ParagraphStyle {
        var s = ParagraphStyle(alignment: alignment, hyphenation: hyphenationLanguage != nil)
        let lead = leading ?? font.size * 1.2
        s.minimumLineHeight = lead
        s.maximumLineHeight = lead
        s.firstLineHeadIndent = font.size * 1.5
        return s
    }

    public var defaults: LayoutDefaults {
        LayoutDefaults(font: font, language: hyphenationLanguage ?? "en-US")
    }
}

/// What a render did.
public struct RenderReport: Sendable {
    public var pages: Int
    public var warnings: [LayoutWarning]
    /// Text that could not be placed anywhere.
    public var unplacedRange: Range<Int>?
}

/// Sets a storage onto as many pages as it needs and writes the PDF, page by page as
/// each is complete, so memory stays flat however long the document is.
public enum DocumentRenderer {
    /// Renders `storage` to `path`. The PDF is written to a temporary file and moved
    /// over `path` only when complete.
    public static func render(_ storage: TextStorage, options: TypesetOptions, to path: String,
                              progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        let manager = LayoutManager(textStorage: storage, defaults: options.defaults)
        let paginator = Paginator(geometry: options.geometry)
        manager.delegate = paginator
        let pdf = try PDFDocument(path: path, metadata: options.metadata)
        var failure: Error?
        paginator.onPageComplete = { page in
            guard failure == nil else { return }
            pdf.beginPage(size: page.size)
            for column in page.columns { pdf.draw(manager, containerAt: column.containerIndex, at: column.origin) }
            pdf.endPage()
            if let dir = options.pngDirectory {
                do {
                    try PNGRenderer.renderPage(size: page.size, scale: options.pngScale, to: "\(dir)/page-\(page.number).png") { canvas in
                        for column in page.columns { canvas.draw(manager, containerAt: column.containerIndex, at: column.origin) }
                    }
                } catch { failure = error }
            }
            let done = manager.lineFragments.last.map { Double($0.characterRange.upperBound) } ?? 0
            // The page is on disk; its glyphs are not needed again.
            for column in page.columns { manager.discardGlyphs(inContainerAt: column.containerIndex) }
            progress?(page.number, storage.length > 0 ? min(1, done / Double(storage.length)) : 1)
        }
        if options.parallelShaping { manager.shapeInBackground() }
        manager.ensureLayout()
        if let failure { pdf.cancel(); throw failure }
        if paginator.pages.isEmpty {
            // Nothing to set still makes a valid one-page PDF.
            pdf.beginPage(size: options.geometry.pageSize)
            pdf.endPage()
        }
        try pdf.finish()
        return RenderReport(pages: max(1, paginator.pages.count), warnings: manager.warnings,
                            unplacedRange: manager.unplacedRange)
    }
}
