import FolioText

/// Attributes made from others — a run's over the layout defaults, a glyph run's set wider
/// or narrower by font expansion — made once for each source and handed out again. A
/// book's paragraphs and lines take a few styles at a few expansion steps; a copy for each
/// paragraph and glyph run cost an allocation and a copy of twenty values, and their
/// release with the line.
///
/// Each instance is used on one thread: a layout manager's, a shaping context's.
final class DerivedAttributes {
    private struct Slot {
        /// Held, so that their storage identities are not reused while the slot is kept.
        var first: TextAttributes
        var second: TextAttributes?
        var scale: Double
        var result: TextAttributes
    }
    private var slots = [Slot?](repeating: nil, count: 128)

    /// `over` merged over `base` (`TextAttributes.merging`).
    func merging(_ over: TextAttributes, over base: TextAttributes) -> TextAttributes {
        derived(base, over, scale: 1) { base.merging(over) }
    }

    /// `attributes` with their expansion multiplied by `scale`.
    func scaling(_ attributes: TextAttributes, by scale: Double) -> TextAttributes {
        derived(attributes, nil, scale: scale) { Self.scaling(attributes, by: scale) }
    }

    /// A copy of `attributes` with their expansion multiplied by `scale`.
    static func scaling(_ attributes: TextAttributes, by scale: Double) -> TextAttributes {
        var a = attributes
        a.expansion = (a.expansion ?? 1) * scale
        return a
    }

    private func derived(_ first: TextAttributes, _ second: TextAttributes?, scale: Double,
                         make: () -> TextAttributes) -> TextAttributes {
        let a = UInt64(UInt(bitPattern: Int(bitPattern: first.storageIdentity)))
        let b = second.map { UInt64(UInt(bitPattern: Int(bitPattern: $0.storageIdentity))) } ?? 0
        let i = Int(truncatingIfNeeded: ((a ^ b >> 4 ^ scale.bitPattern) &* 0x9E37_79B9_7F4A_7C15) >> 57)
        if let slot = slots[i], slot.scale == scale, slot.first.storageIdentity == first.storageIdentity,
           slot.second?.storageIdentity == second?.storageIdentity {
            return slot.result
        }
        let result = make()
        slots[i] = Slot(first: first, second: second, scale: scale, result: result)
        return result
    }
}
