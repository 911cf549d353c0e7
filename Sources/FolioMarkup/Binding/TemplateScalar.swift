import Mustache

/// A string or number from the data as a template sees it: printed as its text (a
/// number exactly as written), with the formatters of `NumberFormats` and `DateFormats`
/// and, for text,
/// swift-mustache's string transforms (`uppercased`, `lowercased`, `capitalized`,
/// `reversed`, `empty`).
public struct TemplateScalar: Sendable, Hashable, CustomStringConvertible, MustacheTransformable {
    /// The text.
    public let text: String
    /// Whether it came from a number (not a string).
    public let isNumber: Bool

    /// A scalar of `text`.
    public init(text: String, isNumber: Bool) { self.text = text; self.isNumber = isNumber }

    /// The text.
    public var description: String { text }

    /// The number this is or reads as (`"12.50"` from a CSV field), nil for other text.
    public var number: DataNumber? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return DataNumber(trimmed)
    }

    /// A formatter's output (with `NumberFormats.current`), or a string transform's; nil
    /// when `name` is neither, or the value is not a number (a date) for its formatter.
    public func transform(_ name: String) -> Any? {
        if NumberFormats.names.contains(name) {
            guard let number else { return nil }
            return NumberFormats.current.format(name, number).map { TemplateScalar(text: $0, isNumber: false) }
        }
        if DateFormats.names.contains(name) {
            guard let date = try? ISODate(text) else { return nil }
            let formats = NumberFormats.current
            return DateFormats.format(name, date, locale: formats.locale, format: formats.dateFormat)
                .map { TemplateScalar(text: $0, isNumber: false) }
        }
        guard let result = text.transform(name) else { return nil }
        if let s = result as? Substring { return TemplateScalar(text: String(s), isNumber: false) }
        if let s = result as? String { return TemplateScalar(text: s, isNumber: false) }
        return result
    }
}
