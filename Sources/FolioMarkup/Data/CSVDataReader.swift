import CSV
import Foundation

/// Reads a CSV file into an array of objects, one per row, keyed by the header row.
///
/// CSV.swift splits the fields; Folio adds what it lacks: the quoting is checked first by
/// one pass over the bytes (a quote inside an unquoted field, text after a closing quote,
/// a quote never closed: errors with their line and column, where CSV.swift would quietly
/// swallow the rest of the file), invalid UTF-8 is an error at its byte, and line numbers
/// are counted from the line breaks inside each row's fields, so rows after a quoted
/// field with newlines are still reported at their own line. Rules:
/// - the header row names the fields; an empty or repeated name is an error at its column;
/// - every row must have as many fields as the header (an error at the row's line);
/// - blank lines are skipped; a byte-order mark is skipped; LF, CR LF and CR end lines;
/// - values are strings, exactly as written (CSV has no types): `"  7 "` stays `  7 `.
struct CSVDataReader {
    let source: DataSource

    func read() throws -> DataValue {
        let (headerColumns, blankLines) = try checkQuotes()
        let reader: CSVReader
        do {
            reader = try CSVReader(stream: InputStream(data: Data(source.bytes)), hasHeaderRow: true)
        } catch {
            throw source.error(atByte: 0, "an empty CSV file: the first row must name the fields")
        }
        let header = reader.headerRow ?? []
        var seen: [String: Int] = [:]
        for (i, name) in header.enumerated() {
            let column = i < headerColumns.count ? headerColumns[i] : 1
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
        let positions = DataObject.positions(of: header)
        var line = 1 + Self.lineBreaks(in: header) + 1
        var rows: [DataValue] = []
        while let row = reader.next() {
            let rowLine = line
            line += 1 + Self.lineBreaks(in: row)
            if row.count == 1, row[0].isEmpty, blankLines.contains(rowLine) { continue }
            guard row.count == header.count else {
                throw DocumentError(path: source.file, line: rowLine,
                                    reason: "this row has \(row.count) field\(row.count == 1 ? "" : "s"), the header row \(header.count)")
            }
            rows.append(.object(DataObject(keys: header, values: row.map(DataValue.string), positions: positions)))
        }
        if let error = reader.error {
            throw DocumentError(path: source.file, line: line, reason: "could not be read: \(error)")
        }
        return .array(rows)
    }

    /// The line breaks inside a row's fields (CR LF, LF and a lone CR count one each).
    static func lineBreaks(in row: [String]) -> Int {
        var n = 0
        for field in row {
            var previousCR = false
            for u in field.utf8 {
                if u == 0x0A { if !previousCR { n += 1 } } else if u == 0x0D { n += 1 }
                previousCR = u == 0x0D
            }
        }
        return n
    }

    /// Checks the quoting of the whole file; returns the column of each header field and
    /// the lines that are empty (outside quoted fields).
    private func checkQuotes() throws -> (headerColumns: [Int], blankLines: Set<Int>) {
        enum State { case fieldStart, unquoted, quoted, afterQuote }
        let b = source.bytes
        var state = State.fieldStart
        var line = 1, column = 1, record = 0
        var headerColumns: [Int] = []
        var blankLines = Set<Int>()
        var openedAt = 0
        var i = source.bomLength
        func place() -> SourceLocation { SourceLocation(file: source.file, line: line, column: column) }
        while i < b.count {
            let c = b[i]
            if state == .fieldStart, record == 0, c != 0x0A, c != 0x0D { headerColumns.append(column) }
            if c == 0x0A || c == 0x0D {
                if c == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { i += 1 }
                if state != .quoted {
                    if state == .fieldStart, column == 1 { blankLines.insert(line) }
                    if state == .fieldStart, record == 0, !headerColumns.isEmpty { headerColumns.append(column) }
                    state = .fieldStart; record += 1
                }
                line += 1; column = 1; i += 1
                continue
            }
            switch (state, c) {
            case (.fieldStart, 0x22): state = .quoted; openedAt = i
            case (.fieldStart, 0x2C), (.unquoted, 0x2C), (.afterQuote, 0x2C): state = .fieldStart
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
        if record == 0, state == .fieldStart, !headerColumns.isEmpty { headerColumns.append(column) }
        return (headerColumns, blankLines)
    }
}
