import Foundation

/// Sets a page's frames — running heads, folios, logos — each a small text of its own
/// laid out in the frame's box, after the page's fields are filled in.
///
/// Each frame keeps its storage and layout manager from page to page and only has its
/// text replaced: a new layout manager per frame and page would load fonts anew each time.
final class FrameSetter {
    let template: Template
    let styles: StyleSheet?
    let defaults: LayoutDefaults
    /// Where the frames' layout managers get their fonts: one context for all of them
    /// (they are laid out one at a time, on the thread writing the page), from the
    /// renderer's pool.
    let shaping: ShapingPool
    private var setters: [String: Setter] = [:]
    /// The setters' keys, least recently drawn first.
    private var recent: [String] = []
    /// Setters kept between pages: running heads and folios are laid out again only when
    /// their text changes, and a template of thousands of frames keeps at most this many
    /// storages and layouts.
    static let keptSetters = 64

    /// One frame's text: its storage and layout manager, the attributes of its style,
    /// and the text it holds now.
    private struct Setter {
        var storage: TextStorage
        var manager: LayoutManager
        var attributes: TextAttributes
        var text: String
        /// More characters than the frame's lines could ever show (each at least 0.1 em
        /// wide, and four times that for marks that take no room): text past it is cut
        /// before layout, so a megabyte title in a running head costs what a line costs.
        /// The cut text still overflows, so the line still ends in an ellipsis.
        var characterLimit: Int
        /// The lines the frame holds.
        var lines: Int
    }

    init(template: Template, styles: StyleSheet?, defaults: LayoutDefaults, shaping: ShapingPool? = nil) {
        self.template = template; self.styles = styles; self.shaping = ShapingPool(lendingOneContextFrom: shaping)
        // Running heads and folios stay horizontal on pages of vertical text.
        var horizontal = defaults
        horizontal.layoutOrientation = .horizontal
        self.defaults = horizontal
    }

    deinit {
        for s in setters.values { s.storage.removeObserver(s.manager) }
    }

    /// Draws every frame of `page` with `fields`: its fill, its image, its text.
    ///
    /// An image frame naming a field (`{logo}`) draws the file the field's value names —
    /// made absolute when the document was built (`DocumentBuilder`) — and nothing when the
    /// value is empty.
    func draw(_ page: ComposedPage, fields: [String: String], language: String? = nil, on canvas: PageCanvas) throws {
        for (index, frame) in page.frames.enumerated() {
            if let fill = frame.fill { canvas.fillRect(frame.rect, color: fill) }
            if let image = frame.imageField.map({ fields[$0] ?? "" }) ?? frame.image, !image.isEmpty {
                let path = image.hasPrefix("/") ? image
                    : template.directory.map { URL(fileURLWithPath: $0).appendingPathComponent(image).path } ?? image
                canvas.drawImage(atPath: path, fitting: frame.rect,
                                 anchor: Point(x: frame.alignment.horizontal, y: frame.alignment.vertical))
            }
            guard let raw = frame.text(for: language) else { continue }
            let text = try PageFields.substitute(raw, fields, location: frame.location)
            guard !text.isEmpty else { continue }
            let key = "\(page.master)#\(index)"
            let setter = try setters[key] ?? makeSetter(for: frame)
            setters[key] = setter
            remember(key)
            if setter.text != text {
                setters[key]?.text = text
                var styled = AttributedText()
                let shown = text.count > setter.characterLimit ? String(text.prefix(setter.characterLimit)) : text
                styled.appendSynthesizingSmallCaps(shown, attributes: setter.attributes)
                setter.storage.beginEditing()
                setter.storage.replaceCharacters(in: 0..<setter.storage.length, with: "")
                setter.storage.append(styled)
                if let fitting = frame.fitting {
                    // Too long for its lines: smaller, then tighter, before the ellipsis.
                    let fit = fitting.fit(setter.storage, width: frame.rect.width, maximumLines: setter.lines,
                                          defaults: defaults, shaping: shaping)
                    setter.storage.apply(fit, defaults: defaults)
                }
                setter.storage.endEditing()
            }
            setter.manager.ensureLayout()
            canvas.draw(setter.manager, containerAt: 0, at: frame.rect.origin)
        }
    }

    /// Marks `key` drawn, letting go of the setter drawn longest ago past `keptSetters`.
    private func remember(_ key: String) {
        if let i = recent.firstIndex(of: key) { recent.remove(at: i) }
        recent.append(key)
        guard recent.count > Self.keptSetters else { return }
        let oldest = recent.removeFirst()
        if let s = setters.removeValue(forKey: oldest) { s.storage.removeObserver(s.manager) }
    }

    private func makeSetter(for frame: Frame) throws -> Setter {
        var attributes = TextAttributes()
        var paragraph = ParagraphStyle(alignment: .left)
        if let styles {
            let style = try styles.paragraphStyle(named: frame.style, at: frame.location)
            attributes = style.attributes
            paragraph = style.paragraph
            // A frame is one box: no indents or spacing from a body-like style.
            paragraph.firstLineHeadIndent = paragraph.headIndent
            paragraph.paragraphSpacingBefore = 0
            paragraph.breakBefore = .none
            paragraph.keepWithNext = false
        }
        // Text too long for the frame ends in an ellipsis on the last line it holds,
        // rather than running on into lines that are cut off unseen.
        let lineHeight = TextMeasurer.boundingSize(of: TextStorage("Xg", attributes: attributes, paragraphStyle: paragraph),
                                                   width: 1e6, shaping: shaping).height
        let lines = max(1, Int(((frame.rect.height + 0.5) / max(lineHeight, 1)).rounded(.down)))
        if paragraph.lineBreakMode == .wordWrap { paragraph.lineBreakMode = .truncateTail }
        let storage = TextStorage(" ", attributes: attributes, paragraphStyle: paragraph)
        // A frame (a running head, a folio) keeps to its own rect, not the body's grid.
        var typesetting = template.typesetting
        typesetting.baselineGrid = 0
        let manager = LayoutManager(textStorage: storage, defaults: defaults, typesetting: typesetting, shaping: shaping)
        let container = TextContainer(size: Size(width: frame.rect.width, height: max(frame.rect.height, 1)))
        container.maximumNumberOfLines = lines
        manager.addTextContainer(container)
        let em = max(attributes.font?.size ?? FontDescriptor.defaultBodySize, 1)
        let perLine = Int(min(frame.rect.width / (0.1 * em), 1e6))
        return Setter(storage: storage, manager: manager, attributes: attributes, text: "",
                      characterLimit: Int(Double(lines * (perLine + 1) * 4) / (frame.fitting?.minimumScale ?? 1)), lines: lines)
    }

    /// Whether any frame of any master shows `{pages}` (which takes a counting pass).
    static func needsPageCount(_ template: Template) -> Bool {
        template.masters.values.contains { $0.frames.contains { $0.allTexts.contains { $0.contains("{pages}") } } }
    }
}

extension Template {
    /// Whether a frame shows `{pages}`: the document is then laid out once to count its
    /// pages before the first is drawn, so it must be whole before layout begins.
    package var needsPageCount: Bool { FrameSetter.needsPageCount(self) }
}
