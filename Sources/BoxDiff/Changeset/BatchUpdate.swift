/// The calls of one `performBatchUpdates` block, as plain values: what a
/// ``Changeset`` stage asks of the view, and what the validator
/// (BoxDiffValidation) checks.
///
/// Indices follow UIKit (see `uikit-batch-rules.md`): deletes, reloads and
/// move sources in the index space before the batch (O); inserts and move
/// destinations in the index space after it (N). The order of the calls
/// inside one batch does not matter to UIKit. Flat (unsectioned) diffs use
/// section 0.
///
/// `elementReconfigured` is not part of the batch proper: it stands for
/// `reconfigureRows(at:)` / `reconfigureItems(at:)` issued right after the
/// batch, with paths in N space.
///
/// ```swift
/// // Delete the first row of section 0, insert a row at the end of section 1.
/// let update = BatchUpdate(
///     elementDeleted: [ElementPath(section: 0, row: 0)],
///     elementInserted: [ElementPath(section: 1, row: 3)]
/// )
/// ```
///
/// Two batches are equal when each list holds the same calls, in any order
/// (as multisets: a call listed twice differs from a call listed once),
/// since the order of the calls inside one batch does not matter to UIKit.
/// DifferenceKit's `Changeset` compares its lists ignoring order too.
/// Hashing agrees: reordering a list keeps the hash.
public struct BatchUpdate: Hashable, Sendable {
    /// Deleted sections (`deleteSections`), O indices.
    public var sectionDeleted: [Int]
    /// Inserted sections (`insertSections`), N indices.
    public var sectionInserted: [Int]
    /// Updated sections, header or footer changed or incomparable on both
    /// sides (`reloadSections`), O indices.
    public var sectionUpdated: [Int]
    /// Moved sections (`moveSection(_:toSection:)`), O source to N
    /// destination.
    public var sectionMoved: [Move<Int>]
    /// Deleted rows (`deleteRows(at:)` / `deleteItems(at:)`), O paths.
    public var elementDeleted: [ElementPath]
    /// Inserted rows (`insertRows(at:)` / `insertItems(at:)`), N paths.
    public var elementInserted: [ElementPath]
    /// Updated rows to reload (`reloadRows(at:)` / `reloadItems(at:)`), O
    /// paths.
    public var elementUpdated: [ElementPath]
    /// Moved rows, possibly across sections (`moveRow(at:to:)` /
    /// `moveItem(at:to:)`), O source to N destination.
    public var elementMoved: [Move<ElementPath>]
    /// Rows to reconfigure right after the batch (`reconfigureRows(at:)` /
    /// `reconfigureItems(at:)`), N paths: the changed rows with
    /// ``UpdateStyle/reconfigure``, and, whatever the style, the Box rows
    /// whose components are incomparable on both sides (re-bound).
    public var elementReconfigured: [ElementPath]

    /// A batch made of the given calls; every list defaults to empty.
    public init(
        sectionDeleted: [Int] = [], sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [], sectionMoved: [Move<Int>] = [],
        elementDeleted: [ElementPath] = [], elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [], elementMoved: [Move<ElementPath>] = [],
        elementReconfigured: [ElementPath] = []
    ) {
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

    /// Number of row changes, reconfigures included.
    public var elementChangeCount: Int {
        elementDeleted.count + elementInserted.count + elementUpdated.count
            + elementMoved.count + elementReconfigured.count
    }

    /// Total number of changes, re-binds of incomparable components
    /// included (``DiffOptions/reloadThreshold`` counts the others).
    public var changeCount: Int { sectionChangeCount + elementChangeCount }

    /// True when the batch makes at least one call, reconfigures included.
    public var hasChanges: Bool { changeCount > 0 }

    /// True when the batch deletes, inserts, reloads or moves a section
    /// (DifferenceKit's `hasSectionChanges`).
    public var hasSectionChanges: Bool { sectionChangeCount > 0 }

    /// True when the batch deletes, inserts, reloads, moves or
    /// reconfigures a row (DifferenceKit's `hasElementChanges`).
    public var hasElementChanges: Bool { elementChangeCount > 0 }

    /// True when the batch deletes, inserts or moves a section or a row,
    /// that is when it shifts paths. Reloads and reconfigures do not.
    public var hasStructuralChanges: Bool {
        !(sectionDeleted.isEmpty && sectionInserted.isEmpty && sectionMoved.isEmpty
            && elementDeleted.isEmpty && elementInserted.isEmpty && elementMoved.isEmpty)
    }

    /// True when every list holds the same calls as `rhs`'s, in any order
    /// (each list compared as a multiset).
    public static func == (lhs: BatchUpdate, rhs: BatchUpdate) -> Bool {
        sameCalls(lhs.sectionDeleted, rhs.sectionDeleted)
            && sameCalls(lhs.sectionInserted, rhs.sectionInserted)
            && sameCalls(lhs.sectionUpdated, rhs.sectionUpdated)
            && sameCalls(lhs.sectionMoved, rhs.sectionMoved)
            && sameCalls(lhs.elementDeleted, rhs.elementDeleted)
            && sameCalls(lhs.elementInserted, rhs.elementInserted)
            && sameCalls(lhs.elementUpdated, rhs.elementUpdated)
            && sameCalls(lhs.elementMoved, rhs.elementMoved)
            && sameCalls(lhs.elementReconfigured, rhs.elementReconfigured)
    }

    /// Hashes every list independently of its order, so that equal batches
    /// (`==`, order ignored) hash alike.
    public func hash(into hasher: inout Hasher) {
        Self.hashCalls(sectionDeleted, into: &hasher)
        Self.hashCalls(sectionInserted, into: &hasher)
        Self.hashCalls(sectionUpdated, into: &hasher)
        Self.hashCalls(sectionMoved, into: &hasher)
        Self.hashCalls(elementDeleted, into: &hasher)
        Self.hashCalls(elementInserted, into: &hasher)
        Self.hashCalls(elementUpdated, into: &hasher)
        Self.hashCalls(elementMoved, into: &hasher)
        Self.hashCalls(elementReconfigured, into: &hasher)
    }

    /// Whether two lists hold the same values the same number of times.
    /// Lists in the same order (what one diff engine produces) are decided
    /// without counting.
    static func sameCalls<T: Hashable>(_ lhs: [T], _ rhs: [T]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs == rhs { return true }
        var balance: [T: Int] = [:]
        balance.reserveCapacity(lhs.count)
        for value in lhs { balance[value, default: 0] += 1 }
        for value in rhs {
            guard let count = balance[value] else { return false }
            balance[value] = count == 1 ? nil : count - 1
        }
        return balance.isEmpty
    }

    /// Feeds a list's length and an order-independent sum of its values'
    /// hashes (each from a fresh `Hasher`, so seeded like the caller's).
    static func hashCalls<T: Hashable>(_ values: [T], into hasher: inout Hasher) {
        var sum = 0
        for value in values {
            var own = Hasher()
            own.combine(value)
            sum &+= own.finalize()
        }
        hasher.combine(values.count)
        hasher.combine(sum)
    }

    /// The non-empty call lists, e.g.
    /// `elementDeleted: [[0, 1]], elementMoved: [[0, 0] -> [1, 2]]`.
    var callList: String {
        var parts: [String] = []
        func add<T>(_ label: String, _ values: [T], _ show: (T) -> String) {
            guard !values.isEmpty else { return }
            parts.append("\(label): [\(values.map(show).joined(separator: ", "))]")
        }
        func move<T>(_ move: Move<T>) -> String { "\(move.source) -> \(move.destination)" }
        add("sectionDeleted", sectionDeleted) { "\($0)" }
        add("sectionInserted", sectionInserted) { "\($0)" }
        add("sectionUpdated", sectionUpdated) { "\($0)" }
        add("sectionMoved", sectionMoved, move)
        add("elementDeleted", elementDeleted) { $0.description }
        add("elementInserted", elementInserted) { $0.description }
        add("elementUpdated", elementUpdated) { $0.description }
        add("elementMoved", elementMoved, move)
        add("elementReconfigured", elementReconfigured) { $0.description }
        return parts.joined(separator: ", ")
    }
}

extension BatchUpdate: CustomStringConvertible {
    /// The non-empty call lists, e.g.
    /// `BatchUpdate(elementDeleted: [[0, 1]], elementMoved: [[0, 0] -> [1, 2]])`;
    /// an empty batch prints as `BatchUpdate()`.
    public var description: String { "BatchUpdate(\(callList))" }
}
