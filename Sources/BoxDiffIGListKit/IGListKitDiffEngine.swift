import BoxDiff
import Foundation

/// One object as a BoxDiff element: identity its diff identifier, content
/// compared under the diff's option.
struct DiffableElement: Differentiable {
    let object: any ListDiffable
    let key: DiffIdentifierKey
    let pointerPersonality: Bool

    var differenceIdentifier: DiffIdentifierKey { key }

    /// BoxDiff calls this on the new element with the old one, the order
    /// IGListKit calls `isEqualToDiffableObject:` in.
    func isContentEqual(to source: DiffableElement) -> Bool {
        if object === source.object { return true }
        return !pointerPersonality && object.isEqual(toDiffableObject: source.object)
    }
}

/// The result of one diff in plain indexes, shared by both result types.
///
/// The inserted, deleted and updated indexes are ascending arrays; the
/// results make them into `IndexSet`s when first read (see
/// ``BuiltOnce``): an adapter reads the batch result's sets, rarely
/// the plain result's, and building one costs several hundred
/// instructions per run of indexes with swift-corelibs-foundation.
struct IGListKitDiff {
    var inserts: [Int] = []
    var deletes: [Int] = []
    var updates: [Int] = []
    var moves: [ListMoveIndex] = []
    /// For each updated pair, its old and new index (ascending old).
    var updatedPairs: [ListMoveIndex] = []
    /// The diffed objects with their keys (the arrays the diff made,
    /// shared, not copied key by key).
    var oldElements: [DiffableElement] = []
    var newElements: [DiffableElement] = []

    /// IGListKit's `resultForBatchUpdates`: every updated pair becomes a
    /// delete of its old index plus an insert of its new index, and the
    /// move of an updated object is dropped.
    ///
    /// The index lists are rebuilt from flags in ascending order, not
    /// merged one index at a time: inserting into the middle of an index
    /// set of many ranges moves the ranges after it, quadratic over
    /// updates that interleave with deletes or inserts.
    /// - Complexity: O(n + m).
    func forBatchUpdates() -> IGListKitDiff {
        guard !updatedPairs.isEmpty else { return self }
        var batch = self
        var deleted = [Bool](repeating: false, count: oldElements.count)
        var inserted = [Bool](repeating: false, count: newElements.count)
        var updatedOld = [Bool](repeating: false, count: oldElements.count)
        for index in deletes { deleted[index] = true }
        for index in inserts { inserted[index] = true }
        for pair in updatedPairs {
            deleted[pair.from] = true
            inserted[pair.to] = true
            updatedOld[pair.from] = true
        }
        batch.deletes = Self.indexes(deleted)
        batch.inserts = Self.indexes(inserted)
        batch.moves.removeAll { updatedOld[$0.from] }
        batch.updates = []
        batch.updatedPairs = []
        return batch
    }

    /// The indexes whose flag is set, ascending.
    static func indexes(_ flags: [Bool]) -> [Int] {
        var result: [Int] = []
        for index in flags.indices where flags[index] { result.append(index) }
        return result
    }

    /// `ascending` (strictly increasing indexes) as an index set, added a
    /// run of consecutive indexes at a time to an `NSMutableIndexSet`
    /// (with swift-corelibs-foundation, about 1.7 times faster than
    /// `IndexSet.insert(integersIn:)`, and several times faster than an
    /// insert per index).
    static func indexSet(ascending: [Int]) -> IndexSet {
        guard !ascending.isEmpty else { return IndexSet() }
        let set = NSMutableIndexSet()
        var start = 0
        while start < ascending.count {
            var end = start + 1
            while end < ascending.count && ascending[end] == ascending[end - 1] + 1 { end += 1 }
            set.add(in: NSRange(location: ascending[start], length: end - start))
            start = end
        }
        return set as IndexSet
    }

    /// Each identifier's last index in `elements`, as IGListKit's
    /// identifier maps (filled in ascending order, so a later duplicate
    /// wins).
    static func lastIndexes(_ elements: [DiffableElement]) -> [DiffIdentifierKey: Int] {
        var map: [DiffIdentifierKey: Int] = [:]
        map.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() { map[element.key] = index }
        return map
    }
}

/// The diff itself, on `StagedChangeset` in single-batch mode with
/// reconfigures: one batch of deletes (old), inserts (new), minimal moves
/// (old to new) and the changed pairs at their new indexes; the result
/// adds a move for each updated pair off the index the deletes and
/// inserts alone give it (``addMovesOfShiftedUpdates(_:deleted:inserted:)``).
enum IGListKitDiffEngine {
    static func diff(old: [any ListDiffable], new: [any ListDiffable], option: ListDiffOption) -> IGListKitDiff {
        let pointer = option == .pointerPersonality
        func element(_ object: any ListDiffable) -> DiffableElement {
            DiffableElement(
                object: object, key: DiffIdentifierKey(object: object.diffIdentifier()), pointerPersonality: pointer)
        }
        let source = old.map(element)
        let target = new.map(element)
        var result = IGListKitDiff()
        result.oldElements = source
        result.newElements = target

        var options = DiffOptions()
        options.duplicates = .pairInOrder
        options.mode = .singleBatch
        options.updateStyle = .reconfigure
        let changeset: StagedChangeset<[DiffableElement]>
        let pool = ListDiffWorkspaces.shared
        let workspace = max(source.count, target.count) <= ListDiffWorkspaces.elementLimit ? pool.take() : nil
        defer { if let workspace { pool.give(workspace) } }
        do {
            changeset = try StagedChangeset(source: source, target: target, options: options, workspace: workspace)
        } catch {
            // Only `outOfMemory` or `tooLarge` (past 4 billion objects)
            // with `.pairInOrder`: IGListKit's diff cannot fail either.
            fatalError("BoxDiffIGListKit: \(error)")
        }

        // Each index flagged in an array, not inserted into an `IndexSet`:
        // swift-corelibs-foundation's costs hundreds of instructions per
        // `insert(_:)`, `contains(_:)` or index iterated.
        var reconfigured: [Int] = []
        var deleted = [Bool](repeating: false, count: source.count)
        var inserted = [Bool](repeating: false, count: target.count)
        for stage in changeset.stages {
            for path in stage.elementDeleted { deleted[path.row] = true }
            for path in stage.elementInserted { inserted[path.row] = true }
            for move in stage.elementMoved {
                result.moves.append(ListMoveIndex(from: move.source.row, to: move.destination.row))
            }
            reconfigured += stage.elementReconfigured.map(\.row)
        }
        result.deletes = IGListKitDiff.indexes(deleted)
        result.inserts = IGListKitDiff.indexes(inserted)
        result.moves.sort { $0.to < $1.to }
        guard !reconfigured.isEmpty else { return result }

        // The pairing, read back from the batch: moved objects by their
        // moves, the others in order.
        var newToOld = [Int](repeating: -1, count: target.count)
        var oldTaken = [Bool](repeating: false, count: source.count)
        for move in result.moves {
            newToOld[move.to] = move.from
            oldTaken[move.from] = true
        }
        for index in source.indices where deleted[index] { oldTaken[index] = true }
        var next = 0
        for j in target.indices where newToOld[j] < 0 && !inserted[j] {
            while oldTaken[next] { next += 1 }
            newToOld[j] = next
            next += 1
        }

        // One updated flag per identifier, as in IGListKit: every pair of
        // an identifier with one changed pair is updated.
        let changedKeys = Set(reconfigured.map { target[$0].key })
        for j in target.indices where newToOld[j] >= 0 && changedKeys.contains(target[j].key) {
            result.updatedPairs.append(ListMoveIndex(from: newToOld[j], to: j))
        }
        result.updatedPairs.sort { $0.from < $1.from }
        var updatedOld = [Bool](repeating: false, count: source.count)
        for pair in result.updatedPairs { updatedOld[pair.from] = true }
        result.updates = IGListKitDiff.indexes(updatedOld)
        addMovesOfShiftedUpdates(&result, deleted: deleted, inserted: inserted)
        return result
    }

    /// Lists as a move every updated pair that the minimal moves leave out
    /// but whose new index is not its old index less the deletes before it
    /// plus the inserts before it, the index UIKit gives a reload (moves
    /// ignored). IGListKit's moves include every such pair (it lists every
    /// pair off that index), so there an update that is not a move source
    /// is safe as a reload in the plain result's batch; without these
    /// moves, an update shifted only by others' moves was reloaded at the
    /// wrong row (old `[a, b, c, d]`, new `[d, a, b', c]`: the one move
    /// 3 → 0 and a reload of 1, which UIKit puts at 1, not 2). Each added
    /// move goes to the object's real new index, so the batch stays valid;
    /// ``IGListKitDiff/forBatchUpdates()`` drops them with the updates.
    /// `deleted` and `inserted`: a flag per old (new) index.
    /// - Complexity: O(n + m).
    static func addMovesOfShiftedUpdates(_ result: inout IGListKitDiff, deleted: [Bool], inserted: [Bool]) {
        guard !result.updatedPairs.isEmpty else { return }
        let oldCount = deleted.count
        let newCount = inserted.count
        // Counts before each index: running sums of the flags.
        var deletesBefore = [Int](repeating: 0, count: oldCount + 1)
        for i in 0..<oldCount { deletesBefore[i + 1] = deletesBefore[i] + (deleted[i] ? 1 : 0) }
        var insertsBefore = [Int](repeating: 0, count: newCount + 1)
        for j in 0..<newCount { insertsBefore[j + 1] = insertsBefore[j] + (inserted[j] ? 1 : 0) }
        var moved = [Bool](repeating: false, count: oldCount)
        for move in result.moves { moved[move.from] = true }
        var added = false
        for pair in result.updatedPairs
        where !moved[pair.from] && pair.from - deletesBefore[pair.from] + insertsBefore[pair.to] != pair.to {
            result.moves.append(pair)
            added = true
        }
        if added { result.moves.sort { $0.to < $1.to } }
    }
}
