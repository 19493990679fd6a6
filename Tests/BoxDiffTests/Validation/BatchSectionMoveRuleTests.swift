import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rules 17 and 18: section moves mixed with row operations and reloads.
@Suite("Batch validation: section moves")
struct BatchSectionMoveRuleTests {
    // MARK: Rule 17

    @Test func rule17RowDeleteInsideAMovedSection() {
        let update = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementDeleted: [ep(0, 0)])
        let violations = validateBatch([2, 2], update, [2, 1])
        #expect(violations.rules == [.sectionMoveWithRowOperations])
        #expect(
            violations.messages(.sectionMoveWithRowOperations) == [
                "attempt to delete row at index path ([0, 0]) while moving section 0 to section 1 in the same update"
            ])
        let fine = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementDeleted: [ep(1, 0)])
        #expect(validateBatch([2, 2], fine, [1, 2]).isEmpty)
    }

    @Test func rule17RowInsertIntoAMovedSectionIsReadAtItsDestination() {
        let update = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementInserted: [ep(1, 0)])
        let violations = validateBatch([2, 2], update, [2, 3], flavor: .collectionView)
        #expect(violations.rules == [.sectionMoveWithRowOperations])
        #expect(
            violations.messages(.sectionMoveWithRowOperations) == [
                "attempt to insert item at index path ([1, 0]) while moving section 0 to section 1 in the same update"
            ])
        // Inserting into the section that did not move is fine.
        let fine = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementInserted: [ep(0, 0)])
        #expect(validateBatch([2, 2], fine, [3, 2]).isEmpty)
    }

    @Test func rule17RowMoveAndReloadInsideAMovedSection() {
        let update = BatchUpdate(
            sectionMoved: [mvSection(0, 1)], elementUpdated: [ep(0, 1)], elementMoved: [mvRow(ep(0, 0), ep(1, 1))])
        let violations = validateBatch([2, 2], update, [2, 2])
        #expect(violations.messages(.sectionMoveWithRowOperations).count == 2)
        #expect(
            Set(violations.compactMap { $0.rule == .sectionMoveWithRowOperations ? $0.path : nil }) == [
                ep(0, 0), ep(0, 1),
            ])
    }

    @Test func rule17ReloadInsideAMovedSectionIsReportedOnce() {
        // Section 1 moves to 0, where section 0's delete shifts it anyway: the reload's
        // insert half lands in the moved section too, and is the same clash as the reload.
        let update = BatchUpdate(sectionDeleted: [0], sectionMoved: [mvSection(1, 0)], elementUpdated: [ep(1, 0)])
        let violations = validateBatch([1, 2], update, [2])
        #expect(
            violations.messages(.sectionMoveWithRowOperations) == [
                "attempt to reload row at index path ([1, 0]) while moving section 1 to section 0 in the same update"
            ])
    }

    @Test func rule17RowMovedIntoAMovedSectionFromElsewhere() {
        let update = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementMoved: [mvRow(ep(2, 0), ep(1, 0))])
        let violations = validateBatch([2, 2, 1], update, [2, 3, 0])
        #expect(violations.rules == [.sectionMoveWithRowOperations])
        #expect(
            violations.messages(.sectionMoveWithRowOperations) == [
                "attempt to move row at index path ([2, 0]) to index path ([1, 0]) while moving section 0 to "
                    + "section 1 in the same update"
            ])
        // Into the section that only shifted (old 1, now 0): fine.
        let fine = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementMoved: [mvRow(ep(2, 0), ep(0, 0))])
        #expect(validateBatch([2, 2, 1], fine, [3, 2, 0]).isEmpty)
    }

    // MARK: Rule 18

    @Test func rule18ReloadOfAMovedSection() {
        let update = BatchUpdate(sectionUpdated: [0], sectionMoved: [mvSection(0, 1)])
        let violations = validateBatch([1, 1], update, [1, 1])
        #expect(violations.rules == [.reloadOfMovedSection])
        #expect(violations.messages(.reloadOfMovedSection) == ["attempt to reload and move the same section (0)"])
        #expect(validateBatch([1, 1], BatchUpdate(sectionUpdated: [0]), [1, 1]).isEmpty)
        #expect(validateBatch([1, 1], BatchUpdate(sectionMoved: [mvSection(0, 1)]), [1, 1]).isEmpty)
    }

    @Test func rule18NoOpSectionMoveWithARowMoveOutOfIt() {
        let update = BatchUpdate(sectionMoved: [mvSection(0, 0)], elementMoved: [mvRow(ep(0, 0), ep(1, 0))])
        let violations = validateBatch([2, 2], update, [1, 3])
        #expect(violations.rules == [.reloadOfMovedSection])
        #expect(
            violations.messages(.reloadOfMovedSection) == [
                "attempt to move section 0 to itself while moving row at index path ([0, 0]) out of it to index "
                    + "path ([1, 0])"
            ])
        let fine = BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(1, 0))])
        #expect(validateBatch([2, 2], fine, [1, 3]).isEmpty)
    }
}
