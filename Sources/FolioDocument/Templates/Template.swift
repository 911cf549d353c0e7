import FolioText

/// Where something was written in a source file, for error messages.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    public var description: String { "\(file):\(line):\(column)" }
}

extension DocumentError {
    /// An error at `location` (line 0: a place with no lines, such as a command-line option).
    public init(_ location: SourceLocation, _ reason: String) {
        self.init(path: location.file, line: location.line > 0 ? location.line : nil,
                  column: location.line > 0 ? location.column : nil, reason: reason)
    }
}

/// One `name: value` setting of a style, kept as written so that inheritance can merge
/// settings before they are interpreted, and errors can point at the line that set them.
public struct StyleProperty: Hashable, Sendable {
    public var name: String
    public var value: String
    public var location: SourceLocation?
    public init(name: String, value: String, location: SourceLocation? = nil) {
        self.name = name; self.value = value; self.location = location
    }
}

/// A named style of a template as written: its own settings and the style it inherits from.
public struct StyleDefinition: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case paragraph, character }
    public var name: String
    public var kind: Kind
    /// The style this one inherits every setting it does not make itself.
    public var parent: String?
    public var properties: [StyleProperty]
    public var location: SourceLocation?
    public init(name: String, kind: Kind, parent: String? = nil, properties: [StyleProperty] = [],
                location: SourceLocation? = nil) {
        self.name = name; self.kind = kind; self.parent = parent; self.properties = properties; self.location = location
    }
}

/// A thin line drawn down the middle of every gutter.
public struct ColumnRule: Hashable, Sendable {
    public var width: Double
    public var color: Color
    public init(width: Double = 0.5, color: Color = Color(red: 0, green: 0, blue: 0)) { self.width = width; self.color = color }
}

/// Margins of a page; on mirrored (two-sided) pages `inner` is the binding side — the
/// left margin of a right-hand (odd) page, the right margin of a left-hand (even) one.
public struct PageMargins: Hashable, Sendable {
    public var top: Double
    public var bottom: Double
    public var inner: Double
    public var outer: Double
    public init(top: Double, bottom: Double, inner: Double, outer: Double) {
        self.top = top; self.bottom = bottom; self.inner = inner; self.outer = outer
    }
    public init(all: Double) { self.init(top: all, bottom: all, inner: all, outer: all) }
}

/// A box at a fixed place on a page, holding styled text with fields or an image:
/// a running head, a folio, a logo, a sidebar.
public struct Frame: Hashable, Sendable {
    /// The box on the page, in points from the page's top-left corner. On a left-hand
    /// page of a mirrored template the box is mirrored too (x measured from the right).
    public var rect: Rect
    /// Text with fields: `{page}`, `{pages}`, `{title}`, `{author}`, `{section}`, `{date}`
    /// and any front-matter or template variable, as `{name}`.
    public var text: String?
    /// Paragraph style the text is set in.
    public var style: String
    /// Image file (template-relative) drawn scaled to fit the box, keeping its aspect.
    public var image: String?
    public var location: SourceLocation?
    public init(rect: Rect, text: String? = nil, style: String = "footer", image: String? = nil,
                location: SourceLocation? = nil) {
        self.rect = rect; self.text = text; self.style = style; self.image = image; self.location = location
    }
}

/// How one kind of page looks: margins, columns and the frames on it. Unset values
/// come from the template's page settings.
public struct PageMaster: Hashable, Sendable {
    public var margins: PageMargins?
    public var columns: Int?
    public var gutter: Double?
    public var columnRule: ColumnRule?
    public var frames: [Frame]
    public init(margins: PageMargins? = nil, columns: Int? = nil, gutter: Double? = nil,
                columnRule: ColumnRule? = nil, frames: [Frame] = []) {
        self.margins = margins; self.columns = columns; self.gutter = gutter
        self.columnRule = columnRule; self.frames = frames
    }
}

/// A regular-expression rule: text matching `pattern` gets the attributes of `style`
/// (a character style) and, with `replacement`, is rewritten (`$1` for a group), e.g.
/// `~(.+?)~` → `$1` in a script face.
public struct StyleRule: Hashable, Sendable {
    public var pattern: String
    public var style: String
    public var replacement: String?
    public var location: SourceLocation?
    public init(pattern: String, style: String, replacement: String? = nil, location: SourceLocation? = nil) {
        self.pattern = pattern; self.style = style; self.replacement = replacement; self.location = location
    }
}

/// How folios are written.
public enum PageNumbering: String, Hashable, Sendable, CaseIterable {
    case arabic, roman, upperRoman = "Roman"
}

/// A template: page masters, styles, fonts, frames; read from a folder holding
/// `template.yaml` and the fonts and images it names.
public struct Template: Sendable {
    public var name: String
    /// One line saying what the template is for (shown by `folio templates`).
    public var summary: String
    /// Where the template's files are (fonts, images); nil for one made in code.
    public var directory: String?
    /// The `template.yaml` path, for error messages.
    public var sourcePath: String

    public var pageSize: Size
    public var margins: PageMargins
    /// Two-sided: inner/outer margins and frames swap on left-hand (even) pages.
    public var mirrored: Bool
    public var columns: Int
    public var gutter: Double
    public var columnRule: ColumnRule?
    /// `default` (every page), and optionally `first`, `left`, `right`, `opening` (a
    /// page on which a section heading starts at the top).
    public var masters: [String: PageMaster]
    /// Space between a spanning region (title block) and the columns below it.
    public var spanGap: Double

    public var styles: [String: StyleDefinition]
    /// Every length in every style is multiplied by this (1.5 for large print).
    public var scale: Double
    /// Font files (template-relative paths) loaded as application fonts.
    public var fonts: [String]
    public var rules: [StyleRule]
    /// Default values of fields; the document's front matter overrides them.
    public var variables: [String: String]
    /// Headings up to this level are "sections" for `{section}` and opening pages.
    public var sectionLevel: Int
    /// What a thematic break is set as, in style `ornament`.
    public var ornament: String
    public var numbering: PageNumbering
    public var firstPageNumber: Int

    public init(name: String, summary: String = "", directory: String? = nil, sourcePath: String = "",
                pageSize: Size = Size(width: 595.28, height: 841.89), margins: PageMargins = PageMargins(all: 72),
                mirrored: Bool = false, columns: Int = 1, gutter: Double = 18, columnRule: ColumnRule? = nil,
                masters: [String: PageMaster] = [:], spanGap: Double = 18, styles: [String: StyleDefinition] = [:],
                scale: Double = 1, fonts: [String] = [], rules: [StyleRule] = [], variables: [String: String] = [:],
                sectionLevel: Int = 1, ornament: String = "⁂", numbering: PageNumbering = .arabic, firstPageNumber: Int = 1) {
        self.name = name; self.summary = summary; self.directory = directory; self.sourcePath = sourcePath
        self.pageSize = pageSize; self.margins = margins; self.mirrored = mirrored; self.columns = columns
        self.gutter = gutter; self.columnRule = columnRule; self.masters = masters; self.spanGap = spanGap
        self.styles = styles; self.scale = scale; self.fonts = fonts; self.rules = rules
        self.variables = variables; self.sectionLevel = sectionLevel; self.ornament = ornament
        self.numbering = numbering; self.firstPageNumber = firstPageNumber
    }
}
