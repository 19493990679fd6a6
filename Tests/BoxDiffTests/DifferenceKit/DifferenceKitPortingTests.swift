import BoxDiff
import Testing

/// Code written against DifferenceKit (and Carbon, which builds on it)
/// compiles against BoxDiff: `ElementPath(element:section:)`, `.element`,
/// `move.target`, and `Changeset` equality that ignores order.
@Suite("DifferenceKit porting: names and equality")
struct DifferenceKitPortingTests {
    /// Carbon's `IndexPath(row: path.element, section: path.section)`,
    /// standing in for UIKit's `IndexPath` on Linux.
    private struct IndexPath: Equatable {
        var row: Int
        var section: Int
    }

    @Test func elementPathHasDifferenceKitsSpelling() {
        var path = ElementPath(element: 4, section: 1)
        #expect(path.element == 4)
        #expect(path.section == 1)
        #expect(path == ElementPath(section: 1, row: 4))
        #expect(path.row == 4, "element and row are one index")

        path.element = 7
        #expect(path.row == 7)
        path.row = 2
        #expect(path.element == 2)
        #expect(path == ElementPath(element: 2, section: 1))
        #expect(ElementPath(element: 9, section: 0) < ElementPath(element: 0, section: 1))
    }

    @Test func moveTargetIsTheDestination() {
        var move = Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 2))
        #expect(move.destination == ElementPath(section: 2, row: 0))
        #expect(move.target == move.destination)
        move.target = ElementPath(element: 5, section: 3)
        #expect(move.destination == ElementPath(section: 3, row: 5))
        #expect(Move(source: 2, target: 0) == Move(source: 2, destination: 0))
        #expect(Move(source: 2, target: 0) != Move(source: 0, target: 2))
    }

    @Test func carbonStyleUpdaterReadsARealDiff() throws {
        let changeset = try StagedChangeset(source: ["a", "b", "c", "d"], target: ["d", "a", "x", "c"])
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        for stage in changeset {
            deletes += stage.elementDeleted.map { IndexPath(row: $0.element, section: $0.section) }
            inserts += stage.elementInserted.map { IndexPath(row: $0.element, section: $0.section) }
            moves += stage.elementMoved.map {
                (
                    IndexPath(row: $0.source.element, section: $0.source.section),
                    IndexPath(row: $0.target.element, section: $0.target.section)
                )
            }
        }
        #expect(deletes == [IndexPath(row: 1, section: 0)], "b goes")
        #expect(inserts == [IndexPath(row: 2, section: 0)], "x arrives at 2")
        #expect(moves.count == 1)
        #expect(moves.first?.0 == IndexPath(row: 2, section: 0), "d, after b's delete")
        #expect(moves.first?.1 == IndexPath(row: 0, section: 0))
        #expect(changeset.last?.data == ["d", "a", "x", "c"])
    }

    @Test func changesetEqualityIgnoresOrderWithinEachList() {
        let a = ElementPath(element: 3, section: 0)
        let b = ElementPath(element: 0, section: 1)
        let m1 = Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 0))
        let m2 = Move(source: ElementPath(element: 4, section: 1), target: ElementPath(element: 2, section: 0))
        let one = Changeset(
            data: ["x"], sectionDeleted: [2, 5],
            sectionMoved: [Move(source: 0, target: 1), Move(source: 3, target: 0)],
            elementDeleted: [a, b], elementMoved: [m1, m2])
        let reordered = Changeset(
            data: ["x"], sectionDeleted: [5, 2],
            sectionMoved: [Move(source: 3, target: 0), Move(source: 0, target: 1)],
            elementDeleted: [b, a], elementMoved: [m2, m1])
        #expect(one == reordered)
        #expect(one.batchUpdate == reordered.batchUpdate)

        // Not equal: other data, a call in another list, a reversed move,
        // one call fewer, a call listed twice instead of another.
        #expect(one != Changeset(data: ["y"], batchUpdate: reordered.batchUpdate))
        var other = one
        other.elementDeleted = [a]
        other.elementInserted = [b]
        #expect(one != other)
        other = one
        other.elementMoved = [m1, Move(source: m2.target, target: m2.source)]
        #expect(one != other)
        other = one
        other.sectionDeleted = [2]
        #expect(one != other)
        #expect(
            BatchUpdate(elementDeleted: [a, a, b]) != BatchUpdate(elementDeleted: [a, b, b]),
            "lists compare as multisets: the counts matter")
        #expect(BatchUpdate(elementDeleted: [a, a]) != BatchUpdate(elementDeleted: [a]))
    }

    @Test func hashingAgreesWithOrderInsensitiveEquality() {
        let paths = (0..<20).map { ElementPath(element: $0 % 7, section: $0 / 7) }
        let moves = (0..<10).map { Move(source: $0, target: 9 - $0) }
        let forward = BatchUpdate(sectionMoved: moves, elementDeleted: paths, elementReconfigured: paths)
        let backward = BatchUpdate(
            sectionMoved: moves.reversed(), elementDeleted: paths.reversed(),
            elementReconfigured: paths.shuffled())
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([forward, backward]).count == 1)
        // The same values in another list are another batch.
        let moved = BatchUpdate(sectionMoved: moves, elementInserted: paths, elementReconfigured: paths)
        #expect(Set([forward, backward, moved]).count == 2)
    }

    @Test func stagedChangesetsCompareStagesIgnoringOrder() {
        let a = ElementPath(element: 0, section: 0)
        let b = ElementPath(element: 1, section: 0)
        let first = StagedChangeset([
            Changeset(data: [1], elementDeleted: [a, b]),
            Changeset(data: [1, 2], elementInserted: [b]),
        ])
        let second = StagedChangeset([
            Changeset(data: [1], elementDeleted: [b, a]),
            Changeset(data: [1, 2], elementInserted: [b]),
        ])
        #expect(first == second)
        #expect(first != StagedChangeset(Array(second.reversed())), "the order of the stages matters")
        #expect(first != StagedChangeset(second.stages, reloadsEverything: true))
        #expect(first != StagedChangeset(second.stages, isMinimal: false), "isMinimal takes part, as documented")
        #expect(first.stages == StagedChangeset(second.stages, isMinimal: false).stages)
    }
}
