/// A Markdown document as read by `MarkdownReader`: its front matter and its blocks, in a
/// pure-Swift tree that no longer refers to the C parser.
public struct MarkdownDocument: Sendable {
    /// The path (or name) the document was read from, for messages.
    public var file: String
    public var frontMatter: FrontMatter
    public var blocks: [Block]

    public init(file: String, frontMatter: FrontMatter = FrontMatter(), blocks: [Block] = []) {
        self.file = file; self.frontMatter = frontMatter; self.blocks = blocks
    }
}

/// One block of a document, with the style given to it in the source and where it starts.
public struct Block: Sendable, Hashable {
    public var kind: BlockKind
    /// From a block attribute line (`{.lead}`) or a heading's trailing `{#id .class}`.
    public var spec: StyleSpec?
    /// Where the block starts (line and column of its first character, markers included).
    public var location: SourceLocation

    public init(kind: BlockKind, spec: StyleSpec? = nil, location: SourceLocation) {
        self.kind = kind; self.spec = spec; self.location = location
    }
}

/// What a block is.
public indirect enum BlockKind: Sendable, Hashable {
    /// A heading of level 1–6; `id` is always set: the explicit `{#id}` or a GitHub-style slug.
    case heading(level: Int, content: [Inline], id: String)
    case paragraph([Inline])
    /// Fenced or indented code; `info` is the fence's info string, nil when there is none.
    case codeBlock(info: String?, text: String)   // text without the final newline
    case blockQuote([Block])
    case list(ListKind, tight: Bool, items: [ListItem])
    case thematicBreak
    /// A raw HTML block, kept as literal text: Folio does not interpret HTML.
    case html(String)
}

/// Bulleted, or numbered from `start` with `.` or `)` after the number.
public enum ListKind: Sendable, Hashable {
    case bullet
    case ordered(start: Int, delimiter: Character)
}

/// One item of a list.
public struct ListItem: Sendable, Hashable {
    /// For a task list item (`- [x]`, `- [ ]`) whether it is checked; nil for other items.
    public var checked: Bool?
    public var blocks: [Block]
    public var location: SourceLocation

    public init(checked: Bool? = nil, blocks: [Block], location: SourceLocation) {
        self.checked = checked; self.blocks = blocks; self.location = location
    }
}

/// Inline content of a paragraph or heading.
public indirect enum Inline: Sendable, Hashable {
    /// Text, with entities decoded and (smart punctuation on) typographic quotes and dashes.
    case text(String)
    case emphasis([Inline])
    case strong([Inline])
    /// `~~text~~` (GitHub).
    case strikethrough([Inline])
    case code(String)
    case link(destination: String, title: String, content: [Inline])
    /// `alt` is the plain text of the image description.
    case image(source: String, alt: String, title: String, location: SourceLocation)
    /// A line end inside a paragraph: set as a space.
    case softBreak
    /// A forced line break (two trailing spaces or a backslash).
    case lineBreak
    /// `[text]{.class #id key=value}`: a span with a style.
    case span(StyleSpec, [Inline])
    /// Raw inline HTML: a tag or a comment (see `InlineHTML` for what is set).
    case html(String)
}

extension Inline {
    /// The text content: image alt text for images, a space for line breaks, nothing for
    /// HTML tags (their content is in the text between them). For slugs, alt text and
    /// PDF metadata.
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out)
        return out
    }

    // One shared buffer for the whole tree: concatenating child strings level by level
    // would copy deep content once per level.
    func appendPlainText(to out: inout String) {
        switch self {
        case .text(let s), .code(let s): out += s
        case .html: break
        case .emphasis(let c), .strong(let c), .strikethrough(let c), .span(_, let c), .link(_, _, let c):
            for inline in c { inline.appendPlainText(to: &out) }
        case .image(_, let alt, _, _): out += alt
        case .softBreak, .lineBreak: out += " "
        }
    }
}

extension Array where Element == Inline {
    /// The text content of the sequence (see `Inline.plainText`).
    public var plainText: String {
        var out = ""
        for inline in self { inline.appendPlainText(to: &out) }
        return out
    }
}
