import Foundation

/// Sets a page's frames — running heads, folios, logos — each a small text of its own
/// laid out in the frame's box, after the page's fields are filled in.
struct FrameSetter {
    let template: Template
    let styles: StyleSheet?
    let defaults: LayoutDefaults

    /// Draws every frame of `page` with `fields`.
    func draw(_ page: ComposedPage, fields: [String: String], on canvas: PageCanvas) throws {
        for frame in page.frames {
            if let image = frame.image {
                let path = template.directory.map { URL(fileURLWithPath: $0).appendingPathComponent(image).path } ?? image
                canvas.drawImage(atPath: path, fitting: frame.rect)
            }
            guard let raw = frame.text else { continue }
            let text = try PageFields.substitute(raw, fields, location: frame.location)
            guard !text.isEmpty else { continue }
            var attributes = TextAttributes()
            var paragraph = ParagraphStyle(alignment: .left)
            if let styles {
                let style = try styles.paragraphStyle(named: frame.style, at: frame.location)
                attributes = style.attributes
                paragraph = style.paragraph
                // A frame is one box: no indents or spacing from a body-like style.
                paragraph.firstLineHeadIndent = 0
                paragraph.paragraphSpacingBefore = 0
                paragraph.breakBefore = .none
                paragraph.keepWithNext = false
            }
            let storage = TextStorage(text, attributes: attributes, paragraphStyle: paragraph)
            let manager = LayoutManager(textStorage: storage, defaults: defaults)
            manager.addTextContainer(TextContainer(size: Size(width: frame.rect.width, height: max(frame.rect.height, 1))))
            manager.ensureLayout()
            canvas.draw(manager, containerAt: 0, at: frame.rect.origin)
        }
    }

    /// Whether any frame of any master shows `{pages}` (which takes a counting pass).
    static func needsPageCount(_ template: Template) -> Bool {
        template.masters.values.contains { $0.frames.contains { $0.text?.contains("{pages}") == true } }
    }
}
