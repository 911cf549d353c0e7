/// Why a document could not be read: the file, the place and the reason.
public struct DocumentError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path; self.line = line; self.column = column; self.reason = reason
    }

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
