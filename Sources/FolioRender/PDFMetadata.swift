@_exported import FolioLayout
import Foundation

/// The document information a PDF carries.
public struct PDFMetadata: Sendable, Hashable {
    /// The document's title (shown by viewers instead of the file name).
    public var title: String?
    /// The author or authors, as one string.
    public var author: String?
    /// What the document is about, in a phrase.
    public var subject: String?
    /// Written as one comma-separated list.
    public var keywords: [String]
    /// The program that made the document's content; "Folio" unless set. (The PDF's
    /// producer is always cairo.)
    public var creator: String
    /// When nil: the time given by `SOURCE_DATE_EPOCH` if set (reproducible builds),
    /// else now.
    public var creationDate: Date?

    /// Metadata with the given fields; empty fields are left out of the PDF.
    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: [String] = [],
                creator: String = "Folio", creationDate: Date? = nil) {
        self.title = title; self.author = author; self.subject = subject
        self.keywords = keywords; self.creator = creator; self.creationDate = creationDate
    }

    /// The date to record: explicit, else `SOURCE_DATE_EPOCH`, else now.
    public var effectiveDate: Date {
        if let creationDate { return creationDate }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(epoch) {
            return Date(timeIntervalSince1970: seconds)
        }
        return Date()
    }

    /// `YYYY-MM-DDThh:mm:ssZ`, the form cairo's PDF metadata takes.
    static func cairoDate(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return f.string(from: date)
    }
}
