/// Something layout could not do as asked, and what it did instead.
public struct LayoutWarning: Sendable, Hashable, CustomStringConvertible {
    /// The storage range concerned (UTF-8 offsets).
    public var characterRange: Range<Int>
    public var message: String
    public var description: String { "characters \(characterRange.lowerBound)..<\(characterRange.upperBound): \(message)" }
}
