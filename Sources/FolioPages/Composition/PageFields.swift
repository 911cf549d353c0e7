import Foundation

/// The values of a page's frame fields and how folios are written.
public enum PageFields {
    /// `number` written in `numbering`: 7, vii or VII.
    public static func folio(_ number: Int, _ numbering: PageNumbering) -> String {
        switch numbering {
        case .arabic: return String(number)
        case .roman: return roman(number).lowercased()
        case .upperRoman: return roman(number)
        }
    }

    static func roman(_ n: Int) -> String {
        guard n > 0, n < 4000 else { return String(n) }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n, out = ""
        for (value, letters) in table { while n >= value { out += letters; n -= value } }
        return out
    }

    /// Today's date (or `SOURCE_DATE_EPOCH`'s), as "22 November 2026"; in Chinese and
    /// Japanese "2026年11月22日", in Korean "2026년 11월 22일".
    public static func date(_ date: Date, language: String? = nil) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.timeZone = TimeZone(identifier: "UTC")
        let l = language?.lowercased() ?? ""
        f.dateFormat = l.hasPrefix("zh") || l.hasPrefix("ja") ? "y年M月d日" : l.hasPrefix("ko") ? "y년 M월 d일" : "d MMMM yyyy"
        return f.string(from: date)
    }

    /// The functions a field may apply to a value: `{oneline(sender)}` (its lines joined
    /// with " · "), `{firstline(recipient)}` (its first line).
    public static let functions: [String: @Sendable (String) -> String] = [
        // A multi-line value (an address) on one line: its lines, trimmed, joined with " · ".
        "oneline": { value in lines(of: value).joined(separator: " · ") },
        // The first line of a multi-line value (a recipient's name).
        "firstline": { value in lines(of: value).first ?? "" },
    ]

    /// The lines of `value` that hold anything, trimmed.
    static func lines(of value: String) -> [String] {
        value.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `text` with every `{name}` replaced by its value, every `{a|b}` by the first of
    /// the values that is not empty, and every `{function(name)}` (or `{function(a|b)}`)
    /// by the value made over by a function of `functions`; an unknown name or function is
    /// an error at `location` listing the names there are. `{{` and `}}` stand for braces.
    /// A value keeps its line breaks (a frame sets each line as a line of its own).
    public static func substitute(_ text: String, _ values: [String: String], location: SourceLocation?) throws -> String {
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if (c == "{" || c == "}"), next < text.endIndex, text[next] == c {
                out.append(c); i = text.index(after: next); continue
            }
            guard c == "{", let close = text[next...].firstIndex(of: "}") else { out.append(c); i = next; continue }
            var name = String(text[next..<close]).trimmingCharacters(in: .whitespaces)
            var function: (@Sendable (String) -> String)?
            if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
                let called = name[..<open].trimmingCharacters(in: .whitespaces)
                guard let f = functions[called] else {
                    throw DocumentError(location ?? SourceLocation(file: "template", line: 1, column: 1),
                                        "unknown function '\(called)' in {\(name)}; functions are \(functions.keys.sorted().joined(separator: ", "))")
                }
                function = f
                name = name[name.index(after: open)...].dropLast().trimmingCharacters(in: .whitespaces)
            }
            // `{a|b}`: the first of the fields that is not empty.
            var value = ""
            for alternative in name.split(separator: "|", omittingEmptySubsequences: false) {
                let field = alternative.trimmingCharacters(in: .whitespaces)
                guard let v = values[field] else {
                    let known = values.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")
                    throw DocumentError(location ?? SourceLocation(file: "template", line: 1, column: 1),
                                        "unknown field {\(field)}; fields here are \(known)")
                }
                if value.isEmpty { value = v }
            }
            out += function.map { $0(value) } ?? value
            i = text.index(after: close)
        }
        return out
    }
}
