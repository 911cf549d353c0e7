import Foundation

/// The items of a YAML list read one at a time: each item of a top-level block sequence
/// (`- ` at the start of a line) is a piece of the file that YAML reads alone, so it is
/// checked when the file is loaded, parsed again when asked for and let go after, and a
/// list of many records does not hold their values (nor Yams's node tree of the whole
/// file, several times their size).
///
/// Only a file that is plainly such a list is split: before the first item nothing but
/// blank lines, comments and a `---` line, and after it every line that starts at the
/// left edge is a comment or begins an item. Anything else (a flow list, a document end,
/// a directive, text at the left edge inside an item), or an item that does not read alone
/// (an alias to an anchor in another item, a quoted scalar running into the next item,
/// any error at all), leaves the file to be read whole, which gives the errors their
/// places in the file. The bound on values expanded from aliases
/// (`DataLimits.maximumYAMLValues`) then counts each item's own.
struct YAMLRecords: Sendable {
    let source: DataSource
    /// Where each item is in the file.
    private let ranges: [Range<Int>]
    /// Whether each item is a mapping.
    private let objects: [Bool]

    /// The items of `source`, each read once to check it; nil when the file is not a
    /// list that can be read this way.
    init?(source: DataSource) {
        // The refusal of aliases in keys looks at the whole file (an alias anywhere makes
        // a `? ` key anywhere suspect): asked of the whole, as reading it whole would.
        guard YAMLDataReader(source: source).aliasInKey() == nil, let ranges = Self.itemRanges(source) else { return nil }
        // What comes before the first item (comments, `---`) must read alone as nothing.
        if let first = ranges.first, first.lowerBound > source.bomLength {
            let header = DataSource(file: source.file, data: Data(source.bytes[source.bomLength..<first.lowerBound]))
            guard case .null? = try? YAMLDataReader(source: header).read() else { return nil }
        }
        var objects: [Bool] = []
        objects.reserveCapacity(ranges.count)
        for range in ranges {
            guard let value = Self.item(source, range) else { return nil }
            if case .object = value { objects.append(true) } else { objects.append(false) }
        }
        self.source = source
        self.ranges = ranges
        self.objects = objects
    }

    /// The number of items.
    var count: Int { ranges.count }

    /// Item `index`.
    func record(at index: Int) -> DataValue {
        // Read once already when the file was loaded: reading it again cannot fail.
        Self.item(source, ranges[index]) ?? .null
    }

    /// Whether item `index` is a mapping.
    func isObject(at index: Int) -> Bool { objects[index] }

    /// The value of the item at `range`, read alone; nil when it does not read alone.
    private static func item(_ source: DataSource, _ range: Range<Int>) -> DataValue? {
        let piece = DataSource(file: source.file, data: Data(source.bytes[range]))
        guard case .array(let items)? = try? YAMLDataReader(source: piece).read(), items.count == 1 else { return nil }
        return items[0]
    }

    /// Where each item of a plain top-level block sequence starts and ends (each up to
    /// the next), or nil.
    static func itemRanges(_ source: DataSource) -> [Range<Int>]? {
        let b = source.bytes
        var starts: [Int] = []
        var i = source.bomLength
        var sawDocumentStart = false
        while i < b.count {
            let lineStart = i
            var end = i
            while end < b.count, b[end] != 0x0A, b[end] != 0x0D { end += 1 }
            let first: UInt8? = end > lineStart ? b[lineStart] : nil
            func isSpace(_ at: Int) -> Bool { at >= end || b[at] == 0x20 || b[at] == 0x09 }
            func restIsBlankOrComment(from: Int) -> Bool {
                var j = from
                while j < end, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
                return j == end || b[j] == 0x23
            }
            switch first {
            case nil, 0x23: break                               // blank, or a comment
            case 0x20, 0x09:                                    // indented: inside an item
                if starts.isEmpty, !restIsBlankOrComment(from: lineStart) { return nil }
            case 0x2D where isSpace(lineStart + 1):             // "- ": an item
                starts.append(lineStart)
            case 0x2D where starts.isEmpty && !sawDocumentStart && end - lineStart >= 3
                    && b[lineStart + 1] == 0x2D && b[lineStart + 2] == 0x2D && restIsBlankOrComment(from: lineStart + 3):
                sawDocumentStart = true                         // "---"
            default:
                return nil
            }
            i = end
            if i < b.count, b[i] == 0x0D { i += 1 }               // CR, or CR LF
            if i < b.count, b[i] == 0x0A { i += 1 }
        }
        guard !starts.isEmpty else { return nil }
        return starts.indices.map { starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : b.count) }
    }
}
