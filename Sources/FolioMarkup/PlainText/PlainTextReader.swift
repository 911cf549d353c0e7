import Foundation

/// Reads UTF-8 text in which blank lines separate paragraphs into a storage.
/// Lines within a paragraph are joined with spaces, as in Markdown.
public enum PlainTextReader {
    /// The most bytes a document, a template file or a partial may have: 256 MB, which is
    /// ten thousand novels. The cap also ends an endless device (`/dev/zero`) given as input.
    public static let maximumBytes = 256 * 1024 * 1024

    /// The text of the file at `path` (`-` reads standard input; pipes and devices are read
    /// to their end, up to `maximumBytes`), checked to be UTF-8. Throws a `DocumentError`
    /// naming the file for a missing file, a folder, one too large, or invalid UTF-8 (with
    /// its byte offset, line and column).
    public static func read(path: String) throws -> String {
        try decode(readBytes(path: path), path: path)
    }

    /// Checks the file at `path` as `read(path:)` does — it exists, is not a folder, is at
    /// most `maximumBytes`, and is UTF-8 without NUL bytes — reading it a megabyte at a time
    /// rather than holding it: for a text set a part at a time (`PlainTextParagraphs`).
    /// Throws `read(path:)`'s error; returns the file's length in bytes.
    public static func validate(path: String) throws -> Int {
        try validate(path: path, readSize: 1 << 20)
    }

    /// Reading `readSize` bytes at a time (tests read a few at a time), and showing
    /// `inspect` the file's bytes in order, a checked piece at a time, with the offset of
    /// each piece (pieces are cut between characters).
    package static func validate(path: String, readSize: Int,
                                 inspect: (UnsafeBufferPointer<UInt8>, _ offset: Int) throws -> Void = { _, _ in }) throws -> Int {
        let handle = try open(path: path)
        defer { try? handle.close() }
        var total = 0
        var carried: [UInt8] = []
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: readSize) }
            catch { throw DocumentError(path: path, reason: "could not be read: \(error.localizedDescription)") }
            guard let chunk, !chunk.isEmpty else { break }
            total += chunk.count
            if total > maximumBytes {
                throw DocumentError(path: path, reason: "is larger than 256 MB, the most Folio reads of a text file (an endless device such as /dev/zero would never end); split the document")
            }
            var bytes = carried
            bytes.append(contentsOf: chunk)
            // A character cut by the chunk's end is checked with the next chunk.
            var cut = bytes.count
            var back = 0
            while back < 3, cut > 0, bytes[cut - 1] & 0xC0 == 0x80 { cut -= 1; back += 1 }
            if cut > 0, bytes[cut - 1] >= 0xC0 { cut -= 1 } else { cut = bytes.count }
            let offset = total - bytes.count
            let valid = try bytes.withUnsafeBufferPointer { whole in
                let part = UnsafeBufferPointer(rebasing: whole[..<cut])
                guard let base = part.baseAddress else { return true }
                guard memchr(base, 0, part.count) == nil, String(validating: part, as: UTF8.self) != nil else { return false }
                try inspect(part, offset)
                return true
            }
            // The whole file, read as `read(path:)` does, names the place of the fault.
            guard valid else { try readToFindFault(path: path) }
            carried = Array(bytes[cut...])
        }
        if !carried.isEmpty {
            if String(validating: carried, as: UTF8.self) == nil { try readToFindFault(path: path) }
            try carried.withUnsafeBufferPointer { try inspect($0, total - carried.count) }
        }
        return total
    }

    /// Reads the file whole to name the place of a fault a check found; when that read
    /// finds none, the file changed while it was checked.
    private static func readToFindFault(path: String) throws -> Never {
        _ = try read(path: path)
        throw DocumentError(path: path, reason: "changed while it was read; nothing was written")
    }

    /// The bytes of the file at `path` (`-`: standard input), at most `maximumBytes`.
    public static func readBytes(path: String) throws -> Data {
        if path == "-" { return try readAll(FileHandle.standardInput, path: path) }
        let handle = try open(path: path)
        defer { try? handle.close() }
        return try readAll(handle, path: path)
    }

    /// The file at `path`, opened for reading; a `DocumentError` naming it when it is
    /// missing, a folder, or not readable.
    private static func open(path: String) throws -> FileHandle {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw DocumentError(path: path, reason: "no such file")
        }
        if isDir.boolValue { throw DocumentError(path: path, reason: "is a directory, not a text file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError(path: path, reason: "cannot be opened for reading (permission denied)")
        }
        return handle
    }

    /// Everything `handle` gives until its end, a megabyte at a time, stopping with an
    /// error past `maximumBytes`.
    private static func readAll(_ handle: FileHandle, path: String) throws -> Data {
        var data = Data()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) }
            catch { throw DocumentError(path: path, reason: "could not be read: \(error.localizedDescription)") }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            if data.count > maximumBytes {
                throw DocumentError(path: path, reason: "is larger than 256 MB, the most Folio reads of a text file (an endless device such as /dev/zero would never end); split the document")
            }
        }
    }

    /// Decodes UTF-8, naming the byte offset, line and column of the first invalid byte.
    public static func decode(_ data: Data, path: String) throws -> String {
        // The standard library validates fast over contiguous bytes (over `Data` as a
        // sequence it goes byte by byte, ten times slower); the walk below only finds
        // the place.
        let valid: String? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard !bytes.isEmpty else { return "" }
            guard memchr(bytes.baseAddress!, 0, bytes.count) == nil else { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
        if let valid { return valid }
        let bytes = [UInt8](data)
        var i = 0
        var line = 1, lineStart = 0
        while i < bytes.count {
            let b = bytes[i]
            var need = 0
            if b < 0x80 { need = 0 }
            else if b & 0xE0 == 0xC0, b >= 0xC2 { need = 1 }
            else if b & 0xF0 == 0xE0 { need = 2 }
            else if b & 0xF8 == 0xF0, b <= 0xF4 { need = 3 }
            else { need = -1 }
            var ok = need >= 0 && i + need < bytes.count
            if ok { for k in 0..<need where bytes[i + 1 + k] & 0xC0 != 0x80 { ok = false } }
            if ok, need == 2 {
                let cp = (Int(b & 0x0F) << 12) | (Int(bytes[i + 1] & 0x3F) << 6) | Int(bytes[i + 2] & 0x3F)
                if cp < 0x800 || (0xD800...0xDFFF).contains(cp) { ok = false }
            }
            if ok, need == 3 {
                let cp = (Int(b & 0x07) << 18) | (Int(bytes[i + 1] & 0x3F) << 12) | (Int(bytes[i + 2] & 0x3F) << 6) | Int(bytes[i + 3] & 0x3F)
                if cp < 0x10000 || cp > 0x10FFFF { ok = false }
            }
            if !ok {
                let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).count + 1
                throw DocumentError(path: path, line: line, column: column,
                                    reason: String(format: "invalid UTF-8 at byte offset %d (byte 0x%02X)", i, b))
            }
            if b == 0x0A { line += 1; lineStart = i + 1 }
            i += need + 1
        }
        if bytes.contains(0) {
            let at = bytes.firstIndex(of: 0)!
            throw DocumentError(path: path, reason: "contains a NUL byte at byte offset \(at); is this a binary file?")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The paragraphs of `text`: blocks separated by blank lines, inner newlines as spaces.
    public static func paragraphs(of text: String) -> [String] {
        Array(PlainTextParagraphs(text))
    }

    /// A storage holding `text`'s paragraphs with one set of attributes and style.
    public static func storage(for text: String, attributes: TextAttributes = .none,
                               paragraphStyle: ParagraphStyle = .default) -> TextStorage {
        let storage = TextStorage()
        storage.typingAttributes = attributes
        storage.typingParagraphStyle = paragraphStyle
        storage.append(paragraphs(of: text).joined(separator: "\n"), attributes: attributes, paragraphStyle: paragraphStyle)
        return storage
    }
}
