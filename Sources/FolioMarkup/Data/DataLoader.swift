import Foundation

/// Loads a data file — JSON, YAML or CSV — into a `DataValue`, for filling templates.
///
/// Every problem is a `DocumentError` with the file, the line and column where known,
/// and the reason: a file that cannot be read, one over `DataLimits.maximumFileBytes`,
/// an unknown extension, invalid UTF-8 (at its byte), a syntax error, nesting deeper
/// than `DataLimits.maximumDepth`, a repeated key, a CSV row with the wrong number of
/// fields. Files must be UTF-8; a leading byte-order mark is skipped.
///
/// What each format gives:
/// - JSON: any value (an object or an array of records in practice); keys in written
///   order, numbers as written. See `JSONDataReader` for the details of parsing.
/// - YAML: the same, with the scalar typing rule of `YAMLDataReader` (`true` is a bool,
///   `~` null, decimals numbers, the rest text); aliases bounded by
///   `DataLimits.maximumYAMLValues`. An empty file is null.
/// - CSV: an array with one object per row, keyed by the header row; every value a string.
public enum DataLoader {
    /// Loads the file at `path`, its format chosen by its extension (`.json`, `.yaml`,
    /// `.yml`, `.csv`, in any case). A file over `DataLimits.maximumFileBytes` is refused
    /// before it is read.
    public static func load(path: String) throws -> DataValue {
        guard let format = DataFormat(path: path) else {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let ext = name.contains(".") ? "'.\(URL(fileURLWithPath: path).pathExtension)'" : "a name without an extension"
            throw DocumentError(path: path, reason: "\(ext) is not a data format: use \(DataFormat.acceptedExtensions)")
        }
        return try load(data: read(path), format: format, file: path)
    }

    /// Loads `data` (standard input, say) in `format`; `file` names it in errors (`-`).
    public static func load(data: Data, format: DataFormat, file: String) throws -> DataValue {
        let source = try checkedSource(data, file: file)
        switch format {
        case .json: return try JSONDataReader(source: source).read()
        case .yaml: return try YAMLDataReader(source: source).read()
        case .csv: return try CSVDataReader(source: source).read()
        }
    }

    /// What a data file holds, read once: its records, one at a time, when it is a list
    /// read so (a JSON array, any CSV file, a YAML file that is plainly a list: see
    /// `DataRecords`), else its value.
    public enum Contents {
        /// A list, read one record at a time.
        case records(DataRecords)
        /// Anything else (one object, a YAML list read whole, …), read whole.
        case value(DataValue)
    }

    /// The contents of the file at `path`, its format chosen by its extension; the file is
    /// read once.
    public static func contents(path: String) throws -> Contents {
        guard let format = DataFormat(path: path) else { return .value(try load(path: path)) }  // the extension's error
        return try contents(data: read(path), format: format, file: path)
    }

    /// The contents of `data` in `format`; `file` names it in errors (`-`).
    public static func contents(data: Data, format: DataFormat, file: String) throws -> Contents {
        let source = try checkedSource(data, file: file)
        if let records = try listRecords(source, format: format) { return .records(records) }
        switch format {
        case .json: return .value(try JSONDataReader(source: source).read())
        case .yaml: return .value(try YAMLDataReader(source: source).read())
        case .csv: return .value(try CSVDataReader(source: source).read())  // a CSV file is always a list
        }
    }

    /// The records of the file at `path` when it is a list read one record at a time (see
    /// `contents(path:)`); nil for one value or a YAML file read whole.
    public static func records(path: String) throws -> DataRecords? {
        guard let format = DataFormat(path: path) else { return nil }
        return try records(data: read(path), format: format, file: path)
    }

    /// The records of `data` when it is a list read one record at a time (see
    /// `contents(data:format:file:)`); nil for one value or a YAML file read whole. A YAML
    /// file that is not valid gives nil here and its error from `load`.
    public static func records(data: Data, format: DataFormat, file: String) throws -> DataRecords? {
        try listRecords(checkedSource(data, file: file), format: format)
    }

    /// The bytes of `data`, within the size limit and valid UTF-8.
    private static func checkedSource(_ data: Data, file: String) throws -> DataSource {
        guard data.count <= DataLimits.maximumFileBytes else { throw tooLarge(file) }
        let source = DataSource(file: file, data: data)
        try source.checkUTF8()
        return source
    }

    /// The records of `source` when it is a list read one record at a time, else nil.
    private static func listRecords(_ source: DataSource, format: DataFormat) throws -> DataRecords? {
        switch format {
        case .json:
            let reader = JSONDataReader(source: source)
            return try reader.recordRanges().map { DataRecords(json: reader, ranges: $0) }
        case .csv: return DataRecords(csv: try CSVDataReader(source: source).rows())
        case .yaml: return YAMLRecords(source: source).map(DataRecords.init(yaml:))
        }
    }

    private static func tooLarge(_ file: String) -> DocumentError {
        DocumentError(path: file, reason: "larger than \(DataLimits.maximumFileBytes / (1024 * 1024)) MB, the most a data file may be")
    }

    /// The bytes of `path`: its size checked first, then read no further than the limit
    /// (a pipe or device has no size to check in advance).
    private static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError(path: path, reason: "no such data file")
        }
        guard !isDirectory.boolValue else { throw DocumentError(path: path, reason: "is a folder, not a data file") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.int64Value > Int64(DataLimits.maximumFileBytes) {
            throw tooLarge(path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError(path: path, reason: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: DataLimits.maximumFileBytes + 1) ?? Data() } catch {
            throw DocumentError(path: path, reason: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= DataLimits.maximumFileBytes else { throw tooLarge(path) }
        return data
    }
}
