/// A block — a figure with its caption, a table — that layout places where it fits rather
/// than where it stands in the text: in the flow when there is room, else at the top of
/// the next column; or at the top or bottom of a column, or on a column of its own.
///
/// Set it as the `floatingBlock` attribute of the text it belongs after (the separator
/// ending the paragraph before it). Blocks keep their order: one never goes before a block
/// anchored earlier. Blocks compare by identity.
public final class FloatingBlock: Hashable, Sendable, CustomStringConvertible {
    /// Where a block may go.
    public enum Placement: String, Hashable, Sendable, CaseIterable {
        /// In the flow, right after its anchor, when it fits there; else at the top of the
        /// next column, the text going on below the anchor meanwhile.
        case here
        /// At the top of the next column.
        case top
        /// At the foot of the anchor's column, above its notes, when it fits; else at the top
        /// of the next column.
        case bottom
        /// On a column of its own, after the anchor's.
        case page
    }

    /// The block's paragraphs with their styles.
    public let text: AttributedText
    /// Where the block may go.
    public let placement: Placement

    /// A block of `text` placed as `placement` says.
    public init(_ text: AttributedText, placement: Placement = .here) {
        self.text = text; self.placement = placement
    }

    public static func == (a: FloatingBlock, b: FloatingBlock) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The block's text, without its styles, and its placement.
    public var description: String { "\(placement): " + String(decoding: text.bytes, as: UTF8.self) }
}
