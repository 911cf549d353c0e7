// Forgetting finished pages: a document written page by page keeps only the lines
// of the pages still in flight.

extension LayoutManager {
    /// Frees the glyph runs of container `index`, keeping the line geometry and ranges.
    /// A renderer streaming a long document calls this once a page is drawn, so memory
    /// stays flat however long the document is; drawing that container again shows
    /// nothing until an edit lays it out anew.
    public func discardGlyphs(inContainerAt index: Int) {
        for i in fragmentRange(inContainerAt: index) { fragments[i].glyphRuns = [] }
        discardedContainers.insert(index)
    }

    /// Forgets the lines of every container before `index` — they are not drawn, queried
    /// or spliced back after an edit again — so that the memory of a document written page
    /// by page stays flat however long it is: glyphs (`discardGlyphs`) and line geometry
    /// alike. Only containers the delegate was told are complete are forgotten. Queries
    /// then answer for the remembered containers only, and an edit before them lays the
    /// storage out again from the start. With a `textSupplier`, whose text before them is
    /// let go too, the forgotten containers are: their places in `textContainers` then hold
    /// one shared empty container.
    public func forgetLayout(beforeContainerAt index: Int) {
        let end = min(index, completedContainers)
        let count = firstFragment { $0.containerIndex >= end }
        guard count > 0 else { return }
        fragments.removeSubrange(0..<count)
        forgetFootnotes(beforeContainerAt: end)
        forgetFloats(beforeContainerAt: end)
        forgottenFragments += count
        forgottenContainers = max(forgottenContainers, end)
        discardedContainers = discardedContainers.filter { $0 >= end }
        discardForgottenText()
    }
}
