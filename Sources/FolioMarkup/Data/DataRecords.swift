/// The records of a list data file, in order. A JSON array, a CSV file or a plain YAML
/// block sequence is checked whole when it is loaded but keeps only where each record is
/// in the file: a record is built when it is asked for and let go after, so memory does
/// not grow with the number of records (each is read again when asked for again). Other
/// YAML lists are held as values.
public struct DataRecords: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case values([DataValue])
        case json(JSONDataReader, [Range<Int>])
        case csv(CSVRows)
        case yaml(YAMLRecords)
    }
    private let storage: Storage

    /// Records held as values.
    public init(_ values: [DataValue]) { storage = .values(values) }

    init(json reader: JSONDataReader, ranges: [Range<Int>]) { storage = .json(reader, ranges) }

    init(csv rows: CSVRows) { storage = .csv(rows) }

    init(yaml items: YAMLRecords) { storage = .yaml(items) }

    /// The first position, 0.
    public var startIndex: Int { 0 }
    /// The number of records.
    public var endIndex: Int {
        switch storage {
        case .values(let v): return v.count
        case .json(_, let r): return r.count
        case .csv(let rows): return rows.count
        case .yaml(let items): return items.count
        }
    }

    /// Record `index` (0-based).
    public subscript(index: Int) -> DataValue {
        switch storage {
        case .values(let v): return v[index]
        case .json(let reader, let ranges):
            // Checked when the file was loaded: building it again cannot fail.
            return (try? reader.record(in: ranges[index])) ?? .null
        case .csv(let rows): return rows.record(at: index)
        case .yaml(let items): return items.record(at: index)
        }
    }

    /// Whether record `index` is an object (read from its first byte for a JSON list).
    public func isObject(at index: Int) -> Bool {
        switch storage {
        case .values(let v): if case .object = v[index] { return true } else { return false }
        case .json(let reader, let ranges): return reader.source.bytes[ranges[index].lowerBound] == UInt8(ascii: "{")
        case .csv: return true
        case .yaml(let items): return items.isObject(at: index)
        }
    }
}
