@testable import FolioRender

/// Internal helpers of FolioRender the tests reach through `@testable`.
enum PageCanvasProbe {
    static func uriAttribute(_ uri: String) -> String? { PageCanvas.linkAttributes(uri) }
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? { ImageCache.jpegSize(Data(bytes)) }
}

import Foundation
