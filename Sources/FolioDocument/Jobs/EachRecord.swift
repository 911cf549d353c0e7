import Foundation

/// `--each`: one record of a prepared mail merge rendered into its own PDF, on whichever
/// thread calls it (`RenderJob.renderEach` runs several at once with `--jobs`).
struct EachRecord {
    let prepared: PreparedDocument
    let paths: [String]
    let settings: RenderSettings

    /// Renders record `index` (0-based) to `paths[index]`, creating its folder; returns the
    /// report and what building the record warned about. An error names the file.
    func render(_ index: Int, progress: ((_ page: Int, _ fractionDone: Double) -> Void)?) throws
        -> (report: RenderReport, warnings: [String]) {
        let path = paths[index]
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        catch { throw DocumentError(path: path, reason: "cannot create the folder \(folder): \(error.localizedDescription)") }
        let document = index == prepared.documentIndex || prepared.merge == nil ? prepared.document
            : try prepared.merge!.document(at: index).document
        let session = try RenderSession(template: prepared.template, styles: prepared.styles, defaults: prepared.defaults,
                                        settings: settings, metadata: document.metadata, to: path)
        do {
            let report = try session.render(document, progress: progress)
            try session.finish()
            return (report, document.warnings)
        } catch {
            session.cancel()
            throw DocumentError(path: path, reason: "\(error)")
        }
    }
}
