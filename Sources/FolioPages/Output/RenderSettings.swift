/// Output settings that do not change the layout.
public struct RenderSettings: Sendable {
    /// Also write `page-N.png` previews here.
    public var pngDirectory: String?
    /// Pixels per point of the previews (2 is 144 dpi).
    public var pngScale = 2.0
    /// Shape paragraphs on a second thread while lines are broken and pages drawn; that
    /// thread also writes out each finished page (cairo's share of the work) while the
    /// next is laid out.
    public var parallelShaping = true
    /// How many records of a mail merge (or of `--each`) are built and laid out at once,
    /// each on a thread of its own; 1 sets them one after another. The output is the same
    /// for any number.
    public var jobs = 1
    /// Defaults: no PNG previews, parallel shaping on.
    public init() {}
}
