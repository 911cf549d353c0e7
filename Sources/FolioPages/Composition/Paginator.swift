/// One page: its size and the containers set on it, with where each goes.
public struct Page: Sendable {
    /// 1-based page number.
    public var number: Int
    /// Page size in points.
    public var size: Size
    /// Indexes into the layout manager's container chain and their origins on the page.
    public var columns: [(containerIndex: Int, origin: Point)]
}

/// Makes pages and their column containers as the layout manager asks for them, so a
/// document gets exactly as many pages as its text needs.
public final class Paginator: LayoutManagerDelegate {
    /// The geometry every page gets (the same on every page).
    public let geometry: PageGeometry
    /// The pages made so far, in order.
    public private(set) var pages: [Page] = []
    /// Called once per page when the text on it is final (pages come in order).
    public var onPageComplete: ((Page) -> Void)?
    private var completed = 0
    private var containerCount = 0
    /// The column of the current page the next container is (0: a new page starts).
    private var column = 0

    /// A paginator making pages of `geometry`; set it as the layout manager's delegate.
    public init(geometry: PageGeometry) { self.geometry = geometry }

    /// `LayoutManagerDelegate`: the next column of the current page, or the first column of
    /// a new page (appended to `pages`).
    public func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?) -> TextContainer? {
        self.layoutManager(layoutManager, containerAfter: last, for: ContainerRequest(characterIndex: 0, breakBefore: .none))
    }

    /// `LayoutManagerDelegate`: as `layoutManager(_:containerAfter:)`, but a paragraph that
    /// asks for a new page (`breakBefore: .page`) gets the first column of a new page, the
    /// rest of this page's columns left empty.
    public func layoutManager(_ layoutManager: LayoutManager, containerAfter last: TextContainer?,
                              for request: ContainerRequest) -> TextContainer? {
        let columnRects = geometry.columnRects
        if request.breakBefore.startsPage { column = 0 }
        if column == 0 {
            pages.append(Page(number: pages.count + 1, size: geometry.pageSize, columns: []))
        }
        defer { column = (column + 1) % columnRects.count }
        let rect = columnRects[column]
        let container = TextContainer(size: rect.size)
        pages[pages.count - 1].columns.append((containerCount, rect.origin))
        containerCount += 1
        return container
    }

    /// `LayoutManagerDelegate`: reports (`onPageComplete`) each page whose last column is
    /// complete, in page order.
    public func layoutManager(_ layoutManager: LayoutManager, didCompleteContainerAt index: Int) {
        // A page is complete when its last column is (or when layout ends).
        while completed < pages.count {
            let page = pages[completed]
            guard let last = page.columns.last?.containerIndex, last <= index,
                  page.columns.count == geometry.columnRects.count || completed + 1 < pages.count
                    || index + 1 >= containerCount else { break }
            completed += 1
            onPageComplete?(page)
        }
    }
}
