import FolioDocument
import Foundation
import MultipartKit
import NIOCore

/// A `multipart/form-data` render request: the parts are the JSON request's fields, and
/// files besides.
///
/// - `document` (required): the Markdown.
/// - `template`: a built-in's name, one of the server's, or a folder in `files`.
/// - `data`: a JSON, YAML or CSV file (its part's `Content-Type` says which: `application/json`,
///   `application/yaml`, `text/csv`; without one, JSON when it starts with `{` or `[`).
/// - `options`: the options as a JSON object; `strict`: `true` or `false`.
/// - `files`: a zip or tar archive (plain or compressed) of the files the document and its template read — images, a
///   template folder with its fonts (`UploadedArchive`).
enum MultipartUpload {
    /// The parts a request may have.
    static let names = ["document", "template", "data", "options", "strict", "files"]

    /// One part: its headers (lower-cased names) and its bytes.
    private struct Part { var headers: [String: String] = [:], body = ByteBuffer() }

    /// The request and its archive.
    static func read(_ body: ByteBuffer, boundary: String) throws -> (RenderRequest, Data?) {
        var parts: [String: Part] = [:]
        var current = Part()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in current.headers[name.lowercased()] = value }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        var problem: RenderRequest.Problem?
        parser.onPartComplete = {
            defer { current = Part() }
            guard let name = Self.name(current.headers["content-disposition"]) else {
                problem = problem ?? .malformed("a part without a name (Content-Disposition: form-data; name=\"…\")")
                return
            }
            guard names.contains(name) else {
                problem = problem ?? .malformed("unknown part '\(name)'; a request has \(names.joined(separator: ", "))")
                return
            }
            guard parts[name] == nil else { problem = problem ?? .malformed("the part '\(name)' is given twice"); return }
            parts[name] = current
        }
        do { try parser.execute(body) } catch {
            throw RenderRequest.Problem.malformed("the multipart body could not be read: \(error)")
        }
        if let problem { throw problem }
        guard let document = parts["document"].map({ String(buffer: $0.body) }) else {
            throw RenderRequest.Problem.malformed("the part 'document' (the Markdown to set) is missing")
        }
        func text(_ name: String) -> String? { parts[name].map { String(buffer: $0.body) } }
        var request = RenderRequest(document: document)
        if let t = text("template"), !t.isEmpty { request.template = t }
        if let d = parts["data"] {
            let bytes = Data(buffer: d.body)
            let type = d.headers["content-type"]?.lowercased() ?? ""
            let format: DataFormat
            if type.contains("csv") { format = .csv }
            else if type.contains("yaml") || type.contains("yml") { format = .yaml }
            else if type.contains("json") { format = .json }
            else {
                let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
                format = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
            }
            let name = "data." + (format == .csv ? "csv" : format == .yaml ? "yaml" : "json")
            do {
                request.data = try DataLoader.load(data: bytes, format: format, file: name)
            } catch let e as DocumentError {
                throw RenderRequest.Problem.invalid(e.description)
            }
            request.dataName = name
        }
        if let o = text("options"), !o.isEmpty { request.overrides = try RenderRequest.options(json: Data(o.utf8), file: "options") }
        if let s = text("strict") {
            guard let b = Bool(s.lowercased()) else { throw RenderRequest.Problem.malformed("'strict' is true or false, not '\(s)'") }
            request.strict = b
        }
        return (request, parts["files"].map { Data(buffer: $0.body) })
    }

    /// The `name` parameter of a `Content-Disposition: form-data; name="…"` header.
    private static func name(_ disposition: String?) -> String? {
        guard let disposition else { return nil }
        for parameter in disposition.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "name" else { continue }
            return pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2 ? String(pair[1].dropFirst().dropLast()) : pair[1]
        }
        return nil
    }
}
