/// A box at a fixed place on a page, holding styled text with fields or an image:
/// a running head, a folio, a logo, a sidebar.
public struct Frame: Hashable, Sendable {
    /// The box on the page, in points from the page's top-left corner. On a left-hand
    /// page of a mirrored template the box is mirrored too (x measured from the right).
    public var rect: Rect
    /// Text with fields: `{page}`, `{pages}`, `{title}`, `{author}`, `{section}`, `{date}`
    /// and any front-matter or template variable, as `{name}`.
    public var text: String?
    /// Paragraph style the text is set in.
    public var style: String
    /// Image file (template-relative) drawn scaled to fit the box, keeping its aspect.
    public var image: String?
    /// Where the frame was defined in `template.yaml`, for errors about its fields.
    public var location: SourceLocation?
    /// A frame at `rect` (points; a negative x or y measures from the right or bottom edge).
    public init(rect: Rect, text: String? = nil, style: String = "footer", image: String? = nil,
                location: SourceLocation? = nil) {
        self.rect = rect; self.text = text; self.style = style; self.image = image; self.location = location
    }
}
