import ArgumentParser
import Foundation

/// Writing to stderr: errors, warnings, notes.
enum Messages {
    static func error(_ message: String) -> ExitCode {
        FileHandle.standardError.write("folio: error: \(message)\n".data(using: .utf8)!)
        return ExitCode(1)
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write("folio: warning: \(message)\n".data(using: .utf8)!)
    }

    static func note(_ message: String) {
        FileHandle.standardError.write("folio: \(message)\n".data(using: .utf8)!)
    }
}
