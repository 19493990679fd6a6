#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A `UITableView` seen as a ``ListView``: each call forwards to the
    /// table view's own, with one row animation. No logic here; the updater
    /// (``ListView/reload(using:interrupt:setData:completion:)``) holds it all.
    ///
    /// ```swift
    /// TableListView(tableView, animation: .fade).reload(using: changeset) { rows = $0 }
    /// // or: tableView.reload(using: changeset, with: .fade) { rows = $0 }
    /// ```
    @MainActor
    public final class TableListView: ListView {
        /// The table view the calls go to.
        public let tableView: UITableView
        /// The animation of inserts, deletes and reloads.
        public var animation: UITableView.RowAnimation

        /// An adapter forwarding to `tableView` with `animation`.
        public init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
            self.tableView = tableView
            self.animation = animation
        }

        /// `UITableView.performBatchUpdates(_:completion:)`.
        public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
            tableView.performBatchUpdates(updates, completion: completion)
        }
        /// `UITableView.reloadData()`.
        public func reloadData() { tableView.reloadData() }
        /// `UITableView.insertSections(_:with:)`.
        public func insertSections(_ sections: IndexSet) { tableView.insertSections(sections, with: animation) }
        /// `UITableView.deleteSections(_:with:)`.
        public func deleteSections(_ sections: IndexSet) { tableView.deleteSections(sections, with: animation) }
        /// `UITableView.reloadSections(_:with:)`.
        public func reloadSections(_ sections: IndexSet) { tableView.reloadSections(sections, with: animation) }
        /// `UITableView.moveSection(_:toSection:)`.
        public func moveSection(_ section: Int, toSection newSection: Int) {
            tableView.moveSection(section, toSection: newSection)
        }
        /// `UITableView.insertRows(at:with:)`.
        public func insertItems(at indexPaths: [IndexPath]) { tableView.insertRows(at: indexPaths, with: animation) }
        /// `UITableView.deleteRows(at:with:)`.
        public func deleteItems(at indexPaths: [IndexPath]) { tableView.deleteRows(at: indexPaths, with: animation) }
        /// `UITableView.reloadRows(at:with:)`.
        public func reloadItems(at indexPaths: [IndexPath]) { tableView.reloadRows(at: indexPaths, with: animation) }
        /// `UITableView.moveRow(at:to:)`.
        public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
            tableView.moveRow(at: indexPath, to: newIndexPath)
        }
        /// `UITableView.reconfigureRows(at:)`.
        @available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *)
        public func reconfigureItems(at indexPaths: [IndexPath]) { tableView.reconfigureRows(at: indexPaths) }
        /// True when the table view is in a window.
        public var canAnimateBatchUpdates: Bool { tableView.window != nil }
    }

    extension UITableView {
        /// ``ListView/reload(using:interrupt:setData:completion:)`` through a
        /// ``TableListView`` with `animation`.
        public func reload<Data>(
            using changeset: StagedChangeset<Data>,
            with animation: RowAnimation = .automatic,
            interrupt: ((Changeset<Data>) -> Bool)? = nil,
            setData: (Data) -> Void,
            completion: (() -> Void)? = nil
        ) {
            TableListView(self, animation: animation).reload(
                using: changeset, interrupt: interrupt, setData: setData, completion: completion)
        }
    }
#endif
