/// A front-matter field a template sets in the text flow, above the body (`before-body`,
/// the title block) or below it (`after-body`, a closing): as text in a paragraph style,
/// or as an image of a fixed height.
///
/// Written in `template.yaml` as a field's name — `subject`, set in the style named after
/// it with dots as dashes (`signature.name` in `signature-name`), else `body` — or as a
/// mapping: `{field: signature.name, style: signature}` for text in another style,
/// `{image: signature.image, height: 15mm, keep-room: true}` for an image.
public struct BodyField: Hashable, Sendable {
    /// The front-matter key (a nested one with dots: `signature.name`).
    public var name: String
    /// The paragraph style the field is set in.
    public var style: String
    /// For an image field, its height in points (the width follows the image's aspect,
    /// never wider than the column); nil for a text field.
    public var imageHeight: Double?
    /// For an image field: when the document gives no image, a blank of its height is
    /// left instead (room to sign by hand).
    public var keepsRoom: Bool
    /// Where the entry was written in `template.yaml`.
    public var location: SourceLocation?

    /// A text field `name` in `style` (by default the name with dots as dashes).
    public init(_ name: String, style: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.style = style ?? BodyField.defaultStyle(for: name)
        self.imageHeight = nil
        self.keepsRoom = false
        self.location = location
    }

    /// An image field `name`, `height` points high.
    public init(image name: String, height: Double, keepsRoom: Bool = false, style: String? = nil, location: SourceLocation? = nil) {
        self.init(name, style: style, location: location)
        self.imageHeight = height
        self.keepsRoom = keepsRoom
    }

    /// `signature.name` → `signature-name`.
    static func defaultStyle(for name: String) -> String { name.replacingOccurrences(of: ".", with: "-") }

    /// The title block of a template that sets no `before-body`: title, subtitle, author,
    /// date (shown only where the template defines a `date` style) and abstract.
    public static let titleBlock = ["title", "subtitle", "author", "date", "abstract"].map { BodyField($0) }
}
