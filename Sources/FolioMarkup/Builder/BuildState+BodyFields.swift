import Foundation

/// The front-matter fields set in the text flow: the title block above the body and the
/// closing below it (`Template.beforeBody`, `Template.afterBody`).
extension BuildState {
    /// The template's `before-body` fields — else title, subtitle, author, date (where the
    /// template has a `date` style) and abstract — spanning all columns above the body.
    mutating func buildTitleBlock() throws {
        let configured = builder.template.beforeBody
        if try appendFields(configured ?? BodyField.titleBlock, keepingLineBreaks: configured != nil) {
            sections.append(SectionMark(offset: 0, columns: 1))
            pendingColumns = builder.template.columns
            nextStyle = "body-first"
        }
    }

    /// The template's `after-body` fields, after the last block.
    mutating func buildClosingBlock() throws {
        _ = try appendFields(builder.template.afterBody, keepingLineBreaks: true)
    }

    /// The value of front-matter field `name` (nil or empty when the document does not give it).
    private func value(of name: String, configured: Bool) -> String? {
        let fm = document.frontMatter
        switch name {
        case "title": return fm.title
        case "author": return fm.author
        // In the usual title block the date shows only where the template has a style for it.
        case "date": return configured || builder.template.styles["date"] != nil ? fm.date : nil
        default: return fm.variables[name]
        }
    }

    /// Appends each field of `fields` the document gives, in its style: text as inline
    /// Markdown (a value may hold paragraphs; with `keepingLineBreaks` a line break in it
    /// stays one), an image at its height. Returns whether anything was appended.
    private mutating func appendFields(_ fields: [BodyField], keepingLineBreaks: Bool) throws -> Bool {
        var any = false
        let fm = document.frontMatter
        for field in fields {
            let given = value(of: field.name, configured: keepingLineBreaks).flatMap { $0.isEmpty ? nil : $0 }
            let location = fm.locations[field.name] ?? field.location
            let style = try styles.paragraphStyle(named: styles.style(field.style) != nil ? field.style : "body", at: location)
            if let height = field.imageHeight {
                if let given {
                    try appendImageField(given, height: height, style: style, location: location ?? currentLocation)
                } else if field.keepsRoom {
                    var p = style.paragraph
                    p.minimumLineHeight = height
                    p.maximumLineHeight = height
                    p.lineHeightMultiple = 0
                    endParagraph(p, style)
                } else { continue }
                any = true
                continue
            }
            guard let given else { continue }
            for paragraph in FrontMatter.paragraphs(given, file: document.file) {
                try appendInlines(keepingLineBreaks ? BuildState.hardBreaks(paragraph) : paragraph, base: attributes(of: style))
                endParagraph(style.paragraph, style)
            }
            any = true
        }
        return any
    }

    /// The image at `source` (relative to the document) in a paragraph of its own, `height`
    /// points high (narrower if the column is: its aspect is kept).
    private mutating func appendImageField(_ source: String, height: Double, style: ResolvedStyle, location: SourceLocation) throws {
        let (path, pixels) = try image(source, location: location)
        var a = attributes(of: style)
        let width = pixels.height > 0 ? pixels.width * height / pixels.height : height
        a.attachment = TextAttachment(path: path, size: Size(width: width, height: height), sizing: .shrinkToFit(maximumHeight: height))
        text.append("\u{FFFC}", attributes: a)
        var p = style.paragraph
        // The image sets the line's height.
        p.minimumLineHeight = 0
        p.maximumLineHeight = 0
        p.lineHeightMultiple = 0
        endParagraph(p, style)
    }

    /// `inlines` with every soft line break made a hard one (an address keeps its lines).
    static func hardBreaks(_ inlines: [Inline]) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .softBreak: return .lineBreak
            case .emphasis(let c): return .emphasis(hardBreaks(c))
            case .strong(let c): return .strong(hardBreaks(c))
            case .strikethrough(let c): return .strikethrough(hardBreaks(c))
            case .link(let d, let t, let c): return .link(destination: d, title: t, content: hardBreaks(c))
            case .span(let spec, let c): return .span(spec, hardBreaks(c))
            default: return inline
            }
        }
    }
}
