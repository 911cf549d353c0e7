import Foundation

extension BuildState {
    /// Appends inline content on top of `base` attributes.
    /// HTML tags among them (`<sup>`, `<u>`, …) restyle the inlines up to their end tag.
    mutating func appendInlines(_ inlines: [Inline], base: TextAttributes) throws {
        var open: [(name: String, attributes: TextAttributes)] = []
        for inline in inlines {
            if case .html(let raw) = inline {
                applyHTML(raw, base: base, open: &open)
            } else {
                try appendInline(inline, base: open.last?.attributes ?? base)
            }
        }
    }


    mutating func appendInline(_ inline: Inline, base: TextAttributes) throws {
        switch inline {
        case .text(let s):
            appendText(s, attributes: base)
        case .softBreak:
            text.append(" ", attributes: base)
        case .lineBreak:
            text.append("\u{2028}", attributes: base)
        case .footnoteReference(let number):
            appendFootnoteReference(number, base: base)
        case .note(let content):
            try appendInlineNote(content, base: base)
        case .pageReference(let id):
            appendPageReference(id, base: base)
        case .emphasis(let children):
            // Emphasis inside italic text is set upright, as a typesetter would.
            var a = styles.applying(characterStyle: "emphasis", to: base)
            if base.font?.style == .italic, let font = a.font { a.font = font.withStyle(.normal) }
            try appendInlines(children, base: a)
        case .strong(let children):
            try appendInlines(children, base: styles.applying(characterStyle: "strong", to: base))
        case .strikethrough(let children):
            var a = styles.applying(characterStyle: "strikethrough", to: base)
            if a.strikethrough == nil { a.strikethrough = TextLine() }
            try appendInlines(children, base: a)
        case .code(let code):
            // `zxx`, no linguistic content: code is never hyphenated.
            var a = styles.applying(characterStyle: "code-inline", to: base)
            a.language = "zxx"
            text.append(BuildState.noBreakSpaces(code), attributes: a)
        case .link(let destination, _, let content):
            var a = styles.applying(characterStyle: "link", to: base)
            a.link = LinkPolicy.allows(destination) ? destination : nil
            if a.link == nil { warnDroppedLink(destination) }
            if destination.hasPrefix("#") {
                pendingLinks.append((String(destination.dropFirst()), currentLocation))
            }
            try appendInlines(content, base: a)
        case .image(let source, let alt, _, let location):
            let (path, size) = try image(source, location: location)
            // Inline images at 96 dpi, never wider than the lines of the column they land
            // in (decided at layout time) nor taller than a figure may be (the line grows
            // to hold it).
            var a = base
            a.attachment = TextAttachment(path: path, size: Size(width: size.width * 0.75, height: size.height * 0.75),
                                          sizing: .shrinkToFit(maximumHeight: builder.columnHeight * 0.85))
            _ = alt
            text.append("\u{FFFC}", attributes: a)
        case .span(let spec, let children):
            var a = base
            for cls in spec.classes {
                guard styles.style(cls) != nil else {
                    throw DocumentError(spec.properties.first?.location ?? currentLocation,
                                        "unknown style '\(cls)'; the template defines: \(styles.names.sorted().joined(separator: ", "))")
                }
                a = styles.applying(characterStyle: cls, to: a)
            }
            if !spec.properties.isEmpty { a = try styles.attributes(spec.properties, base: a) }
            if let id = spec.id { addAnchor(id, offset: text.length, location: spec.properties.first?.location ?? currentLocation) }
            try appendInlines(children, base: a)
        case .html:
            // Tags restyle the inlines after them: `appendInlines` applies them.
            break
        }
    }

    /// Appends text (with small capitals made by hand where the font has none).
    mutating func appendText(_ s: String, attributes: TextAttributes) {
        text.appendSynthesizingSmallCaps(s, attributes: attributes)
    }

    /// The image's path (relative to the document's folder) and pixel size, its header read once; a missing file is an error
    /// at the image's place in the document.
    mutating func image(_ source: String, location: SourceLocation) throws -> (path: String, pixels: Size) {
        let path = try imagePath(source, location: location)
        guard FileManager.default.fileExists(atPath: path) else {
            throw DocumentError(location, "image '\(source)' not found (looked for \(path))")
        }
        let pixels: Size
        do { pixels = try ImageInfo.pixelSize(ofImageAt: path) }
        catch { throw DocumentError(location, "image '\(source)' \(error)") }
        if !images.contains(path) { images.append(path) }
        return (path, pixels)
    }

    /// Where an image's source points on disk: a Markdown destination is a URL, so
    /// `%20` is a space and a `file:` URL is a path; images on the web are not fetched.
    /// Anything else with a colon (`fig:1.png`) is a file name.
    func imagePath(_ source: String, location: SourceLocation) throws -> String {
        var name = source
        if let colon = source.firstIndex(of: ":") {
            let scheme = source[..<colon].lowercased()
            if scheme == "data" {
                throw DocumentError(location, "image '\(source.prefix(40))…' is a data: URL written into the document, which Folio does not decode — save the image beside the document and give its file name")
            }
            if ["http", "https", "ftp", "ftps"].contains(scheme) {
                throw DocumentError(location, "image '\(source.prefix(80))' is on the web; Folio does not download images — save it beside the document and give its file name")
            }
            if scheme == "file" {
                name = String(source[source.index(after: colon)...])
                // file:///abs/path and file:/abs/path are absolute; file:name is relative.
                if name.hasPrefix("//") { name = String(name.dropFirst(2).drop { $0 != "/" }) }
            }
        }
        name = name.removingPercentEncoding ?? name
        guard let path = root.confine(name, base: baseDirectory) else {
            throw DocumentError(location, root.outsideReason("image '\(source.prefix(80))'"))
        }
        return path
    }

    /// The image of a paragraph that holds nothing else (spaces aside).
    func onlyImage(_ content: [Inline]) -> (source: String, alt: String, location: SourceLocation)? {
        var found: (String, String, SourceLocation)?
        for inline in content {
            switch inline {
            case .image(let source, let alt, _, let location):
                if found != nil { return nil }
                found = (source, alt, location)
            case .text(let s) where s.allSatisfy(\.isWhitespace): continue
            case .softBreak, .lineBreak: continue
            default: return nil
            }
        }
        return found
    }

    /// A figure: the image scaled to the width of the column it lands in (decided at
    /// layout time: a section or a page master may change the columns) and never taller
    /// than most of a column, centred, with its alt text as the caption below.
    mutating func appendFigure(_ image: (source: String, alt: String, location: SourceLocation), block: Block,
                               context: BlockContext) throws {
        let (path, pixels) = try self.image(image.source, location: image.location)
        let figure = try paragraphStyle(block, default: "figure", context: context)
        anchor(block)
        var a = attributes(of: figure)
        a.attachment = TextAttachment(path: path, size: pixels, sizing: .fillWidth(maximumHeight: builder.columnHeight * 0.85))
        text.append("\u{FFFC}", attributes: a)
        var p = finalParagraph(figure, context: context, last: false)
        // The image sets the line's height: no leading inherited from the body may clip it.
        p.minimumLineHeight = 0
        p.maximumLineHeight = 0
        p.lineHeightMultiple = 0
        if !image.alt.isEmpty { p.keepWithNext = true }
        endParagraph(p, figure)
        if !image.alt.isEmpty {
            let caption = try styles.paragraphStyle(named: styles.style("caption") != nil ? "caption" : "body", at: image.location)
            text.append(image.alt, attributes: attributes(of: caption))
            endParagraph(finalParagraph(caption, context: context, last: false), caption)
        }
    }

    /// Code, set line for line: spaces kept (as no-break spaces, which neither stretch
    /// nor break), tabs to the next multiple of four. Lines longer than the column they
    /// land in are wrapped at layout time, with a continuation mark (`codeMark`).
    mutating func appendCode(_ code: String, style: ResolvedStyle) {
        let base = attributes(of: style)
        var first = true
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { text.append("\u{2028}", attributes: base) }
            first = false
            var expanded = ""
            var column = 0
            for ch in line {
                if ch == "\t" {
                    let n = 4 - column % 4
                    expanded += String(repeating: " ", count: n); column += n
                } else { expanded.append(ch); column += 1 }
            }
            text.append(BuildState.noBreakSpaces(expanded), attributes: base)
        }
    }

    /// `text` with each space (U+0020) a no-break space (U+00A0), byte by byte: Foundation's
    /// `replacingOccurrences` took some 15 000 instructions a code span of Chinese text,
    /// 1 % of a Chinese book's render, before layout could start. A space a combining mark
    /// follows is replaced too (Foundation's search, by characters, may pass over it): the
    /// mark then sits on a no-break space, as Unicode shows a mark alone, and code never
    /// breaks there.
    static func noBreakSpaces(_ text: String) -> String {
        guard text.utf8.contains(0x20) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if byte == 0x20 { bytes.append(0xC2); bytes.append(0xA0) } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a wrapped line of code starts with: an arrow and a space, in grey.
    static let codeMark = ContinuationMark("↪\u{00A0}", color: Color(red: 0.55, green: 0.55, blue: 0.55))
}
