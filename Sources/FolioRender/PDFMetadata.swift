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

    /// The date to record: explicit, else `SOURCE_DATE_EPOCH` (when valid), else now.
    public var effectiveDate: Date {
        if let creationDate { return creationDate }
        if let seconds = PDFMetadata.sourceDateEpoch { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        return Date()
    }

    /// The latest time a PDF date can hold: 9999-12-31T23:59:59Z.
    static let latestEpoch = 253_402_300_799

    /// `SOURCE_DATE_EPOCH` as whole seconds since 1970, when it is set and valid.
    public static var sourceDateEpoch: Int? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let n = Int(text),
              (0...latestEpoch).contains(n) else { return nil }
        return n
    }

    /// Why `SOURCE_DATE_EPOCH` cannot be used, when it is set but is not a whole number of
    /// seconds from 1970 up to the year 9999; nil when it is unset or valid.
    public static var sourceDateEpochProblem: String? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], sourceDateEpoch == nil else { return nil }
        return "SOURCE_DATE_EPOCH='\(text)' is not a whole number of seconds from 0 (1970) to \(latestEpoch) (the year 9999)"
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
