import Mustache

/// A data value as swift-mustache renders it: an object is looked up by key
/// (`MustacheParent`), an array repeats a section once per element (`[DataValue]`), a
/// bool is a `Bool` (false hides a section), null is nothing (a section is hidden, an
/// inverted one shown, `{{x}}` prints nothing), and a string or number prints its text
/// (`TemplateScalar`, which also formats: `{{currency(total)}}`). An empty array hides a
/// section; an empty string, `0` and an empty object do not.
extension DataValue: MustacheParent, MustacheCustomRepresentation {
    /// The value of `name` in an object; nil for anything else or a key it does not have.
    public func child(named name: String) -> Any? {
        guard case .object(let o) = self else { return nil }
        return o[name]
    }

    /// What the value stands for in a template (see the type's comment).
    public var representation: Any? {
        switch self {
        case .null: return nil
        case .bool(let b): return b
        case .number(let n): return TemplateScalar(text: n.text, isNumber: true)
        case .string(let s): return TemplateScalar(text: s, isNumber: false)
        case .array(let a): return a
        case .object: return self
        }
    }
}
