import Foundation

/// A `POST /render` request's JSON body, read and checked:
///
/// ```json
/// { "document": "# Invoice {{number}}\n…", "template": "invoice",
///   "data": { "number": 42, … } , "strict": false,
///   "options": { "paper": "a4", "columns": 2, "margin": "2cm", "size": 10, "set": { "title": "Q3" } } }
/// ```
///
/// `document` is Markdown (a Mustache template when `data` is given; an array of records
/// is a mail merge into one PDF). `template` names a template (the service decides which
/// names it has). `options` take the command line's names, values and ranges.
///
/// The body is read by Folio's own JSON reader, depth- and size-limited like a data file;
/// every problem is a `Problem` saying what is wrong and where.
public struct RenderRequest: Sendable {
    /// The Markdown to set.
    public var document: String
    /// The template's name, as written; nil for the front matter's or `default`.
    public var template: String?
    /// The data that fills the document; nil for none.
    public var data: DataValue?
    /// The data's name in messages (an uploaded file's name).
    public var dataName = "data"
    /// Whether a field the data lacks is an error.
    public var strict = false
    /// The layout options.
    public var overrides = LayoutOverrides()

    /// What is wrong with a request.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// `malformed`: not a request at all (bad JSON, a missing or unknown field);
        /// `invalid`: a request whose values are wrong (an option out of range).
        public enum Kind: Sendable { case malformed, invalid }
        /// Which of the two.
        public var kind: Kind
        /// What is wrong, and where.
        public var message: String
        /// The message.
        public var description: String { message }
        init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
        /// Not a request at all.
        public static func malformed(_ message: String) -> Problem { Problem(.malformed, message) }
        /// A request whose values are wrong.
        public static func invalid(_ message: String) -> Problem { Problem(.invalid, message) }
    }

    /// A job for the request's document, read as if from `input` (whose folder it may read
    /// from unless `job.readRoot` says otherwise), its data, `strict` and options applied.
    public func job(input: String) -> RenderJob {
        var job = RenderJob(input: input)
        job.inputText = document
        if let data { job.dataValue = data; job.dataPath = dataName }
        job.strict = strict
        job.overrides = overrides
        return job
    }

    /// The keys a body may have, and those its `options` may have.
    public static let keys = ["document", "template", "data", "strict", "options"]
    public static let optionKeys = ["paper", "margin", "columns", "gutter", "font", "size", "leading", "align", "hyphenate", "set"]

    /// A request for `document`, with no data and no options (the parts of a multipart
    /// request are set one by one).
    public init(document: String) { self.document = document }

    /// The options of a request given as a JSON object on their own (a multipart request's
    /// `options` part).
    public static func options(json: Data, file: String) throws -> LayoutOverrides {
        let value: DataValue
        do { value = try DataLoader.load(data: json, format: .json, file: file) } catch let e as DocumentError {
            throw Problem(.malformed, e.description)
        }
        guard case .object(let options) = value else { throw Problem(.malformed, "\(file): the options are a JSON object") }
        return try overrides(options)
    }

    /// Reads a request from its JSON `body`.
    public init(body: Data) throws {
        let value: DataValue
        do {
            value = try DataLoader.load(data: body, format: .json, file: "request body")
        } catch let e as DocumentError {
            throw Problem(.malformed, e.description)
        }
        guard case .object(let fields) = value else { throw Problem(.malformed, "the request body must be a JSON object") }
        for (key, _) in fields where !Self.keys.contains(key) {
            throw Problem(.malformed, "unknown field '\(key)'; a request has \(Self.keys.joined(separator: ", "))")
        }
        guard let document = fields["document"]?.stringValue else {
            throw Problem(.malformed, "'document' (the Markdown to set, a string) is missing")
        }
        self.document = document
        if let t = fields["template"], !t.isNull {
            guard let name = t.stringValue, !name.isEmpty else { throw Problem(.malformed, "'template' is a template's name") }
            template = name
        }
        if let d = fields["data"], !d.isNull { data = d }
        if let s = fields["strict"], !s.isNull {
            guard let b = s.boolValue else { throw Problem(.malformed, "'strict' is true or false") }
            strict = b
        }
        if let o = fields["options"], !o.isNull {
            guard case .object(let options) = o else { throw Problem(.malformed, "'options' is an object of the command line's options") }
            overrides = try Self.overrides(options)
        }
    }

    /// The command line's layout options, with its ranges (`LayoutOverrides.outOfRange`).
    static func overrides(_ options: DataObject) throws -> LayoutOverrides {
        var o = LayoutOverrides()
        func text(_ key: String, _ value: DataValue) throws -> String {
            if let s = value.stringValue { return s }
            if let n = value.numberValue { return n.text }
            throw Problem(.invalid, "option '\(key)' takes a string or a number")
        }
        func length(_ key: String, _ value: DataValue) throws -> Double {
            let t = try text(key, value)
            guard let l = Length(t) else {
                throw Problem(.invalid, "option '\(key)' is a length with a unit (pt, mm, cm or in), not '\(t)'")
            }
            return l.points
        }
        func number(_ key: String, _ value: DataValue) throws -> Double {
            guard let n = value.numberValue?.double ?? value.stringValue.flatMap(Double.init) else {
                throw Problem(.invalid, "option '\(key)' is a number")
            }
            return n
        }
        for (key, value) in options {
            switch key {
            case "paper":
                let t = try text(key, value)
                guard let size = PaperSize.parse(t) else {
                    throw Problem(.invalid, "option 'paper' is a3, a4, a5, letter, legal, tabloid or WIDTHxHEIGHT such as 150mmx200mm, not '\(t)'")
                }
                o.pageSize = size
            case "margin": o.margin = try length(key, value)
            case "gutter": o.gutter = try length(key, value)
            case "columns":
                guard let n = value.numberValue?.int else { throw Problem(.invalid, "option 'columns' is a whole number") }
                o.columns = n
            case "font":
                let families = try text(key, value).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !families.isEmpty else { throw Problem(.invalid, "option 'font' names a font family") }
                o.fontFamilies = families
            case "size": o.size = try number(key, value)
            case "leading": o.leading = try number(key, value)
            case "align":
                let alignments: [String: TextAlignment] = ["justify": .justified, "left": .left, "right": .right, "center": .center]
                let t = try text(key, value)
                guard let a = alignments[t] else { throw Problem(.invalid, "option 'align' is justify, left, right or center, not '\(t)'") }
                o.alignment = a
            case "hyphenate":
                guard let h = LayoutOverrides.Hyphenation(try text(key, value)) else {
                    throw Problem(.invalid, "option 'hyphenate' is a language tag (en-US, de) or none")
                }
                o.hyphenation = h
            case "set":
                guard case .object(let settings) = value else {
                    throw Problem(.invalid, "option 'set' is an object of KEY: VALUE (a field, a style property, scale)")
                }
                for (k, v) in settings { o.settings.append((k, try text("set." + k, v))) }
            default:
                throw Problem(.invalid, "unknown option '\(key)'; the options are \(optionKeys.joined(separator: ", "))")
            }
        }
        if let (option, problem) = o.outOfRange { throw Problem(.invalid, "option '\(option)' \(problem)") }
        return o
    }
}
