import BoxDiff
import Foundation

/// A list view that hands every call but `performBatchUpdates` to another
/// view, ``inner``: the test views that change only how batches run (keep
/// their blocks, defer them, fire completions out of order) conform to it
/// and write that one method.
@MainActor
public protocol ForwardingListView: ListView {
    /// The view that gets every other call.
    associatedtype Inner: ListView
    /// The view that gets every call but `performBatchUpdates`.
    var inner: Inner { get }
}

extension ForwardingListView {
    /// Forwarded to ``inner``.
    public func reloadData() { inner.reloadData() }
    /// Forwarded to ``inner``.
    public func insertSections(_ sections: IndexSet) { inner.insertSections(sections) }
    /// Forwarded to ``inner``.
    public func deleteSections(_ sections: IndexSet) { inner.deleteSections(sections) }
    /// Forwarded to ``inner``.
    public func reloadSections(_ sections: IndexSet) { inner.reloadSections(sections) }
    /// Forwarded to ``inner``.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        inner.moveSection(section, toSection: newSection)
    }
    /// Forwarded to ``inner``.
    public func insertItems(at indexPaths: [IndexPath]) { inner.insertItems(at: indexPaths) }
    /// Forwarded to ``inner``.
    public func deleteItems(at indexPaths: [IndexPath]) { inner.deleteItems(at: indexPaths) }
    /// Forwarded to ``inner``.
    public func reloadItems(at indexPaths: [IndexPath]) { inner.reloadItems(at: indexPaths) }
    /// Forwarded to ``inner``.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        inner.moveItem(at: indexPath, to: newIndexPath)
    }
    /// Forwarded to ``inner``.
    @available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *)
    public func reconfigureItems(at indexPaths: [IndexPath]) { inner.reconfigureItems(at: indexPaths) }
    /// ``inner``'s.
    public var canAnimateBatchUpdates: Bool { inner.canAnimateBatchUpdates }
}
