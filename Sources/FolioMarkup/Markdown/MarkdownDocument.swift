/// A Markdown document as read by `MarkdownReader`: its front matter and its blocks, in a
/// pure-Swift tree that no longer refers to the C parser.
public struct MarkdownDocument: Sendable {
    /// The path (or name) the document was read from, for messages.
    public var file: String
    /// The YAML front matter (empty when the document has none).
    public var frontMatter: FrontMatter
    /// The top-level blocks in document order; empty when the reader streams the body a
    /// block at a time instead (as `RenderJob` has it do).
    public var blocks: [Block]

    /// A document read from `file` (or made in code).
    public init(file: String, frontMatter: FrontMatter = FrontMatter(), blocks: [Block] = []) {
        self.file = file; self.frontMatter = frontMatter; self.blocks = blocks
    }
}

/// One block of a document, with the style given to it in the source and where it starts.
public struct Block: Sendable, Hashable {
    /// What the block is, with its content.
    public var kind: BlockKind
    /// From a block attribute line (`{.lead}`) or a heading's trailing `{#id .class}`.
    public var spec: StyleSpec?
    /// Where the block starts (line and column of its first character, markers included).
    public var location: SourceLocation
    /// Whether quotes, lists or inlines nested past `MarkdownNesting`'s depths inside it
    /// were flattened (their text kept, at the deepest level allowed).
    public var flattenedNesting = false

    /// A block of `kind` written at `location`.
    public init(kind: BlockKind, spec: StyleSpec? = nil, location: SourceLocation) {
        self.kind = kind; self.spec = spec; self.location = location
    }
}

/// What a block is.
public indirect enum BlockKind: Sendable, Hashable {
    /// A heading of level 1–6; `id` is always set: the explicit `{#id}` or a GitHub-style slug.
    case heading(level: Int, content: [Inline], id: String)
    /// A paragraph's inline content.
    case paragraph([Inline])
    /// Fenced or indented code; `info` is the fence's info string, nil when there is none.
    case codeBlock(info: String?, text: String)   // text without the final newline
    /// A block quote's blocks (which may nest further quotes).
    case blockQuote([Block])
    /// A list: bulleted or numbered, tight (no blank lines between items, set without
    /// paragraph spacing) or loose, and its items.
    case list(ListKind, tight: Bool, items: [ListItem])
    /// A thematic break (`---`), set as the template's ornament.
    case thematicBreak
    /// A raw HTML block, kept as literal text: Folio does not interpret HTML.
    case html(String)
    /// A GFM pipe table.
    case table(TableContent)
    /// The text of GFM footnote `number` (`[^label]: …`), as many blocks as it has; it is
    /// set where its first reference (`Inline.footnoteReference`) falls, not here.
    case footnoteDefinition(number: Int, blocks: [Block])
    /// A line `{toc}` alone: the table of contents goes here.
    case tableOfContents
}

/// Bulleted, or numbered from `start` with `.` or `)` after the number.
public enum ListKind: Sendable, Hashable {
    /// `-`, `*` or `+` items.
    case bullet
    /// Numbered items from `start`, written with `delimiter` (`.` or `)`) after the number.
    case ordered(start: Int, delimiter: Character)
}

/// One item of a list.
public struct ListItem: Sendable, Hashable {
    /// For a task list item (`- [x]`, `- [ ]`) whether it is checked; nil for other items.
    public var checked: Bool?
    /// The item's content: paragraphs, nested lists, code…
    public var blocks: [Block]
    /// Where the item's marker starts.
    public var location: SourceLocation

    /// A list item holding `blocks`, checked (true/false) when it is a task list item.
    public init(checked: Bool? = nil, blocks: [Block], location: SourceLocation) {
        self.checked = checked; self.blocks = blocks; self.location = location
    }
}

/// Inline content of a paragraph or heading.
public indirect enum Inline: Sendable, Hashable {
    /// Text, with entities decoded and (smart punctuation on) typographic quotes and dashes.
    case text(String)
    /// `*text*` or `_text_`: set in the `emphasis` style (upright inside italic).
    case emphasis([Inline])
    /// `**text**`: set in the `strong` style.
    case strong([Inline])
    /// `~~text~~` (GitHub).
    case strikethrough([Inline])
    /// `` `code` ``: the code span's text, set in the `code-inline` style.
    case code(String)
    /// `[content](destination "title")`: a live link; `#id` destinations jump inside the document.
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
    /// A reference to GFM footnote `number` (`[^label]`; numbered by cmark-gfm in the
    /// order of first reference, the number of its `BlockKind.footnoteDefinition`).
    case footnoteReference(Int)
    /// An inline note, `^[text]`: its text is its content.
    case note([Inline])
    /// `[text](#id){page}`: the number of the page the anchor `id` is on, set where the
    /// link's text would be, linked to it.
    case pageReference(id: String)
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
        case .html, .footnoteReference, .note, .pageReference: break
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
