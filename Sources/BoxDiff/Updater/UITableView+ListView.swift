#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A `UITableView` seen as a ``ListView``: each call forwards to the
    /// table view's own, with the animation of its kind (``animations``:
    /// one for every kind unless a kind is given its own). No logic here;
    /// the updater (``ListView/reload(using:interrupt:setData:completion:)``)
    /// holds it all, and ``BatchAnimations`` which animation a kind reads.
    ///
    /// ```swift
    /// TableListView(tableView, animation: .fade).reload(using: changeset) { rows = $0 }
    /// // or: tableView.reload(using: changeset, with: .fade) { rows = $0 }
    ///
    /// let view = TableListView(tableView, animation: .fade)
    /// view.insertRowsAnimation = .right
    /// view.reload(using: changeset) { rows = $0 }
    /// ```
    @preconcurrency @MainActor
    public final class TableListView: ListView {
        /// The table view the calls go to.
        public let tableView: UITableView
        /// The animation of each kind of insert, delete and reload.
        public var animations: BatchAnimations<UITableView.RowAnimation>

        /// An adapter forwarding to `tableView` with `animation` for every
        /// kind of call.
        public init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
            self.tableView = tableView
            self.animations = BatchAnimations(animation)
        }

        /// An adapter forwarding to `tableView` with `animations`.
        public init(_ tableView: UITableView, animations: BatchAnimations<UITableView.RowAnimation>) {
            self.tableView = tableView
            self.animations = animations
        }

        /// The animation of every kind of call not given one of its own
        /// (``BatchAnimations/animation``).
        public var animation: UITableView.RowAnimation {
            get { animations.animation }
            set { animations.animation = newValue }
        }
        /// The animation of `deleteSections(_:with:)`;
        /// ``animation`` until set.
        public var deleteSectionsAnimation: UITableView.RowAnimation {
            get { animations.deleteSections }
            set { animations.deleteSections = newValue }
        }
        /// The animation of `insertSections(_:with:)`; ``animation`` until
        /// set.
        public var insertSectionsAnimation: UITableView.RowAnimation {
            get { animations.insertSections }
            set { animations.insertSections = newValue }
        }
        /// The animation of `reloadSections(_:with:)`; ``animation`` until
        /// set.
        public var reloadSectionsAnimation: UITableView.RowAnimation {
            get { animations.reloadSections }
            set { animations.reloadSections = newValue }
        }
        /// The animation of `deleteRows(at:with:)`; ``animation`` until set.
        public var deleteRowsAnimation: UITableView.RowAnimation {
            get { animations.deleteRows }
            set { animations.deleteRows = newValue }
        }
        /// The animation of `insertRows(at:with:)`; ``animation`` until set.
        public var insertRowsAnimation: UITableView.RowAnimation {
            get { animations.insertRows }
            set { animations.insertRows = newValue }
        }
        /// The animation of `reloadRows(at:with:)` (reconfigures before
        /// iOS 15 included); ``animation`` until set.
        public var reloadRowsAnimation: UITableView.RowAnimation {
            get { animations.reloadRows }
            set { animations.reloadRows = newValue }
        }

        /// `UITableView.performBatchUpdates(_:completion:)`.
        public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
            tableView.performBatchUpdates(updates, completion: completion)
        }
        /// `UITableView.reloadData()`.
        public func reloadData() { tableView.reloadData() }
        /// `UITableView.insertSections(_:with:)`.
        public func insertSections(_ sections: IndexSet) {
            tableView.insertSections(sections, with: animations.insertSections)
        }
        /// `UITableView.deleteSections(_:with:)`.
        public func deleteSections(_ sections: IndexSet) {
            tableView.deleteSections(sections, with: animations.deleteSections)
        }
        /// `UITableView.reloadSections(_:with:)`.
        public func reloadSections(_ sections: IndexSet) {
            tableView.reloadSections(sections, with: animations.reloadSections)
        }
        /// `UITableView.moveSection(_:toSection:)`.
        public func moveSection(_ section: Int, toSection newSection: Int) {
            tableView.moveSection(section, toSection: newSection)
        }
        /// `UITableView.insertRows(at:with:)`.
        public func insertItems(at indexPaths: [IndexPath]) {
            tableView.insertRows(at: indexPaths, with: animations.insertRows)
        }
        /// `UITableView.deleteRows(at:with:)`.
        public func deleteItems(at indexPaths: [IndexPath]) {
            tableView.deleteRows(at: indexPaths, with: animations.deleteRows)
        }
        /// `UITableView.reloadRows(at:with:)`.
        public func reloadItems(at indexPaths: [IndexPath]) {
            tableView.reloadRows(at: indexPaths, with: animations.reloadRows)
        }
        /// `UITableView.moveRow(at:to:)`.
        public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
            tableView.moveRow(at: indexPath, to: newIndexPath)
        }
        /// `UITableView.reconfigureRows(at:)`.
        @available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *)
        public func reconfigureItems(at indexPaths: [IndexPath]) { tableView.reconfigureRows(at: indexPaths) }
        /// True when the table view is in a window.
        public var canAnimateBatchUpdates: Bool { tableView.window != nil }

        /// Re-binds a header or footer view the table shows to the data
        /// source's section at the index given (in the data just set), in
        /// place, as Bento's adapter re-binds its `BentoReusableView`s.
        /// Set, this view re-binds instead of reloading a section whose
        /// header or footer is a component re-bound on every render (see
        /// ``ListView/reconfiguresSections``), so the section's cells stay,
        /// a text field's keyboard with them. `nil` (the default): such
        /// sections are reloaded.
        ///
        /// Only `UITableViewHeaderFooterView`s reach the hook
        /// (`headerView(forSection:)` and `footerView(forSection:)` return
        /// nothing else): set it only when the delegate's
        /// `tableView(_:viewForHeaderInSection:)` and
        /// `tableView(_:viewForFooterInSection:)` return such views
        /// (`dequeueReusableHeaderFooterView(withIdentifier:)`). A plain
        /// `UIView` header is neither re-bound nor reloaded, and keeps
        /// showing its old content.
        ///
        /// ```swift
        /// listView.rebindHeaderFooterView = { [unowned self] view, kind, section in
        ///     let component = kind == .header ? box.sections[section].header : box.sections[section].footer
        ///     (view as? ComponentHeaderFooterView)?.bind(component)
        /// }
        /// ```
        public var rebindHeaderFooterView: ((UITableViewHeaderFooterView, SectionSupplement, Int) -> Void)?

        /// Whether ``rebindHeaderFooterView`` is set.
        public var reconfiguresSections: Bool { rebindHeaderFooterView != nil }

        /// Hands ``rebindHeaderFooterView`` the header and the footer view
        /// the table shows for `section` (`headerView(forSection:)`,
        /// `footerView(forSection:)`: none when scrolled away), with
        /// `newSection`.
        public func reconfigureSection(_ section: Int, toSection newSection: Int) {
            guard let rebind = rebindHeaderFooterView else { return }
            if let header = tableView.headerView(forSection: section) { rebind(header, .header, newSection) }
            if let footer = tableView.footerView(forSection: section) { rebind(footer, .footer, newSection) }
        }
    }

    extension UITableView {
        /// ``ListView/reload(using:interrupt:setData:completion:)`` through a
        /// ``TableListView`` with `animation` for every kind of call:
        /// DifferenceKit's `reload(using:with:interrupt:setData:)`, plus a
        /// `completion`.
        ///
        /// ```swift
        /// tableView.reload(using: changeset, with: .fade) { data in self.data = data }
        /// ```
        @preconcurrency @MainActor
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

        /// ``ListView/reload(using:interrupt:setData:completion:)`` through a
        /// ``TableListView`` with an animation for each kind of call:
        /// DifferenceKit's
        /// `reload(using:deleteSectionsAnimation:insertSectionsAnimation:reloadSectionsAnimation:deleteRowsAnimation:insertRowsAnimation:reloadRowsAnimation:interrupt:setData:)`,
        /// plus a `completion`. Moves take no animation; reconfigures
        /// before iOS 15 are row reloads, with `reloadRowsAnimation`.
        ///
        /// ```swift
        /// tableView.reload(
        ///     using: changeset,
        ///     deleteSectionsAnimation: .fade, insertSectionsAnimation: .fade, reloadSectionsAnimation: .none,
        ///     deleteRowsAnimation: .left, insertRowsAnimation: .right, reloadRowsAnimation: .none,
        ///     interrupt: { $0.changeCount > 100 }
        /// ) { self.data = $0 }
        /// ```
        @preconcurrency @MainActor
        public func reload<Data>(
            using changeset: StagedChangeset<Data>,
            deleteSectionsAnimation: RowAnimation,
            insertSectionsAnimation: RowAnimation,
            reloadSectionsAnimation: RowAnimation,
            deleteRowsAnimation: RowAnimation,
            insertRowsAnimation: RowAnimation,
            reloadRowsAnimation: RowAnimation,
            interrupt: ((Changeset<Data>) -> Bool)? = nil,
            setData: (Data) -> Void,
            completion: (() -> Void)? = nil
        ) {
            let animations = BatchAnimations(
                RowAnimation.automatic,
                deleteSections: deleteSectionsAnimation, insertSections: insertSectionsAnimation,
                reloadSections: reloadSectionsAnimation, deleteRows: deleteRowsAnimation,
                insertRows: insertRowsAnimation, reloadRows: reloadRowsAnimation)
            TableListView(self, animations: animations).reload(
                using: changeset, interrupt: interrupt, setData: setData, completion: completion)
        }
    }
#endif
