/// Every field of a template that the data does not fill, as errors (`--strict`): one
/// `DocumentError` each, in written order.
public struct TemplateFieldErrors: Error, CustomStringConvertible, Sendable {
    /// The errors, each `doc.md:LINE:COL: no field 'name' in data.json` or the like.
    public var errors: [DocumentError]

    /// Errors for `errors`.
    public init(errors: [DocumentError]) { self.errors = errors }

    /// The errors, one a line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
