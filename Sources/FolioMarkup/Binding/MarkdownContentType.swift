import Mustache

/// How `{{field}}` puts a value into Markdown: so that it prints exactly as written and
/// can never be read as Markdown, a template tag or a Folio attribute. Registered with
/// swift-mustache as `MARKDOWN`; `{{{field}}}` and `{{&field}}` bypass it and insert
/// Markdown deliberately.
///
/// The rules, applied to the value's text:
/// - every ASCII punctuation character (`` !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~ ``) gets a
///   backslash before it, so `*not* <b>bold</b> [x](y) {.red} {{z}}` prints literally:
///   no emphasis, HTML, link, attribute, entity (`&amp;`), smart quote or smart dash;
/// - a line break in the value (`\n`, `\r\n` or `\r`) becomes a hard line break (a
///   backslash at the end of the line), so an address keeps its lines in one paragraph;
///   line breaks at the value's start and end are dropped, and so are spaces and tabs at
///   the start of each of its lines (Markdown would drop them, or read four as code);
/// - so a value cannot start a block: `#`, `-`, `+`, `*`, `>`, `=`, `|`, `` ` ``, `~`,
///   `<` and the `.` or `)` of `1.`/`1)` are all escaped, indentation is removed, and a
///   blank line is impossible (each line of the value holds at least its hard break).
///
/// A line break inside a GFM table cell still ends the table row: give table fields
/// values of one line.
public struct MarkdownContentType: MustacheContentType {
    /// The name the template's pragma uses: `{{%CONTENT_TYPE:MARKDOWN}}`.
    public static let name = "MARKDOWN"

    /// A content type.
    public init() {}

    /// `text` escaped for Markdown by the rules above.
    public func escapeText(_ text: String) -> String {
        var lines: [Substring] = []
        var rest = Substring(text)
        while let i = rest.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            lines.append(rest[..<i])
            rest = rest[rest.index(after: i)...]
        }
        lines.append(rest)
        while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }), lines.count > 1 { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }), lines.count > 1 { lines.removeLast() }
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        for (n, line) in lines.enumerated() {
            if n > 0 { result += "\\\n" }
            for scalar in line.drop(while: { $0 == " " || $0 == "\t" }).unicodeScalars {
                if scalar.isASCII, Self.punctuation.contains(UInt8(scalar.value)) { result.unicodeScalars.append("\\") }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// CommonMark's ASCII punctuation: every character a backslash can escape.
    static let punctuation: Set<UInt8> = Set(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.utf8)
}
