import Foundation

/// A template style made concrete: the attributes and paragraph style its text gets.
public struct ResolvedStyle: Sendable {
    /// The style's name.
    public var name: String
    /// Paragraph or character style.
    public var kind: StyleDefinition.Kind
    /// For a paragraph style, every character attribute its text gets (the font always
    /// set); for a character style, what it sets on top of plain body text.
    public var attributes: TextAttributes
    /// The paragraph style (the default for a character style).
    public var paragraph: ParagraphStyle
    /// The style the paragraph after this one takes (a heading's `body-first`).
    public var next: String?
    /// The first line's indent relative to the others' (kept for styles inheriting it).
    var textIndent = 0.0
}

/// A template's styles with inheritance resolved and the scale applied.
///
/// A paragraph style starts from its parent's resolved style (or `body`'s) and applies
/// its own settings on top, so `em` lengths are relative to the size it inherits.
/// A character style keeps its settings (its parents' first) and applies them to the
/// text it is used on, so `weight: bold` keeps a heading's family and size.
public struct StyleSheet: Sendable {
    /// The template's scale, already applied to every length and size in the resolved styles.
    public let scale: Double
    private var resolved: [String: ResolvedStyle] = [:]
    /// Character styles' settings, inherited ones first.
    private var characterProperties: [String: [StyleProperty]] = [:]
    private let table: PropertyTable
    /// Character styles applied before, by style and base: applying one reads its property
    /// strings again (lengths, colours, families through Foundation), some 60 000
    /// instructions, and a book of inline code applies `code-inline` thousands of times.
    private let appliedCharacterStyles = AppliedCharacterStyles()

    /// Resolves every style of `template` (its standard styles completed from the
    /// template's body). Unknown parents, cycles and bad values are errors at their place.
    public init(template: Template) throws {
        scale = template.scale
        table = PropertyTable(scale: template.scale)
        let definitions = StandardStyles.completing(template.styles)
        var visiting: [String] = []
        func parent(of d: StyleDefinition) -> String? {
            d.parent ?? (d.name == "body" || d.kind == .character ? nil : "body")
        }
        func resolve(_ name: String, from: StyleDefinition?) throws {
            if resolved[name] != nil || characterProperties[name] != nil { return }
            guard let d = definitions[name] else {
                let place = from?.location ?? SourceLocation(file: template.sourcePath, line: 1, column: 1)
                throw DocumentError(place, "style '\(from?.name ?? "?")' inherits from unknown style '\(name)'")
            }
            if visiting.contains(name) {
                throw DocumentError(d.location ?? SourceLocation(file: template.sourcePath, line: 1, column: 1),
                                    "styles inherit from each other in a circle: \((visiting + [name]).joined(separator: " → "))")
            }
            visiting.append(name)
            defer { visiting.removeLast() }
            if let p = parent(of: d) { try resolve(p, from: d) }
            switch d.kind {
            case .paragraph:
                var target: PropertyTable.Target
                if let p = parent(of: d), let base = resolved[p] {
                    target = .init(attributes: base.attributes, paragraph: base.paragraph, next: base.next, textIndent: base.textIndent)
                } else if let p = parent(of: d), let props = characterProperties[p] {
                    target = .init(attributes: TextAttributes(font: FontDescriptor(size: FontDescriptor.defaultBodySize * scale)),
                                   paragraph: .documentDefault, next: nil)
                    try table.apply(props, to: &target)
                } else {
                    target = .init(attributes: TextAttributes(font: FontDescriptor(size: FontDescriptor.defaultBodySize * scale)),
                                   paragraph: .documentDefault, next: nil)
                }
                try Self.apply(d.properties, with: table, to: &target)
                resolved[name] = ResolvedStyle(name: name, kind: .paragraph, attributes: target.attributes,
                                               paragraph: target.paragraph, next: target.next, textIndent: target.textIndent)
            case .character:
                let inherited = parent(of: d).flatMap { characterProperties[$0] } ?? []
                let props = inherited + d.properties
                var target = PropertyTable.Target(attributes: TextAttributes(), paragraph: .documentDefault, next: nil)
                try table.apply(props, to: &target)
                if target.setParagraphProperty, let bad = d.properties.first(where: { PropertyTable.paragraphNames.contains($0.name) }) {
                    throw DocumentError(bad.location ?? SourceLocation(file: template.sourcePath, line: 1, column: 1),
                                        "'\(bad.name)' is a paragraph property; character style '\(name)' cannot set it")
                }
                characterProperties[name] = props
                // What it sets, as it comes out on body text (its font: the body's with the
                // style's changes) — for users that take a character style's attributes
                // as they are. Applying it to other text goes through `applying(characterStyle:to:)`.
                if definitions["body"] != nil, !visiting.contains("body") { try resolve("body", from: d) }
                let bodyFont = resolved["body"]?.attributes.font ?? FontDescriptor(size: FontDescriptor.defaultBodySize * scale)
                var onBody = PropertyTable.Target(attributes: TextAttributes(font: bodyFont), paragraph: .documentDefault, next: nil)
                try table.apply(props, to: &onBody)
                var own = target.attributes
                own.font = target.attributes.font == nil ? nil : onBody.attributes.font
                resolved[name] = ResolvedStyle(name: name, kind: .character, attributes: own,
                                               paragraph: .documentDefault, next: nil)
            }
        }
        for name in definitions.keys.sorted() { try resolve(name, from: nil) }
        for style in resolved.values {
            if let next = style.next, resolved[next] == nil {
                throw DocumentError(definitions[style.name]?.location ?? SourceLocation(file: template.sourcePath, line: 1, column: 1),
                                    "style '\(style.name)' names unknown style '\(next)' as next")
            }
        }
    }

    /// Applies a paragraph style's settings. A list that changes the size but not the
    /// leading keeps the proportion of leading to size it inherits (as CSS does with a
    /// unitless line height): a heading inheriting the body's 13 pt leading, or a
    /// `{size=20pt}` paragraph, must not overlap itself.
    private static func apply(_ properties: [StyleProperty], with table: PropertyTable, to target: inout PropertyTable.Target) throws {
        let inheritedSize = target.attributes.font?.size ?? FontDescriptor.defaultBodySize
        try table.apply(properties, to: &target)
        let leadingNames: Set<String> = ["leading", "line-height", "min-line-height", "max-line-height"]
        if properties.contains(where: { $0.name == "size" }), !properties.contains(where: { leadingNames.contains($0.name) }),
           let size = target.attributes.font?.size, inheritedSize > 0 {
            let ratio = size / inheritedSize
            target.paragraph.minimumLineHeight *= ratio
            target.paragraph.maximumLineHeight *= ratio
        }
    }

    /// Every style's name, sorted.
    public var names: [String] { resolved.keys.sorted() }

    /// The resolved style `name`, or nil when the template has no such style.
    public func style(_ name: String) -> ResolvedStyle? { resolved[name] }

    /// The paragraph style `name`; an unknown name is an error at `location` listing
    /// the styles there are.
    public func paragraphStyle(named name: String, at location: SourceLocation?) throws -> ResolvedStyle {
        if let s = resolved[name], s.kind == .paragraph { return s }
        let known = resolved.values.filter { $0.kind == .paragraph }.map(\.name).sorted().joined(separator: ", ")
        let reason = resolved[name] != nil ? "'\(name)' is a character style, not a paragraph style"
            : "unknown style '\(name)'; the template's paragraph styles are: \(known)"
        throw DocumentError(location ?? SourceLocation(file: "template", line: 1, column: 1), reason)
    }

    /// `base` with character style `name` applied (its font settings relative to
    /// `base`'s font); a paragraph style's character attributes replace `base`'s.
    public func applying(characterStyle name: String, to base: TextAttributes) -> TextAttributes {
        if let props = characterProperties[name] {
            if let known = appliedCharacterStyles.value(name, base) { return known }
            var target = PropertyTable.Target(attributes: base, paragraph: .documentDefault, next: nil)
            // Validated when the sheet was made.
            try? table.apply(props, to: &target)
            appliedCharacterStyles.remember(name, base, target.attributes)
            return target.attributes
        }
        return resolved[name].map { base.merging($0.attributes) } ?? base
    }

    /// `style` with ad-hoc properties (a Markdown `{key=value}`) applied on top.
    public func applying(_ properties: [StyleProperty], to style: ResolvedStyle) throws -> ResolvedStyle {
        var target = PropertyTable.Target(attributes: style.attributes, paragraph: style.paragraph, next: style.next,
                                          textIndent: style.textIndent)
        if style.kind == .paragraph { try Self.apply(properties, with: table, to: &target) }
        else { try table.apply(properties, to: &target) }
        var s = style
        s.textIndent = target.textIndent
        s.attributes = target.attributes
        s.paragraph = target.paragraph
        s.next = target.next
        return s
    }

    /// Character attributes from properties on top of `base` (for spans); a paragraph
    /// property here is an error.
    public func attributes(_ properties: [StyleProperty], base: TextAttributes) throws -> TextAttributes {
        var target = PropertyTable.Target(attributes: base, paragraph: .documentDefault, next: nil)
        try table.apply(properties, to: &target)
        if target.setParagraphProperty, let bad = properties.first(where: { PropertyTable.paragraphNames.contains($0.name) }) {
            throw DocumentError(bad.location ?? SourceLocation(file: "document", line: 1, column: 1),
                                "'\(bad.name)' is a paragraph property; put it on a block ({\(bad.name)=…} on its own line)")
        }
        return target.attributes
    }

    /// Indents first lines by whole characters in Chinese (two, as clreq's paragraphs
    /// are) and Japanese (one, as jlreq's), where the template indents them at all;
    /// other languages keep the template's indents.
    public mutating func adaptIndents(toLanguage language: String) {
        let l = language.lowercased()
        let characters: Double = l.hasPrefix("zh") ? 2 : l.hasPrefix("ja") ? 1 : 0
        guard characters > 0 else { return }
        for (name, var style) in resolved where style.kind == .paragraph && style.textIndent > 0 {
            style.textIndent = characters * (style.attributes.font?.size ?? FontDescriptor.defaultBodySize)
            style.paragraph.firstLineHeadIndent = style.paragraph.headIndent + style.textIndent
            resolved[name] = style
        }
    }
}

extension ParagraphStyle {
    /// Where a document's paragraph styles start: TextKit's defaults, but a paragraph that
    /// breaks across columns or pages leaves two lines at least on each side (`orphans`,
    /// `widows`), as a book designer would; a style may set either from 1 to 10.
    static var documentDefault: ParagraphStyle {
        var style = ParagraphStyle()
        style.orphans = 2
        style.widows = 2
        return style
    }
}

/// `StyleSheet`'s memory of character styles applied (shared by the sheet's copies, which
/// are read from several threads in a mail merge or the service; bounded).
private final class AppliedCharacterStyles: @unchecked Sendable {
    private struct Key: Hashable {
        var name: String
        var base: TextAttributes
    }

    private let lock = NSLock()
    private var values: [Key: TextAttributes] = [:]

    func value(_ name: String, _ base: TextAttributes) -> TextAttributes? {
        lock.withLock { values[Key(name: name, base: base)] }
    }

    func remember(_ name: String, _ base: TextAttributes, _ applied: TextAttributes) {
        lock.withLock {
            if values.count >= 4096 { values.removeAll(keepingCapacity: true) }
            values[Key(name: name, base: base)] = applied
        }
    }
}

