/// The widths of a table's columns, from what each column's content needs (its narrowest
/// and widest sensible width) and what the table's columns ask for — CSS's automatic
/// table layout, with fractions and `fr` shares.
struct TableColumnWidths {
    /// Each column's narrowest width (its longest unbreakable word, padding included)
    /// and widest (its longest line unbroken).
    var minimum: [Double], maximum: [Double]

    /// No content known yet: every column 0 wide.
    init(columnCount: Int) {
        minimum = Array(repeating: 0, count: columnCount)
        maximum = Array(repeating: 0, count: columnCount)
    }

    /// Takes in a cell's needs; a cell spanning several columns is applied after the
    /// single ones (`spread`).
    mutating func include(columns: Range<Int>, minimum min: Double, maximum max: Double) {
        guard columns.count == 1 else { return }
        minimum[columns.lowerBound] = Swift.max(minimum[columns.lowerBound], min)
        maximum[columns.lowerBound] = Swift.max(maximum[columns.lowerBound], max)
    }

    /// A spanning cell's needs beyond what its columns already give, shared among them
    /// in proportion to their widest widths (evenly when all are empty).
    mutating func spread(columns: Range<Int>, minimum min: Double, maximum max: Double) {
        guard columns.count > 1 else { return }
        func share(_ need: Double, into values: inout [Double], weights: [Double]) {
            let have = columns.reduce(0) { $0 + values[$1] }
            guard need > have else { return }
            let total = columns.reduce(0) { $0 + weights[$1] }
            for c in columns {
                values[c] += (need - have) * (total > 0 ? weights[c] / total : 1 / Double(columns.count))
            }
        }
        share(min, into: &minimum, weights: maximum)
        share(max, into: &maximum, weights: maximum)
        for c in columns { maximum[c] = Swift.max(maximum[c], minimum[c]) }
    }

    /// The column widths for a table set in `available` points.
    func resolve(_ table: TextTable, available: Double) -> [Double] {
        let n = table.columnCount
        var widths = Array(repeating: 0.0, count: n)
        var auto: [Int] = [], flexible: [(Int, Double)] = []
        var fixedTotal = 0.0
        for c in 0..<n {
            switch table.columns[c].width {
            case .points(let w): widths[c] = max(0, w); fixedTotal += widths[c]
            case .fraction(let f): widths[c] = max(0, f) * available; fixedTotal += widths[c]
            case .flexible(let fr): flexible.append((c, max(0, fr)))
            case .automatic: auto.append(c)
            }
        }
        let target: Double
        switch table.width {
        case .fraction(let f): target = max(0, f) * available
        case .points(let w): target = min(max(0, w), available)
        case .automatic: target = flexible.isEmpty ? min(available, fixedTotal + auto.reduce(0) { $0 + maximum[$1] }) : available
        }
        var room = target - fixedTotal - flexible.reduce(0) { $0 + minimum[$1.0] }
        if table.layoutAlgorithm == .fixed {
            // Content is not read: what is left is shared equally.
            let share = auto.isEmpty ? 0 : max(0, room) / Double(auto.count)
            for c in auto { widths[c] = share }
            room -= share * Double(auto.count)
        } else {
            let mins = auto.reduce(0) { $0 + minimum[$1] }, maxs = auto.reduce(0) { $0 + maximum[$1] }
            for c in auto {
                if room >= maxs {
                    // Wider than the content wants (a table set full width): widen the
                    // columns in proportion to their content; flexible ones take it instead.
                    let extra = flexible.isEmpty ? room - maxs : 0
                    widths[c] = maximum[c] + (maxs > 0 ? extra * maximum[c] / maxs : extra / Double(auto.count))
                } else if room >= mins {
                    let t = maxs > mins ? (room - mins) / (maxs - mins) : 0
                    widths[c] = minimum[c] + (maximum[c] - minimum[c]) * t
                } else {
                    // Not even the longest words fit: shrink in proportion; words hyphenate.
                    widths[c] = mins > 0 ? max(0, room) * minimum[c] / mins : max(0, room) / Double(auto.count)
                }
            }
            room -= auto.reduce(0) { $0 + widths[$1] }
        }
        let shares = flexible.reduce(0) { $0 + $1.1 }
        for (c, fr) in flexible {
            widths[c] = minimum[c] + (shares > 0 ? max(0, room) * fr / shares : 0)
        }
        return widths
    }
}
