/// A regular-expression rule: text matching `pattern` gets the attributes of `style`
/// (a character style) and, with `replacement`, is rewritten (`$1` for a group), e.g.
/// `~(.+?)~` → `$1` in a script face.
public struct StyleRule: Hashable, Sendable {
    public var pattern: String
    public var style: String
    public var replacement: String?
    public var location: SourceLocation?
    public init(pattern: String, style: String, replacement: String? = nil, location: SourceLocation? = nil) {
        self.pattern = pattern; self.style = style; self.replacement = replacement; self.location = location
    }
}
