import FolioDocument

extension Example {
    /// (a) Two containers side by side; the text fills the first and runs on into the second.
    static let twoColumns = Example(name: "a-two-columns", summary: "two containers side by side, text flowing from the first into the second") { dir in
        let storage = bodyStorage(sampleParagraphs + [sampleParagraphs[0]])
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 160, height: 300)))
        manager.addTextContainer(TextContainer(size: Size(width: 160, height: 300)))
        manager.ensureLayout()
        return try writePDF("a-two-columns", in: dir, pages: [[
            Placement(manager: manager, container: 0, origin: Point(x: 40, y: 60)),
            Placement(manager: manager, container: 1, origin: Point(x: 220, y: 60)),
        ]])
    }

    /// (b) One storage observed by two layout managers with different container chains;
    /// an edit to the storage updates both.
    static let twoLayoutManagers = Example(name: "b-two-layout-managers", summary: "one storage, two layout managers with different container chains, both updated after an edit") { dir in
        let storage = bodyStorage()
        let wide = LayoutManager(textStorage: storage)
        wide.addTextContainer(TextContainer(size: Size(width: 340, height: 480)))
        let narrow = LayoutManager(textStorage: storage)
        for _ in 0..<3 { narrow.addTextContainer(TextContainer(size: Size(width: 100, height: 480))) }
        wide.ensureLayout(); narrow.ensureLayout()
        // The edit: both managers hear of it and lay the changed paragraphs out again.
        storage.replaceCharacters(in: storage.range(of: "Typography")!, with: "Typesetting, edited after layout,",
                                  attributes: TextAttributes(font: bodyFont, foregroundColor: Color(red: 0.7, green: 0, blue: 0)))
        return try writePDF("b-two-layout-managers", in: dir, pages: [
            [Placement(manager: wide, container: 0, origin: Point(x: 40, y: 60))],
            (0..<3).map { Placement(manager: narrow, container: $0, origin: Point(x: 40 + Double($0) * 115, y: 60)) },
        ])
    }

    /// (c) Exclusions: a rectangle at a column's right edge and an ellipse in its middle.
    static let exclusions = Example(name: "c-exclusions", summary: "an exclusion at a column's edge and one in the middle, text flowing around both") { dir in
        let storage = bodyStorage(sampleParagraphs + sampleParagraphs)
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 340, height: 500))
        container.lineFragmentPadding = 4   // keeps text off the obstacles' edges
        container.exclusionPaths = [
            BezierPath(rect: Rect(x: 240, y: 20, width: 100, height: 90)),
            BezierPath(ovalIn: Rect(x: 110, y: 200, width: 120, height: 110)),
        ]
        manager.addTextContainer(container)
        return try writePDF("c-exclusions", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 40, y: 50),
                                                                   guides: container.exclusionPaths)]])
    }

    /// (d) A circular container: each line as wide as the circle at its height.
    static let circle = Example(name: "d-circle", summary: "a circular container whose lines follow the circle") { dir in
        var style = ParagraphStyle(alignment: .justified, hyphenation: true)
        style.alignment = .center
        let storage = bodyStorage(sampleParagraphs, style: style)
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 320, height: 320))
        container.shape = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 320, height: 320))
        manager.addTextContainer(container)
        return try writePDF("d-circle", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 50, y: 120),
                                                               guides: [BezierPath(ovalIn: Rect(x: 0, y: 0, width: 320, height: 320))])]])
    }
}
