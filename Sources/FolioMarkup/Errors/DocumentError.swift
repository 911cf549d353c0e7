/// Why a document could not be read: the file, the place and the reason.
public struct DocumentError: Error, CustomStringConvertible, Sendable {
    /// The file the error is in (a document, a `template.yaml`, or a flag such as `--size 8`).
    public var path: String
    /// 1-based line, nil when the error has no place in the file.
    public var line: Int?
    /// 1-based column (in characters), nil when only the line is known.
    public var column: Int?
    /// What is wrong and, where it helps, what was expected, in one sentence.
    public var reason: String

    /// An error in `path`, at `line` and `column` when known.
    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path; self.line = line; self.column = column; self.reason = reason
    }

    /// `path:line:column: reason`, the form compilers use, so editors can jump to it.
    public var description: String {
        var place = path
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(reason)"
    }
}

extension DocumentError {
    /// An error at `location` (line 0: a place with no lines, such as a command-line option).
    public init(_ location: SourceLocation, _ reason: String) {
        self.init(path: location.file, line: location.line > 0 ? location.line : nil,
                  column: location.line > 0 ? location.column : nil, reason: reason)
    }
}
