import Foundation
import Yams

/// Reads `template.yaml` into a `Template`. Every error names the file, line and column
/// and what was expected there.
public enum TemplateLoader {
    /// Loads the template in `directory` (which holds `template.yaml`), loading its
    /// fonts as application fonts.
    public static func load(directory: String) throws -> Template {
        try load(file: URL(fileURLWithPath: directory).appendingPathComponent("template.yaml").path)
    }

    /// Loads a template file (usually `template.yaml`, but any name will do); the
    /// folder it is in holds its fonts and images. Its fonts are loaded as application
    /// fonts, so its styles can name their families.
    public static func load(file path: String) throws -> Template {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw DocumentError(path: path, reason: "is a folder, not a template file")
        }
        if !FileManager.default.fileExists(atPath: path), path.hasSuffix("/template.yaml") {
            let folder = String(path.dropLast("/template.yaml".count))
            throw DocumentError(path: folder, reason: "is not a template: the folder holds no template.yaml")
        }
        let data = try PlainTextReader.readBytes(path: path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var yaml = try PlainTextReader.decode(data, path: path)
        // A byte order mark (editors on Windows write one) is not YAML.
        if yaml.hasPrefix("\u{FEFF}") { yaml.removeFirst() }
        var reader = TemplateYAML(path: path, directory: directory)
        let template = try reader.read(yaml)
        for font in template.fonts {
            let file = URL(fileURLWithPath: directory).appendingPathComponent(font).path
            do { try ApplicationFonts.add(fileAt: file) }
            catch {
                let place = reader.fontLocations[font] ?? SourceLocation(file: path, line: 1, column: 1)
                throw DocumentError(place, "font '\(font)': \(error)")
            }
        }
        return template
    }

    /// Reads template YAML; `path` is named in errors, `directory` resolves its files
    /// (nil: file references are not checked). Fonts are not loaded.
    public static func load(yaml: String, path: String, directory: String?) throws -> Template {
        var reader = TemplateYAML(path: path, directory: directory)
        return try reader.read(yaml)
    }
}
