import FolioDocument
import Foundation

// The recipes of TextKit articles, written the Folio way (see the "Coming from TextKit"
// article in the documentation catalog).

extension Example {
    /// (n) A highlighting text storage: bold between asterisks and colour for #tags, kept
    /// up to date as the text is typed, one character at a time.
    static let highlighting = Example(name: "n-highlighting", summary: "a storage that highlights *bold* text and #tags as it is typed") { dir in
        /// TextKit's `NSTextStorage` subclass overriding `processEditing()`, as a delegate.
        final class Highlighter: TextStorageDelegate {
            let plain = TextAttributes(font: bodyFont)
            func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {
                let paragraphs = storage.paragraphRange(for: edit.range)
                storage.setAttributes(plain, range: paragraphs)
                for match in storage.matches(of: /\*[^*\n]+\*/, in: paragraphs) {
                    storage.setAttributes(TextAttributes(font: bodyFont.withWeight(.bold)), range: match.range)
                }
                for match in storage.matches(of: /#\w+/, in: paragraphs) {
                    storage.setAttributes(TextAttributes(font: bodyFont, foregroundColor: Color(red: 0.1, green: 0.4, blue: 0.75)),
                                          range: match.range)
                }
            }
        }
        let storage = TextStorage("", attributes: TextAttributes(font: bodyFont), paragraphStyle: ParagraphStyle(alignment: .left))
        storage.delegate = Highlighter()
        let typed = "Typing *bold* words and #tags: each keystroke is one edit, and the delegate highlights the paragraph it touched.\n"
            + "An *unclosed asterisk stays plain until its partner* arrives; #folio and #textkit are coloured as they are typed."
        for ch in typed { storage.replaceCharacters(in: storage.length..<storage.length, with: String(ch)) }
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 400)))
        return try writePDF("n-highlighting", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 60, y: 80))]])
    }

    /// (o) Dynamic Type: one layout manager, its content size changed between pages; the
    /// text reflows at each size.
    static let dynamicType = Example(name: "o-dynamic-type", summary: "text styles following the content size, one page per size") { dir in
        let storage = TextStorage()
        let serif = FontDescriptor(family: "DejaVu Serif", size: 12)
        storage.appendParagraph("Preferred sizes", attributes: TextAttributes(font: serif, textStyle: .title2))
        storage.appendParagraph(sampleParagraphs[0], attributes: TextAttributes(font: serif, textStyle: .body),
                                paragraphStyle: ParagraphStyle(alignment: .justified, hyphenation: true))
        storage.appendParagraph("Set with the same layout manager at three content sizes.",
                                attributes: TextAttributes(font: serif.withStyle(.italic), textStyle: .caption1))
        var defaults = LayoutDefaults()
        defaults.textStyleScale = 11.0 / 17
        let manager = LayoutManager(textStorage: storage, defaults: defaults)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 480)))
        let categories: [ContentSizeCategory] = [.small, .large, .accessibilityMedium]
        // The same manager on every page: its content size changes as each page begins.
        return try writePDF("o-dynamic-type", in: dir, beforePage: { page, _ in manager.defaults.contentSizeCategory = categories[page] },
                            pages: categories.map { _ in [Placement(manager: manager, container: 0, origin: Point(x: 60, y: 60))] })
    }

    /// (p) TextKit's letterpress effect on a title, over a tinted panel.
    static let letterpress = Example(name: "p-letterpress", summary: "a title in TextKit's letterpress effect on a tinted panel") { dir in
        let storage = TextStorage()
        let title = FontDescriptor(families: ["DejaVu Serif"], size: 40, weight: .bold)
        storage.appendParagraph("Letterpress", attributes: TextAttributes(font: title, foregroundColor: Color(red: 0.45, green: 0.3, blue: 0.2),
                                                                          textEffect: .letterpress),
                                paragraphStyle: ParagraphStyle(alignment: .center))
        storage.appendParagraph("pressed into the page", attributes: TextAttributes(font: title.withSize(18).withWeight(.regular),
                                                                                    foregroundColor: Color(red: 0.45, green: 0.3, blue: 0.2),
                                                                                    textEffect: .letterpress),
                                paragraphStyle: ParagraphStyle(alignment: .center))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 120)))
        return try writePDF("p-letterpress", in: dir, beforePage: { _, canvas in
            canvas.fill(BezierPath(roundedRect: Rect(x: 40, y: 66, width: 340, height: 110), radius: 12), color: Color(red: 0.93, green: 0.89, blue: 0.82))
        }, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 60, y: 90))]])
    }

    /// (q) Custom drawing per line and run: a rounded marker behind marked words and a
    /// hairline under every line, as `drawBackground`/`drawGlyphs` overrides would.
    static let customDrawing = Example(name: "q-custom-drawing", summary: "rounded highlights behind marked words and a rule under each line, drawn by a delegate") { dir in
        struct Marker: TextDrawingDelegate {
            func drawBackground(of run: GlyphRun, in fragment: LineFragment, canvas: PageCanvas, standard: () -> Void) {
                if run.attributes.custom("marked", as: Bool.self) == true {
                    canvas.fill(BezierPath(roundedRect: run.bounds.insetBy(dx: -2, dy: 1), radius: 4), color: Color(red: 1, green: 0.86, blue: 0.35))
                }
                standard()
            }
            func drawForeground(of fragment: LineFragment, in canvas: PageCanvas) {
                let y = fragment.baseline + 2.5
                canvas.strokeLine(from: Point(x: fragment.rect.minX, y: y), to: Point(x: fragment.rect.maxX, y: y),
                                  color: Color(red: 0.6, green: 0.75, blue: 0.9), width: 0.3)
            }
        }
        let storage = bodyStorage([sampleParagraphs[2]], style: ParagraphStyle(alignment: .left))
        for word in ["Rivers of white space", "loose line", "best place to break"] {
            storage.setAttribute(.custom("marked"), value: true, range: storage.range(of: word)!)
        }
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 400)))
        return try writePDF("q-custom-drawing", in: dir, textDrawing: Marker(),
                            pages: [[Placement(manager: manager, container: 0, origin: Point(x: 60, y: 80))]])
    }

    /// (r) Labels that shrink to fit their width, down to 60 %, then tighten, and only
    /// then end in an ellipsis (TextKit's `adjustsFontSizeToFitWidth`).
    static let shrinkToFit = Example(name: "r-shrink-to-fit", summary: "labels set smaller to fit their box, tightened, and only then truncated") { dir in
        let labels = ["Short label", "A label a little too long for its box", "A label far too long for its box even at sixty per cent of its size"]
        var placements: [Placement] = []
        for (i, text) in labels.enumerated() {
            var style = ParagraphStyle(alignment: .left)
            style.lineBreakMode = .truncateTail
            let storage = TextStorage(text, attributes: TextAttributes(font: FontDescriptor(family: "DejaVu Sans", size: 16)), paragraphStyle: style)
            let fit = TextFitting(minimumScale: 0.6).fit(storage, width: 220, maximumLines: 1)
            storage.apply(fit)
            let manager = LayoutManager(textStorage: storage)
            let container = TextContainer(size: Size(width: 220, height: 30))
            container.maximumNumberOfLines = 1
            manager.addTextContainer(container)
            placements.append(Placement(manager: manager, container: 0, origin: Point(x: 100, y: 100 + Double(i) * 50),
                                        guides: [BezierPath(rect: Rect(x: 0, y: 0, width: 220, height: 24))]))
        }
        return try writePDF("r-shrink-to-fit", in: dir, pages: [placements])
    }
}
