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
        var document = document
        // Into a pipe, bytes go out from the first: a document built as it is set is built
        // whole before the PDF is begun, so that a fault in it stops the render first.
        // Page previews are written as pages are, too.
        if PDFDocument.writesDirectly(to: path) || settings.pngDirectory != nil { try document.completeText() }
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

    /// The page's columns and the rules between them.
    /// A column's notes: the separator rule, then their lines.
    static func draw(_ notes: FootnoteArea, at origin: Point, on canvas: PageCanvas) {
        if notes.ruleLength > 0 {
            let layout = notes.layout
            let y = origin.y + notes.ruleY
            canvas.strokeLine(from: Point(x: origin.x + notes.ruleX, y: y), to: Point(x: origin.x + notes.ruleX + notes.ruleLength, y: y),
                              color: layout.ruleColor, width: layout.ruleThickness)
        }
        canvas.draw(fragments: notes.lines, at: origin)
    }

    static func draw(_ page: LaidOutPage, on canvas: PageCanvas) {
        if page.page.writingMode == .vertical {
            for column in page.page.columnRects {
                canvas.draw(fragments: page.lines(inContainerAt: column.containerIndex), turnedInto: column.rect)
                for block in page.floatingBlocks(inContainerAt: column.containerIndex) {
                    canvas.draw(fragments: block.lines, turnedInto: column.rect)
                }
                // Notes close the column on its left (in line space, its foot); no rule.
                if let notes = page.footnoteArea(inContainerAt: column.containerIndex) {
                    canvas.draw(fragments: notes.lines, turnedInto: column.rect)
                }
            }
        } else {
            for column in page.page.columns {
                canvas.draw(fragments: page.lines(inContainerAt: column.containerIndex), at: column.origin)
                for block in page.floatingBlocks(inContainerAt: column.containerIndex) {
                    canvas.draw(fragments: block.lines, at: column.origin)
                }
                if let notes = page.footnoteArea(inContainerAt: column.containerIndex) { draw(notes, at: column.origin, on: canvas) }
            }
        }
        for (set, bottom) in zip(page.page.columnSets, page.bandBottoms) {
            guard let rule = set.rule, set.rects.count > 1 else { continue }
            // Rules run as deep as the deepest column of the band.
            for (a, b) in zip(set.rects, set.rects.dropFirst()) {
                let x = (a.maxX + b.minX) / 2
                canvas.strokeLine(from: Point(x: x, y: set.top), to: Point(x: x, y: bottom), color: rule.color, width: rule.width)
            }
        }
    }
}
