import Foundation

/// The paragraphs of plain text one at a time, as `PlainTextReader.paragraphs(of:)`
/// splits them (blocks separated by blank lines, inner newlines as spaces): from a string,
/// or from a file read a megabyte at a time, so that a long text is set a part at a time
/// without the whole of it, or all of its paragraphs, in memory at once.
public struct PlainTextParagraphs: Sequence, IteratorProtocol {
    /// The text, when it is a string; else the file being read (and closed once read), the
    /// bytes read from it and not yet split, and whether it has ended.
    private let text: String?
    private var file: FileHandle?
    private var buffer: [UInt8] = []
    private var ended = false
    /// How many bytes of the file are still to read: the length it was checked at.
    private var unread = Int.max
    private var path = ""
    /// Why the file's paragraphs ended before its end: it could not be read, or it changed
    /// after it was checked (`validate(path:)`). The text is then incomplete: fail with it.
    public private(set) var readError: DocumentError?
    /// Where the next line starts in the string or the buffer (UTF-8 bytes).
    private var position = 0

    /// The paragraphs of `text`.
    public init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    /// The paragraphs of the file at `path`, read as they are asked for. The file should
    /// have been checked to be UTF-8 (`PlainTextReader.validate(path:)`): bytes that are not
    /// (the file changed since) are read as U+FFFD.
    ///
    /// With `length` (what `validate(path:)` answered), no more than that is read, and a
    /// file found shorter, or unreadable, ends the paragraphs with `readError`.
    public init(contentsOfFile path: String, length: Int? = nil) throws {
        try self.init(contentsOfFile: path, length: length, readSize: 1 << 20)
    }

    /// Reading `readSize` bytes at a time (tests read a byte or a few at a time).
    package init(contentsOfFile path: String, length: Int? = nil, readSize: Int) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError(path: path, reason: "cannot be opened for reading (permission denied)")
        }
        text = nil
        file = handle
        self.path = path
        self.readSize = readSize
        unread = length ?? .max
    }

    /// The bytes read from a file at a time.
    private var readSize = 1 << 20

    /// The next paragraph; nil after the last.
    public mutating func next() -> String? {
        if let text {
            let start = position
            let found = text.utf8.withContiguousStorageIfAvailable { Self.paragraph(in: $0, from: start, final: true) }
                ?? Array(text.utf8).withUnsafeBufferPointer { Self.paragraph(in: $0, from: start, final: true) }
            position = found.next
            return found.paragraph.map { String(decoding: $0, as: UTF8.self) }
        }
        while true {
            let start = position, final = ended
            let found = buffer.withUnsafeBufferPointer { Self.paragraph(in: $0, from: start, final: final) }
            if !found.needsMore {
                position = found.next
                if found.paragraph == nil { try? file?.close(); file = nil }
                return found.paragraph.map { String(decoding: $0, as: UTF8.self) }
            }
            // The paragraph goes on past what was read: the bytes before it are done with.
            buffer.removeSubrange(0..<position)
            position = 0
            ended = !readMore()
        }
    }

    /// Reads the next piece of the file into `buffer`; false at its end.
    private mutating func readMore() -> Bool {
        guard unread > 0, let file else { return false }
        let chunk: Data?
        do { chunk = try file.read(upToCount: Swift.min(readSize, unread)) } catch {
            readError = DocumentError(path: path, reason: "could not be read: \(error.localizedDescription)")
            return false
        }
        guard let chunk, !chunk.isEmpty else {
            if unread != .max { readError = DocumentError(path: path, reason: "is shorter than when it was checked: it changed while it was read; nothing was written") }
            return false
        }
        if unread != .max { unread -= chunk.count }
        buffer.append(contentsOf: chunk)
        return true
    }

    /// The paragraph that starts at `start` in `bytes` (blank lines before it skipped), as
    /// bytes, and where the text after it starts; nil at the end. `needsMore` when `bytes`
    /// ends before the paragraph does and more may come (`final` false): then read more
    /// and ask again from `start`.
    ///
    /// Works on bytes: splitting a long String by Character is slow, and every byte that
    /// matters here (newline, CR, space, tab) is ASCII.
    static func paragraph(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                          final: Bool) -> (paragraph: [UInt8]?, next: Int, needsMore: Bool) {
        var current: [UInt8] = []
        var at = start
        while at <= bytes.count {
            var end = bytes.count
            if at < bytes.count, let base = bytes.baseAddress, let hit = memchr(base + at, 0x0A, bytes.count - at) {
                end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            } else if !final {
                return (nil, start, true)
            }
            var e = end
            if e > at, bytes[e - 1] == 0x0D { e -= 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[at..<e])
            at = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                if !current.isEmpty { return (current, at, false) }
            } else {
                if !current.isEmpty { current.append(0x20) }
                current.append(contentsOf: line)
            }
        }
        return (current.isEmpty ? nil : current, at, false)
    }
}
