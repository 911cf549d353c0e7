/// Something layout could not do as asked, and what it did instead.
public struct LayoutWarning: Sendable, Hashable, CustomStringConvertible {
    /// The storage range concerned (UTF-8 offsets).
    public var characterRange: Range<Int>
    /// What happened, in words, e.g. that a line was taller than its container.
    public var message: String
    /// `characters A..<B: message`, as `folio render` prints it.
    public var description: String { "characters \(characterRange.lowerBound)..<\(characterRange.upperBound): \(message)" }
}
