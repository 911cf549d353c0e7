/// Display order of a line's segments (Unicode bidi rule L2).
extension LineAssembler {
    /// Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse
    /// every maximal sequence of segments at that level or higher.
    func visualOrder(_ segments: [Segment]) -> [Segment] {
        // Found without mapping the levels into arrays: every line asks, most of them all
        // at level 0.
        var maxLevel: UInt8 = 0, minOdd = UInt8.max
        for segment in segments {
            maxLevel = max(maxLevel, segment.level)
            if segment.level & 1 == 1 { minOdd = min(minOdd, segment.level) }
        }
        guard maxLevel > 0 else { return segments }
        if minOdd == .max { minOdd = maxLevel }
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
