import FolioDocument

extension Example {
    /// (e) A centred paragraph with head and tail indents and paragraph spacing; one word
    /// outlined with a red stroke.
    static let centeredIndents = Example(name: "e-centered-indents", summary: "a centered paragraph with head and tail indents and paragraph spacing, one word outlined with a red stroke") { dir in
        var centred = ParagraphStyle(alignment: .center)
        centred.headIndent = 40; centred.firstLineHeadIndent = 40; centred.tailIndent = -40
        centred.paragraphSpacingBefore = 18; centred.paragraphSpacing = 18
        let storage = TextStorage()
        storage.appendParagraph(sampleParagraphs[0], attributes: TextAttributes(font: bodyFont), paragraphStyle: ParagraphStyle(alignment: .justified))
        storage.appendParagraph("This paragraph is centred between indents of forty points on either side, with eighteen points of space above and below it. One word is OUTLINED in red.",
                                attributes: TextAttributes(font: bodyFont), paragraphStyle: centred)
        storage.appendParagraph(sampleParagraphs[1], attributes: TextAttributes(font: bodyFont), paragraphStyle: ParagraphStyle(alignment: .justified))
        let word = storage.string.range(of: "OUTLINED")!
        let start = storage.string.utf8.distance(from: storage.string.startIndex, to: word.lowerBound)
        storage.addAttributes(TextAttributes(font: bodyFont.withSize(16).withWeight(.bold),
                                             stroke: TextStroke(width: 0.8, color: Color(red: 0.85, green: 0, blue: 0))),
                              range: start..<(start + 8))
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 340, height: 480)))
        return try writePDF("e-centered-indents", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 40, y: 60))]])
    }

    /// (f) A first letter set larger, expanded and kerned tight against the word.
    static let dropInitial = Example(name: "f-initial", summary: "a first letter set larger, expanded and negatively kerned") { dir in
        let storage = bodyStorage([sampleParagraphs[0]], style: ParagraphStyle(alignment: .justified, hyphenation: true))
        storage.addAttributes(TextAttributes(font: bodyFont.withSize(34).withWeight(.bold), foregroundColor: Color(red: 0.55, green: 0.1, blue: 0.1),
                                             tracking: -3, expansion: 1.25), range: 0..<1)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 340, height: 480)))
        return try writePDF("f-initial", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 40, y: 60))]])
    }

    /// (g) Justified, hyphenated text with a line-height multiple of 1.2.
    static let justifiedHyphenated = Example(name: "g-justified", summary: "justified, hyphenated text with line-height multiple 1.2") { dir in
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.lineHeightMultiple = 1.2
        style.firstLineHeadIndent = 14
        let storage = bodyStorage(sampleParagraphs, style: style)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 500)))
        return try writePDF("g-justified", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 110, y: 50))]])
    }

    /// (h) Prices aligned on the decimal point by a decimal tab stop.
    static let decimalTabs = Example(name: "h-decimal-tabs", summary: "prices aligned on the decimal point with a decimal tab stop") { dir in
        var style = ParagraphStyle(alignment: .left)
        style.tabStops = [TabStop(.decimal, at: 200)]
        let storage = TextStorage()
        for line in ["Onions\t$2.34", "Saffron, one gram\t$12.5", "Potatoes, a sack\t$120.00", "Salt\t$0.9", "Olive oil\t$1234.567"] {
            storage.appendParagraph(line, attributes: TextAttributes(font: bodyFont), paragraphStyle: style)
        }
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 300)))
        return try writePDF("h-decimal-tabs", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 60, y: 80))]])
    }

    /// (i) Images set inline, standing on the baseline.
    static let inlineImages = Example(name: "i-inline-images", summary: "inline images sitting on the baseline") { dir in
        let storage = bodyStorage(["Images sit on the baseline like glyphs: here is one \u{FFFC} in the middle of a line, and a taller one \u{FFFC} that makes its line taller. They break across lines like words do, and carry their own width. A JPEG \u{FFFC} goes into the PDF as it is, not decoded and compressed again."])
        // Each U+FFFC (the object replacement character) takes one image.
        let marks = storage.ranges(of: "\u{FFFC}")
        let image = asset("square.png")
        storage.addAttributes(TextAttributes(attachment: TextAttachment(path: image, size: Size(width: 10, height: 10))), range: marks[0])
        storage.addAttributes(TextAttributes(attachment: TextAttachment(path: image, size: Size(width: 24, height: 24))), range: marks[1])
        storage.addAttributes(TextAttributes(attachment: TextAttachment(path: asset("sun.jpg"), bounds: Rect(x: 0, y: -3, width: 24, height: 16))),
                              range: marks[2])
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 400)))
        return try writePDF("i-inline-images", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 60, y: 60))]])
    }
}
