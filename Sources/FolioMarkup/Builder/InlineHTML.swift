import Foundation

/// One piece of raw HTML in Markdown: a tag, or a comment.
///
/// Folio sets Markdown, not HTML. The few inline tags people write in Markdown for
/// what it has no syntax for — `<sup>`, `<sub>`, `<u>`, `<br>`, `<kbd>`, `<mark>`,
/// `<small>` — are set as their meaning; the text inside any other tag is kept and the
/// tag itself left out (with a warning); comments are left out silently.
struct InlineHTML: Equatable {
    enum Kind: Equatable { case open, close, empty, comment }
    var kind: Kind
    /// Lower-cased tag name; empty for a comment.
    var name: String

    /// Parses a tag or comment; nil when `raw` is neither (a declaration, a processing
    /// instruction, CDATA).
    init?(_ raw: String) {
        let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if s.hasPrefix("<!--") { kind = .comment; name = ""; return }
        guard s.hasPrefix("<"), s.hasSuffix(">") else { return nil }
        var body = s.dropFirst().dropLast()
        var kind = Kind.open
        if body.hasPrefix("/") { kind = .close; body = body.dropFirst() }
        let name = body.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter else { return nil }
        if kind == .open, body.hasSuffix("/") || Self.voidElements.contains(name.lowercased()) { kind = .empty }
        self.kind = kind
        self.name = name.lowercased()
    }

    /// Elements that never have content or a closing tag.
    static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "input", "meta", "link", "source", "area", "col", "embed"]

    /// Elements that make paragraphs of the text between them in an HTML block.
    static let blockElements: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "dl", "dt", "dd",
                                             "table", "thead", "tbody", "tr", "td", "th", "blockquote", "section", "article",
                                             "header", "footer", "nav", "aside", "main", "details", "summary", "figure",
                                             "figcaption", "center", "pre", "hr", "address"]
    /// Block elements whose only meaning here is the paragraph break they make.
    static let silentBlockElements: Set<String> = ["p", "div", "section", "article", "main", "header", "footer", "summary", "details"]

    /// One piece of an HTML block.
    enum Token: Equatable {
        case tag(String)
        case text(String)
    }

    /// `raw` as tags and text, the text with its entities decoded and its white space
    /// collapsed as a browser would; comments, and scripts and styles with their content,
    /// are left out.
    static func tokens(_ raw: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(raw)
        var skipUntil: String? = nil
        func addText(_ t: Substring) {
            guard skipUntil == nil, !t.isEmpty else { return }
            var collapsed = "", space = false
            for ch in t {
                if ch == " " || ch == "\n" || ch == "\t" || ch == "\r" { space = true; continue }
                if space { collapsed.append(" ") }
                space = false
                collapsed.append(ch)
            }
            if space { collapsed.append(" ") }
            tokens.append(.text(HTMLEntities.decode(collapsed)))
        }
        while let open = rest.firstIndex(of: "<") {
            addText(rest[..<open])
            let from = rest[open...]
            if from.hasPrefix("<!--") {
                guard let end = from.range(of: "-->") else { return tokens }
                rest = from[end.upperBound...]
                continue
            }
            guard let close = from.firstIndex(of: ">") else {
                addText(from)
                return tokens
            }
            let tag = String(from[...close])
            rest = from[from.index(after: close)...]
            let parsed = InlineHTML(tag)
            if let wait = skipUntil {
                if parsed?.kind == .close, parsed?.name == wait { skipUntil = nil }
                continue
            }
            if let parsed, parsed.kind == .open, parsed.name == "script" || parsed.name == "style" {
                skipUntil = parsed.name
                continue
            }
            tokens.append(.tag(tag))
        }
        addText(rest)
        return tokens
    }

    /// `content` without the spaces at its ends (the markup's, not the text's).
    static func trimmingSpaces(_ content: [Inline]) -> [Inline] {
        var content = content
        func isText(_ inline: Inline) -> Bool { if case .text = inline { return true } else { return false } }
        if let i = content.firstIndex(where: isText), case .text(let t) = content[i] {
            content[i] = .text(String(t.drop { $0 == " " }))
        }
        if let i = content.lastIndex(where: isText), case .text(let t) = content[i] {
            content[i] = .text(String(t.reversed().drop { $0 == " " }.reversed()))
        }
        return content
    }

    /// The tags set as their meaning.
    static let understood: Set<String> = ["br", "wbr", "sup", "sub", "u", "ins", "s", "del", "strike", "em", "i", "cite",
                                          "var", "dfn", "strong", "b", "code", "kbd", "samp", "tt", "small", "mark", "span"]
}

extension BuildState {
    /// Applies an inline HTML piece: appends what an empty tag stands for, opens or
    /// closes a tag's attributes on `open` (the tags in force in this run of inlines).
    mutating func applyHTML(_ raw: String, base: TextAttributes, open: inout [(name: String, attributes: TextAttributes)]) {
        guard let tag = InlineHTML(raw) else {
            warnAboutHTML("'\(raw.prefix(40))'")
            return
        }
        let current = open.last?.attributes ?? base
        switch tag.kind {
        case .comment:
            return
        case .empty:
            switch tag.name {
            case "br": text.append("\u{2028}", attributes: current)
            case "wbr": text.append("\u{200B}", attributes: current)
            default: warnAboutHTML("<\(tag.name)>")
            }
        case .open:
            if !InlineHTML.understood.contains(tag.name) { warnAboutHTML("<\(tag.name)>") }
            open.append((tag.name, attributes(forTag: tag.name, on: current)))
        case .close:
            // An end tag closes its element and whatever was left open inside it; one
            // that closes nothing is ignored, as a browser would.
            if let i = open.lastIndex(where: { $0.name == tag.name }) { open.removeSubrange(i...) }
        }
    }

    /// The attributes text inside tag `name` takes.
    func attributes(forTag name: String, on a: TextAttributes) -> TextAttributes {
        var a = a
        switch name {
        case "sup": a.superscript = (a.superscript ?? 0) + 1
        case "sub": a.superscript = (a.superscript ?? 0) - 1
        case "u", "ins": a.underline = TextLine()
        case "s", "del", "strike": a.strikethrough = TextLine()
        case "em", "i", "cite", "var", "dfn":
            var e = styles.applying(characterStyle: "emphasis", to: a)
            if a.font?.style == .italic, let font = e.font { e.font = font.withStyle(.normal) }
            a = e
        case "strong", "b": a = styles.applying(characterStyle: "strong", to: a)
        case "code", "kbd", "samp", "tt": a = styles.applying(characterStyle: "code-inline", to: a)
        case "small": if let font = a.font { a.font = font.withSize(font.size * 0.83) }
        case "mark": a.backgroundColor = Color(red: 1, green: 0.93, blue: 0.5)
        default: break
        }
        return a
    }

    /// A raw HTML block: its text is set in paragraphs (one for each stretch between
    /// block-level tags such as `<p>` or `<div>`), inline tags are set as in a paragraph,
    /// comments, scripts and styles vanish; each tag not set as its meaning is reported once.
    mutating func htmlBlock(_ raw: String, block: Block, context: BlockContext, last: Bool) throws {
        var paragraphs: [[Inline]] = [[]]
        for token in InlineHTML.tokens(raw) {
            switch token {
            case .text(let text):
                paragraphs[paragraphs.count - 1].append(.text(text))
            case .tag(let tag):
                if let parsed = InlineHTML(tag), InlineHTML.blockElements.contains(parsed.name) {
                    if !InlineHTML.silentBlockElements.contains(parsed.name) { warnAboutHTML("<\(parsed.name)>") }
                    if !(paragraphs.last ?? []).isEmpty { paragraphs.append([]) }
                } else {
                    paragraphs[paragraphs.count - 1].append(.html(tag))
                }
            }
        }
        let lastText = paragraphs.lastIndex { !$0.plainText.allSatisfy(\.isWhitespace) }
        for (k, content) in paragraphs.enumerated() {
            guard !content.plainText.allSatisfy(\.isWhitespace) else {
                // Tags alone (an <img>, a <br> between blocks) make no paragraph; those
                // with no meaning here are reported.
                for case .html(let tag) in content {
                    guard let t = InlineHTML(tag) else { warnAboutHTML("'\(tag.prefix(40))'"); continue }
                    if t.kind != .close, t.kind != .comment, !InlineHTML.understood.contains(t.name) { warnAboutHTML("<\(t.name)>") }
                }
                continue
            }
            let style = try paragraphStyle(block, default: context.quoteDepth > 0 ? "quote" : (nextStyle ?? "body"), context: context)
            try appendInlines(InlineHTML.trimmingSpaces(content), base: attributes(of: style))
            endParagraph(finalParagraph(style, context: context, last: last && k == lastText), style)
            nextStyle = nil
        }
    }

    mutating func warnAboutHTML(_ what: String) {
        guard warnedHTML.insert(what).inserted else { return }
        warnings.append("\(currentLocation): HTML \(what) is not set; the text around it is kept")
    }
}
