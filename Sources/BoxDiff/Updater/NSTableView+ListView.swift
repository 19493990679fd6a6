#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// An `NSTableView` seen as a ``ListView``, for DifferenceKit's
    /// `NSTableView.reload(using:…)` calls and for ``BoxRenderer``.
    ///
    /// `NSTableView` has no sections, and inside `beginUpdates()` /
    /// `endUpdates()` each of its calls applies at once, where the updater's
    /// calls follow UIKit's batch rules (deletes and move sources before the
    /// batch, inserts and move destinations after it). So each batch is
    /// recorded, then made as `removeRows(at:withAnimation:)` (deletes),
    /// `moveRow(at:to:)` one move at a time (indexes converted so the rows
    /// land where the batch puts them), `insertRows(at:withAnimation:)`
    /// and `reloadData(forRowIndexes:columnIndexes:)` (reloads, at their
    /// indexes after the batch, every column), between `beginUpdates()`
    /// and `endUpdates()`. The conversion is platform-neutral and tested
    /// on every platform.
    ///
    /// A batch such a table cannot take (without `sections`, below: a
    /// section change or a row outside section 0; or calls that do not
    /// fit the table's row count) is shown
    /// with `reloadData()` instead, after its data is set, so the table
    /// never receives a call outside its rows. The calls are checked
    /// against the table's row count, not against the data's: a hand-made
    /// batch whose calls do not add up to its data's count (one UIKit
    /// would reject) is animated as given, and the table then shows
    /// another count than the data until its next reload; it may ask the
    /// data source for an inserted or reloaded row the data does not have
    /// (row 0 of an empty list), which your data source must answer
    /// without reading past its data.
    /// Reconfigures are row reloads; reloaded rows' heights are asked for
    /// again (`noteHeightOfRows(withIndexesChanged:)`, which a row reload
    /// does not do). Each batch's completion runs right after
    /// `endUpdates()` (AppKit reports no end of its animations).
    ///
    /// Without `sections`, row `i` of a batch's section 0 is row `i` of
    /// the table: a data source showing one list, with no rows of its own
    /// for a header or a footer, and any batch with another section is
    /// shown with `reloadData()`.
    ///
    /// ```swift
    /// TableListView(tableView, animation: .effectFade).reload(using: changeset) { rows = $0 }
    /// // or: tableView.reload(using: changeset, with: .effectFade) { rows = $0 }
    /// ```
    ///
    /// A table showing several sections one after another, maybe with a
    /// group row for each header, gives `sections`: the table rows of each
    /// section of its data as the data is when called (read before each
    /// batch's data is set and after: read the data `setData` stores,
    /// not ``BoxRenderer/shownBox``, which is not the stage's data while a
    /// render applies it). Each path then maps to its table row, a
    /// header's or footer's rows go with their section (removed and
    /// inserted when their number changes), and section calls are
    /// animated too: a deleted or inserted section as its rows removed or
    /// inserted, a reloaded one (a Box's header or footer changed) as its
    /// rows reloaded in place when it shows as many of each kind, a moved
    /// section as moves of its rows, one `moveRow(at:to:)` a row. A batch
    /// still falls back to `reloadData()` when its calls do not add up to
    /// the sections given (or break UIKit's rules, or repeat a call), when
    /// the sections before it do not add up to the table's
    /// `numberOfRows`, past 16,777,216 table rows, and for a call made
    /// outside `performBatchUpdates` that changes rows (its data is set
    /// already, so the sections before it are not known).
    ///
    /// ```swift
    /// let listView = TableListView(tableView, animation: .effectFade) { [unowned self] in
    ///     box.sections.map { TableSectionRows(headerRows: 1, rows: $0.rows.count) }
    /// }
    /// listView.reload(using: changeset) { box = $0 }
    /// ```
    @preconcurrency @MainActor
    public final class TableListView: ListView {
        /// The table view the calls go to.
        public let tableView: NSTableView
        /// The calls to the table view, with their animations.
        private let rows: AppKitTableRows
        /// The batches, recorded and converted.
        private let adapter: SequentialRowListView<AppKitTableRows>

        /// An adapter forwarding to `tableView` with `animation` for row
        /// inserts and removes (none by default, as in AppKit's own
        /// `insertRows(at:withAnimation:)`); `sections`, the table rows of
        /// each section of the data, for a table showing several (see
        /// ``TableListView``).
        public convenience init(
            _ tableView: NSTableView, animation: NSTableView.AnimationOptions = [],
            sections: (@MainActor () -> [TableSectionRows])? = nil
        ) {
            self.init(tableView, animations: BatchAnimations(animation), sections: sections)
        }

        /// An adapter forwarding to `tableView` with `animations`: only
        /// ``BatchAnimations/deleteRows`` and ``BatchAnimations/insertRows``
        /// apply (AppKit's row reload takes no animation; section changes
        /// are removes, inserts, moves and reloads of rows, or reloads of
        /// the whole table without `sections`); `sections`, the table rows of each
        /// section of the data, for a table showing several (see
        /// ``TableListView``).
        public init(
            _ tableView: NSTableView, animations: BatchAnimations<NSTableView.AnimationOptions>,
            sections: (@MainActor () -> [TableSectionRows])? = nil
        ) {
            self.tableView = tableView
            self.rows = AppKitTableRows(tableView, animations: animations)
            self.adapter = SequentialRowListView(rows, sections: sections)
        }

        /// The animation of each kind of call; only row removes and
        /// inserts take one.
        public var animations: BatchAnimations<NSTableView.AnimationOptions> {
            get { rows.animations }
            set { rows.animations = newValue }
        }
        /// The animation of every kind of call not given one of its own
        /// (``BatchAnimations/animation``).
        public var animation: NSTableView.AnimationOptions {
            get { rows.animations.animation }
            set { rows.animations.animation = newValue }
        }
        /// The animation of `removeRows(at:withAnimation:)`; ``animation``
        /// until set.
        public var deleteRowsAnimation: NSTableView.AnimationOptions {
            get { rows.animations.deleteRows }
            set { rows.animations.deleteRows = newValue }
        }
        /// The animation of `insertRows(at:withAnimation:)`; ``animation``
        /// until set.
        public var insertRowsAnimation: NSTableView.AnimationOptions {
            get { rows.animations.insertRows }
            set { rows.animations.insertRows = newValue }
        }

        /// Records the batch's calls while `updates` runs, then makes them
        /// on the table view between `beginUpdates()` and `endUpdates()`
        /// (or `reloadData()`); `completion` right after.
        public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
            adapter.performBatchUpdates(updates, completion: completion)
        }
        /// `NSTableView.reloadData()`.
        public func reloadData() { adapter.reloadData() }
        /// Rows of the table with `sections`; without, the batch becomes a `reloadData()`.
        public func insertSections(_ sections: IndexSet) { adapter.insertSections(sections) }
        /// Rows of the table with `sections`; without, the batch becomes a `reloadData()`.
        public func deleteSections(_ sections: IndexSet) { adapter.deleteSections(sections) }
        /// Rows of the table with `sections`; without, the batch becomes a `reloadData()`.
        public func reloadSections(_ sections: IndexSet) { adapter.reloadSections(sections) }
        /// Rows of the table with `sections`; without, the batch becomes a `reloadData()`.
        public func moveSection(_ section: Int, toSection newSection: Int) {
            adapter.moveSection(section, toSection: newSection)
        }
        /// Row inserts, made with `insertRows(at:withAnimation:)`.
        public func insertItems(at indexPaths: [IndexPath]) { adapter.insertItems(at: indexPaths) }
        /// Row deletes, made with `removeRows(at:withAnimation:)`.
        public func deleteItems(at indexPaths: [IndexPath]) { adapter.deleteItems(at: indexPaths) }
        /// Row reloads, made with `reloadData(forRowIndexes:columnIndexes:)`
        /// at the rows' indexes after the batch.
        public func reloadItems(at indexPaths: [IndexPath]) { adapter.reloadItems(at: indexPaths) }
        /// A row move, made with `moveRow(at:to:)` at converted indexes.
        public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
            adapter.moveItem(at: indexPath, to: newIndexPath)
        }
        /// AppKit has no reconfigure:
        /// `reloadData(forRowIndexes:columnIndexes:)`.
        public func reconfigureItems(at indexPaths: [IndexPath]) { adapter.reconfigureItems(at: indexPaths) }
        /// True when the table view is in a window.
        public var canAnimateBatchUpdates: Bool { adapter.canAnimateBatchUpdates }
    }

    /// The calls a ``TableListView`` makes on its `NSTableView`, with their
    /// animations.
    @MainActor
    final class AppKitTableRows: SequentialRowTable {
        let tableView: NSTableView
        var animations: BatchAnimations<NSTableView.AnimationOptions>

        init(_ tableView: NSTableView, animations: BatchAnimations<NSTableView.AnimationOptions>) {
            self.tableView = tableView
            self.animations = animations
        }

        var numberOfRows: Int { tableView.numberOfRows }
        var canAnimateBatchUpdates: Bool { tableView.window != nil }
        func beginUpdates() { tableView.beginUpdates() }
        func endUpdates() { tableView.endUpdates() }
        func removeRows(at indexes: IndexSet) {
            tableView.removeRows(at: indexes, withAnimation: animations.deleteRows)
        }
        func insertRows(at indexes: IndexSet) {
            tableView.insertRows(at: indexes, withAnimation: animations.insertRows)
        }
        func moveRow(at oldIndex: Int, to newIndex: Int) { tableView.moveRow(at: oldIndex, to: newIndex) }
        func reloadRows(at indexes: IndexSet) {
            tableView.reloadData(
                forRowIndexes: indexes, columnIndexes: IndexSet(integersIn: 0..<tableView.tableColumns.count))
            // AppKit does not ask a variable-height table for a reloaded
            // row's height again ("it is your responsibility to invoke
            // noteHeightOfRows(withIndexesChanged:)"): a row whose content
            // grew kept its old height, clipped.
            tableView.noteHeightOfRows(withIndexesChanged: indexes)
        }
        func reloadData() { tableView.reloadData() }
    }

    extension NSTableView {
        /// ``ListView/reload(using:interrupt:setData:completion:)`` through a
        /// ``TableListView`` with `animation` for row removes and inserts:
        /// DifferenceKit's `reload(using:with:interrupt:setData:)`, plus a
        /// `completion` (called right after the last `endUpdates()`, or
        /// after the reload).
        ///
        /// A table view has no sections: a stage with section changes, or
        /// with rows outside section 0, is shown with `reloadData()` after
        /// its data is set (DifferenceKit reads such a stage's rows as if
        /// they were all in one section).
        ///
        /// ```swift
        /// tableView.reload(using: changeset, with: .effectFade) { data in self.data = data }
        /// ```
        @preconcurrency @MainActor
        public func reload<Data>(
            using changeset: StagedChangeset<Data>,
            with animation: AnimationOptions,
            interrupt: ((Changeset<Data>) -> Bool)? = nil,
            setData: (Data) -> Void,
            completion: (() -> Void)? = nil
        ) {
            TableListView(self, animation: animation).reload(
                using: changeset, interrupt: interrupt, setData: setData, completion: completion)
        }

        /// ``ListView/reload(using:interrupt:setData:completion:)`` through a
        /// ``TableListView`` with an animation for row removes and one for
        /// row inserts: DifferenceKit's
        /// `reload(using:deleteRowsAnimation:insertRowsAnimation:reloadRowsAnimation:interrupt:setData:)`,
        /// plus a `completion`. `reloadRowsAnimation` is taken for
        /// DifferenceKit's signature and, as there, unused:
        /// `reloadData(forRowIndexes:columnIndexes:)` takes no animation.
        ///
        /// ```swift
        /// tableView.reload(
        ///     using: changeset,
        ///     deleteRowsAnimation: .slideLeft, insertRowsAnimation: .slideRight, reloadRowsAnimation: [],
        ///     interrupt: { $0.changeCount > 100 }
        /// ) { self.data = $0 }
        /// ```
        @preconcurrency @MainActor
        public func reload<Data>(
            using changeset: StagedChangeset<Data>,
            deleteRowsAnimation: AnimationOptions,
            insertRowsAnimation: AnimationOptions,
            reloadRowsAnimation: AnimationOptions,
            interrupt: ((Changeset<Data>) -> Bool)? = nil,
            setData: (Data) -> Void,
            completion: (() -> Void)? = nil
        ) {
            let animations = BatchAnimations(
                AnimationOptions(), deleteRows: deleteRowsAnimation, insertRows: insertRowsAnimation,
                reloadRows: reloadRowsAnimation)
            TableListView(self, animations: animations).reload(
                using: changeset, interrupt: interrupt, setData: setData, completion: completion)
        }
    }
#endif
