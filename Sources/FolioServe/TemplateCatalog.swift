import FolioDocument
import Foundation

/// The templates a request may name: the built-ins, and the template folders (each
/// holding a `template.yaml`) directly inside the server's `--templates` folder.
struct TemplateCatalog {
    struct Entry: Encodable { var name: String, summary: String, builtin: Bool }

    let extraFolder: String?

    init(extraFolder: String?) { self.extraFolder = extraFolder }

    /// The server's own template folders, by name.
    private var extraNames: [String] {
        guard let extraFolder, let names = try? FileManager.default.contentsOfDirectory(atPath: extraFolder) else { return [] }
        return names.filter { !$0.hasPrefix(".") && FileManager.default.fileExists(atPath: "\(extraFolder)/\($0)/template.yaml") }.sorted()
    }

    /// Every template, built-ins first.
    var entries: [Entry] {
        BuiltinTemplates.names.map { Entry(name: $0, summary: (try? BuiltinTemplates.template(named: $0).summary) ?? "", builtin: true) }
            + extraNames.filter { !BuiltinTemplates.names.contains($0) }.map {
                Entry(name: $0, summary: (try? TemplateResolver.resolve("\(extraFolder!)/\($0)").summary) ?? "", builtin: false)
            }
    }

    /// What `RenderJob.templateName` takes for the template a request names: a built-in's
    /// name, or the path of one of the server's folders. Anything else — a path, a name
    /// the server does not have — is refused, so a request cannot reach other folders.
    func reference(for name: String) throws -> String {
        if BuiltinTemplates.names.contains(name) { return name }
        if let extraFolder, extraNames.contains(name) { return "\(extraFolder)/\(name)" }
        let known = (BuiltinTemplates.names + extraNames).joined(separator: ", ")
        throw RequestError(.unprocessable, "unknown template '\(name)'; this server has: \(known)")
    }
}
