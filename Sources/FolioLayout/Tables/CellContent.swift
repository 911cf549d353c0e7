/// A cell's content set in its own coordinates — x from the left of the text area inside
/// the padding, y from its top — before the row is placed. A nested table's rows come
/// as lines too: each row group is led by a line without text that carries the group's
/// backgrounds, borders and cell frames.
struct CellContent {
    var lines: [LineFragment] = []
    /// From the top of the first line to the bottom of the last thing set.
    var height = 0.0
    /// The first line's baseline (nil when the cell sets no text).
    var firstBaseline: Double?

    /// Appends `other` set `dy` lower.
    mutating func append(_ other: CellContent, dy: Double) {
        if firstBaseline == nil { firstBaseline = other.firstBaseline.map { $0 + dy } }
        lines += other.lines.map { $0.offsetBy(dx: 0, dy: dy) }
        height = max(height, dy + other.height)
    }

    /// The content cut where a break falls `limit` below its top: what ends above the cut
    /// stays, the rest moves to the top of the continuation. The cut goes at the top of
    /// the first line that crosses `limit`, so no line is ever sliced (a nested table
    /// splits between its row groups). Nil when nothing fits above the cut.
    func split(at limit: Double) -> (head: CellContent, rest: CellContent)? {
        var cut = Double.infinity
        for l in lines where l.rect.maxY > limit + 1e-6 { cut = min(cut, l.rect.minY) }
        guard cut.isFinite else { return (self, CellContent()) }
        guard cut > 1e-6 else { return nil }
        var head = CellContent(), rest = CellContent()
        for l in lines {
            if l.rect.minY < cut { head.lines.append(l); head.height = max(head.height, l.rect.maxY) }
            else { rest.lines.append(l.offsetBy(dx: 0, dy: -cut)) }
        }
        head.firstBaseline = firstBaseline
        rest.height = max(0, height - cut)
        rest.firstBaseline = rest.lines.first { !$0.glyphRuns.isEmpty }?.baseline
        return (head, rest)
    }
}
