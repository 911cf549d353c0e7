/// The warnings of building a mail merge's records, each said once however many records
/// give it: `record 3: doc.md:5:1: …`, and `(and 4 more records)` when others repeat it.
struct RecordWarnings {
    private var order: [String] = []
    private var seen: [String: (first: Int, count: Int)] = [:]

    /// Adds the warnings of record `index` (0-based).
    mutating func add(_ warnings: [String], record index: Int) {
        for warning in warnings {
            if let known = seen[warning] {
                seen[warning] = (known.first, known.count + 1)
            } else {
                seen[warning] = (index + 1, 1)
                order.append(warning)
            }
        }
    }

    /// Every warning, in the order first given, with its first record.
    var messages: [String] {
        order.map { warning in
            let (first, count) = seen[warning]!
            let more = count > 1 ? " (and \(count - 1) more record\(count == 2 ? "" : "s"))" : ""
            return "record \(first): \(warning)\(more)"
        }
    }
}
