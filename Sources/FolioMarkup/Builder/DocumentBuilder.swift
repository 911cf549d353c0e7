import Foundation

/// Turns a Markdown document into a styled storage, using a template's styles.
///
/// The template's `before-body` fields (else title, subtitle, author, date, abstract) come
/// first, across the columns, and its `after-body` fields last (`BodyField`).
///
/// Each block becomes one or more paragraphs in the template's paragraph styles
/// (`heading-N`, `body`, `body-first` after a heading — any style's `next` —, `quote`,
/// `code`, `list`, `figure`, `caption`, `ornament`); inline markup lays the character
/// styles (`emphasis`, `strong`, `code-inline`, `link`, `strikethrough`) on top; `{…}`
/// attribute sets name further styles or set attributes directly.
public struct DocumentBuilder {
    /// The template whose styles, ornament, section level and variables the text is built with.
    public var template: Template
    /// The template's styles, resolved (inheritance and scale applied).
    public var styles: StyleSheet
    /// Width of the template's usual column, in points: lists and quotes nest no deeper
    /// than half of it. (Figures, images and code are fitted at layout time to the column
    /// they land in.)
    public var columnWidth: Double
    /// Height of a column, in points: a figure or image is never taller than 85 % of it.
    public var columnHeight: Double
    /// The folder the document may read images from; nil: the document's own folder.
    public var readRoot: ReadRoot?

    /// A builder for `template`; `columnWidth` and `columnHeight` (points) are the usual
    /// column's size, which bounds nesting and figures' height.
    public init(template: Template, styles: StyleSheet, columnWidth: Double, columnHeight: Double) {
        self.template = template; self.styles = styles
        self.columnWidth = columnWidth; self.columnHeight = columnHeight
    }

    /// Builds `document`; image paths are relative to the document's folder.
    public func build(_ document: MarkdownDocument) throws -> BuiltDocument {
        var state = BuildState(builder: self, document: document)
        try state.buildTitleBlock()
        state.contents.afterTitle = state.text.length
        try state.build(document.blocks, context: BlockContext())
        try state.buildClosingBlock()
        return try state.finish()
    }

    /// Builds `document` (its front matter) with the blocks `blocks` reads one at a time,
    /// each styled and let go before the next is converted.
    package func build(_ document: MarkdownDocument, blocks: MarkdownBlocks) throws -> BuiltDocument {
        var state = BuildState(builder: self, document: document)
        blocks.streamsTableRows = true
        blocks.readAheadInBackground()
        try state.buildTitleBlock()
        state.contents.afterTitle = state.text.length
        var context = BlockContext()
        // One block behind the reader: the last block of the document is built as the last.
        var held = try blocks.next()
        while let block = held { held = try state.build(block, from: blocks, context: &context) }
        try state.buildClosingBlock()
        return try state.finish()
    }
}

/// The mutable part of one build.
struct BuildState {
    let builder: DocumentBuilder
    let document: MarkdownDocument
    var text = AttributedText()
    var headings: [HeadingMark] = []
    var anchors: [Anchor] = []
    var sections: [SectionMark] = []
    var images: [String] = []
    var warnings: [String] = []
    /// Style the next plain paragraph takes (a heading's `next`).
    var nextStyle: String?
    /// A section mark waiting for the next paragraph to start.
    var pendingColumns: Int?
    var pendingLinks: [(id: String, location: SourceLocation)] = []
    /// Whether nesting too deep to indent further has been reported.
    var warnedAboutNesting = false
    /// Whether nesting past `MarkdownNesting`'s depths has been reported.
    var warnedAboutFlattening = false
    /// Where each id was first given, to report one given twice.
    var anchorPlaces: [String: SourceLocation] = [:]
    /// HTML tags already reported as not set (each is reported once).
    var warnedHTML: Set<String> = []
    /// Where the block being built was written (for warnings about its inlines).
    var currentLocation: SourceLocation
    let baseDirectory: String
    /// Where images may be read from (`DocumentBuilder.readRoot`).
    let root: ReadRoot
    /// Links already reported as left out (each is reported once).
    var droppedLinks: Set<String> = []
    let language: String?
    /// Footnote numbers, marks and texts (`BuildState+Footnotes.swift`).
    var footnotes = FootnoteState()
    /// The contents' place and the page references (`BuildState+Contents.swift`).
    var contents = ContentsState()
    /// Floating blocks and the separators they are anchored on (`BuildState+Floats.swift`).
    var floats: [(anchor: Range<Int>, block: FloatingBlock)] = []
    /// Where a long table being built reads its further rows (`TableContent.rowsFollow`).
    var tableRows: (() throws -> TableContent?)?

    init(builder: DocumentBuilder, document: MarkdownDocument) {
        self.builder = builder
        self.document = document
        baseDirectory = URL(fileURLWithPath: document.file).deletingLastPathComponent().path
        root = builder.readRoot ?? ReadRoot(baseDirectory, role: "the document's folder")
        language = document.frontMatter.language
        currentLocation = SourceLocation(file: document.file, line: 1, column: 1)
    }

    var styles: StyleSheet { builder.styles }

    // MARK: Blocks

    mutating func build(_ blocks: [Block], context: BlockContext) throws {
        var context = context
        for (i, block) in blocks.enumerated() {
            try build(block, last: i == blocks.count - 1, context: &context)
        }
    }

    /// Builds `block`, read from `blocks`, and returns the block after it (nil after the
    /// last): read before `block` is built, so that the document's last block is built as
    /// the last.
    mutating func build(_ block: Block, from blocks: MarkdownBlocks, context: inout BlockContext) throws -> Block? {
        if case .table(let table) = block.kind, table.rowsFollow {
            // A long table takes its further rows from the reader as it is built, so they
            // are never all held at once; whether it is last does not matter.
            tableRows = { try blocks.nextTableRows() }
            defer { tableRows = nil }
            try build(block, last: false, context: &context)
            return try blocks.next()
        }
        let next = try blocks.next()
        try build(block, last: next == nil, context: &context)
        return next
    }

    /// Builds one block; `last` when it ends the blocks of its container.
    mutating func build(_ block: Block, last: Bool, context: inout BlockContext) throws {
        if let c = try columns(of: block) { pendingColumns = c }
        currentLocation = block.location
        if block.flattenedNesting, !warnedAboutFlattening {
            warnedAboutFlattening = true
            warnings.append("\(block.location): Markdown nested deeper than \(MarkdownNesting.blockDepth) quotes or lists, or \(MarkdownNesting.inlineDepth) emphases, links or spans, is flattened: the deeper text is kept without its nesting (reported once)")
        }
        if let marker = context.marker, !isParagraph(block) {
            // An item that starts with code, a quote or a list: its marker stands alone.
            let list = try paragraphStyle(block, default: "list", context: context)
            text.append(String(marker.dropLast()), attributes: attributes(of: list))
            var p = finalParagraph(list, context: context, last: false)
            p.keepWithNext = true
            endParagraph(p, list)
            context.marker = nil
        }
        switch block.kind {
        case .heading(let level, let content, let id):
            let start = text.length
            let style = try paragraphStyle(block, default: "heading-\(min(max(level, 1), 6))", context: context)
            try appendInlines(content, base: attributes(of: style))
            endParagraph(finalParagraph(style, context: context, last: last), style)
            headings.append(HeadingMark(offset: start, level: level, title: content.plainText, id: id))
            if builder.template.footnoteNumbering == .chapter, level <= builder.template.sectionLevel, !context.inNote {
                footnotes.count = 0
            }
            addAnchor(id, offset: start, location: block.location)
            nextStyle = style.next
        case .paragraph(let content):
            if let image = onlyImage(content) {
                if block.spec?.value(of: "span") == "all" {
                    // Across all the page's columns, as a table with `span=all`: the columns
                    // above balance, the figure spans them, the columns go on below.
                    pendingColumns = 1
                    try appendFigure(image, block: block, context: context)
                    pendingColumns = builder.template.columns
                } else if let wrap = try floatWrap(block) {
                    _ = try buildFloating(.here, wrap: wrap, context: context) { state in try state.appendFigure(image, block: block, context: context) }
                } else if let placement = try floatPlacement(block, fallback: builder.template.figureFloat) {
                    _ = try buildFloating(placement, context: context) { state in try state.appendFigure(image, block: block, context: context) }
                } else {
                    try appendFigure(image, block: block, context: context)
                }
                nextStyle = "body-first"
                return
            }
            let style = try paragraphStyle(block, default: context.quoteDepth > 0 ? "quote" : (context.marker != nil || context.indent > 0 ? "list" : (nextStyle ?? (context.inNote ? "footnote" : "body"))), context: context)
            anchor(block)
            let paragraph = finalParagraph(style, context: context, last: last)
            let base = attributes(of: style)
            if let marker = context.marker {
                text.append(marker, attributes: base)
                context.marker = nil
            }
            try appendInlines(content, base: base)
            endParagraph(paragraph, style)
            nextStyle = nil
        case .codeBlock(_, let code):
            let style = try paragraphStyle(block, default: "code", context: context)
            anchor(block)
            appendCode(code, style: style)
            var paragraph = finalParagraph(style, context: context, last: last)
            paragraph.continuationMark = BuildState.codeMark
            endParagraph(paragraph, style)
            nextStyle = "body-first"
        case .blockQuote(let inner):
            var c = context
            c.quoteDepth += 1
            if context.quoteDepth > 0 {
                if nestingIndent(context) + quoteIndent <= nestingRoom { c.quoteShift += quoteIndent } else { warnAboutNesting(block) }
            }
            try build(inner, context: c)
            nextStyle = "body-first"
        case .list(let kind, let tight, let items):
            try buildList(kind: kind, tight: tight, items: items, block: block, context: context)
            nextStyle = "body-first"
        case .thematicBreak:
            let style = try paragraphStyle(block, default: "ornament", context: context)
            text.append(builder.template.ornament, attributes: attributes(of: style))
            endParagraph(finalParagraph(style, context: context, last: last), style)
            nextStyle = "body-first"
        case .html(let raw):
            try htmlBlock(raw, block: block, context: context, last: last)
        case .table(let table):
            let spans = block.spec?.value(of: "span") == "all"
            if spans { pendingColumns = 1 }
            if let wrap = try floatWrap(block), !spans {
                _ = try buildFloating(.here, wrap: wrap, context: context) { state in try state.buildTable(table, block: block, context: context) }
            } else if let placement = try floatPlacement(block, fallback: nil), !spans {
                _ = try buildFloating(placement, context: context) { state in try state.buildTable(table, block: block, context: context) }
            } else {
                try buildTable(table, block: block, context: context)
            }
            if spans { pendingColumns = builder.template.columns }
            nextStyle = "body-first"
        case .footnoteDefinition(let number, let blocks):
            try buildFootnoteDefinition(number, blocks: blocks)
        case .tableOfContents:
            placeContents(block)
        }
    }

    func isParagraph(_ block: Block) -> Bool {
        if case .paragraph = block.kind { return true }
        return false
    }

    /// Extra indent of a quote nested in a quote.
    var quoteIndent: Double { styles.style("quote")?.paragraph.headIndent ?? 18 }

    mutating func buildList(kind: ListKind, tight: Bool, items: [ListItem], block: Block, context: BlockContext) throws {
        let list = try paragraphStyle(block, default: "list", context: context)
        let depth = context.listDepth
        let markers = items.enumerated().map { n, item -> String in
            if let checked = item.checked { return checked ? "☑" : "☐" }
            switch kind {
            case .bullet: return ["•", "–", "◦"][depth % 3]
            case .ordered(let start, let delimiter): return "\(start + n)\(delimiter)"
            }
        }
        let step = markerStep(markers, style: list)
        // Nested past half the column, lists stop indenting: their text would otherwise
        // run out of room and be lost.
        let indents = nestingIndent(context) + step <= nestingRoom
        if !indents { warnAboutNesting(block) }
        for (n, item) in items.enumerated() {
            let marker = markers[n]
            var c = context
            if indents { c.indent += step }
            c.markerStep = step
            c.listDepth += 1
            c.tight = tight
            c.marker = marker + "\t"
            if item.blocks.isEmpty {
                text.append(marker, attributes: attributes(of: list))
                endParagraph(finalParagraph(list, context: c, last: n == items.count - 1), list)
                continue
            }
            try build(item.blocks, context: c)
        }
    }

    // MARK: Finishing

    mutating func finish() throws -> BuiltDocument {
        let storage = TextStorage()
        var rules: StyleRules?
        if !builder.template.rules.isEmpty {
            rules = try StyleRules(builder.template.rules, styles: styles)
            storage.attributeFixers = [rules!.fixer]
        }
        attachFootnotes()
        try insertContents()
        text.removeFinalSeparator()
        // Handed over, not copied: the storage takes the text's arrays as they are.
        var whole = AttributedText()
        swap(&whole, &text)
        storage.append(consume whole)
        if let failure = rules?.failures.error { throw failure }
        var built = BuiltDocument(storage: storage)
        built.headings = headings
        built.anchors = anchors
        built.sections = sections
        built.images = images
        built.pageReferences = contents.references
        if builder.template.footnoteNumbering == .page {
            built.footnoteMarks = storage.attributeRuns(of: .footnote).filter { $0.value != nil }.map(\.range)
        }
        let known = Set(anchors.map(\.id))
        var dead = Set<String>()
        for link in pendingLinks where !known.contains(link.id) {
            warnings.append("\(link.location): no heading or block has the id '\(link.id)'; the link is left out")
            dead.insert("#" + link.id)
        }
        // One pass over the links: those to nowhere (an error in the PDF) and those the
        // policy refuses — a `{link=…}` attribute or a style may carry one — lose their
        // link; the text stays.
        unlink(in: storage, range: nil, dead: dead)
        built.warnings = warnings
        try documentFields(&built)
        return built
    }

    /// What the document's front matter and template give beside its text: the PDF's
    /// metadata, the language, the frames' fields and images.
    mutating func documentFields(_ built: inout BuiltDocument) throws {
        let fm = document.frontMatter
        // Metadata and frames ({title}) take the plain text of Markdown values.
        let plain = { (value: String) in FrontMatter.paragraphs(value, file: document.file).map(\.plainText).joined(separator: " ") }
        let title = fm.title.map(plain), author = fm.author.map(plain)
        built.metadata = PDFMetadata(title: title ?? URL(fileURLWithPath: document.file).deletingPathExtension().lastPathComponent,
                                     author: author, subject: fm.subject, keywords: fm.keywords)
        built.language = fm.language
        built.variables = builder.template.variables.merging(fm.variables) { _, document in document }
        if let title { built.variables["title"] = title }
        if let author { built.variables["author"] = author }
        try resolveFrameImages(&built)
    }
}

extension BuildState {
    /// Takes the link off the links in `range` of `storage` (all of it when nil) that go
    /// nowhere (`dead`: an error in the PDF) or that the policy refuses — a `{link=…}`
    /// attribute or a style may carry one; the text stays.
    mutating func unlink(in storage: TextStorage, range: Range<Int>?, dead: Set<String>) {
        var unlinked: [Range<Int>] = []
        for run in storage.attributeRuns(of: .link, in: range) {
            guard let target = run.value?.base as? String else { continue }
            if !LinkPolicy.allows(target) { warnDroppedLink(target) }
            else if !dead.contains(target) { continue }
            unlinked.append(run.range)
        }
        if !unlinked.isEmpty {
            storage.beginEditing()
            for range in unlinked { storage.removeAttribute(.link, range: range) }
            storage.endEditing()
        }
    }
}

extension DocumentBuilder {
    /// A build of plain text in `language`: no front matter but the language.
    func plainTextState(file: String, language: String?) -> BuildState {
        var document = MarkdownDocument(file: file, frontMatter: FrontMatter(), blocks: [])
        document.frontMatter.language = language
        return BuildState(builder: self, document: document)
    }

    /// Builds plain text: paragraphs separated by blank lines, all in `body` (the
    /// template's rules still apply).
    public func buildPlainText(_ text: String, file: String, language: String?,
                               variables: [String: String] = [:]) throws -> BuiltDocument {
        var state = plainTextState(file: file, language: language)
        let body = try styles.paragraphStyle(named: "body", at: nil)
        let attributes = state.attributes(of: body)
        for paragraph in PlainTextReader.paragraphs(of: text) {
            state.text.append(paragraph, attributes: attributes)
            state.endParagraph(body.paragraph, body)
        }
        var built = try state.finish()
        built.variables.merge(variables) { _, new in new }
        return built
    }
}
