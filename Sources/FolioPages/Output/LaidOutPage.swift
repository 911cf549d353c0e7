import Foundation

/// A page as layout left it, with everything drawing it needs copied out of the layout
/// manager: its columns' lines, the text set on it, how deep each ruled band goes. It can
/// be drawn on another thread while the manager lays out the next page, or after the
/// manager is gone (a mail merge sets records on several threads and draws them in order).
package struct LaidOutPage: Sendable {
    /// The page as composed from the template.
    package let page: ComposedPage
    /// The lines of each container on the page, by container index.
    private let lines: [Int: [LineFragment]]
    /// The notes at the foot of each container that has some, by container index.
    private let footnotes: [Int: FootnoteArea]
    /// The floating blocks set in each container that has some, by container index.
    private let floats: [Int: [PlacedFloat]]
    /// The storage range set on the page.
    package let range: Range<Int>
    /// For each column set of the page, the bottom of its deepest column (where a column
    /// rule ends).
    package let bandBottoms: [Double]
    /// How much of the document is set once this page is: 0…1.
    package let fractionDone: Double

    /// `page` as `manager` has laid it out now. `sectionStarts`, the offsets where the
    /// document's sections begin, tell a column that ends its section from one the flow left
    /// short (see `TypesettingParameters.paragraphStretch`).
    package init(_ page: ComposedPage, manager: LayoutManager, sectionStarts: Set<Int> = [], textLength: Int? = nil) {
        self.page = page
        var lines: [Int: [LineFragment]] = [:]
        for column in page.columns { lines[column.containerIndex] = Array(manager.lineFragments(inContainerAt: column.containerIndex)) }
        var footnotes: [Int: FootnoteArea] = [:]
        if manager.textStorage.hasFootnotes {
            for column in page.columns { footnotes[column.containerIndex] = manager.footnoteArea(inContainerAt: column.containerIndex) }
        }
        self.footnotes = footnotes
        var floats: [Int: [PlacedFloat]] = [:]
        if manager.textStorage.hasFloatingBlocks {
            for column in page.columns {
                let placed = manager.floatingBlocks(inContainerAt: column.containerIndex)
                if !placed.isEmpty { floats[column.containerIndex] = placed }
            }
        }
        self.floats = floats
        let typesetting = manager.typesetting
        if typesetting.paragraphStretch > 0, typesetting.baselineGrid == 0, page.writingMode == .horizontal {
            // Balanced columns end where the balance put them; notes and floating blocks take
            // room the lines do not show.
            for set in page.columnSets where set.height == nil {
                for (index, rect) in zip(set.containerIndexes, set.rects) where footnotes[index] == nil && floats[index] == nil {
                    guard let column = lines[index], let last = column.last,
                          FlushBottom.textGoesOn(after: last, in: manager.textStorage, sectionStarts: sectionStarts) else { continue }
                    lines[index] = FlushBottom.justify(column, height: rect.height, stretch: typesetting.paragraphStretch)
                }
            }
        }
        self.lines = lines
        // Over every line, not a column's first and last: a column's lines are not always in
        // the order of their text (a section's balanced columns after a float or spanning
        // block), and a page's range must still hold them all.
        var lo = Int.max, hi = 0
        for column in page.columns {
            for line in lines[column.containerIndex] ?? [] {
                lo = min(lo, line.characterRange.lowerBound)
                hi = max(hi, line.characterRange.upperBound)
            }
        }
        range = lo == .max ? 0..<0 : lo..<max(lo, hi)
        bandBottoms = page.columnSets.map { set in
            var bottom = set.top
            for (index, rect) in zip(set.containerIndexes, set.rects) {
                if let last = lines[index]?.last { bottom = max(bottom, rect.minY + last.rect.maxY) }
            }
            return bottom
        }
        // The text's whole length, when it is still arriving (`LayoutManager.textSupplier`).
        let length = manager.hasWholeText ? manager.textStorage.length : max(textLength ?? 0, manager.textStorage.length)
        fractionDone = length > 0 ? min(1, Double(range.upperBound) / Double(length)) : 1
    }

    /// The lines of container `index` (empty for a container not on the page).
    package func lines(inContainerAt index: Int) -> [LineFragment] { lines[index] ?? [] }

    /// The floating blocks set in container `index`.
    package func floatingBlocks(inContainerAt index: Int) -> [PlacedFloat] { floats[index] ?? [] }

    /// The notes at the foot of container `index`; nil when it has none.
    package func footnoteArea(inContainerAt index: Int) -> FootnoteArea? { footnotes[index] }
}
