import Foundation

/// Output settings that do not change the layout.
public struct RenderSettings: Sendable {
    /// Also write `page-N.png` previews here.
    public var pngDirectory: String?
    /// Files a preview must never overwrite — the document, its images and data, the
    /// template's files — as resolved paths (`RenderSettings.resolved(_:)`).
    public var inputs: Set<String> = []
    /// Pixels per point of the previews (2 is 144 dpi).
    public var pngScale = 2.0
    /// Shape paragraphs on a second thread while lines are broken and pages drawn; that
    /// thread also writes out each finished page (cairo's share of the work) while the
    /// next is laid out.
    public var parallelShaping = true
    /// How many threads a mail merge works on: into one PDF, one draws the pages while the
    /// others build and lay out the records to come; with `--each`, that many records are
    /// rendered at once. 1 sets records one after another. The output is the same, byte
    /// for byte, for any number.
    public var jobs = 1
    /// Checked at every page: once set, layout asks for no more pages and the render throws
    /// `RenderCancelled` (a rendering service's time limit, a client gone). Nil: never.
    public var cancellation: RenderCancellation?
    /// Defaults: no PNG previews, parallel shaping on.
    public init() {}

    /// `path` with its symlinks and `..` resolved when it exists (as written otherwise):
    /// how `inputs` are compared.
    public static func resolved(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(r) }
        return String(cString: r)
    }
}
