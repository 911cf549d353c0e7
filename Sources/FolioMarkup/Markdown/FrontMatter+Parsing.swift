import FolioText
import Foundation
import Yams

/// Reading YAML front matter: a document may open with a line `---`, YAML, and a line `---`
/// (or `...`).
extension FrontMatter {
    /// Splits the front matter off `text`. The body keeps its line numbers: the front matter's
    /// lines become empty lines, so the Markdown parser's source positions stay right.
    ///
    /// An opening `---` followed by a blank line (or nothing) is a thematic break, not front
    /// matter, as in Pandoc.
    static func split(_ text: String, file: String) throws -> (frontMatter: FrontMatter, body: String) {
        switch fence(in: text) {
        case .none:
            return (FrontMatter(), text)
        case .unclosed:
            throw DocumentError(path: file, line: 1, column: 1,
                                reason: "front matter opened at line 1 is never closed: end it with a line '---' "
                                    + "(or, for a thematic break, leave a blank line after the first '---')")
        case let .closed(yaml, closingLine, rest):
            let frontMatter = try parse(yaml: String(text[yaml]), file: file, firstLine: 2)
            return (frontMatter, String(repeating: "\n", count: closingLine) + (rest.map { String(text[$0...]) } ?? ""))
        }
    }

    /// Where a document's front matter is, as `split` reads it.
    enum Fence {
        /// No front matter (the first line is not `---`, or a blank line follows it).
        case none
        /// Opened on line 1 and never closed.
        case unclosed
        /// The YAML between the fences, the 1-based line of the closing `---` or `...`, and
        /// where the text after that line starts (nil when it is the last line).
        case closed(yaml: Range<String.Index>, closingLine: Int, rest: String.Index?)
    }

    /// Finds the front matter's fences in `text` (one scan of its bytes).
    static func fence(in text: String) -> Fence {
        let utf8 = text.utf8
        var i = utf8.startIndex
        // A byte order mark may precede the opening line.
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { i = utf8.index(i, offsetBy: 3) }

        /// The line starting at `start`: its content's end and the next line's start (nil at the end).
        func line(at start: String.Index) -> (end: String.Index, next: String.Index?) {
            guard let newline = utf8[start...].firstIndex(of: 0x0A) else { return (utf8.endIndex, nil) }
            return (newline, utf8.index(after: newline))
        }
        func trimmed(_ range: Range<String.Index>) -> Substring.UTF8View {
            var view = utf8[range]
            while let last = view.last, last == 0x20 || last == 0x09 || last == 0x0D { view = view.dropLast() }
            return view
        }
        func isFence(_ range: Range<String.Index>, _ marker: String) -> Bool {
            trimmed(range).elementsEqual(marker.utf8)
        }

        let first = line(at: i)
        guard isFence(i..<first.end, "---"), let yamlStart = first.next else { return .none }
        let second = line(at: yamlStart)
        if trimmed(yamlStart..<second.end).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .none }

        var lineNumber = 2
        var start: String.Index? = yamlStart
        while let s = start {
            let current = line(at: s)
            if isFence(s..<current.end, "---") || isFence(s..<current.end, "...") {
                return .closed(yaml: yamlStart..<s, closingLine: lineNumber, rest: current.next)
            }
            start = current.next
            lineNumber += 1
        }
        return .unclosed
    }

    private static func secondLine(of key: String, in yaml: String, mapping: Mark) -> (line: Int, column: Int)? {
        let indent = String(repeating: " ", count: mapping.column - 1)
        var seen = 0
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where index + 1 >= mapping.line {
            guard line.hasPrefix(indent) else { continue }
            let rest = line.dropFirst(indent.count)
            if rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                seen += 1
                if seen == 2 { return (index + 1, mapping.column) }
            }
        }
        return nil
    }

    /// Reads front matter YAML. `firstLine` is the document line the YAML starts on, so that
    /// errors and `locations` name lines of the document, not of the YAML.
    public static func parse(yaml: String, file: String, firstLine: Int = 1) throws -> FrontMatter {
        let lastLine = firstLine + max(0, yaml.utf8.count(where: { $0 == 0x0A }) - 1)
        func location(line: Int, column: Int) -> SourceLocation {
            // libyaml reports errors at the end of input one line past the last.
            SourceLocation(file: file, line: min(line + firstLine - 1, lastLine), column: column)
        }
        func location(_ mark: Mark?) -> SourceLocation {
            guard let mark else { return SourceLocation(file: file, line: firstLine, column: 1) }
            return location(line: mark.line, column: mark.column)
        }

        let root: Node?
        do {
            // Values are read as text (see TemplateYAML): no tag resolution needed. The
            // encoding is given: Yams's default reads the whole environment each time,
            // which cost more than parsing a mail-merge record's front matter.
            root = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            switch error {
            case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
                 let .composer(context, problem, mark, _):
                let why = context.map { " (\($0.text))" } ?? ""
                // Past the end ("did not find expected ']'") the context's mark, at the
                // opening bracket or quote, is the more useful place.
                let place = mark.line + firstLine - 1 > lastLine ? context?.mark ?? mark : mark
                throw DocumentError(location(place), "front matter is not valid YAML: \(problem)\(why)")
            case let .duplicatedKeysInMapping(duplicates, context):
                let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
                // Yams marks the first of the repeated keys in an order that is not fixed
                // when one is not a plain value (a list as a key: "<uncovertable>"); the
                // front matter's first line is then named, the same on every run.
                let mark = duplicates.contains("<uncovertable>") ? nil : context.mark
                let repeated = mark.flatMap { mark in duplicates.sorted().first.flatMap { secondLine(of: $0, in: yaml, mapping: mark) } }
                throw DocumentError(repeated.map { location(line: $0.line, column: $0.column) } ?? location(mark), "front matter sets \(keys) more than once")
            default:
                throw DocumentError(location(nil), "front matter is not valid YAML: \(error)")
            }
        }

        var result = FrontMatter()
        guard let root else { return result }
        guard case .mapping(let mapping) = root else {
            if root.null != nil { return result }   // only comments, or `~`
            throw DocumentError(location(root.mark), "front matter must be 'key: value' lines")
        }

        /// The value as text, or nil for a mapping, a sequence or null.
        func scalarText(_ node: Node) -> String? {
            guard case .scalar(let scalar) = node, node.null == nil else { return nil }
            return scalar.string
        }
        /// A scalar, or a sequence of scalars; nil for anything else.
        func textList(_ node: Node) -> [String]? {
            if let text = scalarText(node) { return [text] }
            guard case .sequence(let sequence) = node else { return nil }
            var items: [String] = []
            for item in sequence {
                guard let text = scalarText(item) else { return nil }
                items.append(text)
            }
            return items
        }

        // Keys Folio knows are checked; others are kept as variables where they are text.
        func add(_ key: String, _ value: Node, keyMark: Mark?) throws {
            result.locations[key] = location(keyMark)
            if value.null != nil { return }   // `key:` with no value: unset
            switch key {
            case "title", "subject", "lang", "template", "date":
                guard let text = scalarText(value) else {
                    throw DocumentError(location(value.mark), "\(key) must be text")
                }
                switch key {
                case "title": result.title = text
                case "subject": result.subject = text
                case "lang":
                    guard LanguageTag.isWellFormed(text) else { throw DocumentError(location(value.mark), "lang \(LanguageTag.problem(text))") }
                    result.language = text
                case "template": result.template = text
                default: result.date = text
                }
                result.variables[key] = text
            case "author":
                guard let names = textList(value) else {
                    throw DocumentError(location(value.mark), "author must be text or a list of names")
                }
                let joined = names.joined(separator: ", ")
                result.author = joined
                result.variables[key] = joined
            case "toc":
                guard let text = scalarText(value), let on = ["true": true, "yes": true, "false": false, "no": false][text.lowercased()] else {
                    throw DocumentError(location(value.mark), "toc must be true or false")
                }
                result.tableOfContents = on
            case "toc-depth":
                guard let text = scalarText(value), let depth = Int(text), (1...6).contains(depth) else {
                    throw DocumentError(location(value.mark), "toc-depth must be a whole number from 1 to 6")
                }
                result.contentsDepth = depth
            case "content-size":
                guard let text = scalarText(value), let category = ContentSizeCategory(name: text) else {
                    throw DocumentError(location(value.mark), "content-size must be one of "
                                        + ContentSizeCategory.allCases.map(\.name).joined(separator: ", "))
                }
                result.contentSize = category
            case "keywords":
                guard let items = textList(value) else {
                    throw DocumentError(location(value.mark), "keywords must be text (\"a, b\") or a list")
                }
                // "a, b" and [a, b] mean the same.
                let words = items.flatMap { $0.split(separator: ",") }
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                result.keywords = words
                result.variables[key] = words.joined(separator: ", ")
            default:
                switch value {
                case .mapping(let nested):
                    for (k, v) in nested {
                        guard let name = scalarText(k) else { continue }
                        try add("\(key).\(name)", v, keyMark: k.mark)
                    }
                case .sequence:
                    if let items = textList(value) { result.variables[key] = items.joined(separator: ", ") }
                default:
                    if let text = scalarText(value) { result.variables[key] = text }
                }
            }
        }

        for (key, value) in mapping {
            guard let name = scalarText(key) else {
                throw DocumentError(location(key.mark), "front matter keys must be text")
            }
            try add(name, value, keyMark: key.mark)
        }
        return result
    }
}

extension FrontMatter {
    /// `value` read as Markdown: the inline content of its paragraphs. Anything that is
    /// not a paragraph (a value starting with `- ` or `# `) stays the text as written.
    static func paragraphs(_ value: String, file: String) -> [[Inline]] {
        let blocks = MarkdownBlocks(source: MarkdownSource(file: file, text: value))
        var paragraphs: [[Inline]] = []
        while let block = try? blocks.next() {
            guard case .paragraph(let content) = block.kind else { return [[.text(value)]] }
            paragraphs.append(content)
        }
        return paragraphs.isEmpty ? [[.text(value)]] : paragraphs
    }
}
