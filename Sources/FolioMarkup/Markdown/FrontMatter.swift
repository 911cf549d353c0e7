/// The YAML front matter of a document: the keys Folio knows, and every scalar as a variable.
public struct FrontMatter: Sendable, Hashable {
    /// The `title` key, as plain text (inline Markdown in it is set in the title block).
    public var title: String?
    /// The author, or several authors joined with ", ".
    public var author: String?
    /// The `subject` key: what the document is about, for the PDF's metadata.
    public var subject: String?
    /// The `keywords` key: a YAML list or a comma-separated string, split at commas and
    /// trimmed; empty when not given.
    public var keywords: [String]
    /// The `lang` key: the document's language, e.g. `en-GB` (hyphenation, quotes).
    public var language: String?
    /// The template the document asks for, by name or path.
    public var template: String?
    /// The date as written; Folio does not interpret it.
    public var date: String?
    /// Every scalar key as text (title, author… included), for template fields `{name}`.
    /// Nested mappings are flattened with dots: `series: {name: X}` gives `series.name`.
    public var variables: [String: String]
    /// Where each key was written (for errors about its value).
    public var locations: [String: SourceLocation]
    /// The `toc` key: a table of contents after the title block (or where a `{toc}` line is).
    public var tableOfContents = false
    /// The `toc-depth` key: the heading levels the contents list, 1–6 (2 unless given).
    public var contentsDepth = 2
    /// The `content-size` key: the reader's preferred size for text set in a Dynamic Type
    /// role (`text-style`), `large` unless given (see `ContentSizeCategory.name`).
    public var contentSize: ContentSizeCategory?

    /// Empty front matter: what a document without any has.
    public init() {
        title = nil; author = nil; subject = nil; keywords = []; language = nil; template = nil; date = nil
        variables = [:]; locations = [:]
    }
}
