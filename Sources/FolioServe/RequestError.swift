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

    /// The JSON answer.
    private struct Body: Encodable { var error: String, status: Int }

    init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status; self.message = message; self.retryAfter = retryAfter
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(data: Self.json(Body(error: message, status: Int(status.code))))))
    }

    /// `value` as one line of JSON and a newline (keys sorted, so answers are the same bytes).
    static func json(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(value)) ?? Data("null".utf8)) + Data("\n".utf8)
    }
}

extension HTTPResponse.Status {
    /// 422: the request was understood but its document, data or options are wrong.
    static let unprocessable = HTTPResponse.Status(code: 422, reasonPhrase: "Unprocessable Content")
}
