/// A regular-expression rule: text matching `pattern` gets the attributes of `style`
/// (a character style) and, with `replacement`, is rewritten (`$1` for a group), e.g.
/// `~(.+?)~` → `$1` in a script face.
public struct StyleRule: Hashable, Sendable {
    /// The regular expression (PCRE2's Perl syntax, Unicode-aware `\w`, `\d`, `\b`) matched
    /// against each edited paragraph, within a step budget (`RulePattern`).
    public var pattern: String
    /// The character style given to each match.
    public var style: String
    /// The text that replaces each match (`$1` or `${name}` for a capture group, `$$` for a
    /// dollar sign); nil keeps the text.
    public var replacement: String?
    /// Where the rule was written in `template.yaml`.
    public var location: SourceLocation?
    /// A rule giving text matching `pattern` the character style `style`, rewritten to
    /// `replacement` when one is given.
    public init(pattern: String, style: String, replacement: String? = nil, location: SourceLocation? = nil) {
        self.pattern = pattern; self.style = style; self.replacement = replacement; self.location = location
    }
}
