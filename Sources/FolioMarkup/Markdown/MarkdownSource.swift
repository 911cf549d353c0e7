import FolioLayout
import Foundation

/// The body text as given to the C parser, with what is needed to turn its positions (byte
/// columns) into source locations and to undo the escape protection.
struct MarkdownSource {
    let file: String
    /// The body as written.
    let original: [UInt8]
    /// The body as parsed: `original` with escaped brackets and braces protected.
    let parserInput: [UInt8]
    /// Byte offset at which each line starts; line n is `lineStarts[n - 1]`.
    let lineStarts: [Int]
    /// Whether any escape was protected (so literals may need restoring).
    let protectsEscapes: Bool
    /// Byte columns made character columns, remembered along the line last asked about.
    let columns = LineColumns()

    /// cmark drops the backslash of `\[` and merges the bracket into the surrounding text, so an
    /// escaped bracket could not be told from a real one. Before parsing, `\[ \] \{ \}` become
    /// the C1 controls U+0091–U+0094 — two UTF-8 bytes each, like the escape, so every column
    /// stays put — and `restore` turns them back. Sources that contain those (unused) controls
    /// are left alone.
    private static let protected: [UInt8: UInt8] = [
        UInt8(ascii: "["): 0x91, UInt8(ascii: "]"): 0x92, UInt8(ascii: "{"): 0x93, UInt8(ascii: "}"): 0x94,
    ]

    init(file: String, text: String) {
        self.file = file
        let bytes = Array(text.utf8)
        original = bytes
        var starts = [0]
        var hasControls = false
        var hasEscapes = false
        // Each byte sought with `memchr` (a megabyte of text read a byte at a time was 3 %
        // of the time before layout could start).
        UTF8Bytes.forEach(0x0A, in: bytes) { i in starts.append(i + 1); return true }
        UTF8Bytes.forEach(0xC2, in: bytes) { i in
            if i + 1 < bytes.count, (0x91...0x94).contains(bytes[i + 1]) { hasControls = true }
            return !hasControls
        }
        UTF8Bytes.forEach(0x5C, in: bytes) { i in
            if i + 1 < bytes.count, Self.protected[bytes[i + 1]] != nil { hasEscapes = true }
            return !hasEscapes
        }
        lineStarts = starts
        guard hasEscapes, !hasControls else {
            parserInput = bytes; protectsEscapes = false
            return
        }
        var input = bytes
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
        parserInput = input
        protectsEscapes = true
    }

    /// The location of a cmark position (1-based line, 1-based byte column); the column in
    /// characters, as `PlainTextReader` counts them.
    func location(line: Int, byteColumn: Int) -> SourceLocation {
        guard line >= 1, line <= lineStarts.count, byteColumn >= 1 else {
            return SourceLocation(file: file, line: max(line, 1), column: max(byteColumn, 1))
        }
        return SourceLocation(file: file, line: line, column: columns.characters(before: byteColumn - 1, line: line, source: self) + 1)
    }

    /// The byte column where a paragraph's continuation line `line` has its text: after the
    /// indentation and block quote markers. (cmark-gfm reports continuation lines' inline
    /// columns from the paragraph's first line, which is wrong when their indentation differs.)
    /// Whether `line` (1-based) is a pipe table's delimiter row (`|---|:--:|`, quote
    /// markers and spaces aside).
    func isTableDelimiterRow(_ line: Int) -> Bool {
        guard line >= 1, line <= lineStarts.count else { return false }
        let end = line < lineStarts.count ? lineStarts[line] : original.count
        let bytes = original[lineStarts[line - 1]..<end].filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: ">") }
        return bytes.contains(UInt8(ascii: "-"))
            && bytes.allSatisfy { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") }
    }

    func contentColumn(line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 1 }
        var i = lineStarts[line - 1]
        while i < original.count, original[i] == 0x20 || original[i] == 0x09 || original[i] == UInt8(ascii: ">") { i += 1 }
        return i - lineStarts[line - 1] + 1
    }

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

