import Mustache

/// How `{{field}}` puts a value into the front matter (the YAML between the `---` lines):
/// escaped as the inside of a YAML double-quoted string. Registered as `FOLIO_YAML`.
///
/// Write front-matter fields inside double quotes — `title: "Invoice {{number}}"` — and
/// every value comes out exactly: `\` becomes `\\`, `"` becomes `\"`, a line break `\n`,
/// a tab `\t`, other control characters `\xNN`. Unquoted (`title: Invoice {{number}}`)
/// words and numbers work the same, but a value with `"` or `\` then shows its
/// backslashes; no value can ever add a line (a key) to the front matter.
public struct FrontMatterContentType: MustacheContentType {
    /// The name the template's pragma uses: `{{%CONTENT_TYPE:FOLIO_YAML}}`.
    public static let name = "FOLIO_YAML"

    /// A content type.
    public init() {}

    /// `text` escaped for a YAML double-quoted scalar.
    public func escapeText(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += scalar.value <= 0xFF ? "\\x" + hex(scalar.value, 2) : "\\u" + hex(scalar.value, 4)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private func hex(_ value: UInt32, _ digits: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
