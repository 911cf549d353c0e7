/// Something layout could not do as asked, and what it did instead.
public struct LayoutWarning: Sendable, Hashable, CustomStringConvertible {
    /// The storage range concerned (UTF-8 offsets).
    public var characterRange: Range<Int>
    /// What happened, in words, e.g. that a line was taller than its container.
    public var message: String
    /// What sort of warning it is, for callers that report some sorts in their own words.
    public var kind: Kind = .layout

    /// The sorts of warning.
    public enum Kind: Sendable, Hashable {
        /// Layout could not place text as asked (too tall, no container, …).
        case layout
        /// A run's font request was not met as asked: a family not installed (the font used
        /// is named), or small capitals the face lacks. Reported once per request.
        case fontSubstitution
    }
    /// `characters A..<B: message`, as `folio render` prints it.
    public var description: String { "characters \(characterRange.lowerBound)..<\(characterRange.upperBound): \(message)" }
}
