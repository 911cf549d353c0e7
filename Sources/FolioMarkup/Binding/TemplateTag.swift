/// One Mustache tag of a document template, where it was written: what the check before
/// rendering (`TemplateScanner`, `TemplateFieldCheck`) works on.
public struct TemplateTag: Sendable, Hashable {
    /// What a tag does, by the character after its opening delimiter.
    public enum Kind: Sendable, Hashable {
        /// `{{name}}`
        case variable
        /// `{{{name}}}` or `{{&name}}`
        case unescaped
        /// `{{#name}}`
        case section
        /// `{{^name}}`
        case inverted
        /// `{{/name}}`
        case close
        /// `{{>name}}`
        case partial
        /// `{{<name}}` (a partial with blocks) or `{{$name}}` (a block): opens like a section.
        case block
        /// `{{!…}}`, `{{=<% %>=}}`, `{{%PRAGMA:…}}`
        case other
    }

    /// What the tag does.
    public var kind: Kind
    /// The name, without its transforms: `total` in `{{currency(total)}}`.
    public var name: String
    /// The transforms as written, outermost first: `["upper", "currency"]` in
    /// `{{upper(currency(total))}}` (applied last to first).
    public var transforms: [String]
    /// 1-based line of the opening delimiter.
    public var line: Int
    /// 1-based column of the opening delimiter, in characters.
    public var column: Int

    /// The name as written in the tag, transforms included: `currency(total)`.
    public var written: String {
        transforms.reduce("") { $0 + $1 + "(" } + name + String(repeating: ")", count: transforms.count)
    }
}
