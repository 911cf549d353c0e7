import Foundation

/// Turns a Markdown document into a styled storage, using a template's styles.
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
    /// Width of a column, in points: code is wrapped to it, and lists and quotes nest no
    /// deeper than half of it. (Figures and images are fitted at layout time to the
    /// column they land in.)
    public var columnWidth: Double
    /// Height of a column, in points: a figure or image is never taller than 85 % of it.
    public var columnHeight: Double

    /// A builder for `template`; `columnWidth` and `columnHeight` (points) are the column size
    /// code is wrapped at and figures are bounded by.
    public init(template: Template, styles: StyleSheet, columnWidth: Double, columnHeight: Double) {
        self.template = template; self.styles = styles
        self.columnWidth = columnWidth; self.columnHeight = columnHeight
    }

    /// Builds `document`; image paths are relative to the document's folder.
    public func build(_ document: MarkdownDocument) throws -> BuiltDocument {
        var state = BuildState(builder: self, document: document)
        try state.buildTitleBlock()
        try state.build(document.blocks, context: BlockContext())
        return try state.finish()
    }

    /// Builds `document` (its front matter) with the blocks `blocks` reads one at a time,
    /// each styled and let go before the next is converted.
    package func build(_ document: MarkdownDocument, blocks: MarkdownBlocks) throws -> BuiltDocument {
        var state = BuildState(builder: self, document: document)
        blocks.readAheadInBackground()
        try state.buildTitleBlock()
        var context = BlockContext()
        // One block behind the reader: the last block of the document is built as the last.
        var held = try blocks.next()
        while let block = held {
            held = try blocks.next()
            try state.build(block, last: held == nil, context: &context)
        }
        return try state.finish()
    }
}

/// Where a block sits: inside quotes and lists, which indent and restyle it.
struct BlockContext {
    /// How far list nesting indents (the marker of the innermost item hangs in it).
    var indent = 0.0
    /// The room the innermost list's markers hang in: its style's indent, or more when
    /// its widest marker ("10.", "iv.") needs it.
    var markerStep = 0.0
    var listDepth = 0
    var quoteDepth = 0
    /// Extra indent of quotes nested in quotes.
    var quoteShift = 0.0
    /// In a tight list: no space between the item's paragraphs.
    var tight = false
    /// The marker (with its tab) the next paragraph starts with, for a list item's first one.
    var marker: String?
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
    /// Where each id was first given, to report one given twice.
    var anchorPlaces: [String: SourceLocation] = [:]
    /// HTML tags already reported as not set (each is reported once).
    var warnedHTML: Set<String> = []
    /// Where the block being built was written (for warnings about its inlines).
    var currentLocation: SourceLocation
    let baseDirectory: String
    let language: String?

    init(builder: DocumentBuilder, document: MarkdownDocument) {
        self.builder = builder
        self.document = document
        baseDirectory = URL(fileURLWithPath: document.file).deletingLastPathComponent().path
        language = document.frontMatter.language
        currentLocation = SourceLocation(file: document.file, line: 1, column: 1)
    }

    var styles: StyleSheet { builder.styles }

    // MARK: Title block

    /// Title, subtitle, author, date and abstract from the front matter, spanning all
    /// columns above the body.
    mutating func buildTitleBlock() throws {
        let fm = document.frontMatter
        let parts: [(String, String?)] = [("title", fm.title), ("subtitle", fm.variables["subtitle"]),
                                          ("author", fm.author),
                                          // The date shows only where the template has a style for it.
                                          ("date", builder.template.styles["date"] != nil ? fm.date : nil),
                                          ("abstract", fm.variables["abstract"])]
        var any = false
        for (style, value) in parts {
            guard let value, !value.isEmpty else { continue }
            let resolved = try styles.paragraphStyle(named: styles.style(style) != nil ? style : "body",
                                                     at: fm.locations[style])
            // A value is inline Markdown (`title: The *Odyssey*`); an abstract may hold
            // several paragraphs.
            for paragraph in FrontMatter.paragraphs(value, file: document.file) {
                try appendInlines(paragraph, base: attributes(of: resolved))
                endParagraph(resolved.paragraph, resolved)
            }
            any = true
        }
        if any {
            sections.append(SectionMark(offset: 0, columns: 1))
            pendingColumns = builder.template.columns
            nextStyle = "body-first"
        }
    }

    // MARK: Blocks

    mutating func build(_ blocks: [Block], context: BlockContext) throws {
        var context = context
        for (i, block) in blocks.enumerated() {
            try build(block, last: i == blocks.count - 1, context: &context)
        }
    }

    /// Builds one block; `last` when it ends the blocks of its container.
    mutating func build(_ block: Block, last: Bool, context: inout BlockContext) throws {
        if let c = try columns(of: block) { pendingColumns = c }
        currentLocation = block.location
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
            addAnchor(id, offset: start, location: block.location)
            nextStyle = style.next
        case .paragraph(let content):
            if let image = onlyImage(content) {
                try appendFigure(image, block: block, context: context)
                nextStyle = "body-first"
                return
            }
            let style = try paragraphStyle(block, default: context.quoteDepth > 0 ? "quote" : (context.marker != nil || context.indent > 0 ? "list" : (nextStyle ?? "body")), context: context)
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
            endParagraph(finalParagraph(style, context: context, last: last), style)
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

    // MARK: Styles

    /// Block attributes: `{columns=N}` starts a section of N columns at the block.
    func columns(of block: Block) throws -> Int? {
        guard let p = block.spec?.properties.last(where: { $0.name == "columns" }) else { return nil }
        guard let n = Int(p.value), (1...12).contains(n) else {
            throw DocumentError(p.location ?? block.location, "columns must be a whole number from 1 to 12, not '\(p.value)'")
        }
        return n
    }

    /// The paragraph style of `block`: its first class naming a paragraph style, else
    /// `name`; then its other classes (character styles) and its properties on top.
    func paragraphStyle(_ block: Block, default name: String, context: BlockContext) throws -> ResolvedStyle {
        let spec = block.spec
        var chosen = name
        var characterClasses: [String] = []
        for cls in spec?.classes ?? [] {
            guard let s = styles.style(cls) else {
                throw DocumentError(block.location, "unknown style '\(cls)'; the template defines: \(styles.names.sorted().joined(separator: ", "))")
            }
            if s.kind == .paragraph && chosen == name { chosen = cls } else { characterClasses.append(cls) }
        }
        if styles.style(chosen) == nil, chosen != name { chosen = name }
        var style = try styles.paragraphStyle(named: styles.style(chosen) != nil ? chosen : "body", at: block.location)
        for cls in characterClasses { style.attributes = styles.applying(characterStyle: cls, to: style.attributes) }
        let properties = (spec?.properties ?? []).filter { $0.name != "columns" }
        if !properties.isEmpty { style = try styles.applying(properties, to: style) }
        return style
    }

    /// A paragraph style placed in its context: indented inside quotes and lists.
    func finalParagraph(_ style: ResolvedStyle, context: BlockContext, last: Bool) -> ParagraphStyle {
        var p = style.paragraph
        if context.indent > 0 {
            // A list item: the marker hangs in the indent, the text aligns on a tab. In a
            // quote the list starts at the quote's indent.
            let step = context.markerStep
            let base = context.quoteDepth > 0 ? (styles.style("quote")?.paragraph.headIndent ?? 0) + context.quoteShift : 0
            p.headIndent = base + context.indent
            p.firstLineHeadIndent = context.marker != nil ? max(0, p.headIndent - step) : p.headIndent
            p.tabStops = [TabStop(.left, at: p.headIndent)]
        } else if context.quoteShift > 0 {
            p.headIndent += context.quoteShift
            p.firstLineHeadIndent += context.quoteShift
        }
        if context.tight && !last { p.paragraphSpacing = 0; p.paragraphSpacingBefore = 0 }
        return p
    }

    /// How far quotes and lists indent a paragraph in `context`.
    func nestingIndent(_ context: BlockContext) -> Double {
        let quote = context.quoteDepth > 0 ? (styles.style("quote")?.paragraph.headIndent ?? 0) + context.quoteShift : 0
        return quote + context.indent
    }

    /// How far nesting may indent: half the column.
    var nestingRoom: Double { builder.columnWidth / 2 }

    mutating func warnAboutNesting(_ block: Block) {
        guard !warnedAboutNesting else { return }
        warnedAboutNesting = true
        warnings.append("\(block.location): lists and quotes nested this deep would leave too narrow a column; they indent no further")
    }

    /// The indent a list's markers hang in: the list style's, or the widest marker and
    /// half an em when that is wider.
    func markerStep(_ markers: [String], style: ResolvedStyle) -> Double {
        let base = max(style.paragraph.headIndent, 12)
        let attributes = attributes(of: style)
        // Markers of one list differ only in their digits: the longest few tell the widest.
        let longest = markers.map(\.count).max() ?? 0
        var widest = 0.0
        for marker in Set(markers.filter { $0.count == longest }.suffix(4)) {
            widest = max(widest, TextMeasurer.boundingSize(of: TextStorage(marker, attributes: attributes), width: 1e6).width)
        }
        let em = attributes.font?.size ?? 12
        return max(base, (widest + em / 2).rounded(.up))
    }

    func attributes(of style: ResolvedStyle) -> TextAttributes {
        var a = style.attributes
        if a.language == nil, let language { a.language = language }
        return a
    }

    mutating func endParagraph(_ paragraph: ParagraphStyle, _ style: ResolvedStyle) {
        var p = paragraph
        if let columns = pendingColumns {
            sections.append(SectionMark(offset: text.paragraphStart, columns: columns))
            if text.paragraphStart > 0, p.breakBefore == .none { p.breakBefore = .container }
            pendingColumns = nil
        }
        text.endParagraph(p, attributes: attributes(of: style))
    }

    /// Records that `id` names the place `offset`; an id given before keeps its first
    /// place (a PDF destination name must be unique) and the repeat is reported.
    mutating func addAnchor(_ id: String, offset: Int, location: SourceLocation) {
        if let first = anchorPlaces[id] {
            warnings.append("\(location): the id '\(id)' was already given at line \(first.line); links to it go there")
            return
        }
        anchorPlaces[id] = location
        anchors.append(Anchor(offset: offset, id: id))
    }

    mutating func anchor(_ block: Block) {
        if let id = block.spec?.id { addAnchor(id, offset: text.length, location: block.location) }
    }

    // MARK: Finishing

    mutating func finish() throws -> BuiltDocument {
        let storage = TextStorage()
        if !builder.template.rules.isEmpty {
            storage.attributeFixers = [try StyleRules(builder.template.rules, styles: styles).fixer]
        }
        text.removeFinalSeparator()
        storage.append(text)
        var built = BuiltDocument(storage: storage)
        built.headings = headings
        built.anchors = anchors
        built.sections = sections
        built.images = images
        let known = Set(anchors.map(\.id))
        var dead = Set<String>()
        for link in pendingLinks where !known.contains(link.id) {
            warnings.append("\(link.location): no heading or block has the id '\(link.id)'; the link is left out")
            dead.insert("#" + link.id)
        }
        if !dead.isEmpty {
            // A link to nowhere would be an error in the PDF; the text stays, unlinked.
            storage.beginEditing()
            for run in storage.attributeRuns(of: .link) where (run.value?.base as? String).map(dead.contains) == true {
                storage.removeAttribute(.link, range: run.range)
            }
            storage.endEditing()
        }
        built.warnings = warnings
        let fm = document.frontMatter
        // Metadata and frames ({title}) take the plain text of Markdown values.
        let plain = { (value: String) in FrontMatter.paragraphs(value, file: document.file).map(\.plainText).joined(separator: " ") }
        let title = fm.title.map(plain), author = fm.author.map(plain)
        built.metadata = PDFMetadata(title: title ?? URL(fileURLWithPath: document.file).deletingPathExtension().lastPathComponent,
                                     author: author, subject: fm.subject, keywords: fm.keywords)
        built.variables = builder.template.variables.merging(fm.variables) { _, document in document }
        if let title { built.variables["title"] = title }
        if let author { built.variables["author"] = author }
        return built
    }
}

extension DocumentBuilder {
    /// Builds plain text: paragraphs separated by blank lines, all in `body` (the
    /// template's rules still apply).
    public func buildPlainText(_ text: String, file: String, language: String?,
                               variables: [String: String] = [:]) throws -> BuiltDocument {
        var document = MarkdownDocument(file: file, frontMatter: FrontMatter(), blocks: [])
        document.frontMatter.language = language
        var state = BuildState(builder: self, document: document)
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
