/// Where something was written in a source file, for error messages.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file (or a flag's text, with line 0, for command-line settings).
    public var file: String
    /// 1-based line; 0 for a place with no lines (a command-line flag).
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// A place in `file`.
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
