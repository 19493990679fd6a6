import BoxDiffTestSupport
import Testing

@testable import BoxDiff

/// A workspace keeps the last staged Box diff's row call lists and reuses
/// their buffers in the next diff once the caller has dropped that
/// changeset (DiffWorkspace.deletedRows and the others). A changeset the
/// caller keeps must never change, and reused buffers must not carry
/// calls over into the next changeset.
@Suite("Workspace: call-list reuse (Box and flat)")
struct WorkspaceReuseTests {
    /// Random Box pairs diffed through one workspace: every changeset is
    /// kept, then each is compared with the same diff through a fresh
    /// workspace (calls and data).
    @Test func keptChangesetsStayUnchanged() throws {
        var rng = SeededGenerator(seed: 0x5EED_2026)
        let shape = BoxPairShape(maxSections: 6, maxRowsPerSection: 12, editRate: 0.3)
        let pairs = (0..<300).map { _ in BoxGenerators.pair(shape: shape, using: &rng) }
        let shared = try DiffWorkspace()
        var kept: [StagedChangeset<BoxGenerators.TestBox>] = []
        for (old, new) in pairs {
            kept.append(try StagedChangeset(source: old, target: new, workspace: shared))
        }
        #expect(kept.contains { stages in stages.contains { $0.elementDeleted.count > 0 } })
        for (k, (old, new)) in pairs.enumerated() {
            let fresh = try StagedChangeset(source: old, target: new, workspace: DiffWorkspace())
            #expect(kept[k] == fresh, "pair \(k)")
        }
    }

    /// The same kind of pairs diffed through one workspace, each changeset
    /// dropped before the next diff (so the lists' buffers are reused):
    /// each is the fresh workspace's changeset.
    @Test func droppedChangesetsGiveCorrectResults() throws {
        var rng = SeededGenerator(seed: 0xD209_2026)
        let shape = BoxPairShape(maxSections: 4, maxRowsPerSection: 16, editRate: 0.3)
        let shared = try DiffWorkspace()
        for k in 0..<300 {
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let changeset = try StagedChangeset(source: old, target: new, workspace: shared)
            let fresh = try StagedChangeset(source: old, target: new, workspace: DiffWorkspace())
            #expect(changeset == fresh, "pair \(k)")
        }
    }

    /// A diff with 30 deletes, dropped, then one with a single delete: the
    /// second reuses the first's buffer (a fresh list would be sized for
    /// one delete), and its list holds that one delete only.
    @Test func aDroppedListsBufferIsReused() throws {
        func box(_ rows: Range<Int>) -> BoxGenerators.TestBox {
            Box(sections: [Section(id: 0, rows: rows.map { Node(id: $0, component: $0) })])
        }
        let shared = try DiffWorkspace()
        do {
            let first = try StagedChangeset(source: box(0..<40), target: box(0..<10), workspace: shared)
            #expect(first[0].elementDeleted.count == 30)
        }
        let second = try StagedChangeset(source: box(0..<3), target: box(0..<2), workspace: shared)
        #expect(second.count == 1)
        #expect(second[0].elementDeleted == [ElementPath(section: 0, row: 2)])
        #expect(shared.deletedRows.capacity >= 30)
    }

    /// A list longer than `DiffWorkspace.reusedListCapacity` is not held by
    /// the workspace after its diff (the Box and the flat API), while a
    /// short one is.
    @Test func aLongListIsNotKept() throws {
        let limit = DiffWorkspace.reusedListCapacity
        func box(_ rows: Range<Int>) -> BoxGenerators.TestBox {
            Box(sections: [Section(id: 0, rows: rows.map { Node(id: $0, component: $0) })])
        }
        let shared = try DiffWorkspace()
        let long = try StagedChangeset(source: box(0..<(limit + 10)), target: box(0..<1), workspace: shared)
        #expect(long[0].elementDeleted.count == limit + 9)
        #expect(shared.deletedRows.capacity == 0)
        _ = try StagedChangeset(source: box(0..<3), target: box(0..<2), workspace: shared)
        #expect(shared.deletedRows.count == 1)
        let flat = try StagedChangeset(source: Array(0..<(limit + 10)), target: [0], workspace: shared)
        #expect(flat[0].elementDeleted.count == limit + 9)
        #expect(shared.deletedRows.capacity == 0)
        #expect(shared.flatOldHashes.capacity == 0)
        #expect(shared.flatNewHashes.count == 1)
    }

    /// The flat API writes each diff's identity hashes into the buffers
    /// the last diff kept (no allocation once they are large enough), and
    /// its results are those of a fresh workspace whatever the buffers
    /// held before: longer, shorter or the same length.
    @Test func flatHashBuffersAreReused() throws {
        let shared = try DiffWorkspace()
        func address(_ list: [UInt64]) -> UnsafePointer<UInt64>? { list.withUnsafeBufferPointer { $0.baseAddress } }
        _ = try StagedChangeset(source: Array(0..<40), target: Array(5..<45), workspace: shared)
        #expect(shared.flatOldHashes.count == 40)
        #expect(shared.flatNewHashes.count == 40)
        let oldBuffer = address(shared.flatOldHashes)
        let newBuffer = address(shared.flatNewHashes)
        for (old, new) in [(Array(0..<30), Array((0..<30).reversed())), (Array(3..<40), [7, 3, 99]), ([], [1, 2])] {
            let changeset = try StagedChangeset(source: old, target: new, workspace: shared)
            #expect(changeset == (try StagedChangeset(source: old, target: new, workspace: DiffWorkspace())))
            #expect((changeset.stages.last?.data ?? old) == new)
            #expect(shared.flatOldHashes.count == old.count)
            #expect(shared.flatNewHashes.count == new.count)
            #expect(address(shared.flatOldHashes) == oldBuffer || old.isEmpty)
            #expect(address(shared.flatNewHashes) == newBuffer)
        }
    }

    /// A flat element: `id` names it, `value` is its content.
    struct Item: Hashable, Identifiable, Differentiable {
        let id: Int
        let value: Int
    }

    /// A random flat pair: deletes, inserts, updates and a few moves.
    static func flatPair(using rng: inout SeededGenerator) -> ([Item], [Item]) {
        let count = Int.random(in: 0...30, using: &rng)
        let old = (0..<count).map { Item(id: $0, value: 0) }
        var new = old.filter { _ in Int.random(in: 0..<4, using: &rng) != 0 }
            .map { Int.random(in: 0..<4, using: &rng) == 0 ? Item(id: $0.id, value: 1) : $0 }
        for k in 0..<Int.random(in: 0...5, using: &rng) { new.append(Item(id: 100 + k, value: 0)) }
        if new.count > 1 { new.swapAt(0, Int.random(in: 0..<new.count, using: &rng)) }
        return (old, new)
    }

    /// The flat API reuses the same lists: kept changesets stay unchanged,
    /// dropped ones' buffers are reused, and every result is the fresh
    /// workspace's.
    @Test func flatChangesetsThroughOneWorkspace() throws {
        var rng = SeededGenerator(seed: 0xF1A7_2026)
        let shared = try DiffWorkspace()
        var kept: [(StagedChangeset<[Item]>, [Item], [Item])] = []
        for k in 0..<400 {
            let (old, new) = Self.flatPair(using: &rng)
            let changeset = try StagedChangeset(source: old, target: new, workspace: shared)
            #expect(changeset == (try StagedChangeset(source: old, target: new, workspace: DiffWorkspace())), "\(k)")
            if k % 2 == 0 { kept.append((changeset, old, new)) }
        }
        for (k, (changeset, old, new)) in kept.enumerated() {
            #expect(changeset == (try StagedChangeset(source: old, target: new, workspace: DiffWorkspace())), "\(k)")
        }
    }
}
