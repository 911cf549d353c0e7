/// One value loaded from a data file (JSON, YAML or CSV): what a template's fields are
/// filled from.
public enum DataValue: Sendable, Hashable {
    /// JSON `null`, YAML `~`/`null`/an empty value.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(DataNumber)
    /// Text.
    case string(String)
    /// A list, in written order.
    case array([DataValue])
    /// An object, keys in written order.
    case object(DataObject)

    /// The value of `key` when this is an object that has it; nil otherwise.
    public subscript(key: String) -> DataValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element at `index` (0-based) when this is an array that long; nil otherwise.
    public subscript(index: Int) -> DataValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    /// The value a dotted name leads to: `customer.address.city` looks up `customer`, then
    /// `address` in it, then `city`; a part that is a whole number indexes an array
    /// (`items.0.name`). An empty path or `.` is this value itself. Nil when any part is
    /// missing (a key an object does not have, an index past the end, a part applied to
    /// a string, number, bool or null).
    public func lookup(path: String) -> DataValue? {
        if path.isEmpty || path == "." { return self }
        var current = self
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let o):
                guard let next = o[String(part)] else { return nil }
                current = next
            case .array(let a):
                guard let i = Int(part), a.indices.contains(i) else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }

    /// True for `.null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    /// The bool, when this is one.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The number, when this is one.
    public var numberValue: DataNumber? { if case .number(let n) = self { return n } else { return nil } }
    /// The text, when this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The elements, when this is an array.
    public var arrayValue: [DataValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The object, when this is one.
    public var objectValue: DataObject? { if case .object(let o) = self { return o } else { return nil } }
}
