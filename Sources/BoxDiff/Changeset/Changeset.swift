/// One stage of a ``StagedChangeset``: the calls of one
/// `performBatchUpdates`, and the data as it stands after them.
///
/// Indices follow UIKit: deletes, reloads and move sources in the index
/// space before the stage; inserts and move destinations after it;
/// reconfigures after it too. Flat (unsectioned) diffs use section 0.
public struct Changeset<Data> {
    /// The data after this stage (give it to the data source before calling
    /// the batch).
    public var data: Data
    /// Deleted sections (before the stage).
    public var sectionDeleted: [Int]
    /// Inserted sections (after the stage).
    public var sectionInserted: [Int]
    /// Updated sections: header or footer changed (reloaded).
    public var sectionUpdated: [Int]
    /// Moved sections.
    public var sectionMoved: [Move<Int>]
    /// Deleted rows (before the stage).
    public var elementDeleted: [ElementPath]
    /// Inserted rows (after the stage).
    public var elementInserted: [ElementPath]
    /// Updated rows, to reload (before the stage).
    public var elementUpdated: [ElementPath]
    /// Moved rows, possibly across sections.
    public var elementMoved: [Move<ElementPath>]
    /// Rows to reconfigure, in the index space after the stage (with
    /// ``UpdateStyle/reconfigure``).
    public var elementReconfigured: [ElementPath]

    /// A stage with the given data and calls.
    public init(
        data: Data,
        sectionDeleted: [Int] = [], sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [], sectionMoved: [Move<Int>] = [],
        elementDeleted: [ElementPath] = [], elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [], elementMoved: [Move<ElementPath>] = [],
        elementReconfigured: [ElementPath] = []
    ) {
        self.data = data
        self.sectionDeleted = sectionDeleted
        self.sectionInserted = sectionInserted
        self.sectionUpdated = sectionUpdated
        self.sectionMoved = sectionMoved
        self.elementDeleted = elementDeleted
        self.elementInserted = elementInserted
        self.elementUpdated = elementUpdated
        self.elementMoved = elementMoved
        self.elementReconfigured = elementReconfigured
    }

    /// Number of section changes.
    public var sectionChangeCount: Int {
        sectionDeleted.count + sectionInserted.count + sectionUpdated.count + sectionMoved.count
    }

    /// Number of row changes.
    public var elementChangeCount: Int {
        elementDeleted.count + elementInserted.count + elementUpdated.count
            + elementMoved.count + elementReconfigured.count
    }

    /// Total number of changes.
    public var changeCount: Int { sectionChangeCount + elementChangeCount }

    /// True when the stage has no changes.
    public var hasChanges: Bool { changeCount > 0 }
}

extension Changeset: Equatable where Data: Equatable {}
extension Changeset: Sendable where Data: Sendable {}

extension Changeset: CustomDebugStringConvertible {
    /// The non-empty change lists, for debugging.
    public var debugDescription: String {
        var parts: [String] = []
        func add<T>(_ name: String, _ list: [T]) {
            if !list.isEmpty { parts.append("\(name): \(list)") }
        }
        add("sectionDeleted", sectionDeleted)
        add("sectionInserted", sectionInserted)
        add("sectionUpdated", sectionUpdated)
        add("sectionMoved", sectionMoved.map { "\($0.source)→\($0.destination)" })
        add("elementDeleted", elementDeleted)
        add("elementInserted", elementInserted)
        add("elementUpdated", elementUpdated)
        add("elementMoved", elementMoved.map { "\($0.source)→\($0.destination)" })
        add("elementReconfigured", elementReconfigured)
        return "Changeset(" + parts.joined(separator: ", ") + ")"
    }
}
