import Foundation

// Styles for blocks: the paragraph style a block gets in its context (quotes, lists,
// sections), the attributes of its text, anchors.
extension BuildState {

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
        // Lists in a note are set at the note's size (their indents come from the context).
        let name = context.inNote && name == "list" ? "footnote" : name
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
        let properties = (spec?.properties ?? []).filter { !["columns", "float", "wrap", "wrap-width", "span"].contains($0.name) }
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
}
