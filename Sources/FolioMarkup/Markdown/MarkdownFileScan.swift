import Foundation

/// A Markdown file checked, a megabyte at a time, so that its body can be parsed as it is
/// read (`MarkdownSource`, `MarkdownBodyReader`) rather than held whole: the checks and
/// errors of `PlainTextReader.read(path:)`, the front matter, and the `BodyFlags` of the
/// body.
struct MarkdownFileScan {
    /// The front matter (empty when the file has none).
    let frontMatter: FrontMatter
    /// Where the body's text starts in the file (after the front matter's closing line).
    let bodyOffset: Int
    /// The front matter's lines, which the body starts with as empty lines so that its
    /// line numbers are the file's.
    let frontMatterLines: Int
    /// The file's length as checked: no more is read.
    let fileLength: Int
    /// What the parse must know of the body before its first part.
    let body: BodyFlags
    /// The file as checked: the reader fails if it finds another (`MarkdownBodyReader`).
    let identity: FileIdentity

    /// The body's length in bytes.
    var bodyLength: Int { frontMatterLines + fileLength - bodyOffset }

    /// The bytes read at a time, to check and to parse: about a part's worth. (Pieces of a
    /// megabyte cost a one-novel render 4 MB more at its peak: they are freed to the heap,
    /// which cannot give back what later allocations sit above.)
    static let readSize = 64 << 10

    /// The file at `path` checked, with `read(path:)`'s errors and the front matter's; nil
    /// when it is to be read whole (`MarkdownReader.open(_:file:)`): it is not a regular
    /// file (a pipe cannot be read twice), it has a lone carriage return (which the whole
    /// read makes a line feed), or its front matter is not closed within its first megabyte.
    static func scan(path: String, readSize: Int = MarkdownFileScan.readSize) throws -> MarkdownFileScan? {
        // (`stat` follows a symbolic link to its file.)
        var status = stat()
        guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let identity = FileIdentity(status)
        var head: [UInt8] = []
        var start: BodyStart?
        var body = BodyFlags()
        let length = try PlainTextReader.validate(path: path, readSize: readSize) { piece, offset in
            if case .body(let bodyOffset, _, _)? = start {
                if offset + piece.count > bodyOffset {
                    body.scan(UnsafeBufferPointer(rebasing: piece[max(0, bodyOffset - offset)...]))
                }
                return
            }
            guard start == nil else { return }
            head.append(contentsOf: piece)
            start = Self.bodyStart(in: head, complete: false)
            if start == nil, head.count >= 1 << 20 { start = .readWhole }
            if case .body(let bodyOffset, _, _)? = start {
                head[bodyOffset...].withUnsafeBufferPointer { body.scan($0) }
            }
        }
        if start == nil {
            start = Self.bodyStart(in: head, complete: true)
            if case .body(let bodyOffset, _, _)? = start { head[bodyOffset...].withUnsafeBufferPointer { body.scan($0) } }
        }
        body.finish()
        // A file that changed while it was checked is read whole, as it is now.
        guard stat(path, &status) == 0, FileIdentity(status) == identity, identity.size == length else { return nil }
        guard case .body(let bodyOffset, let lines, let yaml)? = start else { return nil }
        // Every carriage return counts, the front matter's too (it ends with a line feed,
        // or at the file's end).
        var frontMatterFlags = BodyFlags()
        frontMatterFlags.scansWholeDocument = false
        head[..<bodyOffset].withUnsafeBufferPointer { frontMatterFlags.scan($0) }
        frontMatterFlags.finish()
        guard !body.hasLoneCarriageReturn, !frontMatterFlags.hasLoneCarriageReturn else { return nil }
        let frontMatter = try yaml.map {
            try FrontMatter.parse(yaml: String(decoding: head[$0], as: UTF8.self), file: path, firstLine: 2)
        } ?? FrontMatter()
        return MarkdownFileScan(frontMatter: frontMatter, bodyOffset: bodyOffset, frontMatterLines: lines,
                                fileLength: length, body: body, identity: identity)
    }

    private enum BodyStart {
        /// The body's first byte in the file, the front matter's lines, and its YAML's bytes.
        case body(offset: Int, lines: Int, yaml: Range<Int>?)
        /// Read the file whole: `FrontMatter.split` says what is wrong, if anything.
        case readWhole
    }

    /// Where the body starts in `head`, the file's first bytes (all of it when `complete`);
    /// nil when `head` is too short to tell.
    private static func bodyStart(in head: [UInt8], complete: Bool) -> BodyStart? {
        let text = String(decoding: head, as: UTF8.self)
        switch FrontMatter.fence(in: text) {
        case .none:
            // Told from the first line when it is not `---`, else from the first two: the
            // lines it is told from must be whole.
            if complete || head.count(where: { $0 == 0x0A }) >= 2 { return .body(offset: 0, lines: 0, yaml: nil) }
            let first = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard let lineEnd = head[first...].firstIndex(of: 0x0A) else { return nil }
            var line = head[first..<lineEnd]
            while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
            return line.elementsEqual("---".utf8) ? nil : .body(offset: 0, lines: 0, yaml: nil)
        case .unclosed:
            return complete ? .readWhole : nil
        case let .closed(yaml, closingLine, rest):
            let utf8 = text.utf8
            let yamlBytes = utf8.distance(from: utf8.startIndex, to: yaml.lowerBound)..<utf8.distance(from: utf8.startIndex, to: yaml.upperBound)
            if let rest { return .body(offset: utf8.distance(from: utf8.startIndex, to: rest), lines: closingLine, yaml: yamlBytes) }
            // The closing line may go on past `head`.
            return complete ? .body(offset: head.count, lines: closingLine, yaml: yamlBytes) : nil
        }
    }
}

/// Which file a path named, and its state: a file saved again (even at the same length, or
/// replaced by another of the same name) is another.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modified: timespec

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        modified = status.st_mtim
    }

    static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }

    /// The identity of the file open as `descriptor`; nil when it cannot be asked.
    static func of(descriptor: Int32) -> FileIdentity? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? FileIdentity(status) : nil
    }
}

/// A Markdown file's body read a piece at a time (`MarkdownSource`): the front matter's
/// lines as empty lines, then the file after them, no further than it was checked.
final class MarkdownBodyReader {
    /// The body's length in bytes.
    let length: Int
    private let path: String
    private var file: FileHandle?
    private var emptyLines: Int
    private var unread: Int
    private let readSize: Int
    /// Why the body ended early: the file could not be read, or is not as it was checked.
    private(set) var error: DocumentError?
    private let identity: FileIdentity
    private static let changed = "changed after it was checked, while it was read; nothing was written"

    /// The error for a file found to have changed once read.
    var changedError: DocumentError { DocumentError(path: path, reason: Self.changed) }

    /// The body of the file at `path`, checked as `scan`.
    init(path: String, scan: MarkdownFileScan, readSize: Int = MarkdownFileScan.readSize) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError(path: path, reason: "cannot be opened for reading (permission denied)")
        }
        do { try handle.seek(toOffset: UInt64(scan.bodyOffset)) } catch {
            try? handle.close()
            throw DocumentError(path: path, reason: "could not be read: \(error.localizedDescription)")
        }
        guard FileIdentity.of(descriptor: handle.fileDescriptor) == scan.identity else {
            try? handle.close()
            throw DocumentError(path: path, reason: Self.changed)
        }
        identity = scan.identity
        self.path = path
        file = handle
        length = scan.bodyLength
        emptyLines = scan.frontMatterLines
        unread = scan.fileLength - scan.bodyOffset
        self.readSize = readSize
    }

    deinit { try? file?.close() }

    /// The body's next piece; nil at its end, or when it ends early (see `error`).
    func next() -> [UInt8]? {
        if emptyLines > 0 {
            defer { emptyLines = 0 }
            return [UInt8](repeating: 0x0A, count: emptyLines)
        }
        guard unread > 0, let file else {
            // Saved again while it was read (the same length or longer: a shorter file
            // ends early, below).
            if error == nil, let file = self.file, FileIdentity.of(descriptor: file.fileDescriptor) != identity { error = changedError }
            return close()
        }
        // Read straight into the bytes the window keeps (no `Data` in between).
        var failure: Int32 = 0
        let piece = [UInt8](unsafeUninitializedCapacity: min(readSize, unread)) { buffer, count in
            while true {
                failure = 0
                let n = read(file.fileDescriptor, buffer.baseAddress, buffer.count)
                if n >= 0 { count = n; return }
                failure = errno
                if failure != EINTR { count = 0; return }
            }
        }
        guard !piece.isEmpty else {
            error = DocumentError(path: path, reason: failure != 0 ? "could not be read: \(String(cString: strerror(failure)))"
                                  : Self.changed)
            return close()
        }
        unread -= piece.count
        return piece
    }

    private func close() -> [UInt8]? {
        try? file?.close()
        file = nil
        return nil
    }
}
