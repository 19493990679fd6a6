/// One stage of a ``StagedChangeset``: the calls of one
/// `performBatchUpdates` (a ``BatchUpdate``), and the data as it stands
/// after them.
///
/// Indices follow UIKit: deletes, reloads and move sources in the index
/// space before the stage; inserts and move destinations after it;
/// reconfigures after it too. Flat (unsectioned) diffs use section 0.
///
/// The calls read straight off the stage, through ``BatchUpdate``'s
/// properties:
///
/// ```swift
/// for stage in changeset {
///     items = stage.data
///     // tableView.performBatchUpdates: stage.elementDeleted, stage.elementInserted, ...
///     print(stage.changeCount)
/// }
/// ```
///
/// Printing a stage shows its calls compactly, without the data:
/// `delete [0,3] [1,0]; move [0,1]→[0,0]`. Two stages are equal when their
/// data is equal and their calls are the same in any order (see
/// ``BatchUpdate``), as DifferenceKit's `Changeset` compares.
@dynamicMemberLookup
public struct Changeset<Data> {
    /// The data after this stage (give it to the data source before calling
    /// the batch).
    public var data: Data
    /// The calls of this stage.
    public var batchUpdate: BatchUpdate

    /// A stage with the given data and calls.
    public init(data: Data, batchUpdate: BatchUpdate) {
        self.data = data
        self.batchUpdate = batchUpdate
    }

    /// A stage with the given data and calls (see ``BatchUpdate`` for each
    /// list's index space).
    public init(
        data: Data,
        sectionDeleted: [Int] = [], sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [], sectionMoved: [Move<Int>] = [],
        elementDeleted: [ElementPath] = [], elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [], elementMoved: [Move<ElementPath>] = [],
        elementReconfigured: [ElementPath] = []
    ) {
        self.init(
            data: data,
            batchUpdate: BatchUpdate(
                sectionDeleted: sectionDeleted, sectionInserted: sectionInserted,
                sectionUpdated: sectionUpdated, sectionMoved: sectionMoved,
                elementDeleted: elementDeleted, elementInserted: elementInserted,
                elementUpdated: elementUpdated, elementMoved: elementMoved,
                elementReconfigured: elementReconfigured))
    }

    /// A call list of this stage, e.g. `stage.elementDeleted`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<BatchUpdate, T>) -> T {
        get { batchUpdate[keyPath: keyPath] }
        set { batchUpdate[keyPath: keyPath] = newValue }
    }

    /// A count or summary of this stage's calls, e.g. `stage.changeCount`,
    /// `stage.hasChanges`.
    public subscript<T>(dynamicMember keyPath: KeyPath<BatchUpdate, T>) -> T {
        batchUpdate[keyPath: keyPath]
    }
}

extension Changeset: Equatable where Data: Equatable {
    /// True when the data are equal and every call list holds the same
    /// calls, in any order (each list compared as a multiset). Data of
    /// `String`s, `Substring`s or `Character`s are compared in linear time
    /// whatever their combining marks.
    public static func == (lhs: Changeset, rhs: Changeset) -> Bool {
        lhs.batchUpdate == rhs.batchUpdate && IdentityHashing.dataEqual(lhs.data, rhs.data)
    }
}
extension Changeset: Sendable where Data: Sendable {}

extension Changeset: CustomDebugStringConvertible {
    /// The non-empty call lists, for debugging.
    public var debugDescription: String { "Changeset(\(batchUpdate.callList))" }
}
