import Foundation

/// Finds a template from what a user typed: a folder holding template.yaml, that file
/// itself, or the name of a built-in.
public enum TemplateResolver {
    /// The template `nameOrPath` names: a folder holding `template.yaml` (a folder named
    /// like a built-in counts only when it holds one), a `.yaml` file, or a built-in.
    /// Anything else is an error listing the built-ins. A relative path is taken from
    /// `base` (a folder), or from the working directory when `base` is nil.
    public static func resolve(_ nameOrPath: String, relativeTo base: String? = nil) throws -> Template {
        switch try locate(nameOrPath, relativeTo: base) {
        case .folder(let path): return try TemplateLoader.load(directory: path)
        // The file named, whatever its name; its folder holds its fonts and images.
        case .file(let path): return try TemplateLoader.load(file: path)
        case .builtin(let name): return try BuiltinTemplates.template(named: name)
        }
    }

    /// The folder of the template `nameOrPath` names, found as `resolve(_:relativeTo:)`
    /// finds it but without loading it, and the built-in's name when it is one.
    public static func folder(of nameOrPath: String, relativeTo base: String? = nil) throws -> (path: String, builtin: String?) {
        switch try locate(nameOrPath, relativeTo: base) {
        case .folder(let path): return (path, nil)
        case .file(let path): return (URL(fileURLWithPath: path).deletingLastPathComponent().path, nil)
        case .builtin(let name): return (try BuiltinTemplates.directory(of: name), name)
        }
    }

    /// What a document's `template:` names, ready for `resolve(_:)`: a built-in's name, or
    /// the path of a folder or file taken from the document's folder (`documentFile`'s),
    /// which must lie inside `root` (by default that folder). A folder beside the document
    /// named like a built-in and holding `template.yaml` wins over the built-in.
    public static func documentReference(_ written: String, documentFile: String, root: ReadRoot? = nil) throws -> String {
        let folder = URL(fileURLWithPath: documentFile).deletingLastPathComponent().path
        let root = root ?? ReadRoot(folder, role: "the document's folder")
        let looksLikePath = written.contains("/") || written.hasPrefix(".")
        if !looksLikePath, BuiltinTemplates.names.contains(written) {
            let local = URL(fileURLWithPath: folder).appendingPathComponent(written).appendingPathComponent("template.yaml").path
            guard let confined = root.confine(local), FileManager.default.fileExists(atPath: confined) else { return written }
        }
        guard !written.isEmpty, let path = root.confine(written, base: folder) else {
            throw DocumentError(path: documentFile, reason: root.outsideReason("template '\(written)'"))
        }
        return path
    }

    /// Where a template is.
    private enum Place {
        case folder(String)
        case file(String)
        case builtin(String)
    }

    private static func locate(_ nameOrPath: String, relativeTo base: String?) throws -> Place {
        var isDir: ObjCBool = false
        let fm = FileManager.default
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasPrefix(".")
        let path = base.map { URL(fileURLWithPath: nameOrPath, relativeTo: URL(fileURLWithPath: $0, isDirectory: true)).path } ?? nameOrPath
        if fm.fileExists(atPath: path, isDirectory: &isDir) {
            let yaml = URL(fileURLWithPath: path).appendingPathComponent("template.yaml").path
            // A folder of the same name as a built-in is a template only if it holds one.
            if isDir.boolValue, fm.fileExists(atPath: yaml) || looksLikePath || !BuiltinTemplates.names.contains(nameOrPath) {
                return .folder(path)
            }
            if !isDir.boolValue, nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") { return .file(path) }
        }
        if !looksLikePath, BuiltinTemplates.names.contains(nameOrPath) { return .builtin(nameOrPath) }
        throw DocumentError(path: nameOrPath, reason: "no template here: not a folder with template.yaml and not a built-in (\(BuiltinTemplates.names.joined(separator: ", ")))")
    }
}
