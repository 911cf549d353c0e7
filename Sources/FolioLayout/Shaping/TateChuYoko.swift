import FolioText

/// Tate-chū-yoko (縦中横): in vertical text, a number of one or two digits set upright and
/// across the line, in one em of it, as Japanese and Chinese books set dates and counts
/// (`2月14日`); longer numbers and Latin words lie on their side.
enum TateChuYoko {
    /// The longest run of digits set across the line.
    static let maximumDigits = 2

    /// The byte ranges of `text` set across the line: runs of one or two ASCII digits with
    /// no letter, digit, `.` or `,` on either side.
    static func ranges(in text: [UInt8]) -> [Range<Int>] {
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        func joins(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2E || b == 0x2C }
        var out: [Range<Int>] = []
        var i = 0
        while i < text.count {
            guard isDigit(text[i]) else { i += 1; continue }
            var end = i + 1
            while end < text.count, isDigit(text[end]) { end += 1 }
            let before = i > 0 ? text[i - 1] : 0x20, after = end < text.count ? text[end] : 0x20
            if end - i <= maximumDigits, !joins(before), !joins(after) { out.append(i..<end) }
            i = end
        }
        return out
    }

    /// `runs` split where a range of `ranges` starts or ends, so that each range is a run
    /// of its own (and so an item of its own when shaped).
    static func split(_ runs: [(range: Range<Int>, attributes: TextAttributes)], at ranges: [Range<Int>])
        -> [(range: Range<Int>, attributes: TextAttributes)] {
        guard !ranges.isEmpty else { return runs }
        var cuts = Set<Int>()
        for r in ranges { cuts.insert(r.lowerBound); cuts.insert(r.upperBound) }
        var out: [(range: Range<Int>, attributes: TextAttributes)] = []
        for run in runs {
            var start = run.range.lowerBound
            for cut in cuts.sorted() where cut > start && cut < run.range.upperBound {
                out.append((start..<cut, run.attributes))
                start = cut
            }
            out.append((start..<run.range.upperBound, run.attributes))
        }
        return out
    }
}

/// Digits set across a vertical line (`TateChuYoko`): their glyphs shaped horizontally,
/// drawn upright, centred in the em of the line they take.
struct UprightGroup {
    var font: Font
    var glyphs: [UInt32]
    /// Glyph origins across the group, from its left edge, in points.
    var offsets: [Double]
    /// The group's natural width across the line.
    var width: Double
}
