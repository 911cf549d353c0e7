/// Arithmetic on sets of x-intervals, the currency of shapes and exclusions: a line's
/// free room is the content width, intersected with the shape's spans, less every
/// exclusion's blocked spans.
enum SpanList {
    /// Sorted, with overlapping or touching intervals joined.
    static func merge(_ spans: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        let sorted = spans.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<Double>] = []
        result.reserveCapacity(sorted.count)
        for s in sorted {
            if let last = result.last, s.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, s.upperBound)
            } else {
                result.append(s)
            }
        }
        return result
    }

    /// The x covered by both lists, keeping only pieces of positive width.
    static func intersect(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        let a = merge(a), b = merge(b)
        var result: [ClosedRange<Double>] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let lo = max(a[i].lowerBound, b[j].lowerBound), hi = min(a[i].upperBound, b[j].upperBound)
            if lo < hi { result.append(lo...hi) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// `spans` less `holes`. A hole's end points stay in the result (intervals are
    /// closed), so removing `[100, 200]` from `[0, 300]` leaves `[0, 100]` and
    /// `[200, 300]`: the fragments meet the obstacle exactly.
    static func subtract(_ spans: [ClosedRange<Double>], _ holes: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var result = merge(spans)
        for h in merge(holes) {
            var next: [ClosedRange<Double>] = []
            next.reserveCapacity(result.count + 1)
            for s in result {
                if h.upperBound <= s.lowerBound || h.lowerBound >= s.upperBound { next.append(s); continue }
                if h.lowerBound > s.lowerBound { next.append(s.lowerBound...h.lowerBound) }
                if h.upperBound < s.upperBound { next.append(h.upperBound...s.upperBound) }
            }
            result = next
        }
        return result
    }
}
