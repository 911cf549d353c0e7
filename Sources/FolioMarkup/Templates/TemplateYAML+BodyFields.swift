import Yams

/// The `before-body` and `after-body` lists of a template: front-matter fields set in the
/// text flow above and below the body (`BodyField`).
///
/// ```yaml
/// before-body: [subject]                 # instead of title, subtitle, author, date, abstract
/// after-body:
///   - signature.closing                  # in style signature-closing
///   - {image: signature.image, height: 15mm, keep-room: true}
///   - {field: signature.name, style: signature}
/// ```
extension TemplateYAML {
    /// The fields of a `before-body` or `after-body` list.
    func bodyFields(_ node: Node) throws -> [BodyField] {
        try list(node).map { entry in
            if case .scalar = entry {
                let name = try string(entry)
                guard !name.isEmpty else { throw error(entry, "a field's name is empty") }
                return BodyField(name, location: location(entry))
            }
            guard case .mapping(let m) = entry else {
                throw error(entry, "an entry is a field's name, {field: name, style: s} or {image: name, height: 15mm}")
            }
            try checkKeys(m, ["field", "image", "style", "height", "keep-room"], "a body field")
            let style = try m["style"].map(string)
            switch (m["field"], m["image"]) {
            case (let field?, nil):
                for key in ["height", "keep-room"] where m[key] != nil { throw error(m[key], "\(key) is for an image: write {image: name, …}") }
                return BodyField(try string(field), style: style, location: location(entry))
            case (nil, let image?):
                guard let h = m["height"] else { throw error(entry, "an image field needs a height (15mm)") }
                let height = try length(h)
                guard height > 0 else { throw error(h, "an image's height must be above 0") }
                return BodyField(image: try string(image), height: height, keepsRoom: try m["keep-room"].map(bool) ?? false,
                                 style: style, location: location(entry))
            default:
                throw error(entry, "an entry names either field: or image:, one of them")
            }
        }
    }
}
