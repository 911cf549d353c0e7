/// Values over consecutive ranges of a sequence of offsets, equal neighbours merged.
/// Edits cost O(runs after the edit point), so appending is O(1) amortised.
struct RunArray<Value: Equatable> {
    private(set) var values: [Value] = []
    /// `ends[i]` is the end offset of run `i`; run `i` starts at `ends[i-1]` (or `origin`).
    private(set) var ends: [Int] = []
    /// Where the first run starts: 0, or later once runs were dropped from the front
    /// (`dropRuns(endingBy:)`).
    private(set) var origin = 0

    var length: Int { ends.last ?? 0 }

    /// No runs.
    init() {}

    /// Runs of `values` ending at `ends` (ascending, as long as `values`), equal
    /// neighbours merged. The arrays are taken over: merged in place when nobody else
    /// holds them.
    init(values: consuming [Value], ends: consuming [Int]) {
        precondition(values.count == ends.count, "one end per value")
        self.values = values
        self.ends = ends
        guard self.values.count > 1 else { return }
        var kept = 0
        for i in 1..<self.values.count {
            // A run of no length (a last paragraph whose separator was taken off) is dropped.
            if self.ends[i] == self.ends[kept] { continue }
            if self.ends[kept] == 0 || self.values[i] == self.values[kept] {
                // (A first run of no length takes the next one's value.)
                if self.ends[kept] == 0 { self.values[kept] = self.values[i] }
                self.ends[kept] = self.ends[i]
            } else {
                kept += 1
                if kept != i {
                    self.values[kept] = self.values[i]
                    self.ends[kept] = self.ends[i]
                }
            }
        }
        if kept + 1 < self.values.count / 2 {
            // Mostly merged (a book's body paragraphs): not kept at the old size.
            self.values = Array(self.values[...kept])
            self.ends = Array(self.ends[...kept])
        } else {
            self.values.removeSubrange((kept + 1)...)
            self.ends.removeSubrange((kept + 1)...)
        }
    }
    var count: Int { values.count }

    func start(ofRun i: Int) -> Int { i == 0 ? origin : ends[i - 1] }
    func range(ofRun i: Int) -> Range<Int> { start(ofRun: i)..<ends[i] }

    /// The run holding `offset` (the last run for `offset == length`).
    func runIndex(at offset: Int) -> Int {
        precondition(!values.isEmpty, "no runs")
        var lo = 0, hi = ends.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func value(at offset: Int) -> (Value, Range<Int>) {
        let i = runIndex(at: offset)
        return (values[i], range(ofRun: i))
    }

    /// Splits the run holding `offset` so that a run boundary falls there; returns the
    /// index of the run starting at `offset` (or `count` at the end).
    private mutating func split(at offset: Int) -> Int {
        if offset >= length { return values.count }
        if offset <= origin { return 0 }
        let i = runIndex(at: offset)
        if start(ofRun: i) == offset { return i }
        values.insert(values[i], at: i)
        ends.insert(offset, at: i)
        return i + 1
    }

    /// Merges equal neighbours among the runs `window` and the ones either side of it.
    private mutating func mergeAround(_ window: Range<Int>) {
        var i = max(0, window.lowerBound - 1)
        var upper = min(values.count - 1, window.upperBound)
        while i < upper {
            if values[i] == values[i + 1] {
                // Run i+1 absorbs run i.
                values.remove(at: i); ends.remove(at: i); upper -= 1
            } else {
                i += 1
            }
        }
    }

    /// Replaces the offsets in `range` by `newLength` offsets holding `value`.
    mutating func replace(_ range: Range<Int>, newLength: Int, value: Value) {
        precondition(range.lowerBound >= origin && range.upperBound <= length, "range out of bounds")
        let first = split(at: range.lowerBound)
        let last = split(at: range.upperBound)
        let delta = newLength - range.count
        values.removeSubrange(first..<last)
        ends.removeSubrange(first..<last)
        if delta != 0 { for j in first..<ends.count { ends[j] += delta } }
        if newLength > 0 {
            values.insert(value, at: first)
            ends.insert(range.lowerBound + newLength, at: first)
        }
        mergeAround(first..<(first + 1))
    }

    /// Applies `transform` to the values over `range`.
    mutating func modify(_ range: Range<Int>, _ transform: (Value) -> Value) {
        guard !range.isEmpty else { return }
        let first = split(at: range.lowerBound)
        let last = split(at: range.upperBound)
        for j in first..<last { values[j] = transform(values[j]) }
        mergeAround(first..<last)
    }

    /// Drops the runs that end at or before `offset`; the rest keep their offsets.
    mutating func dropRuns(endingBy offset: Int) {
        var n = 0
        while n < ends.count - 1, ends[n] <= offset { n += 1 }
        guard n > 0 else { return }
        origin = ends[n - 1]
        values.removeSubrange(0..<n)
        ends.removeSubrange(0..<n)
        // Most of the arrays let go (a long document fed a part at a time): not kept at
        // their old size.
        if values.count < values.capacity / 4 { values = Array(values); ends = Array(ends) }
    }

    /// The runs overlapping `range`, clipped to it.
    func runs(in window: Range<Int>) -> [(range: Range<Int>, value: Value)] {
        guard !values.isEmpty, !window.isEmpty else { return [] }
        var result: [(range: Range<Int>, value: Value)] = []
        var i = runIndex(at: window.lowerBound)
        while i < values.count {
            let r = range(ofRun: i)
            if r.lowerBound >= window.upperBound { break }
            let clipped = max(r.lowerBound, window.lowerBound)..<min(r.upperBound, window.upperBound)
            if !clipped.isEmpty { result.append((clipped, values[i])) }
            i += 1
        }
        return result
    }
}
