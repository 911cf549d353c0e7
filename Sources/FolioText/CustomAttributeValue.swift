/// A value stored under a custom attribute name. Layout ignores it; it can be queried,
/// enumerated and replaced like any other attribute.
public struct CustomAttributeValue: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Held type-erased; every public way in takes a Sendable value.
    private let boxed: AnyHashable
    /// Wraps any hashable, sendable value (a string, a number, your own struct).
    public init(_ base: some Hashable & Sendable) { boxed = AnyHashable(base) }
    init(erased: AnyHashable) { boxed = erased }
    /// The stored value.
    public var base: Any { boxed.base }
    var hashable: AnyHashable { boxed }
    /// The wrapped value's own description.
    public var description: String { "\(boxed.base)" }
}
