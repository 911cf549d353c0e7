import Foundation

/// Sets a document onto pages made from a template and writes the PDF page by page as
/// each is complete (its lines are forgotten once drawn), so memory stays flat however
/// long the document is. Headings become the outline and link destinations; frames
/// get their fields; pages get their labels. Several documents in sequence into one PDF
/// (a mail merge) go through a `RenderSession`.
public enum DocumentRenderer {
    /// Renders `document` to `path`. The PDF is written to a temporary file and moved
    /// over `path` only when complete. `styles` sets the frames' text (nil: frames
    /// are set in the layout defaults).
    public static func render(_ document: BuiltDocument, template: Template, styles: StyleSheet?,
                              defaults: LayoutDefaults, settings: RenderSettings = RenderSettings(), to path: String,
                              progress: ((_ page: Int, _ fractionDone: Double) -> Void)? = nil) throws -> RenderReport {
        let session = try RenderSession(template: template, styles: styles, defaults: defaults, settings: settings,
                                        metadata: document.metadata, to: path)
        do {
            let report = try session.render(document, progress: progress)
            try session.finish()
            return report
        } catch {
            session.cancel()
            throw error
        }
    }

    /// The storage range set on `page`.
    static func textRange(of page: ComposedPage, in manager: LayoutManager) -> Range<Int> {
        var lo = Int.max, hi = 0
        for column in page.columns {
            let lines = manager.lineFragments(inContainerAt: column.containerIndex)
            if let f = lines.first { lo = min(lo, f.characterRange.lowerBound) }
            if let l = lines.last { hi = max(hi, l.characterRange.upperBound) }
        }
        return lo == .max ? 0..<0 : lo..<hi
    }

    /// The page's columns and the rules between them.
    static func draw(_ page: ComposedPage, manager: LayoutManager, on canvas: PageCanvas) {
        for column in page.columns { canvas.draw(manager, containerAt: column.containerIndex, at: column.origin) }
        for set in page.columnSets {
            guard let rule = set.rule, set.rects.count > 1 else { continue }
            // Rules run as deep as the deepest column of the band.
            let bottom = set.usedBottom(in: manager)
            for (a, b) in zip(set.rects, set.rects.dropFirst()) {
                let x = (a.maxX + b.minX) / 2
                canvas.strokeLine(from: Point(x: x, y: set.top), to: Point(x: x, y: bottom), color: rule.color, width: rule.width)
            }
        }
    }
}
