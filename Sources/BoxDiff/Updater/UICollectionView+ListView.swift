#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// `UICollectionView` is a ``ListView`` as it is: its batch-update methods
    /// are the protocol's requirements. No logic here; the updater
    /// (``ListView/reload(using:interrupt:setData:completion:)``) holds it all.
    extension UICollectionView: ListView {
        /// True when the collection view is in a window: off screen, UIKit's
        /// batch animations are pointless, and the updater reloads instead.
        public var canAnimateBatchUpdates: Bool { window != nil }
    }

    /// A `UICollectionView` as a ``ListView`` that re-binds its sections'
    /// header and footer views in place (``ListView/reconfiguresSections``),
    /// as Bento's collection view adapter re-binds its supplementary views:
    /// hand it to a ``BoxRenderer`` instead of the collection view itself,
    /// which reloads those sections. Every batch call goes to the
    /// collection view as it is.
    ///
    /// ```swift
    /// let listView = CollectionListView(collectionView)
    /// listView.rebindSupplementaryView = { [unowned self] view, kind, section in
    ///     let component = kind == .header ? box.sections[section].header : box.sections[section].footer
    ///     (view as? ComponentReusableView)?.bind(component)
    /// }
    /// let renderer = BoxRenderer(view: listView) { [unowned self] in self.box = $0 }
    /// ```
    @preconcurrency @MainActor
    public final class CollectionListView: ListView {
        /// The collection view every call goes to.
        public let collectionView: UICollectionView

        /// Re-binds a header (`UICollectionView.elementKindSectionHeader`)
        /// or footer (`elementKindSectionFooter`) view the collection view
        /// shows to the data source's section at the index given (in the
        /// data just set), in place. `nil` (the default): sections whose
        /// header or footer is re-bound on every render are reloaded.
        public var rebindSupplementaryView: ((UICollectionReusableView, SectionSupplement, Int) -> Void)?

        /// A list view over `collectionView`.
        public init(_ collectionView: UICollectionView) { self.collectionView = collectionView }

        /// `UICollectionView.performBatchUpdates(_:completion:)`.
        public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
            collectionView.performBatchUpdates(updates, completion: completion)
        }
        /// `UICollectionView.reloadData()`.
        public func reloadData() { collectionView.reloadData() }
        /// `UICollectionView.insertSections(_:)`.
        public func insertSections(_ sections: IndexSet) { collectionView.insertSections(sections) }
        /// `UICollectionView.deleteSections(_:)`.
        public func deleteSections(_ sections: IndexSet) { collectionView.deleteSections(sections) }
        /// `UICollectionView.reloadSections(_:)`.
        public func reloadSections(_ sections: IndexSet) { collectionView.reloadSections(sections) }
        /// `UICollectionView.moveSection(_:toSection:)`.
        public func moveSection(_ section: Int, toSection newSection: Int) {
            collectionView.moveSection(section, toSection: newSection)
        }
        /// `UICollectionView.insertItems(at:)`.
        public func insertItems(at indexPaths: [IndexPath]) { collectionView.insertItems(at: indexPaths) }
        /// `UICollectionView.deleteItems(at:)`.
        public func deleteItems(at indexPaths: [IndexPath]) { collectionView.deleteItems(at: indexPaths) }
        /// `UICollectionView.reloadItems(at:)`.
        public func reloadItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: indexPaths) }
        /// `UICollectionView.moveItem(at:to:)`.
        public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
            collectionView.moveItem(at: indexPath, to: newIndexPath)
        }
        /// `UICollectionView.reconfigureItems(at:)`.
        @available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *)
        public func reconfigureItems(at indexPaths: [IndexPath]) { collectionView.reconfigureItems(at: indexPaths) }
        /// True when the collection view is in a window.
        public var canAnimateBatchUpdates: Bool { collectionView.window != nil }

        /// Whether ``rebindSupplementaryView`` is set.
        public var reconfiguresSections: Bool { rebindSupplementaryView != nil }

        /// Hands ``rebindSupplementaryView`` the header and the footer view
        /// the collection view shows for `section`
        /// (`supplementaryView(forElementKind:at:)` of the section's first
        /// index path: none when scrolled away), with `newSection`.
        public func reconfigureSection(_ section: Int, toSection newSection: Int) {
            guard let rebind = rebindSupplementaryView else { return }
            let path: IndexPath = [section, 0]  // IndexPath(item: 0, section:), as UIKit builds it
            if let header = collectionView.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionHeader, at: path)
            {
                rebind(header, .header, newSection)
            }
            if let footer = collectionView.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionFooter, at: path)
            {
                rebind(footer, .footer, newSection)
            }
        }
    }
#endif
