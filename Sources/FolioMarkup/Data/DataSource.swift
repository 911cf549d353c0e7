import Foundation

/// The bytes of one data file and the means to name a place in it: byte offsets turned
/// into 1-based lines and columns, for errors.
///
/// Lines end at LF, CR LF or a lone CR. Columns count Unicode scalars from the start of
/// the line (a leading byte-order mark is not counted).
struct DataSource {
    /// The file's name in errors (a path, or `-` for standard input).
    let file: String
    /// The whole file, byte-order mark included.
    let bytes: [UInt8]
    /// 3 when the file starts with a UTF-8 byte-order mark, else 0.
    let bomLength: Int

    init(file: String, data: Data) {
        self.file = file
        self.bytes = [UInt8](data)
        self.bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// An error at byte `offset` (clamped to the file).
    func error(atByte offset: Int, _ reason: String) -> DocumentError {
        DocumentError(location(ofByte: offset), reason)
    }

    /// An error at the end of the file.
    func errorAtEnd(_ reason: String) -> DocumentError { error(atByte: bytes.count, reason) }

    /// The line and column of byte `offset`: scans the file up to it, once per error.
    func location(ofByte offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, column = 1
        var i = bomLength
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1; column = 1
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A, i + 1 < end { i += 1 }
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The offset of the first byte that is not part of valid UTF-8, nil when all is.
    func firstInvalidUTF8() -> Int? {
        // Checked a megabyte at a time (each piece ending before a character's first
        // byte), so the check does not copy the whole file; the first piece found bad is
        // parsed to find the byte.
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + 1 << 20)
            while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - start < (1 << 20) + 4 { end += 1 }
            if String(validating: bytes[start..<end], as: UTF8.self) == nil { break }
            start = end
        }
        if start >= bytes.count { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[start...].makeIterator()
        var offset = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Throws the error for invalid UTF-8 when the file has any.
    func checkUTF8() throws {
        if let bad = firstInvalidUTF8() {
            throw error(atByte: bad, "not valid UTF-8 (byte \(bad) of the file, counting from 0); data files must be UTF-8")
        }
    }
}
