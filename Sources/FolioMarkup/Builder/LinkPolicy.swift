import Foundation

/// Which links a document's PDF may carry: web and mail addresses and anchors in the
/// document. A `file:`, `javascript:` or relative link would have a reader's PDF viewer
/// open something on their machine, so it is left out (the text stays) with a warning.
public enum LinkPolicy {
    /// The schemes kept, besides `#anchor`.
    public static let schemes: Set<String> = ["http", "https", "mailto"]

    /// Whether `target` is kept as a link.
    public static func allows(_ target: String) -> Bool {
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
        warnings.append("\(currentLocation): the link '\(shown)' is left out (the text stays): links go to http, https and mailto addresses and to #anchors in the document")
    }
}
