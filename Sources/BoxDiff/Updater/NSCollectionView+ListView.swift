#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// An `NSCollectionView` seen as a ``ListView``: AppKit takes item paths as
    /// sets and has no reconfigure, so this adapter converts the arrays and
    /// reconfigures by reloading (the updater issues reconfigures after the
    /// batch, where a reload lands on the same path). No other logic here.
    ///
    /// ```swift
    /// CollectionListView(collectionView).reload(using: changeset) { items = $0 }
    /// ```
    @preconcurrency @MainActor
    public final class CollectionListView: ListView {
        /// The collection view the calls go to.
        public let collectionView: NSCollectionView

        /// An adapter forwarding to `collectionView`.
        public init(_ collectionView: NSCollectionView) {
            self.collectionView = collectionView
        }

        /// `NSCollectionView.performBatchUpdates(_:completionHandler:)`, sent
        /// to the collection view's animator proxy: AppKit animates a batch
        /// only through `animator()` (sent to the view itself, the changes
        /// apply at once, unanimated). The block still runs before the call
        /// returns.
        public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
            collectionView.animator().performBatchUpdates(updates, completionHandler: completion)
        }
        /// `NSCollectionView.reloadData()`.
        public func reloadData() { collectionView.reloadData() }
        /// `NSCollectionView.insertSections(_:)`.
        public func insertSections(_ sections: IndexSet) { collectionView.insertSections(sections) }
        /// `NSCollectionView.deleteSections(_:)`.
        public func deleteSections(_ sections: IndexSet) { collectionView.deleteSections(sections) }
        /// `NSCollectionView.reloadSections(_:)`.
        public func reloadSections(_ sections: IndexSet) { collectionView.reloadSections(sections) }
        /// `NSCollectionView.moveSection(_:toSection:)`.
        public func moveSection(_ section: Int, toSection newSection: Int) {
            collectionView.moveSection(section, toSection: newSection)
        }
        /// `NSCollectionView.insertItems(at:)`.
        public func insertItems(at indexPaths: [IndexPath]) { collectionView.insertItems(at: Set(indexPaths)) }
        /// `NSCollectionView.deleteItems(at:)`.
        public func deleteItems(at indexPaths: [IndexPath]) { collectionView.deleteItems(at: Set(indexPaths)) }
        /// `NSCollectionView.reloadItems(at:)`.
        public func reloadItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
        /// `NSCollectionView.moveItem(at:to:)`.
        public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
            collectionView.moveItem(at: indexPath, to: newIndexPath)
        }
        /// AppKit has no reconfigure: `NSCollectionView.reloadItems(at:)`.
        public func reconfigureItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
        /// True when the collection view is in a window.
        public var canAnimateBatchUpdates: Bool { collectionView.window != nil }
    }

    extension NSCollectionView {
        /// ``ListView/reload(using:interrupt:setData:completion:)`` through a
        /// ``CollectionListView``: DifferenceKit's
        /// `reload(using:interrupt:setData:)`, plus a `completion` (called
        /// when the last batch's animations end, or after the reload).
        ///
        /// Each stage is one `performBatchUpdates(_:completionHandler:)` on
        /// the collection view's animator proxy, whose block sets the
        /// stage's data, then deletes, inserts, reloads and moves items, as
        /// DifferenceKit's does; section changes (which DifferenceKit's
        /// AppKit extension leaves out) come first, as on UIKit.
        ///
        /// ```swift
        /// collectionView.reload(using: changeset, interrupt: { $0.changeCount > 100 }) { data in
        ///     self.data = data
        /// }
        /// ```
        @preconcurrency @MainActor
        public func reload<Data>(
            using changeset: StagedChangeset<Data>,
            interrupt: ((Changeset<Data>) -> Bool)? = nil,
            setData: (Data) -> Void,
            completion: (() -> Void)? = nil
        ) {
            CollectionListView(self).reload(
                using: changeset, interrupt: interrupt, setData: setData, completion: completion)
        }
    }
#endif
