import FolioText
import Foundation

/// The formatters a template calls as transforms — `{{number(x)}}`, `{{currency(x)}}`,
/// `{{percent(x)}}`, and the dates of `DateFormats` — with the document's locale, currency
/// and date format.
///
/// The locale is the front matter's `lang` (a BCP 47 tag such as `de-DE`), else `en-US`;
/// the currency is the front matter's `currency` (an ISO 4217 code such as `EUR`), else
/// `USD`. Each takes a number, or a string that is one (a CSV field); the value is read as
/// written, as a decimal, so `12.50` is exactly twelve and a half. Outputs, en-US and de-DE
/// (where the space before `€` and `%` is a no-break space, U+00A0):
///
/// | tag | value | en-US | de-DE |
/// | --- | --- | --- | --- |
/// | `number(x)` | `1234.5` | `1,234.5` | `1.234,5` |
/// | `number(x)` | `12.50` | `12.50` (the written decimals are kept) | `12,50` |
/// | `currency(x)` | `1234.5` | `$1,234.50` (`€1,234.50` for EUR) | `1.234,50 €` (EUR) |
/// | `currency(x)` | `0.125` | `$0.13` (the currency's decimals, halves rounded up) | `0,13 €` |
/// | `percent(x)` | `0.125` | `12.5%` (x 100, up to 2 decimals) | `12,5 %` |
///
/// Anything else (text, a bool, an object) has no formatted value: the tag prints nothing
/// and the check before rendering warns about it.
public struct NumberFormats: Sendable, Hashable {
    /// The locale's identifier, as given (`en-US`).
    public var locale: String
    /// The ISO 4217 currency code (`USD`).
    public var currency: String
    /// What `date(…)` writes: a style (`short`, `medium`, `long`, `full`) or an ICU pattern
    /// (see `DateFormats`); the front matter's `date-format`, else `long`.
    public var dateFormat: String

    /// `en-US`, `USD` and `long` dates.
    public static let standard = NumberFormats(locale: "en-US", currency: "USD")

    /// Formats for `locale`, `currency` and `dateFormat`.
    public init(locale: String, currency: String, dateFormat: String = "long") {
        self.locale = locale
        self.currency = currency
        self.dateFormat = dateFormat
    }

    /// The formats a template renders with (set by `DocumentTemplate.render` while it runs).
    @TaskLocal public static var current = NumberFormats.standard

    /// The names a template can call.
    public static let names: Set<String> = ["number", "currency", "percent"]

    /// `number` written as the formatter `name` makes it; nil for an unknown formatter.
    public func format(_ name: String, _ number: DataNumber) -> String? {
        guard Self.names.contains(name) else { return nil }
        let text = number.text
        var decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(number.double)
        if name == "percent" { decimal *= 100 }
        let decimals = name == "number" ? Self.writtenDecimals(text) : 0
        return Self.cache.format(NSDecimalNumber(decimal: decimal), with: FormatterKey(formats: self, name: name, decimals: decimals))
    }

    /// What a formatter is made for: a mail merge formats the same few kinds of number
    /// thousands of times, and making a `NumberFormatter` (an ICU one) is the costly part.
    struct FormatterKey: Hashable {
        var formats: NumberFormats
        var name: String
        var decimals: Int

        func makeFormatter() -> NumberFormatter {
            let f = NumberFormatter()
            f.locale = Locale(identifier: LanguageTag.localeIdentifier(formats.locale))
            f.roundingMode = .halfUp
            switch name {
            case "currency":
                f.numberStyle = .currency
                f.currencyCode = formats.currency
            case "percent":
                f.numberStyle = .percent
                f.minimumFractionDigits = 0
                f.maximumFractionDigits = 2
                f.multiplier = 1
            default:
                f.numberStyle = .decimal
                f.minimumFractionDigits = decimals
                f.maximumFractionDigits = decimals
                f.usesGroupingSeparator = true
            }
            return f
        }
    }

    /// The formatters made so far, each used under the lock (records may be rendered on
    /// several threads; a formatter is not to be shared between them at once).
    final class FormatterCache: @unchecked Sendable {
        private let lock = NSLock()
        private var formatters: [FormatterKey: NumberFormatter] = [:]

        func format(_ number: NSDecimalNumber, with key: FormatterKey) -> String? {
            lock.withLock {
                if formatters[key] == nil { formatters[key] = key.makeFormatter() }
                return formatters[key]!.string(from: number)
            }
        }
    }

    static let cache = FormatterCache()

    /// How many digits follow the decimal point in `text` (`12.50` has 2; `1e3` 0).
    static func writtenDecimals(_ text: String) -> Int {
        guard !text.contains(where: { $0 == "e" || $0 == "E" }), let dot = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: dot)...].count
    }
}
