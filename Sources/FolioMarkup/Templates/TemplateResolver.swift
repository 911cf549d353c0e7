import Foundation

/// Finds a template from what a user typed: a folder holding template.yaml, that file
/// itself, or the name of a built-in.
public enum TemplateResolver {
    /// The template `nameOrPath` names: a folder holding `template.yaml` (a folder named
    /// like a built-in counts only when it holds one), a `.yaml` file, or a built-in.
    /// Anything else is an error listing the built-ins. A relative path is taken from
    /// `base` (a folder), or from the working directory when `base` is nil.
    public static func resolve(_ nameOrPath: String, relativeTo base: String? = nil) throws -> Template {
        var isDir: ObjCBool = false
        let fm = FileManager.default
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasPrefix(".")
        let path = base.map { URL(fileURLWithPath: nameOrPath, relativeTo: URL(fileURLWithPath: $0, isDirectory: true)).path } ?? nameOrPath
        if fm.fileExists(atPath: path, isDirectory: &isDir) {
            let yaml = URL(fileURLWithPath: path).appendingPathComponent("template.yaml").path
            // A folder of the same name as a built-in is a template only if it holds one.
            if isDir.boolValue, fm.fileExists(atPath: yaml) || looksLikePath || !BuiltinTemplates.names.contains(nameOrPath) {
                return try TemplateLoader.load(directory: path)
            }
            if !isDir.boolValue, nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") {
                // The file named, whatever its name; its folder holds its fonts and images.
                return try TemplateLoader.load(file: path)
            }
        }
        if !looksLikePath, BuiltinTemplates.names.contains(nameOrPath) { return try BuiltinTemplates.template(named: nameOrPath) }
        throw DocumentError(path: nameOrPath, reason: "no template here: not a folder with template.yaml and not a built-in (\(BuiltinTemplates.names.joined(separator: ", ")))")
    }
}
