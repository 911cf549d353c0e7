import FolioDocument

extension Example {
    /// (j) A range marked with a custom attribute, found later by enumeration, and its text replaced.
    static let customAttribute = Example(name: "j-custom-attribute", summary: "a range marked with a custom attribute, found by enumeration and its text replaced") { dir in
        let storage = bodyStorage(["Dear {name}, your order of {count} books has shipped and will arrive on {date}."], style: ParagraphStyle(alignment: .left))
        // Mark each placeholder with a custom attribute naming its field.
        for field in ["name", "count", "date"] {
            storage.setAttribute(.custom("field"), value: field, range: storage.range(of: "{\(field)}")!)
        }
        // Later: find the marked ranges by enumeration and replace their text, last first
        // so earlier ranges stay valid.
        let values = ["name": "Ada Lovelace", "count": "three", "date": "Thursday"]
        let found = storage.attributeRuns(of: .custom("field")).filter { $0.value != nil }
        storage.beginEditing()
        for run in found.reversed() {
            let field = run.value!.base as! String
            var attributes = storage.attributes(at: run.range.lowerBound).attributes
            attributes.foregroundColor = Color(red: 0, green: 0.3, blue: 0.7)
            storage.replaceCharacters(in: run.range, with: values[field]!, attributes: attributes)
        }
        storage.endEditing()
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 200)))
        return try writePDF("j-custom-attribute", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 60, y: 80))]])
    }

    /// (k) The height attributed text needs at a given width, measured without a container
    /// chain; a container of exactly that size then holds it all.
    static let measuring = Example(name: "k-measure", summary: "the height of an attributed string measured for a given width") { dir in
        let storage = bodyStorage([sampleParagraphs[1]])
        let size = TextMeasurer.boundingSize(of: storage, width: 240)
        let manager = LayoutManager(textStorage: storage)
        manager.addTextContainer(TextContainer(size: Size(width: 240, height: size.height)))
        manager.ensureLayout()
        precondition(manager.unplacedRange == nil, "the measured height must hold the text")
        return try writePDF("k-measure", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 90, y: 80))]])
    }

    /// (l) A container limited to three lines, the last one ending in an ellipsis.
    static let threeLines = Example(name: "l-three-lines", summary: "a container limited to three lines ending with an ellipsis") { dir in
        var style = ParagraphStyle(alignment: .left)
        style.lineBreakMode = .truncateTail
        let storage = bodyStorage([sampleParagraphs[2]], style: style)
        let manager = LayoutManager(textStorage: storage)
        let container = TextContainer(size: Size(width: 240, height: 400))
        container.maximumNumberOfLines = 3
        manager.addTextContainer(container)
        return try writePDF("l-three-lines", in: dir, pages: [[Placement(manager: manager, container: 0, origin: Point(x: 90, y: 80))]])
    }
}
