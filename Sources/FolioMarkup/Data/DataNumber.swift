/// A number from a data file, kept as it was written (`12.50` stays `12.50`) so that
/// formatting later can keep its precision, with a `Double` view for arithmetic.
///
/// Two numbers are equal when their texts are: `1.0` and `1` are different values.
public struct DataNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as written in the file.
    public let text: String
    /// The number as a `Double` (rounded to the nearest one when the text has more digits
    /// than a `Double` holds).
    public let double: Double

    /// The number written `text`; nil when `text` is not a finite decimal number
    /// (`Double(text)` fails, or gives an infinity or NaN).
    public init?(_ text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self.text = text
        self.double = value
    }

    /// The number as a whole `Int`, when it is one and fits (`12.0` gives 12, `12.5` nil).
    public var int: Int? {
        guard double.rounded() == double, abs(double) < 9.2e18 else { return nil }
        return Int(double)
    }

    /// The text as written.
    public var description: String { text }

    /// Equal texts.
    public static func == (a: DataNumber, b: DataNumber) -> Bool { a.text == b.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
