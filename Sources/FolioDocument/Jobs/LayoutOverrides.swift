import FolioText
import Foundation

/// Settings given on the command line that take precedence over the template's.
/// Every field is optional: nil leaves the template's value.
public struct LayoutOverrides: Sendable {
    /// `--paper`: page size in points. Frames keep their place across the page in proportion
    /// and their distance from the nearer of the top and bottom edges.
    public var pageSize: Size?
    /// `--margin`: one margin in points for all four sides of every master.
    public var margin: Double?
    /// `--columns`: the column count of every page (masters' own counts are cleared).
    /// `{columns=N}` sections in the document still apply.
    public var columns: Int?
    /// `--gutter`: space between columns in points, on every master.
    public var gutter: Double?
    /// `--font`: the body's font families, in order of preference.
    public var fontFamilies: [String]?
    /// Body size in points; every other style is scaled in proportion.
    public var size: Double?
    /// Body leading in points.
    public var leading: Double?
    /// `--align`: the body style's alignment (after any `--set body.align=…`).
    public var alignment: TextAlignment?
    /// `--hyphenate`: whether the body is hyphenated, and with which language's dictionary
    /// (which also becomes the document's language).
    public var hyphenation: Hyphenation?
    /// `--set key=value`: a `style.property` sets a style property (`body.size=11pt`),
    /// `scale` the template scale, anything else a field variable (`title=…`).
    public var settings: [(key: String, value: String)] = []

    /// No overrides: the template as written.
    public init() {}

    /// Hyphenation as `--hyphenate` gives it: a language whose dictionary hyphenates the
    /// body (and which becomes the document's language), or none.
    public enum Hyphenation: Hashable, Sendable {
        /// Hyphenate with the dictionary for this language tag (e.g. `en-US`).
        case language(String)
        /// No hyphenation (`--hyphenate none`).
        case off

        /// Reads `--hyphenate`'s value: `none` (in any case) is `.off`, any other text a
        /// language tag; nil for an empty one.
        public init?(_ text: String) {
            if text.isEmpty { return nil }
            if text.lowercased() == "none" { self = .off; return }
            guard LanguageTag.isWellFormed(text) else { return nil }
            self = .language(text)
        }

        /// The language tag, or nil for `.off`.
        public var language: String? {
            if case .language(let tag) = self { return tag }
            return nil
        }
    }

    /// Applies the overrides to `template`; `variables` receives the field settings.
    public func apply(to template: inout Template, variables: inout [String: String]) throws {
        if let pageSize {
            moveFrames(of: &template, to: pageSize)
            template.pageSize = pageSize
        }
        if let margin { template.margins = PageMargins(all: margin); clearMasterMargins(&template) }
        if let columns { template.columns = columns; for k in template.masters.keys { template.masters[k]?.columns = nil } }
        if let gutter { template.gutter = gutter; for k in template.masters.keys { template.masters[k]?.gutter = nil } }
        for (key, value) in settings {
            let cli = SourceLocation(file: "--set \(key)=\(value)", line: 0, column: 0)
            if key == "scale" {
                // The same range as a template's `scale:`.
                guard let s = Double(value), s > 0, s <= 20 else {
                    throw DocumentError(cli, "the scale must be a number above 0 and at most 20")
                }
                template.scale = s
            } else if let dot = key.firstIndex(of: ".") {
                // A style property: the template's styles and the standard ones (which a
                // template need not list) can be set.
                var name = String(key[..<dot]), property = String(key[key.index(after: dot)...])
                if name == "styles", let d = property.firstIndex(of: ".") {
                    name = String(property[..<d]); property = String(property[property.index(after: d)...])
                }
                if template.styles[name] == nil, StandardStyles.names.contains(name) {
                    template.styles = StandardStyles.completing(template.styles)
                }
                guard template.styles[name] != nil else {
                    let names = Array(Set(template.styles.keys).union(StandardStyles.names)).sorted()
                    throw DocumentError(cli, "no style '\(name)' in the template or among the standard styles"
                                        + PropertyTable.suggestion(for: name, among: names)
                                        + " (a field variable's name has no '.')")
                }
                template.styles[name]!.properties.append(StyleProperty(name: property, value: value, location: cli))
            } else {
                variables[key] = value
            }
        }
        if let size {
            // The body takes exactly this size; the rest of the template keeps its proportions.
            let body = try StyleSheet(template: template).paragraphStyle(named: "body", at: nil)
            if let current = body.attributes.font?.size, current > 0 { template.scale *= size / current }
            // Scaled with it, another style may leave the sizes a style can have: say so
            // here, naming the flag, not the template line the scale was applied to.
            do { _ = try StyleSheet(template: template) } catch let e as DocumentError {
                throw DocumentError(SourceLocation(file: "--size \(size == size.rounded() ? String(Int(size)) : String(size))", line: 0, column: 0),
                                    "the other styles, scaled with the body, go out of range: \(e.reason)")
            }
        }
        var body: [StyleProperty] = []
        func flag(_ name: String) -> SourceLocation { SourceLocation(file: name, line: 0, column: 0) }
        if let fontFamilies { body.append(StyleProperty(name: "font", value: fontFamilies.joined(separator: ", "), location: flag("--font"))) }
        if let leading { body.append(StyleProperty(name: "leading", value: "\(leading / template.scale)pt", location: flag("--leading"))) }
        if let alignment {
            body.append(StyleProperty(name: "align", value: PropertyTable.alignValue(alignment), location: flag("--align")))
        }
        if let hyphenation {
            body.append(StyleProperty(name: "hyphenate", value: hyphenation == .off ? "false" : "true", location: flag("--hyphenate")))
        }
        if !body.isEmpty { template.styles["body", default: StyleDefinition(name: "body", kind: .paragraph)].properties += body }
    }

    /// Frames were placed for the template's paper: on another size they keep their
    /// place across the page in proportion (a centred folio stays centred, a full-width
    /// header stays full width) and their distance from the nearer of top and bottom.
    private func moveFrames(of template: inout Template, to size: Size) {
        let old = template.pageSize
        guard old.width > 0, old.height > 0 else { return }
        let sx = size.width / old.width
        for key in template.masters.keys {
            for i in template.masters[key]!.frames.indices {
                var r = template.masters[key]!.frames[i].rect
                r.origin.x *= sx
                r.size.width *= sx
                if r.minY + r.height / 2 > old.height / 2 { r.origin.y += size.height - old.height }
                template.masters[key]!.frames[i].rect = r
            }
        }
    }

    private func clearMasterMargins(_ template: inout Template) {
        for k in template.masters.keys { template.masters[k]?.margins = nil }
    }
}
