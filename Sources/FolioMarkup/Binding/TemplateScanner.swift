import Foundation

/// Finds the tags of a Mustache template with their lines and columns, following
/// swift-mustache 2.1's grammar (`{{` `}}`, changed by `{{=<% %>=}}`; `#`, `^`, `/`, `!`,
/// `{`, `&`, `>`, `<`, `$`, `%` and plain variables; transforms `f(g(x))`), and refuses
/// sections nested deeper than `maximumDepth` — swift-mustache parses and renders a
/// section by recursion, and a few hundred levels exhaust the stack.
///
/// Lines and columns are 1-based and count Characters, as swift-mustache's do. A tag the
/// scanner cannot read (no closing delimiter) ends the scan: the library's parser reports
/// it with its position.
public struct TemplateScanner {
    /// The deepest nesting of sections (`#`, `^`, `<`, `$`) a template may have.
    public static let maximumDepth = 100

    /// The tags, in written order.
    public private(set) var tags: [TemplateTag] = []
    /// The delimiters in force at the end of each line (index 0 is line 1), when they were
    /// changed on or before it; nil where they are the standard `{{` `}}`.
    public private(set) var delimitersAfterLine: [(start: String, end: String)?] = []
    /// Where the first tag without a closing delimiter on its line opens, if one does.
    public private(set) var unclosedTag: (line: Int, column: Int)?
    /// Each partial tag (`{{>name}}`), in written order: where it is in the text (in
    /// Characters, delimiters included), the delimiters in force there, and how many
    /// sections are open around it — what including partials needs (`DocumentPartials`).
    private(set) var partialSites: [PartialSite] = []
    /// The deepest nesting of sections in the text.
    private(set) var deepest = 0

    /// One partial tag as `partialSites` holds it.
    struct PartialSite {
        var tag: TemplateTag
        var range: Range<Int>
        var start: String
        var end: String
        var depth: Int
    }

    /// Scans `text`; `file` names it in errors. Throws a `DocumentError` at the section
    /// tag that opens level `maximumDepth + 1`.
    public init(_ text: String, file: String) throws {
        let chars = Array(text)
        var i = 0, line = 1, column = 1
        var start = Array("{{"), end = Array("}}")
        var open = 0
        var changed = false

        func matches(_ d: [Character], at p: Int) -> Bool {
            guard p + d.count <= chars.count else { return false }
            for k in 0..<d.count where chars[p + k] != d[k] { return false }
            return true
        }
        func advance(to p: Int) {
            while i < p {
                if chars[i].isNewline {
                    delimitersAfterLine.append(changed ? (String(start), String(end)) : nil)
                    line += 1; column = 1
                } else { column += 1 }
                i += 1
            }
        }
        while i < chars.count {
            guard matches(start, at: i) else { advance(to: i + 1); continue }
            let tagLine = line, tagColumn = column
            var p = i + start.count
            guard p < chars.count else { unclosedTag = (tagLine, tagColumn); break }
            let sigil = chars[p]
            var kind = TemplateTag.Kind.variable
            switch sigil {
            case "#": kind = .section
            case "^": kind = .inverted
            case "/": kind = .close
            case "{", "&": kind = .unescaped
            case ">": kind = .partial
            case "<", "$": kind = .block
            case "!", "=", "%": kind = .other
            default: break
            }
            if kind != .variable { p += 1 }
            // The tag's content runs to the closing delimiter (`}` before it for `{{{`).
            var q = p
            while q < chars.count, !matches(end, at: q) { q += 1 }
            guard q < chars.count else { unclosedTag = (tagLine, tagColumn); break }
            var content = String(chars[p..<q])
            if sigil == "{", content.hasSuffix("}") { content.removeLast() }
            let tagEnd = q + end.count
            if sigil == "=" {
                let parts = content.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()
                    .split(whereSeparator: { $0.isWhitespace })
                if parts.count == 2 { start = Array(parts[0]); end = Array(parts[1]); changed = true }
            }
            if kind != .other {
                var name = content.trimmingCharacters(in: .whitespacesAndNewlines)
                var transforms: [String] = []
                if kind != .partial, kind != .block, name.hasSuffix(")") {
                    let pieces = name.split(separator: "(", omittingEmptySubsequences: false)
                    transforms = pieces.dropLast().map(String.init)
                    name = String(pieces.last!.prefix(while: { $0 != ")" }))
                } else if kind == .block, sigil == "<" || sigil == "$" {
                    name = name.trimmingCharacters(in: .whitespaces)
                }
                let tag = TemplateTag(kind: kind, name: name, transforms: transforms, line: tagLine, column: tagColumn)
                if kind == .partial {
                    partialSites.append(PartialSite(tag: tag, range: i..<tagEnd, start: String(start), end: String(end), depth: open))
                }
                switch kind {
                case .section, .inverted, .block:
                    open += 1
                    deepest = max(deepest, open)
                    if open > Self.maximumDepth {
                        throw DocumentError(path: file, line: tagLine, column: tagColumn,
                                            reason: "sections nested deeper than \(Self.maximumDepth) levels: '\(tag.written)' opens level \(open)")
                    }
                case .close:
                    open = max(0, open - 1)
                default: break
                }
                tags.append(tag)
            }
            advance(to: tagEnd)
        }
        advance(to: chars.count)
        delimitersAfterLine.append(changed ? (String(start), String(end)) : nil)
    }
}
