/// An object (mapping) from a data file: its keys in the order they were written, each
/// with its value. Keys are unique when it comes from `DataLoader`; when made directly
/// with a repeated key, lookup finds the first.
public struct DataObject: Sendable, Hashable, RandomAccessCollection {
    /// The keys, in written order.
    public let keys: [String]
    /// The values, `values[i]` belonging to `keys[i]`.
    public let values: [DataValue]
    /// Position of each key, built only for objects with more than `indexedCount` keys
    /// (a linear search is faster below that). Shared between the rows of a CSV file.
    private let positions: [String: Int]?

    /// Objects with more keys than this get a hash index.
    static let indexedCount = 8

    /// An object of `keys` and their `values` (the counts must match).
    public init(keys: [String], values: [DataValue]) {
        self.init(keys: keys, values: values, positions: Self.positions(of: keys))
    }

    /// An empty object.
    public init() { self.init(keys: [], values: []) }

    /// An object whose key index was made once by `positions(of:)` for many objects with
    /// the same keys (the rows of a CSV file share one).
    init(keys: [String], values: [DataValue], positions: [String: Int]?) {
        precondition(keys.count == values.count, "one value per key")
        self.keys = keys; self.values = values; self.positions = positions
    }

    /// The index of `keys` for `init(keys:values:positions:)`, or nil when they are few.
    static func positions(of keys: [String]) -> [String: Int]? {
        guard keys.count > indexedCount else { return nil }
        var result: [String: Int] = [:]
        result.reserveCapacity(keys.count)
        for (i, k) in keys.enumerated() where result[k] == nil { result[k] = i }
        return result
    }

    /// The value of `key`, nil when the object has no such key.
    public subscript(key: String) -> DataValue? {
        if let positions { return positions[key].map { values[$0] } }
        return keys.firstIndex(of: key).map { values[$0] }
    }

    /// The first position, 0.
    public var startIndex: Int { 0 }
    /// The number of keys.
    public var endIndex: Int { keys.count }
    /// The key and value at `position`, in written order.
    public subscript(position: Int) -> (key: String, value: DataValue) { (keys[position], values[position]) }

    /// Same keys in the same order with equal values.
    public static func == (a: DataObject, b: DataObject) -> Bool { a.keys == b.keys && a.values == b.values }
    /// Hashes the keys and values.
    public func hash(into hasher: inout Hasher) { hasher.combine(keys); hasher.combine(values) }
}
