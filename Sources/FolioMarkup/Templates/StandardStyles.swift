/// The styles every document may use, with defaults derived from the template's body:
/// a template defines what it wants to look different and gets the rest from here.
package enum StandardStyles {
    private static let paragraphDefaults: [(String, String?, [(String, String)])] = [
        // A template that says nothing about its body text still gets a book-like one.
        ("body", nil, [("font", FontDescriptor.defaultFamilies.joined(separator: ", ")), ("size", "10.5pt"), ("leading", "14pt"), ("align", "justify"),
                       ("hyphenate", "true"), ("indent", "1.5em")]),
        ("body-first", "body", [("indent", "0")]),
        ("lead", "body", [("size", "1.15em"), ("indent", "0")]),
        ("title", "body", [("font", "DejaVu Sans"), ("weight", "bold"), ("size", "2em"), ("indent", "0"), ("align", "left"),
                           ("hyphenate", "false"), ("space-after", "0.3em")]),
        ("subtitle", "body", [("size", "1.3em"), ("indent", "0"), ("align", "left"), ("hyphenate", "false"), ("space-after", "0.5em")]),
        ("author", "body", [("style", "italic"), ("indent", "0"), ("align", "left"), ("hyphenate", "false"), ("space-after", "1.5em")]),
        ("abstract", "body", [("size", "0.9em"), ("indent", "0"), ("head-indent", "2em"), ("tail-indent", "-2em"), ("space-after", "1.2em")]),
        ("heading-1", "body", [("font", "DejaVu Sans"), ("weight", "bold"), ("size", "1.7em"), ("indent", "0"), ("align", "left"),
                               ("hyphenate", "false"), ("space-before", "0.9em"), ("space-after", "0.45em"),
                               ("keep-with-next", "true"), ("next", "body-first")]),
        ("heading-2", "heading-1", [("size", "0.8em")]),
        ("heading-3", "heading-1", [("size", "0.68em")]),
        ("heading-4", "heading-1", [("size", "0.6em"), ("style", "italic")]),
        ("heading-5", "heading-1", [("size", "0.6em"), ("weight", "semibold")]),
        ("heading-6", "heading-1", [("size", "0.6em"), ("weight", "regular"), ("style", "italic")]),
        ("quote", "body", [("size", "0.95em"), ("indent", "0"), ("head-indent", "1.5em"), ("tail-indent", "-1.5em"),
                           ("space-before", "0.4em"), ("space-after", "0.4em")]),
        ("list", "body", [("indent", "0"), ("head-indent", "1.5em"), ("space-after", "0.2em")]),
        // `{.dropcap}` on a paragraph: its first letter three lines high (a chapter's opening).
        ("dropcap", "body", [("indent", "0"), ("drop-cap", "3")]),
        ("code", "body", [("font", "DejaVu Sans Mono"), ("size", "0.85em"), ("align", "left"), ("hyphenate", "false"),
                          ("indent", "0"), ("head-indent", "1em"), ("line-break", "char-wrap"),
                          ("space-before", "0.4em"), ("space-after", "0.6em")]),
        ("figure", "body", [("align", "center"), ("indent", "0"), ("space-before", "0.5em"), ("space-after", "0.3em")]),
        ("caption", "body", [("size", "0.85em"), ("style", "italic"), ("align", "center"), ("indent", "0"), ("hyphenate", "false"), ("space-after", "1em")]),
        ("ornament", "body", [("align", "center"), ("indent", "0"), ("space-before", "0.6em"), ("space-after", "0.6em")]),
        ("date", "author", []),
        // Contents: the title like a chapter heading (not in the outline), entries flush left
        // with their page numbers on dot leaders at the end of the line.
        ("toc-title", "heading-1", []),
        ("toc-1", "body", [("indent", "0"), ("align", "left"), ("hyphenate", "false"), ("space-before", "0.35em"),
                           ("space-after", "0"), ("orphans", "1"), ("widows", "1"), ("features", "tnum")]),
        ("toc-2", "toc-1", [("head-indent", "1.5em"), ("space-before", "0")]),
        ("toc-3", "toc-2", [("head-indent", "3em")]),
        ("toc-4", "toc-3", [("head-indent", "4.5em")]),
        ("toc-5", "toc-4", [("head-indent", "6em")]),
        ("toc-6", "toc-5", [("head-indent", "7.5em")]),
        // Notes at the foot of the column: smaller, set solid, flush with the column.
        ("footnote", "body", [("size", "0.8em"), ("leading", "1.2em"), ("indent", "0"), ("space-before", "0"), ("space-after", "0"),
                              ("orphans", "1"), ("widows", "1"), ("keep-with-next", "false")]),
        // Tables: cells set smaller than the body, flush left, figures of one width so
        // columns of numbers line up.
        ("table-cell", "body", [("size", "0.9em"), ("leading", "1.25em"), ("indent", "0"), ("align", "left"), ("hyphenate", "true"),
                                ("features", "tnum"), ("space-before", "0"), ("space-after", "0")]),
        ("table-header", "table-cell", [("weight", "bold"), ("hyphenate", "false")]),
        ("table-footer", "table-cell", [("weight", "bold")]),
        ("table-continued", "table-cell", [("style", "italic"), ("size", "0.9em")]),
        ("header", "body", [("size", "0.8em"), ("indent", "0"), ("align", "center"), ("hyphenate", "false"),
                            ("space-before", "0"), ("space-after", "0")]),
        ("footer", "header", []),
        ("running-head", "header", [("small-caps", "true")]),
    ]
    private static let characterDefaults: [(String, [(String, String)])] = [
        ("emphasis", [("italic", "true")]),
        ("strong", [("weight", "bold")]),
        ("code-inline", [("font", "DejaVu Sans Mono"), ("size", "0.88em")]),
        ("link", [("color", "#1a4a9a")]),
        ("strikethrough", [("strikethrough", "single")]),
        ("smallcaps", [("small-caps", "true")]),
        // A note's number, in the text and at the start of the note.
        ("footnote-mark", [("superscript", "1")]),
    ]

    /// `styles` with every standard style it lacks added.
    package static func completing(_ styles: [String: StyleDefinition]) -> [String: StyleDefinition] {
        var all = styles
        for (name, parent, properties) in paragraphDefaults where all[name] == nil {
            all[name] = StyleDefinition(name: name, kind: .paragraph, parent: parent,
                                        properties: properties.map { StyleProperty(name: $0.0, value: $0.1) })
        }
        for (name, properties) in characterDefaults where all[name] == nil {
            all[name] = StyleDefinition(name: name, kind: .character,
                                        properties: properties.map { StyleProperty(name: $0.0, value: $0.1) })
        }
        return all
    }

    /// The names of the standard styles.
    package static var names: [String] { paragraphDefaults.map(\.0) + characterDefaults.map(\.0) }
}
