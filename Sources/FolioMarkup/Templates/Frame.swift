
/// A box at a fixed place on a page, holding styled text with fields, an image, or a
/// fill colour — or several of them, drawn in that order under one another: a running
/// head, a folio, a logo, a sidebar, a fold mark.
public struct Frame: Hashable, Sendable {
    /// The box on the page, in points from the page's top-left corner. On a left-hand
    /// page of a mirrored template the box is mirrored too (x measured from the right).
    public var rect: Rect
    /// Text with fields: `{page}`, `{pages}`, `{title}`, `{author}`, `{section}`, `{date}`
    /// and any front-matter or template variable, as `{name}` (see `PageFields`).
    public var text: String?
    /// The text in other languages, by language tag (`zh`, `zh-Hant`, `ja`): a document
    /// whose `lang` starts with a tag gets that text (the longest tag that matches), any
    /// other gets `text`.
    public var localizedTexts: [String: String] = [:]
    /// Paragraph style the text is set in.
    public var style: String
    /// Image file (template-relative) drawn scaled to fit the box, keeping its aspect; or
    /// one field, `{logo}`, whose value names the file (see `imageField`).
    public var image: String?
    /// Where the image sits in the box when its aspect leaves room beside it.
    public var alignment: FrameAlignment
    /// The colour the box is filled with, under its image and text (a rule, a band, a
    /// fold mark); nil for none.
    public var fill: Color?
    /// Where the frame was defined in `template.yaml`, for errors about its fields.
    public var location: SourceLocation?
    /// Text too long for the box is set smaller, down to this scale, then a little
    /// tighter, before it is cut with an ellipsis (the `min-scale` key; TextKit's
    /// `minimumScaleFactor`); nil never shrinks.
    public var fitting: TextFitting?

    /// A frame at `rect` (points; a negative x or y measures from the right or bottom edge).
    public init(rect: Rect, text: String? = nil, style: String = "footer", image: String? = nil,
                alignment: FrameAlignment = .center, fill: Color? = nil, location: SourceLocation? = nil) {
        self.rect = rect; self.text = text; self.style = style; self.image = image
        self.alignment = alignment; self.fill = fill; self.location = location
    }

    /// The text and every localized text (for checks that must see them all).
    public var allTexts: [String] { (text.map { [$0] } ?? []) + localizedTexts.keys.sorted().compactMap { localizedTexts[$0] } }

    /// The text for a document in `language`: the localized text of the longest tag
    /// `language` starts with, else `text`.
    public func text(for language: String?) -> String? {
        guard let language = language?.lowercased(), !localizedTexts.isEmpty else { return text }
        var best: (tag: String, text: String)?
        for (tag, text) in localizedTexts {
            let t = tag.lowercased()
            guard language == t || language.hasPrefix(t + "-") else { continue }
            if best == nil || t.count > best!.tag.count { best = (t, text) }
        }
        return best?.text ?? text
    }

    /// The field an image frame names as its file — `logo` for `image: "{logo}"` — or nil
    /// for a file named as written. The field's value is a path: relative to the document
    /// when the front matter gives it, to the template's folder when its `variables` do; an
    /// empty value draws no image.
    public var imageField: String? { image.flatMap(Frame.field(in:)) }

    /// The name in `text` when it is one field and nothing else (`{logo}`, spaces allowed
    /// inside the braces).
    static func field(in text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("{"), t.hasSuffix("}"), !t.hasPrefix("{{"), t.count > 2 else { return nil }
        let name = t.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        return name.isEmpty || name.contains(where: { "{}".contains($0) }) ? nil : name
    }
}

/// Where an image sits in a frame it does not fill: fractions of the room left over,
/// 0 (left, top) to 1 (right, bottom). Written in `template.yaml` as `align: top right`,
/// `align: left`, `align: bottom center` — a horizontal and a vertical word in any order,
/// the one left out centred.
public struct FrameAlignment: Hashable, Sendable {
    /// 0 left, 0.5 centred, 1 right.
    public var horizontal: Double
    /// 0 top, 0.5 centred, 1 bottom.
    public var vertical: Double

    /// An alignment of `horizontal` and `vertical` fractions.
    public init(horizontal: Double, vertical: Double) { self.horizontal = horizontal; self.vertical = vertical }

    /// Centred both ways (the default).
    public static let center = FrameAlignment(horizontal: 0.5, vertical: 0.5)

    /// The alignment `text` writes (`top right`), nil when a word is not one of left,
    /// center (centre), right, top, middle, bottom or a direction is given twice.
    public init?(_ text: String) {
        var h: Double?, v: Double?
        for word in text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }) {
            switch word {
            case "left": guard h == nil else { return nil }; h = 0
            case "right": guard h == nil else { return nil }; h = 1
            case "top": guard v == nil else { return nil }; v = 0
            case "bottom": guard v == nil else { return nil }; v = 1
            case "middle": guard v == nil else { return nil }; v = 0.5
            case "center", "centre": continue
            default: return nil
            }
        }
        self.init(horizontal: h ?? 0.5, vertical: v ?? 0.5)
    }
}
