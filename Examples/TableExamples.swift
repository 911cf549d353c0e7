import FolioDocument

extension Example {
    /// (m) A table built the TextKit way (each cell a paragraph carrying its table block)
    /// flowing down a column past an obstacle, then on into a wider column: the rows go
    /// below the obstacle, and the columns are shared out again for the wider container.
    static let tableObstacle = Example(name: "m-table-obstacle", summary: "a table flowing past an obstacle and on into a wider column, its header repeated") { dir in
        let table = TextTable(columnCount: 3, width: .fraction(1), headerRowCount: 1,
                              rowBackgrounds: [nil, Color(red: 0.94, green: 0.95, blue: 0.97)],
                              frame: TableEdges(top: TableBorder(width: 1), bottom: TableBorder(width: 1)),
                              headerRule: TableBorder(width: 0.5), continuationLabel: "Fonts (continued)",
                              continuationAttributes: TextAttributes(font: bodyFont.withSize(9).withStyle(.italic)))
        let rows: [[String]] = [["Face", "Designer", "Notes"]] + [
            ("Garamond", "Claude Garamond", "Old-style roman of the 1530s; the model for a century of French printing."),
            ("Caslon", "William Caslon", "English; the face of the American Declaration of Independence."),
            ("Baskerville", "John Baskerville", "Transitional: sharper contrast, wove paper, a rounder hand."),
            ("Bodoni", "Giambattista Bodoni", "Modern: hairline serifs and vertical stress."),
            ("Didot", "Firmin Didot", "The French modern, cut for the Didot family's presses."),
            ("Clarendon", "Robert Besley", "A slab serif for emphasis in dictionaries."),
            ("Akzidenz-Grotesk", "H. Berthold AG", "The grotesque the Swiss school took up."),
            ("Futura", "Paul Renner", "Geometric sans of the 1920s."),
            ("Gill Sans", "Eric Gill", "A humanist sans drawn from Johnston's Underground letters."),
            ("Times New Roman", "Stanley Morison", "Drawn for The Times of London, 1932."),
            ("Palatino", "Hermann Zapf", "Renaissance forms cut for the printing of the 1950s."),
            ("Helvetica", "Max Miedinger", "Neue Haas Grotesk renamed for export."),
            ("Univers", "Adrian Frutiger", "A family planned as a system of numbered weights."),
            ("Optima", "Hermann Zapf", "A sans with flared strokes, after Florentine inscriptions."),
            ("Minion", "Robert Slimbach", "A digital old-style for long reading."),
        ].map { [$0.0, $0.1, $0.2] }
        let storage = bodyStorage([sampleParagraphs[0]])
        let cellFont = TextAttributes(font: bodyFont.withSize(9))
        for (r, row) in rows.enumerated() {
            for (c, text) in row.enumerated() {
                var style = ParagraphStyle(alignment: .left, hyphenation: true)
                style.textBlocks = [TextTableBlock(table: table, startingRow: r, startingColumn: c)]
                storage.appendParagraph(text, attributes: r == 0 ? TextAttributes(font: bodyFont.withSize(9).withWeight(.bold)) : cellFont,
                                        paragraphStyle: style)
            }
        }
        let manager = LayoutManager(textStorage: storage)
        let narrow = TextContainer(size: Size(width: 220, height: 500))
        let obstacle = BezierPath(ovalIn: Rect(x: 50, y: 240, width: 110, height: 80))
        narrow.exclusionPaths = [obstacle]
        let wide = TextContainer(size: Size(width: 275, height: 500))
        manager.addTextContainer(narrow)
        manager.addTextContainer(wide)
        return try writePDF("m-table-obstacle", in: dir, pageSize: Size(width: 595, height: 595), pages: [[
            Placement(manager: manager, container: 0, origin: Point(x: 40, y: 50), guides: [obstacle]),
            Placement(manager: manager, container: 1, origin: Point(x: 280, y: 50)),
        ]])
    }
}
