import FolioDocument
import Foundation

/// One of Folio's examples: a small program that sets something and writes a PDF.
public struct Example: Sendable {
    /// Short name, also the PDF's file name.
    public let name: String
    /// What the example shows.
    public let summary: String
    /// Writes the example's PDF into `directory` and returns its path.
    public let run: @Sendable (_ directory: String) throws -> String

    /// Every example, in the README's order.
    public static let all: [Example] = [
        twoColumns, twoLayoutManagers, exclusions, circle, centeredIndents, dropInitial,
        justifiedHyphenated, decimalTabs, inlineImages, customAttribute, measuring, threeLines, tableObstacle,
        highlighting, dynamicType, letterpress, customDrawing, shrinkToFit,
    ] + templateExamples
}

/// The body font the examples share.
let bodyFont = FontDescriptor(families: ["DejaVu Serif"], size: 11)

/// Paragraphs of neutral prose for the examples to set.
let sampleParagraphs = [
    "Typography is the craft of endowing human language with a durable visual form. It exists to honour content: its first task is to make reading easy, its second to make it pleasant. A good compositor's choices are mostly invisible: even colour on the page, a comfortable measure, spaces that neither gape nor crowd.",
    "Lines flow from one container into the next as long as there is text to set. A layout manager owns the chain of containers, and when the chain runs out it asks its delegate for another; that is how a document gets exactly as many pages as it needs.",
    "Rivers of white space, a hyphen at the end of every other line, a loose line followed by a tight one: these are the faults a reader feels without naming. A breaker that looks at one line at a time cannot avoid them, because the best place to break this line depends on where the next ones will break.",
]

/// Where a container is drawn: which layout manager, which container, and where on the page.
struct Placement {
    var manager: LayoutManager
    var container: Int
    var origin: Point
    /// Outlines drawn as guides (exclusions, shapes), in container coordinates.
    var guides: [BezierPath] = []
}

/// Writes pages of placements to `directory/name.pdf`, drawing text with `textDrawing`;
/// `beforePage` runs as each page begins (given its index and canvas), before its text.
func writePDF(_ name: String, in directory: String, pageSize: Size = Size(width: 420, height: 595),
              textDrawing: (any TextDrawingDelegate)? = nil, beforePage: ((Int, PageCanvas) -> Void)? = nil,
              pages: [[Placement]]) throws -> String {
    let path = (directory as NSString).appendingPathComponent("\(name).pdf")
    let pdf = try PDFDocument(path: path, metadata: PDFMetadata(title: "Folio example: \(name)", author: "Folio"))
    pdf.textDrawing = textDrawing
    for (index, page) in pages.enumerated() {
        pdf.beginPage(size: pageSize)
        beforePage?(index, pdf.canvas)
        for p in page {
            for guide in p.guides { pdf.canvas.stroke(guide, at: p.origin, color: Color(red: 0.6, green: 0.7, blue: 0.9)) }
            pdf.draw(p.manager, containerAt: p.container, at: p.origin)
        }
        pdf.endPage()
    }
    try pdf.finish()
    return path
}

/// A storage of `paragraphs` in the body font with `style`.
func bodyStorage(_ paragraphs: [String] = sampleParagraphs, style: ParagraphStyle = ParagraphStyle(alignment: .justified, hyphenation: true)) -> TextStorage {
    let storage = TextStorage()
    for p in paragraphs {
        storage.appendParagraph(p, attributes: TextAttributes(font: bodyFont), paragraphStyle: style)
    }
    return storage
}

/// Path of a file shipped with the examples.
func asset(_ name: String) -> String {
    Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Documents/images")
        ?? Bundle.module.path(forResource: name, ofType: nil) ?? name
}
