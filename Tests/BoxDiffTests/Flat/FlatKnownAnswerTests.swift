import BoxDiff
import BoxDiffTestSupport
import Testing

@Suite("Flat API: known answers")
struct FlatKnownAnswerTests {
    static let algorithms: [DiffAlgorithm] = [.heckel, .lcs]

    func diff<E: Differentiable>(
        _ a: [E], _ b: [E], _ algorithm: DiffAlgorithm
    ) throws -> StagedChangeset<[E]> {
        let c = try StagedChangeset(source: a, target: b, options: DiffOptions(algorithm: algorithm))
        let replayed = try FlatReplay.replay(c, from: a)
        #expect(FlatReplay.same(replayed, b), "replay of \(a) → \(b) gave \(replayed)")
        return c
    }

    @Test(arguments: algorithms)
    func identicalListsHaveNoStages(_ algorithm: DiffAlgorithm) throws {
        let list = items(Array(0..<500))
        let c = try diff(list, list, algorithm)
        #expect(c.isEmpty)
        #expect(c.changeCount == 0)
    }

    @Test(arguments: algorithms)
    func emptyToManyIsAllInserts(_ algorithm: DiffAlgorithm) throws {
        let c = try diff([], items(Array(0..<7)), algorithm)
        #expect(c.count == 1)
        #expect(inserts(c) == Array(0..<7))
        #expect(deletes(c).isEmpty && moves(c).isEmpty)
    }

    @Test(arguments: algorithms)
    func manyToEmptyIsAllDeletes(_ algorithm: DiffAlgorithm) throws {
        let c = try diff(items(Array(0..<7)), [], algorithm)
        #expect(c.count == 1)
        #expect(deletes(c) == Array(0..<7))
        #expect(inserts(c).isEmpty && moves(c).isEmpty)
    }

    @Test(arguments: algorithms)
    func lastToFirstIsOneMove(_ algorithm: DiffAlgorithm) throws {
        let old = Array(0..<100)
        let c = try diff(items(old), items([99] + Array(0..<99)), algorithm)
        #expect(
            moves(c) == [Move(source: ElementPath(section: 0, row: 99), destination: ElementPath(section: 0, row: 0))])
        #expect(deletes(c).isEmpty && inserts(c).isEmpty)
    }

    @Test(arguments: algorithms)
    func fullReverseIsNMinusOneMoves(_ algorithm: DiffAlgorithm) throws {
        let old = Array(0..<64)
        let c = try diff(items(old), items(old.reversed()), algorithm)
        #expect(moves(c).count == 63)
        #expect(deletes(c).isEmpty && inserts(c).isEmpty)
    }

    @Test(arguments: algorithms)
    func swapIsOneMove(_ algorithm: DiffAlgorithm) throws {
        let c = try diff(items([0, 1, 2, 3]), items([0, 2, 1, 3]), algorithm)
        #expect(moves(c).count == 1)
        let far = try diff(items([0, 1, 2, 3, 4]), items([4, 1, 2, 3, 0]), algorithm)
        #expect(moves(far).count == 2)
    }

    @Test(arguments: algorithms)
    func updatesComeFirstInOldIndices(_ algorithm: DiffAlgorithm) throws {
        let old = [Item(id: 1, text: "a"), Item(id: 2, text: "b"), Item(id: 3, text: "c")]
        let new = [Item(id: 3, text: "c"), Item(id: 1, text: "A"), Item(id: 4, text: "d")]
        let c = try diff(old, new, algorithm)
        #expect(c.first?.elementUpdated == [ElementPath(section: 0, row: 0)])
        #expect(updates(c) == [0])
        #expect(deletes(c) == [1])
        #expect(inserts(c) == [2])
    }

    @Test func duplicatesArePairedInOrder() throws {
        // Old: a a b, new: b a. First old `a` pairs with the only new `a`;
        // the second old `a` is deleted.
        let old = [Item(id: 1, text: "first"), Item(id: 1, text: "second"), Item(id: 2)]
        let new = [Item(id: 2), Item(id: 1, text: "first")]
        let c = try diff(old, new, .heckel)
        #expect(deletes(c) == [1])
        #expect(updates(c).isEmpty, "the first a pairs with the first a: same text, no update")
        #expect(moves(c).count == 1)
    }

    @Test func rejectNamesTheDuplicate() {
        var options = DiffOptions()
        options.duplicates = .reject
        #expect(throws: DiffError.duplicateIdentifier("7", side: .new, location: .index(3), firstLocation: .index(1))) {
            _ = try StagedChangeset(source: items([1, 2]), target: items([0, 7, 5, 7]), options: options)
        }
        #expect(
            throws: DiffError.duplicateIdentifier("\"x\"", side: .old, location: .index(2), firstLocation: .index(0))
        ) {
            _ = try StagedChangeset(source: ["x", "y", "x"], target: ["y"], options: options)
        }
    }

    /// The common prefix is trimmed in Swift before hashing: duplicates in
    /// and after it still pair in order of occurrence.
    @Test(arguments: algorithms)
    func commonPrefixKeepsDuplicatesInOrder(_ algorithm: DiffAlgorithm) throws {
        // Prefix [1 2 1]; then old 1:"late" 3, new 1:"late2" 1:"x" 3.
        let old = [Item(id: 1), Item(id: 2), Item(id: 1), Item(id: 1, text: "late"), Item(id: 3)]
        let new = [
            Item(id: 1), Item(id: 2), Item(id: 1), Item(id: 1, text: "late2"), Item(id: 1, text: "x"), Item(id: 3),
        ]
        let c = try diff(old, new, algorithm)
        #expect(updates(c) == [3], "the third old 1 pairs with the third new 1 (in order)")
        #expect(inserts(c) == [4], "the fourth new 1 is the surplus occurrence")
        #expect(deletes(c).isEmpty && moves(c).isEmpty)
    }

    /// A middle id whose 64-bit hash equals a prefix placeholder is never
    /// paired with a prefix element (nor with anything but itself).
    @Test(arguments: algorithms)
    func hashEqualToAPrefixPlaceholderStaysExact(_ algorithm: DiffAlgorithm) throws {
        let prefix = (0..<4).map { PlaceholderItem(id: .plain($0)) }
        let old = prefix + [PlaceholderItem(id: .plain(10)), PlaceholderItem(id: .atPlaceholder(1))]
        let new = prefix + [PlaceholderItem(id: .atPlaceholder(1)), PlaceholderItem(id: .atPlaceholder(2))]
        let c = try diff(old, new, algorithm)
        #expect(deletes(c) == [4], "plain 10 is deleted")
        #expect(inserts(c) == [5], "the id hashing like placeholder 2 is inserted, not paired with prefix[2]")
        #expect(moves(c).isEmpty)
    }

    @Test(arguments: algorithms)
    func collidingHashesNeverPairDifferentIDs(_ algorithm: DiffAlgorithm) throws {
        let c = { CollidingItem(id: CollidingID(value: $0)) }
        let old = [c(1), c(2), c(3)]
        let new = [c(3), c(4), c(1)]
        let changeset = try diff(old, new, algorithm)
        #expect(deletes(changeset) == [1], "C2 is deleted, not paired with C4")
        #expect(inserts(changeset) == [1], "C4 is inserted")
        var options = DiffOptions(algorithm: algorithm)
        options.duplicates = .reject
        // Different ids with equal hashes are not duplicates.
        let rejected = try StagedChangeset(source: old, target: new, options: options)
        #expect(deletes(rejected) == [1])
        #expect(throws: DiffError.self) {
            _ = try StagedChangeset(source: [c(1), c(2), c(1)], target: new, options: options)
        }
    }

    @Test func stringsAndStageOrder() throws {
        let c = try diff(["a", "b", "c", "d"], ["d", "a", "x", "c"], .heckel)
        #expect(c.map { !$0.elementDeleted.isEmpty } == [true, false])
        #expect(deletes(c) == [1])
        #expect(inserts(c) == [2])
        #expect(moves(c).count == 1)
    }

    @Test func workspaceIsReusable() throws {
        let workspace = try DiffWorkspace()
        for n in [10, 1000, 10, 1000] {
            let old = items(Array(0..<n))
            let new = items(Array((0..<n).reversed()))
            let c = try StagedChangeset(source: old, target: new, workspace: workspace)
            #expect(moves(c).count == n - 1)
        }
    }
}
