import ArgumentParser
import FolioDocument

extension Length: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var defaultCompletionKind: CompletionKind { .default }
}

/// A paper size given on the command line.
struct Paper: ExpressibleByArgument {
    var size: Size
    init?(argument: String) {
        guard let s = PaperSize.parse(argument) else { return nil }
        size = s
    }
}

enum AlignmentOption: String, ExpressibleByArgument, CaseIterable {
    case justify, left, right, center
    var alignment: TextAlignment {
        switch self {
        case .justify: return .justified
        case .left: return .left
        case .right: return .right
        case .center: return .center
        }
    }
}
