import FolioLayout

/// Vertical justification (`TypesettingParameters.paragraphStretch`): a column of plain text
/// that the flow left a line or more short — widows or orphans moved a line over, a heading
/// went on with its text — is stretched at its paragraph breaks so that its last line ends
/// where a full column's does, as TeX's `\flushbottom` does with its paragraph glue. The
/// lines themselves are not touched: only the space between paragraphs grows.
enum FlushBottom {
    /// `lines`, the lines of a column `height` tall in the order they were set, with each
    /// paragraph break widened by the same amount so that the last line sits as many whole
    /// lines lower as the column would still hold; `lines` unchanged when that would widen a
    /// break by more than `stretch` points, when there is no break, or when the column holds
    /// anything but plain lines one under another.
    static func justify(_ lines: [LineFragment], height: Double, stretch: Double) -> [LineFragment] {
        guard stretch > 0, lines.count > 1, let last = lines.last, last.rect.height > 0 else { return lines }
        // Drop caps, table rows and lines split by an obstacle keep their places.
        guard lines.allSatisfy({ !$0.isDropCap && !$0.isRepetition && $0.decorations.isEmpty && $0.tableCells.isEmpty }),
              zip(lines, lines.dropFirst()).allSatisfy({ $1.rect.minY >= $0.rect.maxY - 0.01 }) else { return lines }
        // A line's step is from baseline to baseline within a paragraph (its height and the
        // line spacing): a column without two lines of one paragraph is left as it is.
        guard let k = lines.indices.dropFirst().last(where: { lines[$0].paragraphIndex == lines[$0 - 1].paragraphIndex }) else { return lines }
        let step = lines[k].baseline - lines[k - 1].baseline
        guard step > 0 else { return lines }
        let missing = ((height - last.rect.maxY) / step + 1e-6).rounded(.down)
        guard missing >= 1 else { return lines }
        let breaks = zip(lines, lines.dropFirst()).filter { $0.paragraphIndex != $1.paragraphIndex }.count
        guard breaks > 0 else { return lines }
        let each = missing * step / Double(breaks)
        guard each <= stretch else { return lines }
        var result = [lines[0]]
        result.reserveCapacity(lines.count)
        var shift = 0.0
        for (previous, line) in zip(lines, lines.dropFirst()) {
            if line.paragraphIndex != previous.paragraphIndex { shift += each }
            result.append(line.offsetBy(dx: 0, dy: shift))
        }
        return result
    }

    /// Whether the text goes on after `last`, the last line of a column, into the next column
    /// of the same section without a break it asked for: only then is the column's shortfall
    /// the flow's doing, to be made up. (A chapter's last page, a section's last column and
    /// the document's last line end where they end.)
    static func textGoesOn(after last: LineFragment, in storage: TextStorage, sectionStarts: Set<Int>) -> Bool {
        if !last.isLastLineOfParagraph { return true }
        let next = last.paragraphIndex + 1
        guard next < storage.paragraphCount else { return false }
        return storage.paragraphStyle(ofParagraph: next).breakBefore == .none
            && !sectionStarts.contains(storage.paragraphRange(at: next).lowerBound)
    }
}
