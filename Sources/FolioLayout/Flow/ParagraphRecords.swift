/// Where a paragraph's layout began. The paragraphs of a table share one record, the
/// table's: `tableStart` is its first paragraph (a paragraph's own index otherwise), so
/// laying out again from inside a table starts at the table.
struct ParagraphRecord {
    var cursor: FlowCursor
    var firstFragment: Int
    var tableStart: Int
}

/// The layout manager's record of every paragraph laid out, by paragraph index.
///
/// A table's paragraphs share one record, so equal records are kept once for a run of
/// paragraphs: a 20 000-row table costs one record, not 120 000. A document without
/// tables has a run per paragraph and is indexed directly.
struct ParagraphRecords {
    private var values: [ParagraphRecord] = []
    /// `ends[k]` is the index after the last paragraph of run `k`.
    private var ends: [Int] = []
    /// The first paragraph whose record is kept (`dropRecords(before:)`).
    private(set) var origin = 0

    /// How many paragraphs have a record (those dropped included).
    var count: Int { ends.last ?? origin }
    var isEmpty: Bool { ends.isEmpty }

    /// The record of paragraph `index` (`0..<count`). A paragraph whose record was dropped
    /// had all its lines forgotten: it answers as such a paragraph does, with a first line
    /// before every line remembered.
    subscript(index: Int) -> ParagraphRecord {
        precondition(index >= 0 && index < count, "paragraph \(index) has no record")
        if index < origin { return ParagraphRecord(cursor: FlowCursor(containerIndex: 0, y: 0, linesInContainer: 0), firstFragment: -1, tableStart: index) }
        return values[run(holding: index)]
    }

    /// Appends `record` for the next `repeats` paragraphs.
    mutating func append(_ record: ParagraphRecord, repeats: Int = 1) {
        guard repeats > 0 else { return }
        values.append(record)
        ends.append(count + repeats)
    }

    /// Forgets the records of paragraph `index` and every later one.
    mutating func removeAll(from index: Int) {
        guard index < count else { return }
        precondition(index >= origin, "paragraph \(index)'s record was dropped")
        guard index > origin else { values.removeAll(); ends.removeAll(); return }
        let k = run(holding: index)
        let start = k == 0 ? origin : ends[k - 1]
        let kept = start == index ? k : k + 1
        values.removeSubrange(kept...)
        ends.removeSubrange(kept...)
        if kept > k { ends[k] = index }
    }

    /// Drops the records of the runs that end at or before paragraph `index` (a layout
    /// whose beginning is forgotten and its text let go: `LayoutManager+Supply.swift`).
    mutating func dropRecords(before index: Int) {
        var n = 0
        while n < ends.count, ends[n] <= index { n += 1 }
        guard n > 0 else { return }
        origin = ends[n - 1]
        values.removeSubrange(0..<n)
        ends.removeSubrange(0..<n)
    }

    /// The records from paragraph `index` on, as runs: each record with how many
    /// paragraphs share it.
    func runs(from index: Int) -> [(record: ParagraphRecord, repeats: Int)] {
        guard index < count else { return [] }
        var k = run(holding: index)
        var result: [(record: ParagraphRecord, repeats: Int)] = []
        var start = index
        while k < values.count {
            result.append((values[k], ends[k] - start))
            start = ends[k]
            k += 1
        }
        return result
    }

    private func run(holding index: Int) -> Int {
        // One run a paragraph (no tables): the index is the run.
        if values.count == count - origin { return index - origin }
        var lo = 0, hi = ends.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
