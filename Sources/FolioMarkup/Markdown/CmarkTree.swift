import CCmark
import Foundation

/// Parses with libcmark-gfm and converts its node tree into `Block`s and `Inline`s.
struct CmarkTree {
    let source: MarkdownSource
    /// Heading ids, in document order.
    var slugs = SlugGenerator()

    init(source: MarkdownSource) { self.source = source }

    /// How many quotes and list items the block being converted is inside.
    private var blockDepth = 0
    /// How many emphases, links and other inline containers the inline being converted is inside.
    private var inlineDepth = 0
    /// Whether the block being converted had nesting flattened (`MarkdownNesting`).
    private var flattened = false
    /// Footnote definitions converted so far: cmark-gfm puts them last, in the order of
    /// their numbers.
    private var footnoteDefinitions = 0

    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm 0.29 is not safe for overlapping parses with extensions attached: each parse
    /// adds the extensions' trigger characters (`~`) to a process-wide table and removes them
    /// when done. A parse takes milliseconds, so they simply take turns.
    private static let lock = NSLock()

    /// Added to cmark's line numbers: the line before the part of the source being parsed.
    var lineOffset = 0

    /// `lines` of the source (a whole number of cmark's lines, 1-based; see `MarkdownParts`)
    /// parsed by cmark as a document of its own; the caller frees it.
    mutating func parseDocument(lines: Range<Int>) throws -> OpaquePointer {
        lineOffset = lines.lowerBound - 1
        guard let document = Self.parse(source.parsedBytes(source.lineStart(lines.lowerBound)..<source.lineStart(lines.upperBound))) else {
            throw DocumentError(path: source.file, reason: "the Markdown parser failed (out of memory?)")
        }
        return document
    }

    /// `lines` of the source parsed after `prefix` lines (a long table's header and
    /// delimiter rows, so that a slice of its rows parses as the same table), numbered as
    /// they are in the source; the caller frees it.
    mutating func parseDocument(prefix: [Int], lines: Range<Int>) throws -> OpaquePointer {
        var input: [UInt8] = []
        for line in prefix { input += source.lineBytes(line, parsed: true) }
        input += source.parsedBytes(source.lineStart(lines.lowerBound)..<source.lineStart(lines.upperBound))
        lineOffset = lines.lowerBound - 1 - prefix.count
        guard let document = Self.parse(input[...]) else {
            throw DocumentError(path: source.file, reason: "the Markdown parser failed (out of memory?)")
        }
        return document
    }

    /// Finishes a parse fed elsewhere (`MarkdownParts`), taking turns like `parse`.
    static func finish(_ parser: OpaquePointer) -> OpaquePointer? {
        lock.withLock { cmark_parser_finish(parser) }
    }

    private static func parse(_ input: ArraySlice<UInt8>) -> OpaquePointer? {
        _ = registered
        lock.lock()
        defer { lock.unlock() }
        // Footnotes: cmark-gfm numbers references in the order of first reference and moves
        // the definitions they use to the end of the document in that order.
        // Strikethrough takes two tildes: a single ~ stays text, free for a template's
        // style rules (`~script~`).
        guard let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_SMART | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_FOOTNOTES) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in ["strikethrough", "autolink", "tasklist", "table"] {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        input.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        return cmark_parser_finish(parser)
    }

    // MARK: Blocks

    /// A converted block, or a paragraph that was only `{…}` and styles the next block.
    private enum Converted {
        case block(Block)
        case styleLine(StyleSpec, SourceLocation)
    }

    private func location(of node: OpaquePointer) -> SourceLocation {
        source.location(line: Int(cmark_node_get_start_line(node)) + lineOffset, byteColumn: Int(cmark_node_get_start_column(node)))
    }

    private static func literal(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func dropFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The blocks inside `parent` (a quote, a list item), with style lines applied to the
    /// block after them and heading ids assigned. The document's own blocks are read one
    /// at a time instead (`MarkdownBlocks`), each freed once converted.
    mutating func blocks(in parent: OpaquePointer) throws -> [Block] {
        var result: [Block] = []
        var pending: PendingStyle?
        var child = cmark_node_first_child(parent)
        while let node = child {
            child = cmark_node_next(node)
            if let block = try take(node, pending: &pending) { result.append(block) }
        }
        try checkNothingPending(pending)
        return result
    }

    /// A style line waiting for the block after it.
    typealias PendingStyle = (spec: StyleSpec, location: SourceLocation)

    /// Converts one child node: the block it makes, with a style line before it applied
    /// and a heading's id assigned; nil for a style line (kept in `pending` for the next
    /// block) or a node that makes nothing.
    mutating func take(_ node: OpaquePointer, pending: inout PendingStyle?) throws -> Block? {
        switch try convert(node) {
        case nil:
            return nil
        case .styleLine(let spec, let location)?:
            // Two style lines in a row both apply.
            pending = pending.map { ($0.spec.merged(with: spec), $0.location) } ?? (spec, location)
            return nil
        case .block(var block)?:
            if var style = pending {
                if case .table(let table) = block.kind, let header = table.rowLocations.first {
                    style = placedAbove(header, style)
                }
                // The block's own attributes (a heading's `{#id}`) win over the line's.
                block.spec = block.spec.map { style.spec.merged(with: $0) } ?? style.spec
                pending = nil
            }
            if case .heading(let level, let content, _) = block.kind {
                let id: String
                if let explicit = block.spec?.id {
                    id = explicit
                    slugs.reserve(explicit)
                } else {
                    id = slugs.slug(for: content.plainText)
                }
                block.kind = .heading(level: level, content: content, id: id)
            }
            return block
        }
    }

    /// A style line written right above a table's header row, placed there: cmark-gfm's
    /// table extension, taking the header from the end of a paragraph, leaves what is
    /// left of it numbered from the parse's first lines.
    private func placedAbove(_ header: SourceLocation, _ style: PendingStyle) -> PendingStyle {
        let line = header.line - 1
        guard line >= 1, line != style.location.line, line <= source.lineCount else { return style }
        let text = String(decoding: source.lineBytes(line), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return style }
        let delta = line - style.location.line
        var spec = style.spec
        for k in spec.properties.indices { spec.properties[k].location?.line += delta }
        var location = style.location
        location.line = line
        return (spec, location)
    }

    private static let whitespaces = CharacterSet.whitespaces

    /// Whether a paragraph's text is `{toc}`, spaces around it allowed. It looks no further
    /// than the first character that is not a space: Foundation's trimming, asked of every
    /// paragraph, cost 5 % of a novel's render.
    static func isContentsMarker(_ text: String) -> Bool {
        // Nearly every paragraph starts with an ASCII letter: no set lookup for it. (Of
        // ASCII, only the space and the tab are white space.)
        if let b = text.utf8.first, b < 0x80, b != UInt8(ascii: "{"), b != 0x20, b != 0x09 { return false }
        let scalars = text.unicodeScalars
        // Foundation makes the set anew at each use of `CharacterSet.whitespaces`.
        let whitespaces = Self.whitespaces
        guard let first = scalars.firstIndex(where: { !whitespaces.contains($0) }), scalars[first] == "{",
              let last = scalars.lastIndex(where: { !whitespaces.contains($0) }) else { return false }
        return String(scalars[first...last]) == "{toc}"
    }

    /// A style line must be followed by a block in the same container.
    func checkNothingPending(_ pending: PendingStyle?) throws {
        if let pending {
            throw DocumentError(pending.location, "this style line applies to the block after it, but no block follows")
        }
    }

    private mutating func convert(_ node: OpaquePointer) throws -> Converted? {
        let outermost = blockDepth == 0
        if outermost { flattened = false }
        var converted = try convertNode(node)
        if outermost, flattened, case .block(var block)? = converted {
            block.flattenedNesting = true
            converted = .block(block)
        }
        return converted
    }

    private mutating func convertNode(_ node: OpaquePointer) throws -> Converted? {
        let location = location(of: node)
        let type = cmark_node_get_type(node)
        if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST {
            if blockDepth >= MarkdownNesting.blockDepth {
                flattened = true
                guard type == CMARK_NODE_LIST else { return .block(Block(kind: .blockQuote(try leafBlocks(in: node)), location: location)) }
                // The list keeps its items and markers; what is inside them is flattened.
                var items: [ListItem] = []
                var child = cmark_node_first_child(node)
                while let item = child {
                    child = cmark_node_next(item)
                    items.append(ListItem(checked: nil, blocks: try leafBlocks(in: item), location: self.location(of: item)))
                }
                return .block(Block(kind: .list(Self.listKind(node), tight: cmark_node_get_list_tight(node) != 0, items: items),
                                    location: location))
            }
            blockDepth += 1
        }
        defer { if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST { blockDepth -= 1 } }
        switch type {
        case CMARK_NODE_PARAGRAPH:
            var pieces = try inlinePieces(in: node)
            if pieces.count == 1, case .text(let t) = pieces[0].content, Self.isContentsMarker(t) {
                return .block(Block(kind: .tableOfContents, location: location))
            }
            var spec: StyleSpec?
            if let leading = try source.leadingSpec(pieces) {
                if leading.wholeParagraph { return .styleLine(leading.spec, location) }
                spec = leading.spec
                pieces = leading.rest
            }
            return .block(Block(kind: .paragraph(try spans(pieces)), spec: spec, location: location))
        case CMARK_NODE_HEADING:
            var pieces = try inlinePieces(in: node)
            let spec = try source.trailingSpec(&pieces)
            let level = Int(cmark_node_get_heading_level(node))
            // The id is assigned by `blocks(in:)`, once a style line's id is known too.
            return .block(Block(kind: .heading(level: level, content: try spans(pieces), id: ""),
                                spec: spec, location: location))
        case CMARK_NODE_CODE_BLOCK:
            let info = source.restore(Self.literal(cmark_node_get_fence_info(node)))
            let text = source.restore(Self.dropFinalNewline(Self.literal(cmark_node_get_literal(node))), raw: true)
            return .block(Block(kind: .codeBlock(info: info.isEmpty ? nil : info, text: text), location: location))
        case CMARK_NODE_HTML_BLOCK:
            let html = source.restore(Self.dropFinalNewline(Self.literal(cmark_node_get_literal(node))), raw: true)
            return .block(Block(kind: .html(html), location: location))
        case CMARK_NODE_BLOCK_QUOTE:
            return .block(Block(kind: .blockQuote(try blocks(in: node)), location: location))
        case CMARK_NODE_THEMATIC_BREAK:
            return .block(Block(kind: .thematicBreak, location: location))
        case CMARK_NODE_LIST:
            let kind = Self.listKind(node)
            var items: [ListItem] = []
            var child = cmark_node_first_child(node)
            while let item = child {
                child = cmark_node_next(item)
                // A task list item is an item node that the tasklist extension claimed.
                let isTask = Self.literal(cmark_node_get_type_string(item)) == "tasklist"
                var content = try blocks(in: item)
                let checked = isTask ? cmark_gfm_extensions_get_tasklist_item_checked(item) : Self.taskMarker(&content)
                items.append(ListItem(checked: checked, blocks: content, location: self.location(of: item)))
            }
            return .block(Block(kind: .list(kind, tight: cmark_node_get_list_tight(node) != 0, items: items),
                                location: location))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteDefinitions += 1
            return .block(Block(kind: .footnoteDefinition(number: footnoteDefinitions, blocks: try blocks(in: node)), location: location))
        default:
            if Self.literal(cmark_node_get_type_string(node)) == "table" { return .block(try table(node, location: location)) }
            // Custom blocks.
            return nil
        }
    }

    /// Bullets, or numbers from where the list starts.
    private static func listKind(_ node: OpaquePointer) -> ListKind {
        guard cmark_node_get_list_type(node) == CMARK_ORDERED_LIST else { return .bullet }
        let delimiter: Character = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
        return .ordered(start: Int(cmark_node_get_list_start(node)), delimiter: delimiter)
    }

    /// The paragraphs, headings, code and tables inside `parent` at any depth, in order,
    /// without the quotes and lists around them: found by walking cmark's tree without
    /// recursion, so nesting as deep as cmark accepts costs no stack.
    private mutating func leafBlocks(in parent: OpaquePointer) throws -> [Block] {
        var result: [Block] = []
        guard let iterator = cmark_iter_new(parent) else { return result }
        defer { cmark_iter_free(iterator) }
        var pending: PendingStyle?
        var skipUntil: OpaquePointer?
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator), node != parent else { continue }
            if let skip = skipUntil {
                if node == skip, event == CMARK_EVENT_EXIT { skipUntil = nil }
                continue
            }
            guard event == CMARK_EVENT_ENTER else { continue }
            let type = cmark_node_get_type(node)
            let isTable = Self.literal(cmark_node_get_type_string(node)) == "table"
            guard isTable || [CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK,
                              CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK].contains(type) else { continue }
            if let block = try take(node, pending: &pending) { result.append(block) }
            // Its inlines (or rows) were converted with it; leaves have no exit event.
            if isTable || type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { skipUntil = node }
        }
        try checkNothingPending(pending)
        return result
    }

    /// A pipe table: alignments from its delimiter row, cells from its rows (a row
    /// shorter than the header was filled out by cmark-gfm).
    private mutating func table(_ node: OpaquePointer, location: SourceLocation) throws -> Block {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [TableContent.Alignment?] = []
        if let a = cmark_gfm_extensions_get_table_alignments(node) {
            for i in 0..<count {
                switch a[i] {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(nil)
                }
            }
        }
        var rows: [[TableContent.Cell]] = [], places: [SourceLocation] = []
        var row = cmark_node_first_child(node)
        while let r = row {
            row = cmark_node_next(r)
            var cells: [TableContent.Cell] = []
            var cell = cmark_node_first_child(r)
            while let c = cell {
                cell = cmark_node_next(c)
                let content = try spans(try inlinePieces(in: c))
                var joinsLeft = false, joinsAbove = false
                if content.count == 1, case .text(let t) = content[0] {
                    joinsLeft = t == "<"
                    joinsAbove = t == "^"
                }
                cells.append(TableContent.Cell(content: content, joinsLeft: joinsLeft, joinsAbove: joinsAbove))
            }
            while cells.count < count { cells.append(TableContent.Cell(content: [])) }
            rows.append(Array(cells.prefix(max(count, 1))))
            places.append(self.location(of: r))
        }
        // cmark-gfm numbers a table whose header row ended a paragraph from that
        // paragraph's first line: the header is the line above the delimiter row.
        var place = location
        if let header = headerLine(from: location.line) {
            place = source.location(line: header, byteColumn: source.contentColumn(line: header))
            if !places.isEmpty { places[0] = place }
        }
        return Block(kind: .table(TableContent(alignments: alignments, rows: rows, rowLocations: places)), location: place)
    }

    /// The line above the first delimiter row (`|---|:--:|`) at or after `line`.
    private func headerLine(from line: Int) -> Int? {
        let first = max(1, line), end = min(source.lineCount, line + 64)
        return first < end ? (first..<end).first { source.isTableDelimiterRow($0 + 1) } : nil
    }

    /// cmark-gfm 0.29's tasklist extension misses task items inside block quotes; this finds
    /// their `[ ] ` / `[x] ` (left as text), removes it and says whether it was checked.
    private static func taskMarker(_ blocks: inout [Block]) -> Bool? {
        guard case .paragraph(var content)? = blocks.first?.kind, case .text(let text)? = content.first,
              text.utf8.count >= 4 else { return nil }
        let checked: Bool
        if text.hasPrefix("[ ] ") { checked = false }
        else if text.hasPrefix("[x] ") || text.hasPrefix("[X] ") { checked = true }
        else { return nil }
        let rest = String(text.dropFirst(4).drop(while: { $0 == " " || $0 == "\t" }))
        if rest.isEmpty { content.removeFirst() } else { content[0] = .text(rest) }
        blocks[0].kind = .paragraph(content)
        return checked
    }

    // MARK: Inlines

    /// Tracks the column correction of the current line: cmark-gfm gives inlines on a
    /// paragraph's later lines columns as if those lines were indented like its first.
    private struct LineFix {
        var delta = 0
        var atLineStart = false
    }

    private mutating func inlinePieces(in node: OpaquePointer) throws -> [InlinePiece] {
        var fix = LineFix()
        return try pieces(in: node, fix: &fix)
    }

    /// The inline content of container `node` (an emphasis, a link…); past
    /// `MarkdownNesting.inlineDepth` containers, only their text, without the containers.
    private mutating func children(of node: OpaquePointer, fix: inout LineFix) throws -> [Inline] {
        if inlineDepth >= MarkdownNesting.inlineDepth {
            flattened = true
            return try spans(flatPieces(in: node, fix: &fix))
        }
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        return try spans(try pieces(in: node, fix: &fix))
    }

    /// `pieces` with their `[…]{…}` spans made, at the current depth.
    private mutating func spans(_ pieces: [InlinePiece]) throws -> [Inline] {
        try source.spans(pieces, depth: inlineDepth, flattened: &flattened)
    }

    /// The text, code and line breaks inside `parent` at any depth, walked without recursion.
    private func flatPieces(in parent: OpaquePointer, fix: inout LineFix) -> [InlinePiece] {
        var out: [InlinePiece] = []
        guard let iterator = cmark_iter_new(parent) else { return out }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                out.append(InlinePiece(content: .inline(type == CMARK_NODE_SOFTBREAK ? .softBreak : .lineBreak), line: 0, column: 0))
                fix.atLineStart = true
                continue
            }
            guard type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE else { continue }
            let (line, column) = position(of: node, fix: &fix)
            let literal = Self.literal(cmark_node_get_literal(node))
            out.append(InlinePiece(content: type == CMARK_NODE_TEXT ? .text(literal) : .inline(.code(source.restore(literal, raw: true))),
                                   line: line, column: column))
        }
        return out
    }

    /// The line and (corrected) byte column where inline `node` starts.
    private func position(of node: OpaquePointer, fix: inout LineFix) -> (line: Int, column: Int) {
        let line = Int(cmark_node_get_start_line(node)) + lineOffset
        var column = Int(cmark_node_get_start_column(node))
        if fix.atLineStart {
            fix.delta = source.contentColumn(line: line) - column
            fix.atLineStart = false
        }
        column += fix.delta
        return (line, column)
    }

    /// The children of `parent` as pieces; containers (emphasis, links…) are converted
    /// whole, with their own spans.
    private mutating func pieces(in parent: OpaquePointer, fix: inout LineFix) throws -> [InlinePiece] {
        var out: [InlinePiece] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            child = cmark_node_next(node)
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                out.append(InlinePiece(content: .inline(type == CMARK_NODE_SOFTBREAK ? .softBreak : .lineBreak), line: 0, column: 0))
                fix.atLineStart = true
                continue
            }
            let (line, column) = position(of: node, fix: &fix)
            let content: InlinePiece.Content
            switch type {
            case CMARK_NODE_TEXT:
                content = .text(Self.literal(cmark_node_get_literal(node)))
            case CMARK_NODE_CODE:
                content = .inline(.code(source.restore(Self.literal(cmark_node_get_literal(node)), raw: true)))
            case CMARK_NODE_HTML_INLINE:
                content = .inline(.html(source.restore(Self.literal(cmark_node_get_literal(node)), raw: true)))
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                // The literal is the number cmark-gfm gave the note.
                guard let number = Int(Self.literal(cmark_node_get_literal(node))) else { continue }
                content = .inline(.footnoteReference(number))
            case CMARK_NODE_EMPH:
                content = .inline(.emphasis(try children(of: node, fix: &fix)))
            case CMARK_NODE_STRONG:
                content = .inline(.strong(try children(of: node, fix: &fix)))
            case CMARK_NODE_LINK:
                content = .inline(.link(destination: source.restore(Self.literal(cmark_node_get_url(node))),
                                        title: source.restore(Self.literal(cmark_node_get_title(node))),
                                        content: try children(of: node, fix: &fix)))
            case CMARK_NODE_IMAGE:
                let description = try children(of: node, fix: &fix)
                content = .inline(.image(source: source.restore(Self.literal(cmark_node_get_url(node))),
                                         alt: description.plainText,
                                         title: source.restore(Self.literal(cmark_node_get_title(node))),
                                         location: source.location(line: line, byteColumn: column)))
            default:
                if Self.literal(cmark_node_get_type_string(node)) == "strikethrough" {
                    content = .inline(.strikethrough(try children(of: node, fix: &fix)))
                } else {
                    // An inline Folio does not know: keep its content.
                    if inlineDepth >= MarkdownNesting.inlineDepth {
                        flattened = true
                        out += flatPieces(in: node, fix: &fix)
                    } else {
                        inlineDepth += 1
                        defer { inlineDepth -= 1 }
                        out += try pieces(in: node, fix: &fix)
                    }
                    continue
                }
            }
            out.append(InlinePiece(content: content, line: line, column: column))
        }
        return out
    }
}
