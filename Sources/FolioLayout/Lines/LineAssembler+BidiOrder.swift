/// Display order of a line's segments (Unicode bidi rule L2).
extension LineAssembler {
    /// Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse
    /// every maximal sequence of segments at that level or higher.
    func visualOrder(_ segments: [Segment]) -> [Segment] {
        guard let maxLevel = segments.map(\.level).max(), maxLevel > 0 else { return segments }
        let minOdd = segments.map(\.level).filter { $0 & 1 == 1 }.min() ?? maxLevel
        var result = segments
        var level = maxLevel
        while level >= minOdd && level > 0 {
            var i = 0
            while i < result.count {
                if result[i].level >= level {
                    var j = i
                    while j < result.count, result[j].level >= level { j += 1 }
                    result[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return result
    }
}
