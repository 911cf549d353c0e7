import FolioText
import Foundation
import Synchronization

/// The sum of a column's numbers, written as they are: `1,234.50`, `€ 12`, `-3.5 kg`.
/// The first number gives the sign's and unit's place; the total keeps the most decimals
/// any number had, and groups thousands if any number did. Exact: numbers are added as
/// integers of their smallest decimal unit.
struct ColumnTotal {
    /// The decimal separator (`.` in English, `,` in German and French).
    let decimalSeparator: Character
    private var units = 0
    private var decimals = 0
    private var grouping: Character?
    private var prefix: String?, suffix = ""
    private var overflowed = false

    /// A total for numbers written in `language` (a BCP 47 tag; its decimal separator).
    init(language: String) {
        decimalSeparator = Self.decimalSeparator(of: language)
    }

    private static let separators = Mutex<[String: Character]>([:])

    /// The decimal separator the locale of `language` writes (ICU's, through Foundation),
    /// `.` when it has none; looked up once per language.
    static func decimalSeparator(of language: String) -> Character {
        separators.withLock { known in
            if let c = known[language] { return c }
            let c = Locale(identifier: LanguageTag.localeIdentifier(language)).decimalSeparator?.first ?? "."
            known[language] = c
            return c
        }
    }

    /// Adds the number `text` holds; text that holds none (or two) is left out.
    mutating func add(_ text: String) {
        let chars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let first = chars.firstIndex(where: \.isASCIIDigit), let last = chars.lastIndex(where: \.isASCIIDigit) else { return }
        var before = String(chars[..<first]), after = String(chars[(last + 1)...])
        var negative = false
        if let sign = before.lastIndex(where: { $0 == "-" || $0 == "−" }) { negative = true; before.remove(at: sign) }
        if before.hasSuffix("("), after.hasPrefix(")") { negative = true; before.removeLast(); after.removeFirst() }
        let number = chars[first...last]
        var integer = 0, fraction = 0, places = 0
        var inFraction = false
        var groupedWith: Character?
        for c in number {
            if let d = c.wholeNumberValue, c.isASCIIDigit {
                if inFraction {
                    places += 1
                    guard places <= 9 else { continue }
                    fraction = fraction * 10 + d
                } else {
                    let (m, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (a, o2) = m.addingReportingOverflow(d)
                    if o1 || o2 { overflowed = true; return }
                    integer = a
                }
            } else if c == decimalSeparator, !inFraction {
                inFraction = true
            } else if c == "." || c == "," || c == " " || c == "\u{202F}" || c == "\u{A0}" || c == "'" || c == "’" {
                guard !inFraction else { return }
                groupedWith = c
            } else {
                return
            }
        }
        places = min(places, 9)
        if prefix == nil { prefix = before; suffix = after }
        if let groupedWith { grouping = groupedWith }
        // Bring the sum and the number to the same decimal unit.
        while decimals < places {
            let (m, o) = units.multipliedReportingOverflow(by: 10)
            if o { overflowed = true; return }
            units = m; decimals += 1
        }
        var value = integer
        for _ in 0..<decimals {
            let (m, o) = value.multipliedReportingOverflow(by: 10)
            if o { overflowed = true; return }
            value = m
        }
        var f = fraction
        for _ in places..<decimals { f *= 10 }
        let (v, o) = value.addingReportingOverflow(f)
        let (sum, o2) = units.addingReportingOverflow(negative ? -v : v)
        if o || o2 { overflowed = true; return }
        units = sum
    }

    /// Whether no number was added.
    var isEmpty: Bool { prefix == nil && !overflowed }

    /// This total (of nothing) written as `other` writes its numbers: its unit, grouping
    /// and decimals.
    func shaped(like other: ColumnTotal) -> ColumnTotal {
        var t = self
        t.prefix = other.prefix; t.suffix = other.suffix
        t.grouping = other.grouping
        t.decimals = other.decimals
        return t
    }

    /// The total as the column writes its numbers; "—" when it was too large to add.
    var formatted: String {
        if overflowed { return "—" }
        let magnitude = units.magnitude
        var scale: UInt = 1
        for _ in 0..<decimals { scale *= 10 }
        var whole = String(magnitude / scale)
        if let grouping, whole.count > 3 {
            var grouped = ""
            for (i, c) in whole.enumerated() {
                if i > 0, (whole.count - i) % 3 == 0 { grouped.append(grouping) }
                grouped.append(c)
            }
            whole = grouped
        }
        var text = whole
        if decimals > 0 {
            let f = String(magnitude % scale)
            text += String(decimalSeparator) + String(repeating: "0", count: decimals - f.count) + f
        }
        return (prefix ?? "") + (units < 0 ? "−" : "") + text + suffix
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
