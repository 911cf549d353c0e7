import FolioLayout

/// Reads Markdown — CommonMark with GitHub's strikethrough, autolinks and task lists, smart
/// punctuation, YAML front matter and `{…}` style attributes — into a `MarkdownDocument`.
///
/// Style attributes:
/// - `[text with *emphasis*]{.smallcaps color=#b00}` is a span (`Inline.span`);
/// - a line `{.lead}` opening a paragraph styles that paragraph;
/// - a paragraph that is only `{.lead}` styles the block after it (a list, a quote, code…);
/// - `# Heading {#id .class}` styles the heading and sets its id.
///
/// `\[`, `\]`, `\{` and `\}` keep their characters from being read as attribute syntax.
public enum MarkdownReader {
    /// Reads the file at `path` (UTF-8; errors name the file, line and column).
    public static func read(path: String) throws -> MarkdownDocument {
        let text = try PlainTextReader.read(path: path)
        return try parse(text, file: path)
    }

    /// Parses `text`; `file` names it in source locations and errors.
    public static func parse(_ text: String, file: String) throws -> MarkdownDocument {
        let (header, blocks) = try open(text, file: file)
        var document = header
        while let block = try blocks.next() { document.blocks.append(block) }
        return document
    }

    /// The document at `path` with its front matter only, and its blocks to read one at a
    /// time (`DocumentBuilder` styles each as it comes). A regular file is checked first,
    /// then read as it is parsed (`MarkdownFileScan`): its text is never held whole.
    package static func open(path: String) throws -> (MarkdownDocument, MarkdownBlocks) {
        try open(path: path, readSize: MarkdownFileScan.readSize)
    }

    /// The document at `path` read as `open(path:readSize:partBytes:)` reads it, all its
    /// blocks read; with its body's `bodyMayNeedWholeDocument` and `bodyLength` (for the
    /// fuzzer, which compares the ways of reading a document).
    package static func read(path: String, readSize: Int, partBytes: Int) throws -> (MarkdownDocument, mayNeedWhole: Bool, length: Int) {
        try readAll(open(path: path, readSize: readSize, partBytes: partBytes))
    }

    /// `text` read as `open(_:file:partBytes:)` reads it, all its blocks read.
    package static func read(_ text: String, file: String, partBytes: Int) throws -> (MarkdownDocument, mayNeedWhole: Bool, length: Int) {
        try readAll(open(text, file: file, partBytes: partBytes))
    }

    private static func readAll(_ opened: (MarkdownDocument, MarkdownBlocks)) throws -> (MarkdownDocument, mayNeedWhole: Bool, length: Int) {
        var (document, blocks) = opened
        while let block = try blocks.next() { document.blocks.append(block) }
        return (document, blocks.bodyMayNeedWholeDocument, blocks.bodyLength)
    }

    /// Checking and reading the file `readSize` bytes at a time, and parsing it in parts of
    /// at least `partBytes` (tests read a few at a time).
    package static func open(path: String, readSize: Int, partBytes: Int = 64 << 10) throws -> (MarkdownDocument, MarkdownBlocks) {
        guard let scan = try MarkdownFileScan.scan(path: path, readSize: readSize) else {
            return try open(PlainTextReader.read(path: path), file: path, partBytes: partBytes)
        }
        let source = MarkdownSource(file: path, reading: try MarkdownBodyReader(path: path, scan: scan, readSize: readSize), scan: scan)
        return (MarkdownDocument(file: path, frontMatter: scan.frontMatter, blocks: []),
                MarkdownBlocks(source: source, minimumPartBytes: partBytes))
    }

    package static func open(_ text: String, file: String, partBytes: Int = 64 << 10) throws -> (MarkdownDocument, MarkdownBlocks) {
        let (frontMatter, body) = try FrontMatter.split(withLineFeeds(text), file: file)
        let blocks = MarkdownBlocks(source: MarkdownSource(file: file, text: body), minimumPartBytes: partBytes)
        return (MarkdownDocument(file: file, frontMatter: frontMatter, blocks: []), blocks)
    }
}

extension MarkdownReader {
    /// `text` with each lone carriage return (old Mac line ends) made a line feed: cmark
    /// ends a line at either, and Folio's line numbers must count the lines cmark counts.
    /// `\r\n` stays as it is.
    static func withLineFeeds(_ text: String) -> String {
        guard UTF8Bytes.contains(0x0D, in: text) else { return text }
        var utf8 = Array(text.utf8)
        guard let first = utf8.firstIndex(of: 0x0D) else { return text }
        var changed = false
        for i in first..<utf8.count where utf8[i] == 0x0D && (i + 1 == utf8.count || utf8[i + 1] != 0x0A) {
            utf8[i] = 0x0A
            changed = true
        }
        return changed ? String(decoding: utf8, as: UTF8.self) : text
    }
}

// MARK: - Style attributes in inline content

/// One child of a paragraph or heading as converted from cmark, before spans are found:
/// text still as text (spans are found in it), anything else already an `Inline`.
struct InlinePiece {
    enum Content {
        case text(String)
        case inline(Inline)
    }
    var content: Content
    /// cmark's start line and byte column (columns corrected for continuation lines); 0 for breaks.
    var line: Int
    var column: Int
}

/// Text following a `{` up to the end of its line, as the attribute scanner sees it, and
/// where each part of it came from (for error locations and to resume after the `}`).
struct AttributeText {
    struct Segment {
        var piece: Int
        /// Byte offset in the piece's text where this segment starts (0 for non-text pieces).
        var pieceOffset: Int
        /// Byte offset in `bytes` where this segment starts.
        var start: Int
        var isText: Bool
    }
    var bytes: [UInt8] = []
    var segments: [Segment] = []
}

extension MarkdownSource {
    /// The ASCII that cmark's smart punctuation replaced, for `E2 80 xx` (by `xx`): inside
    /// attributes `title="…"` must keep straight quotes and `--` its hyphens.
    private static func plainPunctuation(_ third: UInt8) -> [UInt8]? {
        switch third {
        case 0x9C, 0x9D: return [0x22]                    // “ ”
        case 0x98, 0x99: return [0x27]                    // ‘ ’
        case 0x93: return [0x2D, 0x2D]                    // –
        case 0x94: return [0x2D, 0x2D, 0x2D]              // —
        case 0xA6: return [0x2E, 0x2E, 0x2E]              // …
        default: return nil
        }
    }

    private static func smartLength(_ bytes: [UInt8], at i: Int) -> (replacement: [UInt8], length: Int)? {
        guard bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80,
              let plain = plainPunctuation(bytes[i + 2]) else { return nil }
        return (plain, 3)
    }

    private static func appendPlain(_ bytes: [UInt8], from start: Int, to end: Int, into out: inout [UInt8]) {
        var i = start
        while i < end {
            if let smart = smartLength(bytes, at: i) { out += smart.replacement; i += smart.length }
            else { out.append(bytes[i]); i += 1 }
        }
    }

    /// The attribute text starting at byte `offset` of text piece `first` (whose bytes are
    /// `firstBytes`), to the end of the line. Later text is included so that an autolinked
    /// `url=www.example.com` inside the braces is still read as text.
    ///
    /// A span's (`toClosingBrace`) ends at the piece holding the set's closing `}` (outside a
    /// quoted value): a line of many spans costs what its text costs, not its length once
    /// per span.
    func attributeText(_ pieces: [InlinePiece], from first: Int, offset: Int, bytes firstBytes: [UInt8],
                       toClosingBrace: Bool = false) -> AttributeText {
        var text = AttributeText()
        text.segments.append(.init(piece: first, pieceOffset: offset, start: 0, isText: true))
        var closing = SpecEnd()
        if toClosingBrace {
            // A brace at a time: the piece may hold the rest of a long line.
            var from = offset
            while from < firstBytes.count {
                var to = from
                while to < firstBytes.count, firstBytes[to] != UInt8(ascii: "}") { to += 1 }
                to = min(to + 1, firstBytes.count)
                let scanned = text.bytes.count
                Self.appendPlain(firstBytes, from: from, to: to, into: &text.bytes)
                if closing.found(in: text.bytes, from: max(scanned, 1)) { return text }
                from = to
            }
        } else {
            Self.appendPlain(firstBytes, from: offset, to: firstBytes.count, into: &text.bytes)
        }
        for q in (first + 1)..<max(first + 1, pieces.count) {
            let scanned = text.bytes.count
            defer { if toClosingBrace { _ = closing.found(in: text.bytes, from: scanned) } }
            if closing.closed { return text }
            switch pieces[q].content {
            case .inline(.softBreak), .inline(.lineBreak):
                return text
            case .text(let s):
                text.segments.append(.init(piece: q, pieceOffset: 0, start: text.bytes.count, isText: true))
                let bytes = Array(s.utf8)
                Self.appendPlain(bytes, from: 0, to: bytes.count, into: &text.bytes)
            case .inline(let inline):
                text.segments.append(.init(piece: q, pieceOffset: 0, start: text.bytes.count, isText: false))
                text.bytes += inline.plainText.utf8
            }
        }
        return text
    }

    /// Finds the `}` that closes an attribute set, a piece at a time: quotes open only
    /// right after `=`, as `StyleSpecScanner` reads them.
    struct SpecEnd {
        private var quote: UInt8?
        private var previous: UInt8 = 0
        private(set) var closed = false

        /// Reads `bytes[from...]`; whether the closing brace has been seen.
        mutating func found(in bytes: [UInt8], from: Int) -> Bool {
            var i = from
            while !closed, i < bytes.count {
                let b = bytes[i]
                if let q = quote {
                    if b == q { quote = nil }
                } else if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && previous == UInt8(ascii: "=") {
                    quote = b
                } else if b == UInt8(ascii: "}") {
                    closed = true
                }
                previous = b
                i += 1
            }
            return closed
        }
    }

    /// The source location of byte `offset` of an attribute text (which starts with its `{`).
    ///
    /// The braces as written are usually on the line verbatim: they are looked for outward
    /// from where cmark's position of the text piece puts them, and the nearest occurrence
    /// taken (a line may repeat them), so a line of many spans costs what its text costs.
    func locate(_ offset: Int, in text: AttributeText, pieces: [InlinePiece]) -> SourceLocation {
        let first = pieces[text.segments[0].piece]
        let line = first.line
        let written = Array(restore(String(decoding: text.bytes[0..<min(offset, text.bytes.count)], as: UTF8.self), raw: true).utf8)
        if line >= 1, line <= lineCount, !written.isEmpty {
            let bytes = Array(lineBytes(line))
            let last = bytes.count - written.count
            let guess = min(max(first.column - 1 + text.segments[0].pieceOffset, 0), max(last, 0))
            func matches(_ at: Int) -> Bool {
                at >= 0 && at <= last && bytes[at] == written[0] && bytes[at..<(at + written.count)].elementsEqual(written)
            }
            var distance = 0
            while guess - distance >= 0 || guess + distance <= last {
                for at in distance == 0 ? [guess] : [guess - distance, guess + distance] where matches(at) {
                    return SourceLocation(file: file, line: line, column: columns.characters(before: at + written.count,
                                                                                                line: line, source: self) + 1)
                }
                distance += 1
            }
        }
        // Not found as written (entities, escapes or typographic punctuation typed as such
        // before the braces): an estimate from cmark's position of the text piece.
        let segment = text.segments.last(where: { $0.start <= offset }) ?? text.segments[0]
        let piece = pieces[segment.piece]
        let base = location(line: piece.line, byteColumn: piece.column)
        var prefix: [UInt8] = []
        if segment.isText, segment.pieceOffset > 0, case .text(let s) = piece.content {
            Self.appendPlain(Array(s.utf8), from: 0, to: segment.pieceOffset, into: &prefix)
        }
        prefix += text.bytes[segment.start..<min(max(offset, segment.start), text.bytes.count)]
        return SourceLocation(file: file, line: base.line, column: base.column + sourceCharacterCount(prefix[...]))
    }

    /// Scans the attribute set at the start of `text`. Nil when it is well-formed but does not
    /// end where `mustEnd` requires; throws when it is malformed.
    private func scanAttributes(_ text: AttributeText, pieces: [InlinePiece],
                                mustEnd: Int? = nil) throws -> (spec: StyleSpec, end: Int)? {
        let locate = { (offset: Int) in self.locate(offset, in: text, pieces: pieces) }
        switch StyleSpecScanner.scan(text.bytes, from: 0, locate: locate) {
        case .failure(let offset, let reason):
            throw DocumentError(locate(offset), reason)
        case .spec(let spec, let end):
            if let mustEnd, end != mustEnd { return nil }
            return (spec.mapStrings { self.restore($0) }, end)
        }
    }

    /// Where to continue after the attribute text's byte `offset`: a piece and a byte offset
    /// in it, and text left over when the `}` fell inside a non-text piece.
    /// `current` is the bytes of the piece the attribute text starts in (not copied again).
    private func resumePoint(after offset: Int, in text: AttributeText, pieces: [InlinePiece],
                             current: (piece: Int, bytes: [UInt8])) -> (piece: Int, offset: Int, leftover: String?) {
        let index = text.segments.lastIndex(where: { $0.start < offset }) ?? 0
        let segment = text.segments[index]
        guard segment.isText, case .text(let s) = pieces[segment.piece].content else {
            let end = index + 1 < text.segments.count ? text.segments[index + 1].start : text.bytes.count
            let rest = offset < end ? String(decoding: text.bytes[offset..<end], as: UTF8.self) : nil
            return (segment.piece + 1, 0, rest)
        }
        // Walk the original text, counting what each byte became in the attribute text.
        let bytes = segment.piece == current.piece ? current.bytes : Array(s.utf8)
        var i = segment.pieceOffset, at = segment.start
        while at < offset, i < bytes.count {
            if let smart = Self.smartLength(bytes, at: i) { at += smart.replacement.count; i += smart.length }
            else { at += 1; i += 1 }
        }
        return (segment.piece, i, nil)
    }

    /// Turns pieces into inline content, making `[…]{…}` into spans. Brackets that do not
    /// form a span stay as text; spans nest.
    func spans(_ pieces: [InlinePiece]) throws -> [Inline] {
        var flattened = false
        return try spans(pieces, depth: 0, flattened: &flattened)
    }

    /// Spans made of `pieces` inside `depth` inline containers: a span past
    /// `MarkdownNesting.inlineDepth` keeps its content without its style, and sets `flattened`.
    func spans(_ pieces: [InlinePiece], depth: Int, flattened: inout Bool) throws -> [Inline] {
        // frames[0] is the result; each open `[` pushes a frame for what follows it.
        var frames: [[Inline]] = [[]]
        // For each open `[`: whether a caret before it makes it an inline note, `^[…]`.
        var notes: [Bool] = []
        func append(_ inline: Inline) {
            let top = frames.count - 1
            if case .text(let s) = inline, case .text(var previous)? = frames[top].last {
                // Take the string out first, so appending to it does not copy it.
                frames[top].removeLast()
                previous += s
                frames[top].append(.text(previous))
            } else {
                frames[top].append(inline)
            }
        }
        func closeAsText(_ content: [Inline], closed: Bool) {
            append(.text("["))
            for inline in content { append(inline) }
            if closed { append(.text("]")) }
        }

        var pieces = pieces
        var p = 0, resume = 0
        while p < pieces.count {
            guard case .text(let s) = pieces[p].content else {
                if case .inline(let inline) = pieces[p].content {
                    // `[text](#id){page}`: the page number of the anchor instead of the text.
                    if case .link(let destination, _, _) = inline, destination.hasPrefix("#"), destination.count > 1,
                       p + 1 < pieces.count, case .text(let next) = pieces[p + 1].content, next.hasPrefix("{page}") {
                        append(.pageReference(id: String(destination.dropFirst())))
                        pieces[p + 1].content = .text(String(next.dropFirst(6)))
                    } else {
                        append(inline)
                    }
                }
                p += 1; resume = 0
                continue
            }
            // Most text has no brackets: keep it without looking at its bytes twice.
            if resume == 0, frames.count == 1, !UTF8Bytes.contains(0x5B, or: 0x5D, in: s) {
                append(.text(restore(s)))
                p += 1
                continue
            }
            let bytes = Array(s.utf8)
            func flush(_ from: Int, _ to: Int) {
                if to > from { append(.text(restore(String(decoding: bytes[from..<to], as: UTF8.self)))) }
            }
            var i = resume, runStart = resume
            var jump: (piece: Int, offset: Int)?
            scanning: while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "["):
                    flush(runStart, i)
                    // `^[`: an inline note, when its `]` comes. The caret is held back from
                    // the text before (it may end an earlier piece).
                    let top = frames.count - 1
                    var caret = false
                    if case .text(let previous)? = frames[top].last, previous.utf8.last == UInt8(ascii: "^") {
                        caret = true
                        frames[top].removeLast()
                        let rest = String(previous.utf8.dropLast())!
                        if !rest.isEmpty { frames[top].append(.text(rest)) }
                    }
                    notes.append(caret)
                    frames.append([])
                    i += 1; runStart = i
                case UInt8(ascii: "]") where frames.count > 1:
                    flush(runStart, i)
                    let content = frames.removeLast()
                    let caret = notes.removeLast()
                    guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{"),
                          StyleSpecScanner.looksLikeSpec(bytes, at: i + 1) else {
                        if caret, depth + frames.count <= MarkdownNesting.inlineDepth {
                            append(.note(content))
                        } else {
                            if caret { append(.text("^")) }
                            closeAsText(content, closed: true)
                        }
                        i += 1; runStart = i
                        continue scanning
                    }
                    if caret { append(.text("^")) }
                    let text = attributeText(pieces, from: p, offset: i + 1, bytes: bytes, toClosingBrace: true)
                    let (spec, end) = try scanAttributes(text, pieces: pieces)!
                    if depth + frames.count > MarkdownNesting.inlineDepth {
                        flattened = true
                        for inline in content { append(inline) }
                    } else {
                        append(.span(spec, content))
                    }
                    let next = resumePoint(after: end, in: text, pieces: pieces, current: (p, bytes))
                    if let leftover = next.leftover { append(.text(leftover)) }
                    if next.piece != p {
                        jump = (next.piece, next.offset)
                        break scanning
                    }
                    i = next.offset; runStart = i
                default:
                    i += 1
                }
            }
            if let jump {
                p = jump.piece; resume = jump.offset
                continue
            }
            flush(runStart, bytes.count)
            p += 1; resume = 0
        }
        while frames.count > 1 {
            let content = frames.removeLast()
            if notes.removeLast() { append(.text("^")) }
            closeAsText(content, closed: false)
        }
        return frames[0]
    }

    /// A paragraph's first line when it is exactly an attribute set: the spec, the pieces
    /// after that line, and whether the line was the whole paragraph (then the spec styles
    /// the next block). Nil when the first line is not an attribute set.
    func leadingSpec(_ pieces: [InlinePiece]) throws -> (spec: StyleSpec, rest: [InlinePiece], wholeParagraph: Bool)? {
        guard case .text(let s)? = pieces.first?.content, s.utf8.first == UInt8(ascii: "{") else { return nil }
        let bytes = Array(s.utf8)
        guard StyleSpecScanner.looksLikeSpec(bytes, at: 0) else { return nil }
        let text = attributeText(pieces, from: 0, offset: 0, bytes: bytes)
        var end = text.bytes.count
        while end > 0, StyleSpecScanner.isSpace(text.bytes[end - 1]) { end -= 1 }
        // `{.x} and more text` is prose that happens to start with braces.
        guard end > 0, text.bytes[end - 1] == UInt8(ascii: "}"),
              let (spec, _) = try scanAttributes(text, pieces: pieces, mustEnd: end) else { return nil }
        guard let lineEnd = pieces.firstIndex(where: {
            if case .inline(.softBreak) = $0.content { return true }
            if case .inline(.lineBreak) = $0.content { return true }
            return false
        }) else { return (spec, [], true) }
        return (spec, Array(pieces[(lineEnd + 1)...]), false)
    }

    /// A heading's trailing ` {#id .class}`, removed from `pieces`. The braces must follow a
    /// space (or open the heading), so that `# [Title]{.x}` stays a span.
    func trailingSpec(_ pieces: inout [InlinePiece]) throws -> StyleSpec? {
        guard let last = pieces.indices.last, case .text(let s) = pieces[last].content else { return nil }
        let bytes = Array(s.utf8)
        var end = bytes.count
        while end > 0, StyleSpecScanner.isSpace(bytes[end - 1]) { end -= 1 }
        guard end > 0, bytes[end - 1] == UInt8(ascii: "}") else { return nil }
        var firstError: Error?
        // From the right: a quoted value may hold ` {`, and the last set is the heading's.
        for j in stride(from: end - 2, through: 0, by: -1) where bytes[j] == UInt8(ascii: "{") {
            guard j == 0 || bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09,
                  StyleSpecScanner.looksLikeSpec(bytes, at: j) else { continue }
            let text = attributeText(pieces, from: last, offset: j, bytes: bytes)
            var textEnd = text.bytes.count
            while textEnd > 0, StyleSpecScanner.isSpace(text.bytes[textEnd - 1]) { textEnd -= 1 }
            do {
                guard let (spec, _) = try scanAttributes(text, pieces: pieces, mustEnd: textEnd) else { continue }
                var keep = j
                while keep > 0, StyleSpecScanner.isSpace(bytes[keep - 1]) { keep -= 1 }
                if keep == 0 {
                    pieces.removeLast()
                } else {
                    pieces[last].content = .text(String(decoding: bytes[0..<keep], as: UTF8.self))
                }
                return spec
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        return nil
    }
}
