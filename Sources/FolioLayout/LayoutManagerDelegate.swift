/// Supplies containers on demand and hears when one is complete. The callbacks come
/// during layout: they must not edit the text storage.
public protocol LayoutManagerDelegate: AnyObject {
    /// The chain ran out: return a container to append after `last` (this is how pages
    /// are added), or nil to stop; the text left over becomes `unplacedRange`.
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer?
    /// The container at `index` is full and will not change until the next edit; a
    /// renderer streaming pages draws it now.
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int)
}

extension LayoutManagerDelegate {
    public func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? { nil }
    public func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {}
}

/// Something layout could not do as asked, and what it did instead.
public struct LayoutWarning: Sendable, Hashable, CustomStringConvertible {
    /// The storage range concerned (UTF-8 offsets).
    public var characterRange: Range<Int>
    public var message: String
    public var description: String { "characters \(characterRange.lowerBound)..<\(characterRange.upperBound): \(message)" }
}
