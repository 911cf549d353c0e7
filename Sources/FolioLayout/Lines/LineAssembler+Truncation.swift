/// Which clusters a line shows: all it holds, or — truncated or clipped — those that fit,
/// with a hyphen or an ellipsis marking where the text was cut.
extension LineAssembler {
    func shownClusters(_ p: ShapedParagraph, span: LineSpan, visibleEnd end: Int, slot: LineSlot,
                       truncation: LineBreakMode?) -> ShownClusters {
        let n = p.clusterCount
        let first = span.start
        var shown = ShownClusters(ranges: ClusterRanges(first..<end))
        if span.hyphenated, end > first {
            let font = p.runs[Int(p.clusterRun[end - 1])].font
            let h = font.hyphen
            shown.symbol = (h.glyph, h.width, LineAssembler.hyphenText); shown.symbolAt = 0
        }
        if truncation == .clip, end > first {
            // Clipped: the clusters that fit, nothing to mark the cut.
            var keep = first, w = 0.0
            while keep < end, w + p.clusterWidth[keep] <= slot.textWidth + 1e-6 { w += p.clusterWidth[keep]; keep += 1 }
            if keep < end {
                shown.ranges = ClusterRanges(first..<keep)
                shown.truncated = keep..<n
            }
        } else if let mode = truncation, end > first {
            let font = p.runs[Int(p.clusterRun[first])].font
            let e = font.ellipsis
            let total = (first..<end).reduce(0.0) { $0 + p.clusterWidth[$1] }
            if total > slot.textWidth + 1e-6 {
                let room = max(0, slot.textWidth - e.width)
                var keepHead = first, keepTail = end
                switch mode {
                case .truncateHead:
                    var w = 0.0
                    while keepTail > first, w + p.clusterWidth[keepTail - 1] <= room { w += p.clusterWidth[keepTail - 1]; keepTail -= 1 }
                    keepHead = first
                    shown.ranges = ClusterRanges(keepTail..<end)
                    shown.truncated = first..<keepTail
                    shown.symbolAt = -1
                case .truncateMiddle:
                    var w = 0.0, a = first, b = end
                    var takeHead = true
                    while a < b {
                        let c = takeHead ? a : b - 1
                        if w + p.clusterWidth[c] > room { break }
                        w += p.clusterWidth[c]
                        if takeHead { a += 1 } else { b -= 1 }
                        takeHead.toggle()
                    }
                    keepHead = a; keepTail = b
                    shown.ranges = ClusterRanges(first..<keepHead, keepTail..<end)
                    shown.truncated = keepHead..<keepTail
                    shown.symbolAt = 0
                default:
                    var w = 0.0
                    while keepHead < end, w + p.clusterWidth[keepHead] <= room { w += p.clusterWidth[keepHead]; keepHead += 1 }
                    // Do not leave a space before the ellipsis.
                    while keepHead > first, p.clusterFlags[keepHead - 1].contains(.space) { keepHead -= 1 }
                    shown.ranges = ClusterRanges(first..<keepHead)
                    shown.truncated = keepHead..<n
                    shown.symbolAt = 0
                }
                shown.symbol = (e.glyph, e.width, LineAssembler.ellipsisText)
            } else if span.next < n || mode == .truncateTail {
                // The text went on beyond this line: mark the cut at the end.
                if span.next < n {
                    var keepHead = end
                    var w = total
                    while keepHead > first, w + e.width > slot.textWidth { keepHead -= 1; w -= p.clusterWidth[keepHead] }
                    shown.ranges = ClusterRanges(first..<keepHead)
                    shown.truncated = keepHead..<n
                    shown.symbol = (e.glyph, e.width, LineAssembler.ellipsisText); shown.symbolAt = 0
                }
            }
        }
        return shown
    }
}
