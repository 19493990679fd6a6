import BoxDiff
import Foundation

/// A `ListView` that records what `reload(using:…)` asks of it, one line
/// per call (`"batch"`, `"deleteItems [[0, 0]]"`, …), and runs each batch's
/// block and completion at once.
@MainActor
public final class RecordingListView: ListView {
    /// The calls so far.
    public var log: [String] = []
    /// Whether the view animates (a reload otherwise).
    public var canAnimateBatchUpdates = true

    /// An empty log, animating.
    public init() {}

    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        log.append("batch")
        updates?()
        completion?(true)
    }
    public func reloadData() { log.append("reloadData") }
    public func insertSections(_ sections: IndexSet) { log.append("insertSections \(Array(sections))") }
    public func deleteSections(_ sections: IndexSet) { log.append("deleteSections \(Array(sections))") }
    public func reloadSections(_ sections: IndexSet) { log.append("reloadSections \(Array(sections))") }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        log.append("moveSection \(section) \(newSection)")
    }
    public func insertItems(at indexPaths: [IndexPath]) { log.append("insertItems \(indexPaths)") }
    public func deleteItems(at indexPaths: [IndexPath]) { log.append("deleteItems \(indexPaths)") }
    public func reloadItems(at indexPaths: [IndexPath]) { log.append("reloadItems \(indexPaths)") }
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        log.append("moveItem \(indexPath) \(newIndexPath)")
    }
    public func reconfigureItems(at indexPaths: [IndexPath]) { log.append("reconfigureItems \(indexPaths)") }
}
