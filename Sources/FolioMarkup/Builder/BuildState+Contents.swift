import Foundation

// A table of contents and page references: the contents list the headings (to `toc-depth`)
// with their page numbers on dot leaders, each entry a link; `[text](#id){page}` prints the
// page an anchor is on. The numbers are `??` here: the page layer fills them in once layout
// has found the pages (`BuiltDocument.fillPageReferences`).

/// Where the contents go and the references made so far.
struct ContentsState {
    /// Where the title block ended: the contents' place unless a `{toc}` line gives another.
    var afterTitle: Int?
    /// Where a `{toc}` line stood.
    var placed: Int?
    /// Page references in the text, in order.
    var references: [PageReference] = []
}

extension BuildState {
    /// What a page number shows until layout has found the page (as TeX's `??`).
    static let unresolvedPage = "??"

    /// A `{toc}` line: the contents go here (the first such line; a later one is reported).
    mutating func placeContents(_ block: Block) {
        guard contents.placed == nil, text.paragraphIsEmpty else {
            warnings.append("\(block.location): the contents are placed once, at the first {toc} line; this one is left out")
            return
        }
        contents.placed = text.length
    }

    /// `[…](#id){page}`: the page number of anchor `id`, linked to it.
    mutating func appendPageReference(_ id: String, base: TextAttributes) {
        var a = styles.applying(characterStyle: "link", to: base)
        a.link = "#" + id
        pendingLinks.append((id, currentLocation))
        let start = text.length
        text.append(Self.unresolvedPage, attributes: a)
        contents.references.append(PageReference(range: start..<text.length, target: id))
    }

    /// The contents' title in the document's language, unless the template or the front
    /// matter gives one (`toc-title`).
    private var contentsTitle: String {
        if let title = document.frontMatter.variables["toc-title"] ?? builder.template.variables["toc-title"] { return title }
        let titles = ["de": "Inhalt", "fr": "Table des matières", "es": "Índice", "it": "Indice", "nl": "Inhoud",
                      "pt": "Sumário", "zh": "目录", "ja": "目次", "ko": "목차", "ru": "Содержание"]
        let code = (language ?? "en").split(separator: "-").first.map { String($0).lowercased() } ?? "en"
        return titles[code] ?? "Contents"
    }

    /// Puts the contents in the text where they were asked for (a `{toc}` line, or after the
    /// title block with `toc: true`), moving what follows; references become the document's.
    mutating func insertContents() throws {
        let fm = document.frontMatter
        guard let offset = contents.placed ?? (fm.tableOfContents ? contents.afterTitle : nil) else { return }
        let listed = headings.filter { $0.level <= fm.contentsDepth }
        guard !listed.isEmpty else {
            warnings.append("\(document.file): the contents would be empty: no heading of level \(fm.contentsDepth) or above")
            return
        }
        var toc = AttributedText()
        var references: [PageReference] = []
        let title = try styles.paragraphStyle(named: "toc-title", at: nil)
        toc.append(contentsTitle, attributes: attributes(of: title))
        toc.endParagraph(title.paragraph, attributes: attributes(of: title))
        for heading in listed {
            let style = try styles.paragraphStyle(named: "toc-\(heading.level)", at: nil)
            var a = attributes(of: style)
            a.link = "#" + heading.id
            var paragraph = style.paragraph
            if paragraph.tabStops.isEmpty { paragraph.tabStops = [.trailing(.right, leader: .dots)] }
            // A title's own line breaks and tabs would break the entry's line.
            let name = heading.title.map { $0 == "\t" || $0 == "\n" || $0 == "\u{2028}" ? " " : $0 }
            toc.append(String(name) + "\t", attributes: a)
            let start = toc.length
            toc.append(Self.unresolvedPage, attributes: a)
            references.append(PageReference(range: start..<toc.length, target: heading.id))
            toc.endParagraph(paragraph, attributes: a)
        }
        text.insert(toc, at: offset)
        let delta = toc.length
        for k in headings.indices where headings[k].offset >= offset { headings[k].offset += delta }
        for k in anchors.indices where anchors[k].offset >= offset { anchors[k].offset += delta }
        for k in sections.indices where sections[k].offset >= offset { sections[k].offset += delta }
        for k in contents.references.indices where contents.references[k].range.lowerBound >= offset {
            contents.references[k].range = (contents.references[k].range.lowerBound + delta)..<(contents.references[k].range.upperBound + delta)
        }
        let shifted = references.map { PageReference(range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), target: $0.target) }
        contents.references = (contents.references + shifted).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
