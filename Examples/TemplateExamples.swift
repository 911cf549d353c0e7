import FolioDocument
import Foundation

extension Example {
    /// One example per built-in template: the Markdown document in Examples/Documents
    /// named after it, set with that template — filled from the data beside it
    /// (`NAME.yaml`) when there is one (the letter: a mail merge).
    static let templateExamples: [Example] = ["default", "book", "two-column", "newspaper", "report", "large-print", "letter"].map { name in
        Example(name: "template-\(name)", summary: "Examples/Documents/\(name).md set with the built-in '\(name)' template") { directory in
            let output = "\(directory)/template-\(name).pdf"
            var job = RenderJob(input: documentPath(name))
            job.templateName = name
            let data = URL(fileURLWithPath: documentPath(name)).deletingPathExtension().appendingPathExtension("yaml").path
            if FileManager.default.fileExists(atPath: data) { job.dataPath = data }
            let prepared = try job.prepare()
            _ = try job.render(prepared, to: output)
            return output
        }
    }

    /// The path of an example document (copied with the examples' resources).
    static func documentPath(_ name: String) -> String {
        Bundle.module.path(forResource: name, ofType: "md", inDirectory: "Documents")
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Documents/\(name).md").path
    }
}
