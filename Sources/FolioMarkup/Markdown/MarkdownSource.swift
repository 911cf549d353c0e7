import FolioLayout
import Foundation

/// The body text as given to the C parser, with what is needed to turn its positions (byte
/// columns) into source locations and to undo the escape protection.
///
/// A body given as a string is held whole. A body read from a file (`MarkdownFileScan`)
/// is held as a window of whole lines: read a piece at a time as the parser reaches it, and
/// let go up to the part before the one being parsed (`release(before:)`), so that a long
/// book's source is never in memory at once. Offsets and line numbers are always the
/// body's own; the window is used by one thread at a time (the block parser's).
final class MarkdownSource {
    let file: String
    /// The body's length in bytes.
    let length: Int
    /// The body's lines (cmark's: one more than its line feeds).
    let lineCount: Int
    /// Whether any escape was protected (so literals may need restoring).
    let protectsEscapes: Bool
    /// Whether the body must be parsed as one part (`MarkdownParts`): it may hold a link
    /// reference definition (any `]:`), usable anywhere in the document, or has a lone
    /// carriage return (a line end to cmark, not to `lineStart`).
    let parsesWhole: Bool
    /// Byte columns made character columns, remembered along the line last asked about.
    let columns = LineColumns()

    /// The window: the body as written and as parsed (`written` with escaped brackets and
    /// braces protected; empty when nothing is protected), from byte `base` on.
    private var written: [UInt8]
    private var parsed: [UInt8] = []
    private var base = 0
    /// Where each line of the window starts, the first being line `firstLine`.
    private var starts: [Int]
    private var firstLine = 1
    /// The file still to read; nil once read, or for a body given whole.
    private var reader: MarkdownBodyReader?
    /// Whether the body is read from a file (and let go as it is parsed).
    private let readsFile: Bool
    /// Read from the file after the window's last line feed.
    private var unfinishedLine: [UInt8] = []
    /// From the file's check: whether the body may need its whole document built first.
    private let scannedMayNeedWholeDocument: Bool?
    /// Why the file's text ended early: it could not be read, or it changed after it was
    /// checked. The parse must then fail with it.
    private(set) var readError: DocumentError?

    /// cmark drops the backslash of `\[` and merges the bracket into the surrounding text, so an
    /// escaped bracket could not be told from a real one. Before parsing, `\[ \] \{ \}` become
    /// the C1 controls U+0091–U+0094 — two UTF-8 bytes each, like the escape, so every column
    /// stays put — and `restore` turns them back. Sources that contain those (unused) controls
    /// are left alone.
    private static let protected: [UInt8: UInt8] = [
        UInt8(ascii: "["): 0x91, UInt8(ascii: "]"): 0x92, UInt8(ascii: "{"): 0x93, UInt8(ascii: "}"): 0x94,
    ]

    /// A body given whole.
    init(file: String, text: String) {
        self.file = file
        let bytes = Array(text.utf8)
        written = bytes
        length = bytes.count
        var starts = [0]
        // Each byte sought with `memchr` (a megabyte of text read a byte at a time was 3 %
        // of the time before layout could start).
        UTF8Bytes.forEach(0x0A, in: bytes) { i in starts.append(i + 1); return true }
        self.starts = starts
        lineCount = starts.count
        var flags = BodyFlags()
        // (Looked for only if asked: a mail merge reads a body for every record.)
        flags.scansWholeDocument = false
        bytes.withUnsafeBufferPointer { flags.scan($0) }
        flags.finish()
        protectsEscapes = flags.hasEscapes && !flags.hasControls
        parsesWhole = flags.mayDefineReferences || flags.hasLoneCarriageReturn
        scannedMayNeedWholeDocument = nil
        readsFile = false
        if protectsEscapes { parsed = Self.protect(bytes) }
    }

    /// A body read from a file as it is parsed; `scan` is the file's check.
    init(file: String, reading reader: MarkdownBodyReader, scan: MarkdownFileScan) {
        self.file = file
        self.reader = reader
        readsFile = true
        length = reader.length
        lineCount = scan.frontMatterLines + scan.body.lineFeeds + 1
        protectsEscapes = scan.body.hasEscapes && !scan.body.hasControls
        parsesWhole = scan.body.mayDefineReferences || scan.body.hasLoneCarriageReturn
        scannedMayNeedWholeDocument = scan.body.wholeDocument.found
        written = []
        starts = [0]
    }

    /// Whether the body holds anything that needs the whole document built before its
    /// first page is set (`DocumentBuilder.streams`).
    var mayNeedWholeDocument: Bool {
        scannedMayNeedWholeDocument ?? DocumentBuilder.mayNeedWholeDocument(written)
    }

    // MARK: The window

    /// The byte offset at which line `line` (1-based) starts; `lineCount + 1` is the body's
    /// end. A line let go of answers the window's start; one the file did not give (it
    /// changed, see `readError`), the window's end.
    func lineStart(_ line: Int) -> Int {
        if line > lineCount { return length }
        while line - firstLine >= starts.count, readMore() {}
        let i = line - firstLine
        if i < 0 { return base }
        return i < starts.count ? starts[i] : base + written.count
    }

    /// The first line after `line` that starts at or after byte `offset`; `lineCount + 1`
    /// when none does. (One search, where asking `lineStart` line by line costs a check of
    /// the window for every line.)
    func firstLine(after line: Int, startingAtOrAfter offset: Int) -> Int {
        while base + written.count <= offset, readMore() {}
        // Past a file that ended early: no more lines.
        if reader == nil, offset >= base + written.count { return lineCount + 1 }
        var low = max(line + 1 - firstLine, 0), high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return min(low + firstLine, lineCount + 1)
    }

    /// The bytes of `range` as written, as far as the window holds them.
    func writtenBytes(_ range: Range<Int>) -> ArraySlice<UInt8> {
        written[window(range)]
    }

    /// The bytes of `range` as parsed (escapes protected).
    func parsedBytes(_ range: Range<Int>) -> ArraySlice<UInt8> {
        protectsEscapes ? parsed[window(range)] : written[window(range)]
    }

    /// The bytes of line `line`, its line feed included.
    func lineBytes(_ line: Int, parsed: Bool = false) -> ArraySlice<UInt8> {
        let range = lineStart(line)..<lineStart(line + 1)
        return parsed ? parsedBytes(range) : writtenBytes(range)
    }

    private func window(_ range: Range<Int>) -> Range<Int> {
        while base + written.count < range.upperBound, readMore() {}
        let end = base + written.count
        let lower = min(max(range.lowerBound, base), end), upper = min(max(range.upperBound, lower), end)
        return (lower - base)..<(upper - base)
    }

    /// Lets go of the lines before `line`: nothing will ask for them again. (A body given
    /// whole is kept: its string is held by the caller anyway.)
    func release(before line: Int) {
        guard readsFile else { return }
        let count = min(line - firstLine, starts.count - 1)
        guard count > 0 else { return }
        let cut = starts[count]
        starts.removeFirst(count)
        firstLine += count
        // The bytes go once they are most of the window: each is moved once or twice, not
        // once for every part after it.
        guard cut - base >= written.count / 2 else { return }
        written.removeFirst(cut - base)
        if protectsEscapes { parsed.removeFirst(cut - base) }
        base = cut
    }

    /// Reads the rest of the file (after the last part, when all of it should have been
    /// read): the checks at its end set `readError` if it changed.
    func readToEnd() {
        while reader != nil { _ = readMore() }
    }

    /// How many bytes the window holds (for tests).
    var bytesHeld: Int { written.count + parsed.count + unfinishedLine.count }

    /// Adds the file's next piece to the window, up to its last line feed; false at the
    /// file's end.
    private func readMore() -> Bool {
        guard let reader else { return false }
        if let piece = reader.next() {
            guard let lastLineFeed = piece.lastIndex(of: 0x0A) else {
                unfinishedLine += piece
                return true
            }
            if unfinishedLine.isEmpty {
                append(piece[...lastLineFeed])
            } else {
                unfinishedLine += piece[...lastLineFeed]
                append(unfinishedLine[...])
            }
            unfinishedLine = Array(piece[(lastLineFeed + 1)...])
            return true
        }
        readError = reader.error
        self.reader = nil
        if readError == nil, !unfinishedLine.isEmpty { append(unfinishedLine[...]) }
        unfinishedLine = []
        // A file that changed after its check (the same length, or longer) fails here.
        if readError == nil, firstLine + starts.count - 1 != lineCount {
            readError = reader.changedError
        }
        return true
    }

    private func append(_ bytes: ArraySlice<UInt8>) {
        let start = base + written.count
        written.append(contentsOf: bytes)
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            UTF8Bytes.forEach(0x0A, in: buffer) { i in found.append(start + i + 1); return true }
        }
        starts += found
        // Whole lines: an escape never reaches into the next line.
        if protectsEscapes { parsed += Self.protect(bytes) }
    }

    private static func protect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var input = Array(bytes)
        var i = 0
        while i + 1 < input.count {
            if input[i] == 0x5C {
                // `\\` is an escaped backslash: the character after it is not escaped.
                if let control = Self.protected[input[i + 1]] { input[i] = 0xC2; input[i + 1] = control }
                i += 2
            } else {
                i += 1
            }
        }
        return input
    }

    // MARK: Locations

    /// The location of a cmark position (1-based line, 1-based byte column); the column in
    /// characters, as `PlainTextReader` counts them.
    func location(line: Int, byteColumn: Int) -> SourceLocation {
        guard line >= 1, line <= lineCount, byteColumn >= 1 else {
            return SourceLocation(file: file, line: max(line, 1), column: max(byteColumn, 1))
        }
        return SourceLocation(file: file, line: line, column: columns.characters(before: byteColumn - 1, line: line, source: self) + 1)
    }

    /// Whether `line` (1-based) is a pipe table's delimiter row (`|---|:--:|`, quote
    /// markers and spaces aside).
    func isTableDelimiterRow(_ line: Int) -> Bool {
        guard line >= 1, line <= lineCount else { return false }
        let bytes = lineBytes(line).filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: ">") }
        return bytes.contains(UInt8(ascii: "-"))
            && bytes.allSatisfy { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") }
    }

    /// The byte column where a paragraph's continuation line `line` has its text: after the
    /// indentation and block quote markers. (cmark-gfm reports continuation lines' inline
    /// columns from the paragraph's first line, which is wrong when their indentation differs.)
    func contentColumn(line: Int) -> Int {
        guard line >= 1, line <= lineCount else { return 1 }
        let bytes = lineBytes(line)
        return bytes.prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }.count + 1
    }

    // MARK: Escapes

    /// `text` with protected escapes turned back: into the bare character for text (where
    /// cmark has removed the backslash), or into backslash and character for `raw` literals
    /// (code, HTML), where the backslash was never an escape.
    func restore(_ text: String, raw: Bool = false) -> String {
        guard protectsEscapes, UTF8Bytes.contains(0xC2, in: text) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 4)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0xC2, i + 1 < bytes.count, (0x91...0x94).contains(bytes[i + 1]) {
                if raw { out.append(0x5C) }
                out.append([UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}")][Int(bytes[i + 1] - 0x91)])
                i += 2
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How many characters `bytes` (from the parsed text) took in the source: a protected
    /// escape was two.
    func sourceCharacterCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = String(decoding: bytes, as: UTF8.self).count
        if protectsEscapes {
            for i in bytes.indices where bytes[i] == 0xC2 && i + 1 < bytes.endIndex && (0x91...0x94).contains(bytes[i + 1]) {
                count += 1
            }
        }
        return count
    }
}
