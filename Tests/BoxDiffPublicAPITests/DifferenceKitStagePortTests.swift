import BoxDiff
import Testing

/// A DifferenceKit test model: identity `id`, content `flag`.
private struct M: Differentiable, Equatable, CustomStringConvertible {
    var id: Int
    var flag: Bool
    init(_ id: Int, _ flag: Bool = false) {
        self.id = id
        self.flag = flag
    }
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: M) -> Bool { flag == source.flag }
    var description: String { flag ? "\(id)'" : "\(id)" }
}

private func path(_ element: Int, _ section: Int) -> ElementPath { ElementPath(element: element, section: section) }

/// Stages as DifferenceKit's sectioned algorithm makes them (row updates;
/// section and row deletes; section inserts and moves; row inserts and
/// moves; section updates), with each stage's data, for shapes whose
/// minimal moves are DifferenceKit's.
@Suite("DifferenceKit stages, ported")
struct DifferenceKitStagePortTests {
    /// DifferenceKit's mixed section changes: a delete, an insert, a move
    /// and an update of a section's model, in three stages.
    @Test func mixedSectionChanges() throws {
        let source = [
            ArraySection(model: M(0), elements: [0]), ArraySection(model: M(1), elements: [1]),
            ArraySection(model: M(2), elements: [2]), ArraySection(model: M(3), elements: [3]),
        ]
        let target = [
            ArraySection(model: M(3), elements: [3]), ArraySection(model: M(4), elements: [4]),
            ArraySection(model: M(0), elements: [0]), ArraySection(model: M(2, true), elements: [2]),
        ]
        let expected: StagedChangeset = [
            Changeset(data: [source[0], source[2], source[3]], sectionDeleted: [1]),
            Changeset(
                data: [source[3], target[1], source[0], source[2]], sectionInserted: [1],
                sectionMoved: [Move(source: 2, target: 0)]),
            Changeset(data: target, sectionUpdated: [3]),
        ]
        #expect(try StagedChangeset(source: source, target: target) == expected)
    }

    /// A row of a deleted section that reappears in a kept section is an
    /// insert after the section is gone; a row updated in place is reloaded
    /// first, at its old path; a deleted row goes with the section deletes.
    @Test func rowsOfDeletedSectionsAreInserted() throws {
        let source = [
            ArraySection(model: "A", elements: [M(1), M(2), M(3)]), ArraySection(model: "B", elements: [M(4), M(5)]),
        ]
        let target = [
            ArraySection(model: "B", elements: [M(5, true), M(1, true)]), ArraySection(model: "C", elements: [M(6)]),
        ]
        let expected: StagedChangeset = [
            Changeset(
                data: [source[0], ArraySection(model: "B", elements: [M(4), M(5, true)])],
                elementUpdated: [path(1, 1)]),
            Changeset(
                data: [ArraySection(model: "B", elements: [M(5, true)])], sectionDeleted: [0],
                elementDeleted: [path(0, 1)]),
            Changeset(
                data: [ArraySection(model: "B", elements: [M(5, true)]), target[1]], sectionInserted: [1]),
            Changeset(data: target, elementInserted: [path(1, 0)]),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset == expected)
    }

    /// A row moved out of a section that itself moves: the move's source is
    /// read after the section move (the section's new index, the row's
    /// index after the deletes).
    @Test func rowMoveSourceIsAfterTheSectionMove() throws {
        let source = [
            ArraySection(model: "A", elements: [M(0), M(1), M(2)]), ArraySection(model: "B", elements: [M(3)]),
        ]
        let target = [
            ArraySection(model: "B", elements: [M(3), M(2)]), ArraySection(model: "A", elements: [M(1, true)]),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 4)
        #expect(changeset[0].elementUpdated == [path(1, 0)])
        #expect(changeset[1].elementDeleted == [path(0, 0)])
        #expect(changeset[1].data == [ArraySection(model: "A", elements: [M(1, true), M(2)]), source[1]])
        #expect(changeset[2].sectionMoved.count == 1)
        #expect(changeset[2].data == [source[1], ArraySection(model: "A", elements: [M(1, true), M(2)])])
        #expect(changeset[3] == Changeset(data: target, elementMoved: [Move(source: path(1, 1), target: path(1, 0))]))
    }

    /// DifferenceKit's flat mixed changes: updates, then deletes, then
    /// inserts and moves, each stage with its data.
    @Test func flatMixedChangesInThreeStages() throws {
        let source = [M(0), M(1), M(2)]
        let target = [M(2), M(4), M(0, true), M(3)]
        let expected: StagedChangeset = [
            Changeset(data: [M(0, true), M(1), M(2)], elementUpdated: [path(0, 1)]),
            Changeset(data: [M(0, true), M(2)], elementDeleted: [path(1, 1)]),
            Changeset(
                data: target, elementInserted: [path(1, 1), path(3, 1)],
                elementMoved: [Move(source: path(1, 1), target: path(0, 1))]),
        ]
        #expect(try StagedChangeset(source: source, target: target, section: 1) == expected)
        #expect(
            try StagedChangeset(source: ContiguousArray(source), target: ContiguousArray(target), section: 1).count == 3
        )
    }

    /// DifferenceKit pairs repeated ids in order of occurrence and inserts
    /// or deletes the surplus: `[0, 1, 2, 0]` to `[0, 4, 0, 1, 2]` is one
    /// insert and one move.
    @Test func duplicatesPairInOrder() throws {
        let changeset = try StagedChangeset(source: [0, 1, 2, 0], target: [0, 4, 0, 1, 2], section: 1)
        #expect(
            changeset == [
                Changeset(
                    data: [0, 4, 0, 1, 2], elementInserted: [path(1, 1)],
                    elementMoved: [Move(source: path(3, 1), target: path(2, 1))])
            ])
        let sections = try StagedChangeset(
            source: [
                ArraySection(model: 0, elements: [0]), ArraySection(model: 0, elements: [1]),
                ArraySection(model: 1, elements: [2]),
            ],
            target: [
                ArraySection(model: 1, elements: [2]), ArraySection(model: 0, elements: [0]),
                ArraySection(model: 0, elements: [1]),
            ])
        #expect(sections.count == 1 && sections[0].sectionMoved == [Move(source: 2, target: 0)])
    }

    /// The moves the migration guide names as a difference. DifferenceKit
    /// moves every paired element that is not at its slot among the ones
    /// not yet placed: the last element to the front is one move there too
    /// (DifferenceKit's own test), the first element to the end is two
    /// (the two it passes); BoxDiff's moves are minimal, one in both cases.
    @Test func movesDifferFromDifferenceKitsWhenAnElementMovesBack() throws {
        let toFront = try StagedChangeset(source: [0, 1, 2], target: [2, 0, 1], section: 1)
        #expect(toFront == [Changeset(data: [2, 0, 1], elementMoved: [Move(source: path(2, 1), target: path(0, 1))])])
        let toEnd = try StagedChangeset(source: [0, 1, 2], target: [1, 2, 0], section: 1)
        #expect(toEnd == [Changeset(data: [1, 2, 0], elementMoved: [Move(source: path(0, 1), target: path(2, 1))])])
        let reversed = try StagedChangeset(source: [0, 1, 2, 3], target: [3, 2, 1, 0])
        #expect(reversed.count == 1 && reversed[0].elementMoved.count == 3)
    }

    /// What the migration guide lists for sectioned data. As in
    /// DifferenceKit, rows are paired over all sections and a row that
    /// changes between two kept sections is a move, in the stages
    /// DifferenceKit uses. Unlike DifferenceKit, a row whose new section is
    /// inserted moves into it after the insert; DifferenceKit deletes it in
    /// the delete stage and shows it with the inserted section (whose
    /// elements all arrive with it).
    @Test func rowsMovingIntoAnInsertedSectionAreMoves() throws {
        let source = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
        let across = [ArraySection(model: "A", elements: [1]), ArraySection(model: "B", elements: [3, 2])]
        #expect(
            try StagedChangeset(source: source, target: across) == [
                Changeset(data: across, elementMoved: [Move(source: path(1, 0), target: path(1, 1))])
            ])

        let intoNew = [
            ArraySection(model: "A", elements: [1]), ArraySection(model: "B", elements: [3]),
            ArraySection(model: "C", elements: [2, 4]),
        ]
        let differenceKit: StagedChangeset = [
            Changeset(data: [intoNew[0], intoNew[1]], elementDeleted: [path(1, 0)]),
            Changeset(data: intoNew, sectionInserted: [2]),
        ]
        let boxDiff: StagedChangeset = [
            Changeset(
                data: [source[0], source[1], ArraySection(model: "C", elements: [4])], sectionInserted: [2]),
            Changeset(data: intoNew, elementMoved: [Move(source: path(1, 0), target: path(0, 2))]),
        ]
        let changeset = try StagedChangeset(source: source, target: intoNew)
        #expect(changeset == boxDiff && changeset != differenceKit)
    }
}
