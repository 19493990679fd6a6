import BoxDiff
import BoxDiffIGListKit
import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

/// A model as IGListKit users write them (``ListDiffItem``).
typealias Item = ListDiffItem

private func numbers(_ values: [Int]) -> [any ListDiffable] { values.map { NSNumber(value: $0) } }

@Suite struct ListDiffKnownAnswerTests {
    /// IGListKit's own example (its README / ListDiff port): [0, 1, 2] to
    /// [2, 1, 3] deletes 0 and inserts 2 with no updates. IGListKit lists
    /// two moves (2→0, 1→1); BoxDiff's minimal moves need one of them.
    @Test func numbersExample() {
        let result = ListDiff(oldArray: numbers([0, 1, 2]), newArray: numbers([2, 1, 3]), option: .equality)
        #expect(result.deletes == IndexSet([0]))
        #expect(result.inserts == IndexSet([2]))
        #expect(result.updates.isEmpty)
        #expect(result.moves.count == 1)
        #expect(Set(result.moves).isSubset(of: [ListMoveIndex(from: 2, to: 0), ListMoveIndex(from: 1, to: 1)]))
        #expect(result.hasChanges)
        #expect(result.changeCount == 3)
        #expect(result.oldIndex(forIdentifier: NSNumber(value: 2)) == 2)
        #expect(result.newIndex(forIdentifier: NSNumber(value: 2)) == 0)
        #expect(result.oldIndex(forIdentifier: NSNumber(value: 3)) == NSNotFound)
        #expect(result.newIndex(forIdentifier: NSNumber(value: 0)) == NSNotFound)
    }

    @Test func stringsUnchangedHaveNoChanges() {
        let words: [any ListDiffable] = ["a", "b", "c"].map { NSString(string: $0) }
        let again: [any ListDiffable] = ["a", "b", "c"].map { NSString(string: $0) }
        let result = ListDiff(oldArray: words, newArray: again, option: .equality)
        #expect(!result.hasChanges)
        #expect(result.changeCount == 0)
    }

    @Test func nilAndEmptyArrays() {
        let all = ListDiff(oldArray: nil, newArray: [Item("a"), Item("b")], option: .equality)
        #expect(all.inserts == IndexSet([0, 1]) && all.deletes.isEmpty)
        #expect(all.newIndex(forIdentifier: NSString(string: "b")) == 1)
        let none = ListDiff(oldArray: [Item("a"), Item("b")], newArray: [], option: .equality)
        #expect(none.deletes == IndexSet([0, 1]) && none.inserts.isEmpty)
        #expect(none.oldIndex(forIdentifier: NSString(string: "a")) == 0)
        #expect(!ListDiff(oldArray: nil, newArray: nil, option: .equality).hasChanges)
    }

    /// Updates are old indexes; `.equality` asks the new object about the
    /// old one.
    @Test func updatesAreOldIndexes() {
        let old = [Item("x"), Item("a", 1), Item("b")]
        let new = [Item("a", 2), Item("b")]
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.deletes == IndexSet([0]))
        #expect(result.updates == IndexSet([1]))
        #expect(result.inserts.isEmpty && result.moves.isEmpty)
    }

    /// `.pointerPersonality`: a different instance is an update even with
    /// equal contents; the same instance never is.
    @Test func pointerPersonality() {
        let shared = Item("s")
        let old = [Item("a"), shared]
        let new = [Item("a"), shared]
        let pointer = ListDiff(oldArray: old, newArray: new, option: .pointerPersonality)
        #expect(pointer.updates == IndexSet([0]))
        let equality = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(!equality.hasChanges)
    }

    /// Duplicated identifiers pair in order (IGListDiff.mm: a stack of old
    /// indexes per identifier, popped in new order); the identifier maps
    /// keep the last index.
    @Test func duplicatesPairInOrder() {
        let old = [Item("a"), Item("a"), Item("b")]
        let new = [Item("b"), Item("a")]
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.deletes == IndexSet([1]))
        #expect(result.inserts.isEmpty && result.updates.isEmpty)
        #expect(result.moves.count == 1)
        #expect(result.oldIndex(forIdentifier: NSString(string: "a")) == 1)
        #expect(result.newIndex(forIdentifier: NSString(string: "a")) == 1)
    }

    /// IGListKit keeps one updated flag per identifier: one changed pair
    /// marks every pair of that identifier.
    @Test func duplicatesShareTheUpdatedFlag() {
        let old = [Item("a", 1), Item("a", 2), Item("c")]
        let new = [Item("a", 1), Item("a", 3), Item("c")]
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.updates == IndexSet([0, 1]))
    }

    /// The batch result: an updated object that moves is a delete plus an
    /// insert, and so is one that stays; no updates remain.
    @Test func resultForBatchUpdates() {
        let old = [Item("a"), Item("b"), Item("c"), Item("d")]
        let new = [Item("d", 1), Item("a"), Item("b", 1), Item("c")]
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.updates == IndexSet([1, 3]))
        // b (1 -> 2) is updated and shifted by d's move: a move too, as in
        // IGListKit, so that no unmoved update is reloaded at the wrong row.
        #expect(result.moves == [ListMoveIndex(from: 3, to: 0), ListMoveIndex(from: 1, to: 2)])
        let batch = result.resultForBatchUpdates()
        #expect(batch.updates.isEmpty && batch.moves.isEmpty)
        #expect(batch.deletes == IndexSet([1, 3]))
        #expect(batch.inserts == IndexSet([0, 2]))
        #expect(batch.oldIndex(forIdentifier: NSString(string: "d")) == 3)
        #expect(batch.resultForBatchUpdates().changeCount == batch.changeCount)
    }

    @Test func indexPaths() {
        let old = [Item("a"), Item("b", 1), Item("c"), Item("e"), Item("f")]
        let new = [Item("e"), Item("b", 2), Item("c"), Item("f"), Item("d")]
        let result = ListDiffPaths(fromSection: 2, toSection: 5, oldArray: old, newArray: new, option: .equality)
        #expect(result.deletes == [IndexPath(indexes: [2, 0])])
        #expect(result.inserts == [IndexPath(indexes: [5, 4])])
        #expect(result.updates == [IndexPath(indexes: [2, 1])])
        // b is updated and not at `old - deletes + inserts` (1 - 1 + 0):
        // listed as a move too, as in IGListKit.
        #expect(
            result.moves == [
                ListMoveIndexPath(from: IndexPath(indexes: [2, 3]), to: IndexPath(indexes: [5, 0])),
                ListMoveIndexPath(from: IndexPath(indexes: [2, 1]), to: IndexPath(indexes: [5, 1])),
            ])
        #expect(result.changeCount == 5)
        #expect(result.oldIndexPath(forIdentifier: NSString(string: "e")) == IndexPath(indexes: [2, 3]))
        #expect(result.newIndexPath(forIdentifier: NSString(string: "e")) == IndexPath(indexes: [5, 0]))
        #expect(result.newIndexPath(forIdentifier: NSString(string: "a")) == nil)
        let batch = result.resultForBatchUpdates()
        #expect(batch.updates.isEmpty)
        #expect(batch.deletes == [IndexPath(indexes: [2, 0]), IndexPath(indexes: [2, 1])])
        #expect(batch.inserts == [IndexPath(indexes: [5, 1]), IndexPath(indexes: [5, 4])])
        #expect(batch.moves == [result.moves[0]])
    }
}

/// A diff run off the main thread hands its result back, as IGListKit's
/// adapters do (the results are `Sendable`: in Swift 6 mode, returning one
/// from a detached task did not compile).
@Suite struct ListDiffResultSendingTests {
    @Test @MainActor func resultsDiffedOffTheMainThreadAreHandedBack() async {
        let result = await Task.detached {
            ListDiff(oldArray: [Item("a"), Item("b")], newArray: [Item("b"), Item("c")], option: .equality)
        }.value
        #expect(result.deletes == IndexSet([0]) && result.inserts == IndexSet([1]))
        #expect(result.oldIndex(forIdentifier: NSString(string: "b")) == 1)
        let paths = await Task.detached {
            ListDiffPaths(fromSection: 0, toSection: 1, oldArray: [Item("a")], newArray: [], option: .equality)
        }.value
        #expect(paths.deletes == [IndexPath(indexes: [0, 0])])
    }
}
