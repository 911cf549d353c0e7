import Foundation
import Mustache

/// The partials a document template includes — `{{> name}}` — read from its template's
/// folder: `name.mustache`, else `name.md` (`{{> parts/footer}}` from a subfolder; a
/// built-in template's partials are compiled in with it).
///
/// A name is a file name inside the folder: letters, digits, `.`, `-` and `_`, with `/`
/// between folders. `..`, an absolute path, a file that leads out of the folder through a
/// link and a dynamic name (`{{>*name}}`) are refused, and a missing partial is an error
/// at its tag. A partial may include partials, itself too (a tree over nested data), up to
/// `maximumDepth` levels: each level is its own copy in the library, so rendering can
/// never go deeper, and the check before rendering warns where the data would take it
/// further (those levels print nothing). Sections open around a partial count towards the
/// template's nesting limit with those in the partial. A partial's values are escaped as
/// where it is included: for Markdown in the body, for YAML in the front matter.
struct DocumentPartials {
    /// How many levels deep partials may include partials.
    static let maximumDepth = 10

    /// One partial file, read and scanned.
    struct Partial {
        /// The file as messages name it: its path, or `NAME/file` in a built-in.
        var file: String
        var text: [Character]
        var scanner: TemplateScanner
    }

    /// Every partial the document reaches, by name.
    private(set) var partials: [String: Partial] = [:]
    /// The copies of the partials, one per level and escaping, under the names the
    /// rewritten tags use.
    private(set) var library = MustacheLibrary()
    /// The document's text with each partial tag naming its copy in the library (the
    /// text itself when it includes no partial).
    private(set) var rootText: String

    /// The partials `text` (the document at `file`, scanned by `scanner`, its front matter
    /// ending on line `frontMatterEnd`) includes, from the folder `folder` gives (asked only
    /// when there is a partial tag).
    init(text: String, scanner: TemplateScanner, file: String, frontMatterEnd: Int?,
         folder: () throws -> (path: String, builtin: String?)) throws {
        rootText = text
        guard !scanner.partialSites.isEmpty else { return }
        let (path, builtin) = try folder()
        let loader = Loader(folder: path, builtin: builtin)
        var queue = scanner.partialSites.map { ($0, file) }
        while !queue.isEmpty {
            let (site, from) = queue.removeFirst()
            guard partials[site.tag.name] == nil else { continue }
            let partial = try loader.load(site.tag, from: from)
            partials[site.tag.name] = partial
            queue += partial.scanner.partialSites.map { ($0, partial.file) }
        }
        try checkDepth(scanner, file: file)
        // The copies the document can reach: (name, level, YAML escaping).
        var made = Set<String>()
        func inFrontMatter(_ site: TemplateScanner.PartialSite) -> Bool { frontMatterEnd.map { site.tag.line < $0 } ?? false }
        var pending = scanner.partialSites.map { (name: $0.tag.name, level: 1, yaml: inFrontMatter($0)) }
        while let next = pending.popLast() {
            let key = Self.key(next.name, next.level, next.yaml)
            guard made.insert(key).inserted, let partial = partials[next.name] else { continue }
            let sites = partial.scanner.partialSites
            let body = Self.rewrite(partial.text, sites) { Self.key($0.tag.name, next.level + 1, next.yaml) }
            let type = next.yaml ? FrontMatterContentType.name : MarkdownContentType.name
            library.register(try MustacheTemplate(string: "{{%CONTENT_TYPE:\(type)}}\n" + body), named: key)
            if next.level < Self.maximumDepth { pending += sites.map { ($0.tag.name, next.level + 1, next.yaml) } }
        }
        // A tag's line tells which escaping it is in.
        rootText = Self.rewrite(Array(text), scanner.partialSites) { Self.key($0.tag.name, 1, inFrontMatter($0)) }
    }

    /// Whether the document includes no partial.
    var isEmpty: Bool { partials.isEmpty }

    /// The name a partial's copy at `level` is registered under (`?` cannot be in a name
    /// a document writes).
    static func key(_ name: String, _ level: Int, _ yaml: Bool) -> String { "\(name)?\(level)\(yaml ? "y" : "")" }

    /// `text` with each partial tag of `sites` naming `key(site)` instead, written with the
    /// delimiters in force there and keeping the line breaks it had (so lines stay put).
    static func rewrite(_ text: [Character], _ sites: [TemplateScanner.PartialSite],
                        key: (TemplateScanner.PartialSite) -> String) -> String {
        var out = ""
        var last = 0
        for site in sites {
            out += String(text[last..<site.range.lowerBound])
            let breaks = text[site.range].filter(\.isNewline).count
            out += site.start + ">" + key(site) + String(repeating: "\n", count: breaks) + site.end
            last = site.range.upperBound
        }
        return out + String(text[last...])
    }

    /// Refuses partials whose sections, with those open around them and in what they
    /// include, nest deeper than `TemplateScanner.maximumDepth`.
    private func checkDepth(_ scanner: TemplateScanner, file: String) throws {
        var memo: [String: Int] = [:]
        func depth(_ name: String, _ level: Int) -> Int {
            let key = Self.key(name, level, false)
            if let d = memo[key] { return d }
            guard let partial = partials[name] else { return 0 }
            var d = partial.scanner.deepest
            if level < Self.maximumDepth {
                for site in partial.scanner.partialSites { d = max(d, site.depth + depth(site.tag.name, level + 1)) }
            }
            memo[key] = d
            return d
        }
        for site in scanner.partialSites {
            let d = site.depth + depth(site.tag.name, 1)
            if d > TemplateScanner.maximumDepth {
                throw DocumentError(path: file, line: site.tag.line, column: site.tag.column,
                                    reason: "sections nested deeper than \(TemplateScanner.maximumDepth) levels through partial '\(site.tag.name)' (\(d) with what it includes)")
            }
        }
    }

    /// Finds and reads partial files in one folder.
    struct Loader {
        let folder: String
        let builtin: String?

        /// Where messages say the partials are looked for.
        var place: String { builtin.map { "built-in template '\($0)'" } ?? "the template's folder (\(folder))" }

        /// The partial `tag` names, included from `from`; errors are at the tag.
        func load(_ tag: TemplateTag, from: String) throws -> Partial {
            let name = tag.name
            func fail(_ why: String) -> DocumentError { DocumentError(path: from, line: tag.line, column: tag.column, reason: why) }
            if name.hasPrefix("*") { throw fail("a partial's name must be written out ('\(name)' is a dynamic name, which is not supported)") }
            let components = name.split(separator: "/", omittingEmptySubsequences: false)
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
            guard !name.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.allSatisfy(allowed.contains) }) else {
                throw fail("'\(name)' is not a partial's name: a file name in the template's folder (letters, digits, . - _, and / between folders; no '..', no absolute path)")
            }
            let candidates = name.hasSuffix(".mustache") || name.hasSuffix(".md") ? [name] : [name + ".mustache", name + ".md"]
            let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            for candidate in candidates {
                let path = URL(fileURLWithPath: folder).appendingPathComponent(candidate).path
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
                let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                guard real.hasPrefix(root + "/") else { throw fail("partial '\(name)' leads out of the template's folder (to \(real))") }
                let display = builtin.map { "\($0)/\(candidate)" } ?? path
                let text = try PlainTextReader.read(path: path)
                let scanner = try TemplateScanner(text, file: display)
                do { _ = try MustacheTemplate(string: "{{%CONTENT_TYPE:\(MarkdownContentType.name)}}\n" + text) }
                catch let e as MustacheTemplate.ParserError { throw DocumentTemplate.syntaxError(e, file: display, scanner: scanner) }
                return Partial(file: display, text: Array(text), scanner: scanner)
            }
            throw fail("no partial '\(name)': no \(candidates.joined(separator: " or ")) in \(place)")
        }
    }
}
