/// Hears about finished editing groups; layout managers are observers.
public protocol TextStorageObserver: AnyObject {
    /// Called once per finished editing group (after the paragraph styles are made uniform and
    /// the attribute fixers have run), on the thread that ended the group.
    func textStorage(_ storage: TextStorage, didProcess edit: TextStorage.Edit)
}

struct WeakObserver {
    weak var value: (any TextStorageObserver)?
}

extension TextStorage {
    // MARK: Observers

    /// Adds an observer; the storage holds it weakly.
    public func addObserver(_ observer: any TextStorageObserver) {
        observers.removeAll { $0.value == nil || $0.value === observer }
        observers.append(WeakObserver(value: observer))
    }

    /// Stops telling `observer` about edits (observers not attached are ignored).
    public func removeObserver(_ observer: any TextStorageObserver) {
        observers.removeAll { $0.value == nil || $0.value === observer }
    }
}
