import Foundation
import Mustache

/// A Markdown document as a Mustache template, filled from one data record before it is
/// read as Markdown (swift-mustache 2.1).
///
/// The whole text is the template, front matter included, so `title: "Invoice {{number}}"`
/// works. In the body a value is escaped by `MarkdownContentType` (it prints literally);
/// in the front matter by `FrontMatterContentType` (write such fields in double quotes).
/// `{{{field}}}` and `{{&field}}` insert a value unescaped, as Markdown.
///
/// Numbers are formatted with `{{number(x)}}`, `{{currency(x)}}` and `{{percent(x)}}`
/// (see `NumberFormats`), dates with `{{date(x)}}` and its kin (`DateFormats`), in the
/// front matter's `lang`, `currency` and `date-format` (read before rendering; a value
/// there may itself be a tag, `lang: "{{locale}}"`).
///
/// Before rendering, the template is checked (`TemplateScanner`, `TemplateFieldCheck`):
/// sections nested deeper than 100 are an error; every field the data lacks is a warning
/// `doc.md:LINE:COL: no field 'name' in data.json`, or with `strict` a
/// `TemplateFieldErrors`. Syntax errors are `DocumentError`s at the template's line and
/// column. Positions in the Markdown read afterwards refer to the rendered text.
public enum DocumentTemplate {
    /// Registers the content types with swift-mustache (it looks them up while parsing).
    private static let registered: Bool = {
        MustacheContentTypes.register(MarkdownContentType(), named: MarkdownContentType.name)
        MustacheContentTypes.register(FrontMatterContentType(), named: FrontMatterContentType.name)
        return true
    }()

    /// Registers the content types once, before any template is parsed.
    static func registerContentTypes() { _ = registered }

    /// `text` (the document at `file`) rendered with `data` (read from `dataFile`, which
    /// names it in messages), and the warnings of the check; with `strict` those are
    /// thrown instead, as `TemplateFieldErrors`.
    public static func render(_ text: String, data: DataValue, file: String, dataFile: String,
                              strict: Bool = false) throws -> (text: String, warnings: [String]) {
        let template = try ParsedDocumentTemplate(text, file: file, dataFile: dataFile)
        let problems = template.problems(with: data)
        if strict, !problems.isEmpty { throw TemplateFieldErrors(errors: problems) }
        return (template.render(data), problems.map(\.description))
    }

    /// The 1-based line of the front matter's closing `---` or `...` (`FrontMatter.fence`);
    /// nil when the document has none.
    static func frontMatterEnd(_ text: String) -> Int? {
        if case let .closed(_, line, _) = FrontMatter.fence(in: text) { return line }
        return nil
    }

    /// The template text swift-mustache parses: a `FOLIO_YAML` pragma line on top when there
    /// is front matter (`MARKDOWN` otherwise), and a `MARKDOWN` one at the end of the
    /// front matter's closing line, written with the delimiters in force there.
    static func withContentTypes(_ text: String, frontMatterEnd: Int?,
                                 delimiters: [(start: String, end: String)?]) -> String {
        guard let fence = frontMatterEnd else { return "{{%CONTENT_TYPE:\(MarkdownContentType.name)}}\n" + text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let d = (fence - 1 < delimiters.count ? delimiters[fence - 1] : nil) ?? ("{{", "}}")
        var closing = lines[fence - 1]
        let hadCR = closing.hasSuffix("\r")
        if hadCR { closing.removeLast() }
        lines[fence - 1] = closing + "\(d.start)%CONTENT_TYPE:\(MarkdownContentType.name)\(d.end)" + (hadCR ? "\r" : "")
        return "{{%CONTENT_TYPE:\(FrontMatterContentType.name)}}\n" + lines.joined(separator: "\n")
    }

    /// The front-matter keys that set the formats: `lang`, `currency`, `date-format`.
    static let formatKeys = ["lang", "currency", "date-format"]

    /// The front matter's `lang`, `currency` and `date-format` (top-level keys in `lines`,
    /// the text up to its closing fence), each rendered with `data` when it holds a tag.
    static func numberFormats(frontMatter lines: [Substring], data: DataValue) -> NumberFormats {
        var formats = NumberFormats.standard
        for (key, written, _) in formatValues(frontMatter: lines) {
            var value = written
            if value.contains("{{"), let t = try? MustacheTemplate(string: "{{%CONTENT_TYPE:TEXT}}" + value) {
                value = t.render(data)
            }
            guard !value.isEmpty else { continue }
            switch key {
            case "lang": formats.locale = value
            case "currency": formats.currency = value.uppercased()
            default: formats.dateFormat = value
            }
        }
        return formats
    }

    /// Each format key in `lines` with its value as written (see `topLevelValues`).
    static func formatValues(frontMatter lines: [Substring]) -> [(key: String, value: String, place: (line: Int, column: Int))] {
        topLevelValues(frontMatter: lines, keys: formatKeys)
    }

    /// Each top-level key of `keys` in `lines` (the front matter's, unparsed: they may hold
    /// tags), with its value as written (unquoted, a trailing comment dropped) and the
    /// 1-based line and column where the value starts.
    static func topLevelValues(frontMatter lines: [Substring], keys: [String]) -> [(key: String, value: String, place: (line: Int, column: Int))] {
        var found: [(String, String, (Int, Int))] = []
        for (n, line) in lines.enumerated() {
            for key in keys where line.hasPrefix(key + ":") {
                let rest = line.dropFirst(key.count + 1)
                let column = key.count + 2 + rest.prefix(while: { $0 == " " || $0 == "\t" }).count
                var value = rest.trimmingCharacters(in: .whitespaces)
                if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces) }
                if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q { value = String(value.dropFirst().dropLast()) }
                found.append((key, value, (n + 1, column)))
            }
        }
        return found
    }

    /// A swift-mustache parse error in `file` (scanned by `scanner`, parsed with a pragma
    /// line on top) as a `DocumentError` at the file's own line and column.
    static func syntaxError(_ e: MustacheTemplate.ParserError, file: String, scanner: TemplateScanner) -> DocumentError {
        if String(describing: e.error) == "overflow", let tag = scanner.unclosedTag {
            return DocumentError(path: file, line: tag.line, column: tag.column, reason: "this tag is never closed (no '}}' after it)")
        }
        // The pragma line added at the top moves every line down by one.
        return DocumentError(path: file, line: max(1, e.context.lineNumber - 1), column: e.context.columnNumber,
                             reason: reason(e.error))
    }

    /// The folder partials come from: the template `name` names (a name or a path from
    /// the working directory), else the one the front matter's `template:` names (a path
    /// relative to the document `file`, or a name), else the built-in `default`'s.
    static func templateFolder(named name: String?, frontMatter lines: [Substring], file: String,
                               root: ReadRoot? = nil) throws -> (path: String, builtin: String?) {
        if let name { return try TemplateResolver.folder(of: name) }
        guard let (_, written, place) = topLevelValues(frontMatter: lines, keys: ["template"]).last, !written.isEmpty else {
            return try TemplateResolver.folder(of: "default")
        }
        func fail(_ why: String) -> DocumentError { DocumentError(path: file, line: place.line, column: place.column, reason: why) }
        if written.contains("{{") { throw fail("partials need the template named as written, not by a tag ('\(written)')") }
        do { return try TemplateResolver.folder(of: TemplateResolver.documentReference(written, documentFile: file, root: root)) }
        catch let e as DocumentError { throw fail(e.reason) }
    }

    /// A parser error as a sentence.
    static func reason(_ error: any Error) -> String {
        switch error {
        case MustacheTemplate.Error.sectionCloseNameIncorrect:
            return "this closing tag does not match the section open here"
        case MustacheTemplate.Error.unfinishedName:
            return "a tag's name is not finished: names are letters, digits and . - _ ? *, with transforms as f(x)"
        case MustacheTemplate.Error.expectedSectionEnd:
            return "a section is never closed: end it with {{/name}}"
        case MustacheTemplate.Error.invalidSetDelimiter:
            return "a delimiter change must be written {{=<% %>=}}"
        case MustacheTemplate.Error.unrecognisedConfigVariable:
            return "unknown pragma: only CONTENT_TYPE is known"
        default:
            let text = String(describing: error)
            return text == "overflow" ? "a tag is never closed (no '}}' on its line)" : "template syntax: \(text)"
        }
    }
}
