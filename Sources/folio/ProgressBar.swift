import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar {
    private let enabled: Bool
    private var lastDrawn = -1
    private let started = Date()

    init(enabled: Bool) { self.enabled = enabled && isatty(STDERR_FILENO) == 1 }

    /// Shows `fraction` done, on page `page`.
    func update(page: Int, fraction: Double) {
        guard enabled else { return }
        let percent = Int(fraction * 100)
        // Redraw at most once per percent: a terminal write per page would cost more than the page.
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let width = 30
        let filled = Int(Double(width) * fraction)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let elapsed = Date().timeIntervalSince(started)
        FileHandle.standardError.write("\r\u{1B}[K\(bar) \(percent)%  page \(page)  \(String(format: "%.1f", elapsed)) s".data(using: .utf8)!)
    }

    func clear() {
        guard enabled, lastDrawn >= 0 else { return }
        FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!)
        lastDrawn = -1
    }
}
