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

    /// A raw HTML block: comments vanish; anything else is left out with a warning, since
    /// setting its markup as text would print tags on the page.
    mutating func htmlBlock(_ raw: String) {
        var rest = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        while rest.hasPrefix("<!--"), let end = rest.range(of: "-->") {
            rest = rest[end.upperBound...].drop(while: \.isWhitespace)
        }
        if rest.isEmpty { return }
        let line = rest.prefix { $0 != "\n" }
        warnings.append("\(currentLocation): raw HTML is left out: \(line.prefix(60))\(line.count > 60 ? "…" : "")")
    }

    mutating func warnAboutHTML(_ what: String) {
        guard warnedHTML.insert(what).inserted else { return }
        warnings.append("\(currentLocation): HTML \(what) is not set; the text around it is kept")
    }
}
