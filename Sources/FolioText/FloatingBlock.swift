/// A block — a figure with its caption, a table — that layout places where it fits rather
/// than where it stands in the text: in the flow when there is room, else at the top of
/// the next column; or at the top or bottom of a column, or on a column of its own; or at
/// one side of the column with the text running beside it (`wrap`).
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

    /// A block the text runs beside rather than above and below: set at one edge of the
    /// column, a share of its width wide, the lines next to it shortened to leave it room.
    public struct Wrap: Hashable, Sendable {
        /// The edge of the column the block keeps to.
        public enum Side: String, Hashable, Sendable, CaseIterable { case left, right }
        /// The edge the block keeps to; the text runs beside it on the other side.
        public var side: Side
        /// The block's width as a share of the column's, 0.1 to 0.9.
        public var width: Double

        /// A block at `side`, `width` of the column wide (clamped to 0.1–0.9).
        public init(side: Side, width: Double = 0.4) {
            self.side = side
            self.width = min(0.9, max(0.1, width.isFinite ? width : 0.4))
        }
    }

    /// The block's paragraphs with their styles.
    public let text: AttributedText
    /// Where the block may go.
    public let placement: Placement
    /// Set for a block the text wraps around: it goes right after its anchor when it fits
    /// in the rest of the column (else at the top of the next), at the side this says, and
    /// the lines beside it are shortened. `placement` is not used then.
    public let wrap: Wrap?

    /// A block of `text` placed as `placement` says, or beside the text when `wrap` is set.
    public init(_ text: AttributedText, placement: Placement = .here, wrap: Wrap? = nil) {
        self.text = text; self.placement = placement; self.wrap = wrap
    }

    public static func == (a: FloatingBlock, b: FloatingBlock) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The block's text, without its styles, and its placement.
    public var description: String {
        (wrap.map { "wrap \($0.side.rawValue)" } ?? "\(placement)") + ": " + String(decoding: text.bytes, as: UTF8.self)
    }
}
