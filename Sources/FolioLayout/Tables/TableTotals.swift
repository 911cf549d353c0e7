/// The totals a table's footers show, per column: of every body row set so far, and of
/// those in the part being set (a page total).
struct TableTotals {
    private(set) var running: [Int: ColumnTotal] = [:]
    private(set) var part: [Int: ColumnTotal] = [:]
    private var fresh: [Int: ColumnTotal] = [:]

    /// Totals for `columns`, each reading numbers as `language` writes them.
    init(columns: [Int: String]) {
        for (c, language) in columns { fresh[c] = ColumnTotal(language: language) }
        running = fresh
        part = fresh
    }

    var isEmpty: Bool { fresh.isEmpty }
    var columns: Dictionary<Int, ColumnTotal>.Keys { fresh.keys }

    /// Adds a cell's number to its column's totals.
    mutating func add(_ text: String, column: Int) {
        guard fresh[column] != nil else { return }
        running[column]?.add(text)
        part[column]?.add(text)
    }

    /// A new part begins: its own totals start from nothing.
    mutating func startPart() { part = fresh }

    /// Totals as wide as most will be, for keeping room for the footer.
    var sample: TableTotals {
        var s = self
        for (c, total) in fresh {
            s.add(total.decimalSeparator == "," ? "-888.888.888,88" : "-888,888,888.88", column: c)
        }
        return s
    }

    /// The part's totals, a column with nothing in this part written like the running
    /// total (its unit and decimals), as zero.
    var partForDisplay: [Int: ColumnTotal] {
        var p = part
        for (c, total) in p where total.isEmpty {
            if let r = running[c] { p[c] = total.shaped(like: r) }
        }
        return p
    }
}
