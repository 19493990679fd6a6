import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rule 17 (row calls in a moved section) when one section is moved to
/// several places at once (itself a rule 12 violation): each row call is
/// reported once, under the section's first move. Under every move, n
/// moves beside m row calls gave n * m violations (hand-built or decoded
/// batches only: a diff never moves a section twice).
@Suite("Batch validation: row calls in a section moved many times")
struct SectionMoveClashTests {
    @Test func eachRowCallIsReportedOnce() {
        let moves = 300
        let rows = 300
        let before = Array(repeating: rows, count: moves + 1)
        let update = BatchUpdate(
            sectionMoved: (1...moves).map { mvSection(0, $0) },
            elementDeleted: (0..<rows).map { ep(0, $0) })
        let violations = validateBatch(before, update, before)
        let clashes = violations.filter { $0.rule == .sectionMoveWithRowOperations }
        #expect(clashes.count == rows)
        #expect(Set(clashes.compactMap(\.path)) == Set((0..<rows).map { ep(0, $0) }))
        // The moves themselves are still reported as conflicting.
        #expect(violations.contains { $0.rule == .conflictingMoves })
        #expect(violations.count < 4 * (rows + moves))
    }

    @Test func insertsAndMovesIntoADestinationMovedToTwiceAreReportedOnce() {
        // Sections 1 and 2 both moved to 0, with rows inserted into 0.
        let update = BatchUpdate(
            sectionMoved: [mvSection(1, 0), mvSection(2, 0)], elementInserted: [ep(0, 0), ep(0, 1)])
        let violations = validateBatch([2, 2, 2], update, [4, 2, 2])
        let clashes = violations.filter { $0.rule == .sectionMoveWithRowOperations }
        #expect(clashes.compactMap(\.path).sorted { $0.row < $1.row } == [ep(0, 0), ep(0, 1)])
    }

    @Test func aMoveOntoItselfAfterAnotherMoveStillBreaksRule18() {
        // Section 0 moved to 1 and onto itself, a row moved out of it:
        // rule 18 for the move onto itself, whichever move comes first
        // (found by review: with 0 → 1 first it was dropped).
        for moves in [[mvSection(0, 1), mvSection(0, 0)], [mvSection(0, 0), mvSection(0, 1)]] {
            let update = BatchUpdate(sectionMoved: moves, elementMoved: [mvRow(ep(0, 1), ep(1, 1))])
            let violations = validateBatch([2, 2], update, [2, 2])
            #expect(violations.contains { $0.rule == .reloadOfMovedSection && $0.path == ep(0, 1) }, "\(moves)")
        }
    }
}
