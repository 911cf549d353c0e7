/// One `name: value` setting of a style, kept as written so that inheritance can merge
/// settings before they are interpreted, and errors can point at the line that set them.
public struct StyleProperty: Hashable, Sendable {
    /// The property's name as written (`size`, `font`, `space-after`…).
    public var name: String
    /// The value as written (`11pt`, `bold`, `#333`); interpreted when the style is resolved.
    public var value: String
    /// Where it was written (the template line, a `{…}` in a document, or a flag).
    public var location: SourceLocation?
    /// A setting of `name` to `value`, written at `location`.
    public init(name: String, value: String, location: SourceLocation? = nil) {
        self.name = name; self.value = value; self.location = location
    }
}

/// A named style of a template as written: its own settings and the style it inherits from.
public struct StyleDefinition: Hashable, Sendable {
    /// A paragraph style styles whole paragraphs (`body`, `heading-1`); a character style
    /// styles spans inside them (`emphasis`, `link`).
    public enum Kind: String, Hashable, Sendable { case paragraph, character }
    /// The style's name, as `{.name}` and other styles' `parent` and `next` name it.
    public var name: String
    /// Paragraph or character style.
    public var kind: Kind
    /// The style this one inherits every setting it does not make itself.
    public var parent: String?
    /// The style's own settings, in the order written; inherited ones are not copied here.
    public var properties: [StyleProperty]
    /// Where the style was defined, for errors.
    public var location: SourceLocation?
    /// A style `name` of `kind` inheriting from `parent`, with its own `properties`.
    public init(name: String, kind: Kind, parent: String? = nil, properties: [StyleProperty] = [],
                location: SourceLocation? = nil) {
        self.name = name; self.kind = kind; self.parent = parent; self.properties = properties; self.location = location
    }
}
