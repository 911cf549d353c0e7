import Foundation

/// Which links a document's PDF may carry: web and mail addresses and anchors in the
/// document. A `file:`, `javascript:` or relative link would have a reader's PDF viewer
/// open something on their machine, so it is left out (the text stays) with a warning.
public enum LinkPolicy {
    /// The schemes kept, besides `#anchor`.
    public static let schemes: Set<String> = ["http", "https", "mailto"]

    /// The longest link kept, in bytes: 2 048, what browsers and servers reliably take. Each
    /// link annotation holds its address, so a longer one would multiply the PDF's size.
    public static let maximumLength = 2048

    /// Whether `target` is kept as a link.
    public static func allows(_ target: String) -> Bool {
        guard target.utf8.count <= maximumLength else { return false }
        if target.hasPrefix("#") { return target.count > 1 }
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return false }
        return schemes.contains(scheme.lowercased())
    }
}

extension BuildState {
    /// Reports a link left out by `LinkPolicy`, once per target.
    mutating func warnDroppedLink(_ target: String) {
        guard droppedLinks.insert(target).inserted else { return }
        let shown = target.count > 80 ? target.prefix(80) + "…" : Substring(target)
        let why = target.utf8.count > LinkPolicy.maximumLength
            ? "it is longer than \(LinkPolicy.maximumLength) bytes"
            : "links go to http, https and mailto addresses and to #anchors in the document"
        warnings.append("\(currentLocation): the link '\(shown)' is left out (the text stays): \(why)")
    }
}
