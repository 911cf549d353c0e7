import FolioText
import FolioMarkup

extension LayoutOverrides {
    /// Column counts `--columns` (and a service request's `columns`) may give.
    public static let columnRange = 1...64

    /// The first override out of its range, as the option's name and what is wrong with it
    /// (`("columns", "must be from 1 to 64 (got 0)")`); nil when every one is in range.
    ///
    /// `folio render`'s flags and `folio serve`'s request options are both checked here, so
    /// the two take the same values and say the same thing about the others.
    public var outOfRange: (option: String, problem: String)? {
        if let columns, !Self.columnRange.contains(columns) {
            return ("columns", "must be from \(Self.columnRange.lowerBound) to \(Self.columnRange.upperBound) (got \(columns))")
        }
        if let size, !(size > 0 && size < 1000) { return ("size", "must be between 0 and 1000 points (got \(size))") }
        if let leading, !(leading > 0 && leading <= Length.largest) {
            return ("leading", "must be above 0 and at most \(Length.format(Length.largest)) (got \(leading))")
        }
        for (option, points) in [("margin", margin), ("gutter", gutter)] {
            guard let points else { continue }
            if !(points >= 0) { return (option, "cannot be negative") }
            if points > Length.largest {
                return (option, "must be at most \(Length.format(Length.largest)) (got \(Length.format(points)))")
            }
        }
        for (key, value) in settings where key == "lang" && !LanguageTag.isWellFormed(value) {
            return ("set", "lang \(LanguageTag.problem(value))")
        }
        return nil
    }
}
