import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A request the service refuses or could not render, answered as JSON:
/// `{"error": "document.md:3:5: …", "status": 422}`, with the file, line and column the
/// command line would give, and `Retry-After` when the queue is full.
struct RequestError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status; self.message = message; self.retryAfter = retryAfter
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = "{\"error\":\(Self.jsonString(message)),\"status\":\(status.code)}\n"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension HTTPResponse.Status {
    /// 422: the request was understood but its document, data or options are wrong.
    static let unprocessable = HTTPResponse.Status(code: 422, reasonPhrase: "Unprocessable Content")
}
