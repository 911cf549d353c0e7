/// The formats a data file can be written in, chosen by its extension.
public enum DataFormat: String, Sendable, Hashable, CaseIterable {
    /// JSON (RFC 8259), read with Foundation's `JSONSerialization`.
    case json
    /// YAML 1.2, read with Yams.
    case yaml
    /// Comma-separated values with a header row (RFC 4180), read with CSV.swift.
    case csv

    /// The extensions accepted, as written in errors: `.json, .yaml, .yml or .csv`.
    public static let acceptedExtensions = ".json, .yaml, .yml or .csv"

    /// The format of a file named `path`, from its extension (any case); nil for any
    /// other extension.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "csv": self = .csv
        default: return nil
        }
    }
}
