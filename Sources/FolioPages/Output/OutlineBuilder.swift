import Foundation

/// Writes the PDF outline (bookmarks nested by heading level) and the destinations
/// internal links point to, page by page as pages are drawn.
struct OutlineBuilder {
    private(set) var headings: [HeadingMark]
    private(set) var anchors: [Anchor]
    /// The item the top-level headings go under.
    let root: Int
    /// Pages of the PDF before this document's first.
    let pageOffset: Int
    /// Destination names earlier documents wrote: not written again.
    let earlier: Set<String>
    /// Destination names written, earlier documents' included.
    private(set) var written: Set<String>
    private var nextHeading = 0
    private var nextAnchor = 0
    /// Open outline items: level and id, innermost last.
    private var stack: [(level: Int, item: Int)] = []

    init(headings: [HeadingMark], anchors: [Anchor], root: Int = PDFDocument.outlineRoot, pageOffset: Int = 0,
         written: Set<String> = []) {
        self.headings = headings
        self.anchors = anchors
        self.root = root
        self.pageOffset = pageOffset
        self.earlier = written
        self.written = written
    }

    /// Writes the destinations of the anchors and the outline items of the headings set on
    /// `laidOut`, drawn on `canvas`.
    mutating func mark(_ laidOut: LaidOutPage, pdf: PDFDocument, canvas: PageCanvas) {
        let page = laidOut.page, range = laidOut.range
        while nextAnchor < anchors.count, anchors[nextAnchor].offset < range.upperBound {
            let anchor = anchors[nextAnchor]
            nextAnchor += 1
            if let p = position(of: anchor.offset, on: laidOut), !earlier.contains(anchor.id) {
                written.insert(anchor.id)
                canvas.addDestination(anchor.id, at: p)
            }
        }
        while nextHeading < headings.count, headings[nextHeading].offset < range.upperBound {
            let heading = headings[nextHeading]
            nextHeading += 1
            let p = position(of: heading.offset, on: laidOut) ?? Point(x: 0, y: 0)
            while let top = stack.last, top.level >= heading.level { stack.removeLast() }
            let title = heading.title.isEmpty ? "(untitled)" : heading.title
            let item = pdf.addOutlineItem(title, parent: stack.last?.item ?? root,
                                          page: pageOffset + page.number, at: p, open: heading.level <= 1)
            stack.append((heading.level, item))
        }
    }

    /// Takes in the headings and anchors of text that arrived after the builder was made
    /// (a document built as it is laid out), before pages holding them are marked.
    mutating func add(headings new: some Sequence<HeadingMark>, anchors more: some Sequence<Anchor>) {
        headings += new
        anchors += more
    }

    /// The top-left of the line holding `offset` on `page`, in page coordinates.
    private func position(of offset: Int, on page: LaidOutPage) -> Point? {
        for column in page.page.columnRects {
            for line in page.lines(inContainerAt: column.containerIndex)
            where line.characterRange.contains(offset) || line.characterRange.lowerBound >= offset {
                if page.page.writingMode == .vertical {
                    // Line space turned a quarter turn: the line's right edge, at its top.
                    return Point(x: column.rect.maxX - line.rect.minY, y: column.rect.minY + line.rect.minX)
                }
                return Point(x: column.rect.minX + line.rect.minX, y: column.rect.minY + line.rect.minY)
            }
        }
        return nil
    }
}
