import Foundation
import Mustache

/// `folio render --each PATTERN`: a Mustache template over a record that names the PDF
/// written for it (`out/{{id}}.pdf`).
///
/// Values are inserted as written — not escaped (`{{x}}`, `{{{x}}}` and `{{&x}}` are the
/// same here) — but must be safe in a path: a value holding `/` or NUL, or making a path
/// component `..`, is an error naming the record, as is a path that is empty or ends in `/`.
/// Whatever the pattern itself says (`../out/…`, folders) is used as written.
public struct OutputPathPattern {
    /// The pattern as given.
    public let pattern: String
    private let template: MustacheTemplate

    /// Marks around each inserted value (private-use characters), removed after the check.
    static let open: Character = "\u{E000}", close: Character = "\u{E001}"

    /// The content type that marks each value.
    struct MarkedContentType: MustacheContentType {
        static let name = "FOLIO_PATH"
        func escapeText(_ text: String) -> String { "\(OutputPathPattern.open)\(text)\(OutputPathPattern.close)" }
    }

    private static let registered: Bool = {
        MustacheContentTypes.register(MarkedContentType(), named: MarkedContentType.name)
        return true
    }()

    /// Parses `pattern`; a syntax error is a `DocumentError` naming `--each`.
    public init(_ pattern: String) throws {
        _ = Self.registered
        self.pattern = pattern
        guard !pattern.isEmpty else { throw DocumentError(path: "--each", reason: "the pattern is empty") }
        // Triple braces and `&` would skip the content type, and so the check: every value
        // goes through it.
        let text = pattern.replacingOccurrences(of: "{{{", with: "{{").replacingOccurrences(of: "}}}", with: "}}")
            .replacingOccurrences(of: "{{&", with: "{{")
        do {
            template = try MustacheTemplate(string: "{{%CONTENT_TYPE:\(MarkedContentType.name)}}" + text)
        } catch let e as MustacheTemplate.ParserError {
            throw DocumentError(path: "--each", reason: "'\(pattern)': \(DocumentTemplate.reason(e.error))")
        }
    }

    /// The path for `record`, the `index`-th (0-based; messages say `record index+1`).
    public func path(for record: DataValue, index: Int) throws -> String {
        let marked = template.render(record)
        func fail(_ why: String) -> DocumentError {
            DocumentError(path: "--each", reason: "record \(index + 1): \(why) (pattern '\(pattern)')")
        }
        // Each value, as inserted.
        var values: [String] = []
        var current: String? = nil
        for c in marked {
            if c == Self.open { current = "" } else if c == Self.close { values.append(current ?? ""); current = nil }
            else if current != nil { current!.append(c) }
        }
        for value in values {
            if value.contains("/") { throw fail("the value '\(value)' holds a '/': a value cannot name a folder") }
            if value.unicodeScalars.contains("\u{0}") { throw fail("a value holds a NUL character") }
        }
        for component in marked.split(separator: "/", omittingEmptySubsequences: false)
        where component.contains(Self.open) && component.filter({ $0 != Self.open && $0 != Self.close }) == ".." {
            throw fail("a value makes the path component '..'")
        }
        let path = String(marked.filter { $0 != Self.open && $0 != Self.close })
        if path.isEmpty { throw fail("the path is empty") }
        if path.hasSuffix("/") { throw fail("the path '\(path)' names a folder, not a file") }
        return path
    }
}
