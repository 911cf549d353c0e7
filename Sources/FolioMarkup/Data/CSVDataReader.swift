import CSV
import Foundation

/// Reads a CSV file into objects, one per row, keyed by the header row.
///
/// CSV.swift splits the fields; Folio adds what it lacks. One pass over the bytes first
/// checks the quoting (a quote inside an unquoted field, text after a closing quote, a
/// quote never closed: errors with their line and column, where CSV.swift would quietly
/// swallow the rest of the file) and the number of fields of every row, and notes where
/// each row starts and on which line: a row is then split only when it is asked for
/// (`CSVRows`), so a list of records does not hold the file's values, however long.
/// Invalid UTF-8 is an error at its byte. Rules:
/// - the header row names the fields; an empty or repeated name is an error at its column;
/// - every row must have as many fields as the header (an error at the row's line);
/// - blank lines are skipped; a byte-order mark is skipped; LF, CR LF and CR end lines;
/// - values are strings, exactly as written (CSV has no types): `"  7 "` stays `  7 `.
struct CSVDataReader {
    let source: DataSource

    /// The whole file as an array of objects.
    func read() throws -> DataValue { .array(Array(try rows().records)) }

    /// The rows, checked and indexed, split one at a time as they are asked for.
    func rows() throws -> CSVRows {
        let scan = try self.scan()
        let headerText = String(decoding: source.bytes[source.bomLength..<scan.headerEnd], as: UTF8.self)
        guard let header = (try? CSVReader(string: headerText, hasHeaderRow: false))?.next() else {
            throw source.error(atByte: 0, "an empty CSV file: the first row must name the fields")
        }
        var seen: [String: Int] = [:]
        for (i, name) in header.enumerated() {
            let column = i < scan.headerColumns.count ? scan.headerColumns[i] : 1
            if name.isEmpty {
                throw DocumentError(SourceLocation(file: source.file, line: 1, column: column),
                                    "field \(i + 1) of the header row has no name")
            }
            if let first = seen[name] {
                throw DocumentError(SourceLocation(file: source.file, line: 1, column: column),
                                    "field name '\(name)' is used twice in the header row (fields \(first + 1) and \(i + 1))")
            }
            seen[name] = i
        }
        if let (line, fields) = scan.firstMismatch {
            throw DocumentError(path: source.file, line: line,
                                reason: "this row has \(fields) field\(fields == 1 ? "" : "s"), the header row \(header.count)")
        }
        return CSVRows(source: source, header: header, rowStarts: scan.rowStarts)
    }

    /// What the pass over the bytes finds.
    private struct Scan {
        /// The column of each header field.
        var headerColumns: [Int] = []
        /// Where the header row ends (after its line break).
        var headerEnd = 0
        /// The byte where each data row starts, blank lines left out, and then the end.
        var rowStarts: [Int] = []
        /// The first data row whose number of fields is not the header's: its line and count.
        var firstMismatch: (line: Int, fields: Int)?
    }

    /// Checks the quoting of the whole file and counts the fields of every row.
    private func scan() throws -> Scan {
        enum State { case fieldStart, unquoted, quoted, afterQuote }
        let b = source.bytes
        var result = Scan()
        var state = State.fieldStart
        var line = 1, column = 1, record = 0
        var fields = 1, headerFields = 0
        var rowStart = source.bomLength, rowLine = 1
        var openedAt = 0
        var i = source.bomLength
        func place() -> SourceLocation { SourceLocation(file: source.file, line: line, column: column) }
        // Ends the row running from `rowStart`; `next` is where the one after it starts.
        func endRow(next: Int) {
            let blank = state == .fieldStart && column == 1
            if record == 0 {
                headerFields = fields
                result.headerEnd = next
                // A trailing comma: the empty last field is at the line's end.
                if state == .fieldStart, !result.headerColumns.isEmpty { result.headerColumns.append(column) }
            } else if !blank {
                result.rowStarts.append(rowStart)
                if fields != headerFields, result.firstMismatch == nil { result.firstMismatch = (rowLine, fields) }
            }
            record += 1
            fields = 1
            rowStart = next
            rowLine = line + 1
        }
        while i < b.count {
            let c = b[i]
            if state == .fieldStart, record == 0, c != 0x0A, c != 0x0D { result.headerColumns.append(column) }
            if c == 0x0A || c == 0x0D {
                if c == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { i += 1 }
                if state != .quoted {
                    endRow(next: i + 1)
                    state = .fieldStart
                }
                line += 1; column = 1; i += 1
                continue
            }
            switch (state, c) {
            case (.fieldStart, 0x22): state = .quoted; openedAt = i
            case (.fieldStart, 0x2C), (.unquoted, 0x2C), (.afterQuote, 0x2C): state = .fieldStart; fields += 1
            case (.fieldStart, _): state = .unquoted
            case (.unquoted, 0x22):
                throw DocumentError(place(), "a quote inside an unquoted field: quote the whole field and double the quote (\"a \"\"b\"\"\")")
            case (.unquoted, _): break
            case (.quoted, 0x22): state = .afterQuote
            case (.quoted, _): break
            case (.afterQuote, 0x22): state = .quoted
            case (.afterQuote, _):
                throw DocumentError(place(), "text after a closing quote: a quote inside a quoted field is written twice (\"\")")
            }
            if c & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        if state == .quoted { throw source.error(atByte: openedAt, "this quoted field is never closed") }
        if !(state == .fieldStart && column == 1) || record == 0 {
            endRow(next: b.count)
        }
        result.rowStarts.append(b.count)
        return result
    }
}

/// The data rows of a checked CSV file: each is split by CSV.swift when asked for, from
/// where the check found it, and let go after.
struct CSVRows: Sendable {
    let source: DataSource
    /// The field names.
    let header: [String]
    /// The index of `header`, shared by every row's object.
    private let positions: [String: Int]?
    /// Where each row starts, and then the end of the file.
    private let rowStarts: [Int]

    init(source: DataSource, header: [String], rowStarts: [Int]) {
        self.source = source
        self.header = header
        self.positions = DataObject.positions(of: header)
        self.rowStarts = rowStarts
    }

    /// The number of data rows.
    var count: Int { rowStarts.count - 1 }

    /// Row `index` as an object of strings.
    func record(at index: Int) -> DataValue {
        let text = String(decoding: source.bytes[rowStarts[index]..<rowStarts[index + 1]], as: UTF8.self)
        // The check found this row's quoting sound and its fields as many as the header's.
        var fields = (try? CSVReader(string: text, hasHeaderRow: false))?.next() ?? []
        if fields.count != header.count { fields = Array((fields + Array(repeating: "", count: header.count)).prefix(header.count)) }
        return .object(DataObject(keys: header, values: fields.map(DataValue.string), positions: positions))
    }

    /// Every row, in order.
    var records: [DataValue] { (0..<count).map(record(at:)) }
}
