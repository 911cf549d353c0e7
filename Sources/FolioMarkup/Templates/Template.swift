import FolioLayout

/// How footnotes are numbered.
public enum FootnoteNumbering: String, Sendable {
    /// 1, 2, 3… through the whole document.
    case document
    /// From 1 again at each section heading (`section-level`).
    case chapter
    /// From 1 again on each page, as the notes fall (LaTeX's `perpage`): the document is
    /// laid out to find each mark's page and numbered again until the numbers settle
    /// (`BuiltDocument.fillFootnoteNumbers`).
    case page
}

/// A template: page masters, styles, fonts, frames; read from a folder holding
/// `template.yaml` and the fonts and images it names.
public struct Template: Sendable {
    /// The template's name: its `name:` key, else the built-in it extends, else its folder's name.
    public var name: String
    /// One line saying what the template is for (shown by `folio templates`).
    public var summary: String
    /// Where the template's files are (fonts, images); nil for one made in code.
    public var directory: String?
    /// The `template.yaml` path, for error messages.
    public var sourcePath: String
    /// A built-in, read from the copy Folio writes itself (its files never change under a
    /// `--watch`).
    public var isBuiltIn = false

    /// Page size in points, portrait or landscape as given.
    public var pageSize: Size
    /// The text area's margins in points (masters may override them).
    public var margins: PageMargins
    /// Two-sided: inner/outer margins and frames swap on left-hand (even) pages.
    public var mirrored: Bool
    /// Columns on every page whose master does not say otherwise; a `{columns=N}` section in
    /// the document overrides it from there on. `--columns` sets it (and clears the masters').
    public var columns: Int
    /// Space between columns in points (masters may override it).
    public var gutter: Double
    /// The line drawn in each gutter of multi-column pages; nil for none.
    public var columnRule: ColumnRule?
    /// `default` (every page), and optionally `first`, `left`, `right`, `opening` (a
    /// page on which a section heading starts at the top).
    public var masters: [String: PageMaster]
    /// Space between a spanning region (title block) and the columns below it.
    public var spanGap: Double
    /// Horizontal lines, or vertical ones (縦書き): each column of the text area set top
    /// to bottom, its lines following one another right to left (`page: {writing-mode:
    /// vertical}`).
    public var writingMode: TextLayoutOrientation = .horizontal
    /// The colour of the pages, painted under everything on them: white by default, nil
    /// for transparent pages to be laid over another PDF (`page: {background: none}`).
    public var pageBackground: Color? = .white

    /// Named styles as written, by name; `StyleSheet` resolves them (standard styles a
    /// template does not define are added from `StandardStyles`).
    public var styles: [String: StyleDefinition]
    /// Every length in every style is multiplied by this (1.5 for large print).
    public var scale: Double
    /// Font files (template-relative paths) loaded as application fonts.
    public var fonts: [String]
    /// Rules restyling text that matches a regular expression, in order.
    public var rules: [StyleRule]
    /// Default values of fields; the document's front matter overrides them.
    public var variables: [String: String]
    /// Headings up to this level are "sections" for `{section}` and opening pages.
    public var sectionLevel: Int
    /// What a thematic break is set as, in style `ornament`.
    public var ornament: String
    /// How `{page}` is written: arabic or roman numerals.
    public var numbering: PageNumbering
    /// The number the first page gets (and its PDF page label starts at).
    public var firstPageNumber: Int
    /// How lines are broken and justified (the `typesetting:` block): tolerance,
    /// penalties and demerits, how far spaces and glyphs give.
    public var typesetting: TypesettingParameters
    /// How tables look, by name (the `tables:` block): the built-in looks
    /// (`TableLook.builtIn`) with the template's changes; a table takes `default`
    /// unless it names another with a class (`{.grid}`).
    public var tables: [String: TableLook] = TableLook.builtIn
    /// The front-matter fields set above the body, spanning the columns (`before-body`);
    /// nil for the usual title block (`BodyField.titleBlock`).
    public var beforeBody: [BodyField]? = nil
    /// The front-matter fields set after the body (`after-body`): a letter's closing.
    public var afterBody: [BodyField] = []

    /// Where a figure goes unless it says (`{float=…}`): `here` — in the flow when it fits,
    /// else at the top of the next column —, `top`, `bottom`, `page`; nil keeps figures in
    /// the flow wherever they stand (the template's `figure-float: none`).
    public var figureFloat: FloatingBlock.Placement? = .here
    /// How notes are set at the foot of the column (the `footnotes:` block).
    public var footnoteLayout = FootnoteLayout()
    /// Whether footnote numbers run through the document or restart at each section heading.
    public var footnoteNumbering: FootnoteNumbering = .document

    /// The space between columns of a template or page geometry that names none: 18 pt.
    public static let defaultGutter = 18.0

    /// A template made in code; every value but the name has a default (A4, 72 pt margins,
    /// one column, 18 pt gutter, no masters or styles, scale 1).
    public init(name: String, summary: String = "", directory: String? = nil, sourcePath: String = "",
                pageSize: Size = PaperSize.a4, margins: PageMargins = .standard,
                mirrored: Bool = false, columns: Int = 1, gutter: Double = Template.defaultGutter, columnRule: ColumnRule? = nil,
                masters: [String: PageMaster] = [:], spanGap: Double = 18, styles: [String: StyleDefinition] = [:],
                scale: Double = 1, fonts: [String] = [], rules: [StyleRule] = [], variables: [String: String] = [:],
                sectionLevel: Int = 1, ornament: String = "⁂", numbering: PageNumbering = .arabic, firstPageNumber: Int = 1,
                typesetting: TypesettingParameters = .standard) {
        self.name = name; self.summary = summary; self.directory = directory; self.sourcePath = sourcePath
        self.pageSize = pageSize; self.margins = margins; self.mirrored = mirrored; self.columns = columns
        self.gutter = gutter; self.columnRule = columnRule; self.masters = masters; self.spanGap = spanGap
        self.styles = styles; self.scale = scale; self.fonts = fonts; self.rules = rules
        self.variables = variables; self.sectionLevel = sectionLevel; self.ornament = ornament
        self.numbering = numbering; self.firstPageNumber = firstPageNumber; self.typesetting = typesetting
    }
}
