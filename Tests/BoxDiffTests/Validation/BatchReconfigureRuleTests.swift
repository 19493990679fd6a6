import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// The reconfigure checks: N paths after the last structural batch, naming
/// rows that exist, are not new, and changed (the last one in ReplayTests).
@Suite("Batch validation: reconfigure")
struct BatchReconfigureRuleTests {
    @Test func reconfigureOutOfRange() {
        let violations = validateBatch([2], BatchUpdate(elementReconfigured: [ep(0, 2)]), [2])
        #expect(violations.rules == [.reconfigureOutOfRange])
        #expect(
            violations.messages(.reconfigureOutOfRange)
                == [
                    "attempt to reconfigure row 2 in section 0, but there are only 2 rows in section 0 after the update"
                ])
        #expect(validateBatch([2], BatchUpdate(elementReconfigured: [ep(0, 1)]), [2]).isEmpty)
    }

    @Test func reconfigurePathsAreReadInNSpace() {
        // The last row of three, after the first one is deleted, is [0, 1]:
        // giving its O path [0, 2] is out of range.
        let wrong = BatchUpdate(elementDeleted: [ep(0, 0)], elementReconfigured: [ep(0, 2)])
        #expect(
            validateBatch([3], wrong, [2], flavor: .collectionView).messages(.reconfigureOutOfRange)
                == [
                    "attempt to reconfigure item 2 in section 0, but there are only 2 items in section 0 after the update"
                ])
        let right = BatchUpdate(elementDeleted: [ep(0, 0)], elementReconfigured: [ep(0, 1)])
        #expect(validateBatch([3], right, [2]).isEmpty)
    }

    @Test func reconfigureOfARowTheBatchInsertsOrReloads() {
        let inserted = validateBatch(
            [2], BatchUpdate(elementInserted: [ep(0, 0)], elementReconfigured: [ep(0, 0)]), [3])
        #expect(inserted.rules == [.reconfigureOfReplacedRow])
        #expect(
            inserted.messages(.reconfigureOfReplacedRow)
                == [
                    "attempt to reconfigure row at index path ([0, 0]), which is inserted or reloaded in the same update"
                ])
        let reloaded = validateBatch([2], BatchUpdate(elementUpdated: [ep(0, 1)], elementReconfigured: [ep(0, 1)]), [2])
        #expect(reloaded.rules == [.reconfigureOfReplacedRow])
        let inInsertedSection = validateBatch(
            [2], BatchUpdate(sectionInserted: [0], elementReconfigured: [ep(0, 0)]), [1, 2])
        #expect(inInsertedSection.rules == [.reconfigureOfReplacedRow])
        // A row the batch only moves keeps its cell: reconfiguring it at its N path is right.
        let moved = BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 1))], elementReconfigured: [ep(0, 1)])
        #expect(validateBatch([2], moved, [2]).isEmpty)
    }

    @Test func reconfigureBeforeALaterStructuralBatch() {
        let steps = [
            BatchStep(update: BatchUpdate(elementReconfigured: [ep(0, 0)]), after: [2]),
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 1)]), after: [1]),
        ]
        let violations = BatchUpdateValidator().validate(before: [2], steps: steps)
        #expect(violations.rules == [.reconfigureBeforeStructuralChange])
        #expect(violations.first?.batchIndex == 0)
        #expect(
            violations.messages(.reconfigureBeforeStructuralChange) == [
                "attempt to reconfigure rows after batch 0, but batch 1 deletes, inserts or moves afterwards: "
                    + "reconfigure after the last structural batch, in its index space"
            ])
        let reordered = [
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 1)]), after: [1]),
            BatchStep(update: BatchUpdate(elementReconfigured: [ep(0, 0)]), after: [1]),
        ]
        #expect(BatchUpdateValidator().validate(before: [2], steps: reordered).isEmpty)
        // A later batch that only reloads does not shift paths.
        let thenReload = [
            steps[0], BatchStep(update: BatchUpdate(elementUpdated: [ep(0, 1)]), after: [2]),
        ]
        #expect(BatchUpdateValidator().validate(before: [2], steps: thenReload).isEmpty)
    }

    /// With several structural batches after a reconfiguring one, the
    /// violation names the first of them (the batch that shifts the paths
    /// first), not the last; each reconfiguring batch gets its own
    /// violation, naming the first structural batch after it.
    @Test func reconfigureBeforeSeveralStructuralBatchesNamesTheFirst() {
        let steps = [
            BatchStep(update: BatchUpdate(elementReconfigured: [ep(0, 0)]), after: [4]),
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 3)]), after: [3]),
            BatchStep(update: BatchUpdate(elementReconfigured: [ep(0, 0)]), after: [3]),
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 2)]), after: [2]),
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 1)]), after: [1]),
        ]
        let violations = BatchUpdateValidator().validate(before: [4], steps: steps)
        #expect(violations.rules == [.reconfigureBeforeStructuralChange, .reconfigureBeforeStructuralChange])
        #expect(violations.map(\.batchIndex) == [0, 2])
        #expect(
            violations.messages(.reconfigureBeforeStructuralChange) == [
                "attempt to reconfigure rows after batch 0, but batch 1 deletes, inserts or moves afterwards: "
                    + "reconfigure after the last structural batch, in its index space",
                "attempt to reconfigure rows after batch 2, but batch 3 deletes, inserts or moves afterwards: "
                    + "reconfigure after the last structural batch, in its index space",
            ])
    }

    @Test func duplicateReconfigureIsAWarning() {
        let violations = validateBatch([2], BatchUpdate(elementReconfigured: [ep(0, 1), ep(0, 1)]), [2])
        #expect(violations.count == 1)
        #expect(violations.first?.rule == .duplicateReconfigure)
        #expect(violations.first?.severity == .warning)
        #expect(
            violations.messages(.duplicateReconfigure) == [
                "attempt to reconfigure row at index path ([0, 1]) more than once"
            ])
    }
}
