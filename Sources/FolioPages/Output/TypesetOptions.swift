import Foundation

/// How a storage made by hand is set without a template: page geometry, body font,
/// leading, alignment, hyphenation, metadata — and the output `settings` any render takes.
/// (The CLI turns its flags into template overrides instead.)
public struct TypesetOptions: Sendable {
    /// Page size, margins, columns and gutter (A4, one inch, one column by default).
    public var geometry = PageGeometry()
    /// Body font: DejaVu Serif 10 pt (`FontDescriptor.defaultBodySize`) unless changed.
    public var font = FontDescriptor(size: FontDescriptor.defaultBodySize)
    /// Baseline-to-baseline distance in points; nil for 1.2 × the font size.
    public var leading: Double?
    /// Alignment of body text (justified by default).
    public var alignment: TextAlignment = .justified
    /// Language whose dictionary hyphenates; nil for no hyphenation.
    public var hyphenationLanguage: String? = LayoutDefaults.defaultLanguage
    /// Title, author and the rest written into the PDF.
    public var metadata = PDFMetadata()
    /// Output settings that do not change the layout: PNG previews, the shaping thread.
    public var settings = RenderSettings()

    /// Options with every default: A4, one column, DejaVu Serif 10/12, justified, hyphenated in US English.
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

    /// The layout manager's defaults: `font`, and `hyphenationLanguage` (or `en-US`) as the language.
    public var defaults: LayoutDefaults {
        LayoutDefaults(font: font, language: hyphenationLanguage ?? LayoutDefaults.defaultLanguage)
    }

    /// A template with the options' page geometry and no frames.
    public var template: Template {
        Template(name: "options", pageSize: geometry.pageSize, margins: PageMargins(geometry.margins),
                 columns: geometry.columns, gutter: geometry.gutter)
    }
}

extension DocumentRenderer {
    /// Renders a storage set up by hand with `options`' geometry (no template).
    public static func render(_ storage: TextStorage, options: TypesetOptions, to path: String,
                              progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        var document = BuiltDocument(storage: storage)
        document.metadata = options.metadata
        return try render(document, template: options.template, styles: nil, defaults: options.defaults,
                          settings: options.settings, to: path, progress: progress)
    }
}
