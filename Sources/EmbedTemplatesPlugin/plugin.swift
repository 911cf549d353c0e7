import Foundation
import PackagePlugin

/// Embeds the files of the package's Templates/ folder into the target it is applied
/// to, as generated Swift source (`EmbeddedTemplateFiles`).
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        var inputs: [URL] = []
        if let e = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                // As folio-embed does: the folder's README and hidden files are not embedded.
                let relative = String(url.standardizedFileURL.path.dropFirst(templates.standardizedFileURL.path.count + 1))
                if relative == "README.md" || relative.hasPrefix(".") || relative.contains("/.") { continue }
                inputs.append(url)
            }
        }
        // Every file is an input, so editing one rebuilds; the plugin runs at every build,
        // so a file added or removed changes this list and rebuilds too.
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplateFiles.swift")
        return [.buildCommand(displayName: "Embedding templates", executable: try context.tool(named: "folio-embed").url,
                              arguments: [output.path, templates.path], inputFiles: inputs.sorted { $0.path < $1.path },
                              outputFiles: [output])]
    }
}
