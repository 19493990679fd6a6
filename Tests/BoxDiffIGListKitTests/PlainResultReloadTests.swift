import BoxDiff
import BoxDiffIGListKit
import BoxDiffValidation
import Foundation
import Testing

/// IGListKit lists a move for every paired object whose new index is not
/// `old - deletes before it + inserts before it` (IGListDiff.mm), which is
/// the index UIKit gives a reload (`r'`). So with IGListKit, an update that
/// is not a move source can go through `reloadItems` in the same batch as
/// the deletes, inserts and moves: the documented way to tell whether the
/// plain result fits one batch ("no updated object moves") is to look at
/// `moves`.
@Suite("IGListKit: plain result, unmoved updates as reloads")
struct PlainResultReloadTests {
    /// The plain result as one UIKit batch, updates as reloads.
    private func violations(old: [Item], new: [Item], _ result: ListIndexSetResult) -> [BatchViolation] {
        let update = BatchUpdate(
            elementDeleted: result.deletes.map { ElementPath(section: 0, row: $0) },
            elementInserted: result.inserts.map { ElementPath(section: 0, row: $0) },
            elementUpdated: result.updates.map { ElementPath(section: 0, row: $0) },
            elementMoved: result.moves.map {
                Move(source: ElementPath(section: 0, row: $0.from), destination: ElementPath(section: 0, row: $0.to))
            })
        func state(_ items: [Item]) -> BatchReplayState<Int, String> {
            BatchReplayState(sections: [
                .init(id: 0, content: 0, rows: items.map { .init(id: $0.key, content: $0.version) })
            ])
        }
        return BatchUpdateValidator(flavor: .collectionView).violations(
            from: state(old), to: state(new), steps: [BatchReplayStep(update: update, afterState: state(new))])
    }

    /// Old [a, b, c, d], new [d, a, b', c]: IGListKit moves d (3 → 0) and
    /// also a, b and c, each off `old - deletes + inserts`; b's update is
    /// visibly a moved one. BoxDiff's one move (3 → 0) left b's update
    /// unmoved: reloaded at 1 (UIKit's `r'`), while b ends at 2.
    @Test func updateShiftedByAnotherMove() {
        let old = [Item("a"), Item("b"), Item("c"), Item("d")]
        let new = [Item("d"), Item("a"), Item("b", 1), Item("c")]
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.updates == IndexSet([1]))
        #expect(result.moves.contains(ListMoveIndex(from: 1, to: 2)))
        #expect(result.resultForBatchUpdates().moves == [ListMoveIndex(from: 3, to: 0)])
    }

    /// The same on random arrays (unique identifiers): whenever no update
    /// is a move source, the plain result with reloads is a valid batch.
    @Test(arguments: [ListDiffOption.equality, .pointerPersonality])
    func randomArrays(option: ListDiffOption) {
        var seed: UInt64 = option == .equality ? 3 : 5
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var failures = 0
        var checked = 0
        for round in 0..<2000 {
            var keys = (0..<8).map { "k\($0)" }
            for i in keys.indices.reversed() { keys.swapAt(i, next(i + 1)) }
            let old = keys.prefix(next(8) + 1).map { Item($0, 0) }
            var newKeys = Array(keys.prefix(next(8) + 1))
            for i in newKeys.indices.reversed() { newKeys.swapAt(i, next(i + 1)) }
            let new = newKeys.map { key in
                next(3) == 0 ? Item(key, 1) : (old.first { $0.key == key } ?? Item(key, 0))
            }
            let result = ListDiff(oldArray: old, newArray: new, option: option)
            guard !result.moves.contains(where: { result.updates.contains($0.from) }) else { continue }
            checked += 1
            let found = violations(old: old, new: new, result)
            if !found.isEmpty {
                failures += 1
                if failures <= 3 { Issue.record("round \(round) \(old) -> \(new): \(found.map(\.message))") }
            }
        }
        #expect(failures == 0)
        // Most rounds have an unmoved update or none at all: the check is
        // not vacuous.
        #expect(checked > 1000, "\(checked) of 2,000 rounds checked")
    }
}
