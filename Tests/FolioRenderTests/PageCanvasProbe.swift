@testable import FolioRender

/// Internal helpers of FolioRender the tests reach through `@testable`.
enum PageCanvasProbe {
    static func uriAttribute(_ uri: String) -> String? { PageCanvas.linkAttributes(uri) }
    static func linkAttributes(_ uri: String, scope: String?) -> String? { PageCanvas.linkAttributes(uri, scope: scope) }
    static func destinationName(_ name: String, scope: String?) -> String { PageCanvas.destinationName(name, scope: scope) }
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? { ImageCache.jpegSize(Data(bytes)) }
}

import Foundation
