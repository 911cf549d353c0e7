/// Supplies containers on demand and hears when one is complete. The callbacks come
/// during layout: they must not edit the text storage.
public protocol LayoutManagerDelegate: AnyObject {
    /// The chain ran out: return a container to append after `last` (this is how pages
    /// are added), or nil to stop; the text left over becomes `unplacedRange`.
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer?
    /// As `containerAfter(last:)`, saying what asks for it: the storage offset of the
    /// text about to be set and whether a paragraph's `breakBefore` asked for a new
    /// container or page. A page maker implements this one to honour page breaks and
    /// to change the page's columns where the text starts a new section.
    func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                       for request: ContainerRequest) -> TextContainer?
    /// The container at `index` is full and will not change until the next edit; a
    /// renderer streaming pages draws it now.
    func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int)
    /// Whether the container at `index` starts a new section — the page's columns change
    /// there — rather than continuing the flow of the one before. Paragraphs kept with the
    /// next (a heading) are not carried into such a container: they belong to the section
    /// before.
    func layoutManager(_ layoutManager: LayoutManager, startsSectionAt index: Int) -> Bool
    /// The flow would give back container `index` — the last one handed out, nothing set
    /// in it yet — because the paragraphs kept with the first one meant for it (a heading
    /// before a change of columns) must go first, in their own section. A page maker that
    /// opened a page only to start that section takes the page back and returns true; the
    /// flow then asks again, for the kept paragraphs. Return false to keep the container
    /// (the kept paragraphs then stay where they are).
    func layoutManager(_ layoutManager: LayoutManager, reclaimContainerAt index: Int) -> Bool
    /// Whether the container at `index` is one of a band of columns shortened to share out
    /// the rest of a section evenly (balanced): its break was chosen with the text measured,
    /// so the flow does not set paragraphs a line shorter or longer there to mend it (a line
    /// more would overflow the band onto a new page).
    func layoutManager(_ layoutManager: LayoutManager, isBalancedContainerAt index: Int) -> Bool
}

extension LayoutManagerDelegate {
    /// Default: no more containers (the text left over becomes `unplacedRange`).
    public func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? { nil }
    /// Default: calls `layoutManager(_:containerAfter:)`, ignoring what the request says.
    public func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                              for request: ContainerRequest) -> TextContainer? {
        self.layoutManager(layoutManager, containerAfter: last)
    }
    /// Default: does nothing.
    public func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {}
    /// Default: no container starts a section.
    public func layoutManager(_ layoutManager: LayoutManager, startsSectionAt index: Int) -> Bool { false }
    /// Default: the container is kept.
    public func layoutManager(_ layoutManager: LayoutManager, reclaimContainerAt index: Int) -> Bool { false }
    /// Default: no container is balanced.
    public func layoutManager(_ layoutManager: LayoutManager, isBalancedContainerAt index: Int) -> Bool { false }
}
