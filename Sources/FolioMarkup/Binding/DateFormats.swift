import FolioText
import Foundation

/// The date formatters a template calls as transforms, in the document's `lang`:
///
/// | tag | `2026-11-23T10:00:00Z`, en-US | de-DE |
/// | --- | --- | --- |
/// | `date(x)` | the front matter's `date-format`, else `long`: `November 23, 2026` | `23. November 2026` |
/// | `date-short(x)` | `11/23/26` | `23.11.26` |
/// | `date-medium(x)` | `Nov 23, 2026` | `23.11.2026` |
/// | `date-long(x)` | `November 23, 2026` | `23. November 2026` |
/// | `date-full(x)` | `Monday, November 23, 2026` | `Montag, 23. November 2026` |
/// | `time(x)` | `10:00 AM` (short style; the value needs a time) | `10:00` |
/// | `datetime(x)` | `date(x)` and `time(x)`: `November 23, 2026 at 10:00 AM` | `23. November 2026 um 10:00` |
///
/// The value is an ISO 8601 date or date-time (`ISODate`); it is shown in its own offset
/// (or as written, without one), never in the machine's time zone. `date-format` is a
/// style — `short`, `medium`, `long`, `full` — or an ICU pattern (`d. MMMM y`,
/// `EEEE, d MMMM y 'at' HH:mm`; text in single quotes is literal) used as written.
public enum DateFormats {
    /// The transforms a template can call.
    public static let names: Set<String> = ["date", "date-short", "date-medium", "date-long", "date-full", "time", "datetime"]

    /// The styles `date-format` may name.
    public static let styles = ["short", "medium", "long", "full"]

    /// The letters of ICU date patterns; any other ASCII letter outside quotes is a mistake.
    static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

    /// Why `format` (a `date-format` value) is neither a style nor an ICU pattern; nil when
    /// it is one of them.
    public static func problem(format: String) -> String? {
        if styles.contains(format.lowercased()) { return nil }
        var quoted = false
        var letters = 0
        for c in format {
            if c == "'" { quoted.toggle(); continue }
            guard !quoted, c.isASCII, c.isLetter else { continue }
            letters += 1
            if !patternLetters.contains(c) {
                return "'\(format)' is not a date style (\(styles.joined(separator: ", "))) or an ICU pattern: '\(c)' is no pattern letter (put literal text in single quotes)"
            }
        }
        if quoted { return "'\(format)' has a quote that is never closed" }
        if letters == 0 { return "'\(format)' is not a date style (\(styles.joined(separator: ", "))) or an ICU pattern: it has no pattern letters (d, MMMM, y, …)" }
        return nil
    }

    /// `date` written as transform `name` makes it in `locale` (a BCP 47 tag), `format`
    /// being the document's `date-format`; nil for an unknown name, or `time`/`datetime` of
    /// a value without a time.
    public static func format(_ name: String, _ date: ISODate, locale: String, format: String) -> String? {
        let key: FormatterKey
        switch name {
        case "date": key = FormatterKey(locale: locale, format: format, time: false)
        case "date-short", "date-medium", "date-long", "date-full":
            key = FormatterKey(locale: locale, format: String(name.dropFirst(5)), time: false)
        case "time":
            guard date.hasTime else { return nil }
            key = FormatterKey(locale: locale, format: "", time: true)
        case "datetime":
            guard date.hasTime else { return nil }
            key = FormatterKey(locale: locale, format: format, time: true)
        default: return nil
        }
        return cache.format(date, with: key)
    }

    /// What a formatter is made for: a locale, a style or pattern (empty: no date), and
    /// whether the short time is added.
    struct FormatterKey: Hashable {
        var locale: String
        var format: String
        var time: Bool

        func makeFormatter() -> DateFormatter {
            let f = DateFormatter()
            f.locale = Locale(identifier: LanguageTag.localeIdentifier(locale))
            f.calendar = Calendar(identifier: .gregorian)
            let style: DateFormatter.Style? = switch format.lowercased() {
            case "": DateFormatter.Style.none
            case "short": .short
            case "medium": .medium
            case "long": .long
            case "full": .full
            default: nil
            }
            if let style {
                f.dateStyle = style
                f.timeStyle = time ? .short : .none
            } else {
                f.dateFormat = time ? format + " " + (DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: f.locale) ?? "HH:mm") : format
            }
            return f
        }
    }

    /// The formatters made so far, each used under the lock (a formatter's time zone is set
    /// for each value; records may be rendered on several threads).
    final class FormatterCache: @unchecked Sendable {
        private let lock = NSLock()
        private var formatters: [FormatterKey: DateFormatter] = [:]

        func format(_ date: ISODate, with key: FormatterKey) -> String {
            lock.withLock {
                if formatters[key] == nil { formatters[key] = key.makeFormatter() }
                let f = formatters[key]!
                // Setting the zone, even to the one it has, makes Foundation build its ICU
                // formatter again (most of a date's cost): only when it changes.
                if f.timeZone != date.zone { f.timeZone = date.zone }
                return f.string(from: date.instant)
            }
        }
    }

    static let cache = FormatterCache()
}
