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

    /// Today's date (or `SOURCE_DATE_EPOCH`'s), as "22 November 2026".
    public static func date(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "d MMMM yyyy"
        return f.string(from: date)
    }

    /// `text` with every `{name}` replaced by its value; an unknown name is an error at
    /// `location` listing the names there are. `{{` and `}}` stand for braces.
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
            let name = String(text[next..<close]).trimmingCharacters(in: .whitespaces)
            guard let value = values[name] else {
                let known = values.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")
                throw DocumentError(location ?? SourceLocation(file: "template", line: 1, column: 1),
                                    "unknown field {\(name)}; fields here are \(known)")
            }
            out += value
            i = text.index(after: close)
        }
        return out
    }
}
