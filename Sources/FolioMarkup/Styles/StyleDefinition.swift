/// One `name: value` setting of a style, kept as written so that inheritance can merge
/// settings before they are interpreted, and errors can point at the line that set them.
public struct StyleProperty: Hashable, Sendable {
    public var name: String
    public var value: String
    public var location: SourceLocation?
    public init(name: String, value: String, location: SourceLocation? = nil) {
        self.name = name; self.value = value; self.location = location
    }
}

/// A named style of a template as written: its own settings and the style it inherits from.
public struct StyleDefinition: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case paragraph, character }
    public var name: String
    public var kind: Kind
    /// The style this one inherits every setting it does not make itself.
    public var parent: String?
    public var properties: [StyleProperty]
    public var location: SourceLocation?
    public init(name: String, kind: Kind, parent: String? = nil, properties: [StyleProperty] = [],
                location: SourceLocation? = nil) {
        self.name = name; self.kind = kind; self.parent = parent; self.properties = properties; self.location = location
    }
}
