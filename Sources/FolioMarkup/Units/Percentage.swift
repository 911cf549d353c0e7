/// A share written as a percentage: `40%`.
enum Percentage {
    /// The number before the sign (`40` for `40%`); nil when `text` is not a finite number
    /// followed by `%`.
    static func value(_ text: String) -> Double? {
        guard text.hasSuffix("%"), let p = Double(text.dropLast()), p.isFinite else { return nil }
        return p
    }
}
