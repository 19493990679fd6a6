import BoxDiff

/// The calls of one `performBatchUpdates` block, as plain values.
///
/// Section indexes and row paths are read in the index space UIKit reads
/// them in (see `docs/uikit-batch-rules.md`): deletes, reloads and move
/// sources in the state before the batch (O), inserts and move destinations
/// in the state after it (N). The order of the calls inside one batch does
/// not matter to UIKit, so it does not matter here either.
///
/// `reconfigureRows` is not part of the batch proper: it stands for
/// `reconfigureRows(at:)` / `reconfigureItems(at:)` issued right after the
/// batch, with paths in N space.
///
/// ```swift
/// // Delete the first row of section 0, insert a row at the end of section 1.
/// let update = BatchUpdate(
///     deleteRows: [ElementPath(section: 0, row: 0)],
///     insertRows: [ElementPath(section: 1, row: 3)]
/// )
/// ```
public struct BatchUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Sections to delete (`deleteSections`), O indexes.
    public var deleteSections: [Int]
    /// Sections to insert (`insertSections`), N indexes.
    public var insertSections: [Int]
    /// Sections to move (`moveSection(_:toSection:)`), O source to N destination.
    public var moveSections: [Move<Int>]
    /// Sections to reload (`reloadSections`), O indexes.
    public var reloadSections: [Int]
    /// Rows to delete (`deleteRows(at:)` / `deleteItems(at:)`), O paths.
    public var deleteRows: [ElementPath]
    /// Rows to insert (`insertRows(at:)` / `insertItems(at:)`), N paths.
    public var insertRows: [ElementPath]
    /// Rows to move (`moveRow(at:to:)` / `moveItem(at:to:)`), O source to N destination.
    public var moveRows: [Move<ElementPath>]
    /// Rows to reload (`reloadRows(at:)` / `reloadItems(at:)`), O paths.
    public var reloadRows: [ElementPath]
    /// Rows to reconfigure right after the batch
    /// (`reconfigureRows(at:)` / `reconfigureItems(at:)`), N paths.
    public var reconfigureRows: [ElementPath]

    /// Creates a batch from its calls; every list defaults to empty.
    public init(
        deleteSections: [Int] = [],
        insertSections: [Int] = [],
        moveSections: [Move<Int>] = [],
        reloadSections: [Int] = [],
        deleteRows: [ElementPath] = [],
        insertRows: [ElementPath] = [],
        moveRows: [Move<ElementPath>] = [],
        reloadRows: [ElementPath] = [],
        reconfigureRows: [ElementPath] = []
    ) {
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.moveSections = moveSections
        self.reloadSections = reloadSections
        self.deleteRows = deleteRows
        self.insertRows = insertRows
        self.moveRows = moveRows
        self.reloadRows = reloadRows
        self.reconfigureRows = reconfigureRows
    }

    /// `true` when the batch makes no call at all, reconfigures included.
    public var isEmpty: Bool {
        !hasStructuralChanges && reloadSections.isEmpty && reloadRows.isEmpty
            && reconfigureRows.isEmpty
    }

    /// `true` when the batch deletes, inserts or moves a section or a row,
    /// that is when it shifts paths. Reloads and reconfigures do not.
    public var hasStructuralChanges: Bool {
        !(deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty
            && deleteRows.isEmpty && insertRows.isEmpty && moveRows.isEmpty)
    }

    /// The non-empty call lists, e.g.
    /// `BatchUpdate(deleteRows: [[0, 1]], moveRows: [[0, 0] -> [1, 2]])`;
    /// an empty batch prints as `BatchUpdate()`.
    public var description: String {
        var parts: [String] = []
        func add<T>(_ label: String, _ values: [T], _ show: (T) -> String) {
            guard !values.isEmpty else { return }
            parts.append("\(label): [\(values.map(show).joined(separator: ", "))]")
        }
        add("deleteSections", deleteSections) { "\($0)" }
        add("insertSections", insertSections) { "\($0)" }
        add("moveSections", moveSections) { "\($0.source) -> \($0.destination)" }
        add("reloadSections", reloadSections) { "\($0)" }
        add("deleteRows", deleteRows) { $0.description }
        add("insertRows", insertRows) { $0.description }
        add("moveRows", moveRows) { "\($0.source) -> \($0.destination)" }
        add("reloadRows", reloadRows) { $0.description }
        add("reconfigureRows", reconfigureRows) { $0.description }
        return "BatchUpdate(\(parts.joined(separator: ", ")))"
    }
}

/// One batch together with the shape of the data source after it: the
/// number of rows in each section once the batch has been applied.
///
/// In staged mode a changeset yields several steps, each with the shape of
/// its intermediate data; in single-batch mode, one step whose shape is the
/// target's.
///
/// ```swift
/// // Before: one section of 3 rows. After: the last row deleted.
/// let step = BatchStep(
///     update: BatchUpdate(deleteRows: [ElementPath(section: 0, row: 2)]),
///     after: [2]
/// )
/// ```
public struct BatchStep: Hashable, Sendable {
    /// The calls of the batch.
    public var update: BatchUpdate
    /// Rows per section of the data source after the batch (N shape).
    public var after: [Int]

    /// Creates a step from a batch and the shape it leads to.
    public init(update: BatchUpdate, after: [Int]) {
        self.update = update
        self.after = after
    }
}

extension BatchSimulation {
    /// UIKit's processing of `update` between the `old` and `new` shapes
    /// (its reconfigures are not part of the batch).
    init(update: BatchUpdate, old: [Int], new: [Int]) {
        self.init(
            deleteSections: update.deleteSections, insertSections: update.insertSections,
            moveSections: update.moveSections, reloadSections: update.reloadSections,
            deleteRows: update.deleteRows, insertRows: update.insertRows, moveRows: update.moveRows,
            reloadRows: update.reloadRows, old: old, new: new)
    }
}
