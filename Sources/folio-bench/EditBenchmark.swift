import FolioDocument
import Foundation

/// `--edits`: the cost of editing a laid-out book, as an editor (or a library user
/// re-rendering after a change) pays it. The book is laid out whole into A4 pages of two
/// columns; then, in a paragraph at the middle of the book, one character is typed, and
/// a sentence long enough to add a line is inserted. Each edit is timed to the moment its
/// page is laid out again (the edited character's line fragment is queried) and to the
/// moment the whole book is (`ensureLayout()`); each is then undone.
enum EditBenchmark {
    /// Seconds of wall time and of this process's CPU time that `body` took.
    static func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        func cpu() -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(0), &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        let start = Date(), startCPU = cpu()
        body()
        return (Date().timeIntervalSince(start), cpu() - startCPU)
    }

    static func run(_ prepared: PreparedDocument, repeats: Int) {
        let storage = prepared.document.storage
        let template = prepared.template
        let geometry = PageGeometry(pageSize: template.pageSize, margins: template.margins.insets(),
                                    columns: template.columns, gutter: template.gutter)
        let manager = LayoutManager(textStorage: storage, defaults: prepared.defaults, typesetting: template.typesetting,
                                    shaping: nil)
        let paginator = Paginator(geometry: geometry)
        manager.delegate = paginator
        let whole = measure { manager.ensureLayout() }
        let lines = manager.lineFragments.count
        print(String(format: "laid out: %d pages, %d lines in %.0f ms (%.0f ms CPU)", paginator.pages.count, lines,
                     whole.wall * 1000, whole.cpu * 1000))
        // The longest paragraph of the middle tenth of the book: room for both edits.
        let middle = storage.paragraphCount / 2
        let candidates = max(0, middle - storage.paragraphCount / 20)..<min(storage.paragraphCount, middle + storage.paragraphCount / 20)
        let paragraph = candidates.max { storage.paragraphContentRange(at: $0).count < storage.paragraphContentRange(at: $1).count } ?? middle
        let content = storage.paragraphContentRange(at: paragraph)
        // Inside a word near the paragraph's middle: after a letter, before a space.
        let text = Array(storage.substring(content).utf8)
        var at = text.count / 2
        while at < text.count, text[at] != 0x20 { at += 1 }
        let offset = content.lowerBound + max(0, at - 1)
        let page = manager.containerIndex(forCharacterAt: offset).map { $0 / max(1, template.columns) + 1 } ?? 0
        print("editing paragraph \(paragraph) of \(storage.paragraphCount), on page \(page)")
        let sentence = " A sentence long enough to make the paragraph one line longer than it was before the edit."
        for (name, insertion) in [("one character", "x"), ("a line", sentence)] {
            var pageTimes: [(Double, Double)] = [], bookTimes: [(Double, Double)] = []
            var linesAfter = 0, sameAsFresh = true
            for round in 0..<max(1, repeats) {
                storage.replaceCharacters(in: offset..<offset, with: insertion)
                pageTimes.append(measure { _ = manager.lineFragment(forCharacterAt: offset) })
                bookTimes.append(measure { manager.ensureLayout() })
                linesAfter = manager.lineFragments.count
                if round == 0 {
                    // What was kept and spliced back must be what a fresh layout sets.
                    let fresh = LayoutManager(textStorage: storage, defaults: prepared.defaults, typesetting: template.typesetting, shaping: nil)
                    fresh.delegate = Paginator(geometry: geometry)
                    fresh.ensureLayout()
                    sameAsFresh = fresh.lineFragments.map(\.characterRange) == manager.lineFragments.map(\.characterRange)
                        && fresh.lineFragments.map(\.rect) == manager.lineFragments.map(\.rect)
                        && fresh.lineFragments.map(\.containerIndex) == manager.lineFragments.map(\.containerIndex)
                    storage.removeObserver(fresh)
                }
                storage.replaceCharacters(in: offset..<(offset + insertion.utf8.count), with: "")
                manager.ensureLayout()
            }
            func best(_ times: [(Double, Double)]) -> String {
                String(format: "%.1f ms (%.1f ms CPU)", times.map(\.0).min()! * 1000, times.map(\.1).min()! * 1000)
            }
            print("\(name): its page again in \(best(pageTimes)), the whole book in \(best(bookTimes)); lines \(lines) → \(linesAfter);"
                  + " \(sameAsFresh ? "the same as a fresh layout" : "NOT the same as a fresh layout")")
            if !sameAsFresh { exit(1) }
        }
    }
}
