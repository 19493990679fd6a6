import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rules 1, 2, 11 and 19: counts, reload targets, stale before-states.
@Suite("Batch validation: counts")
struct BatchCountRuleTests {
    // MARK: Rule 1

    @Test func rule1SectionCountIsReportedWithUIKitWording() {
        let violations = validateBatch([1, 1], BatchUpdate(sectionDeleted: [0]), [1, 1])
        #expect(violations.rules == [.sectionCount])
        #expect(
            violations.messages(.sectionCount) == [
                "Invalid update: invalid number of sections. The number of sections contained in the table view "
                    + "after the update (2) must be equal to the number of sections contained in the table view "
                    + "before the update (2), plus or minus the number of sections inserted or deleted "
                    + "(0 inserted, 1 deleted)."
            ])
    }

    @Test func rule1CollectionViewWording() {
        let violations = validateBatch([1], BatchUpdate(sectionInserted: [1]), [1, 0, 0], flavor: .collectionView)
        #expect(
            violations.messages(.sectionCount) == [
                "Invalid update: invalid number of sections. The number of sections contained in the collection "
                    + "view after the update (3) must be equal to the number of sections contained in the "
                    + "collection view before the update (1), plus or minus the number of sections inserted or "
                    + "deleted (1 inserted, 0 deleted)."
            ])
    }

    @Test func rule1HoldsWhenTheCountsAgree() {
        #expect(validateBatch([1, 1], BatchUpdate(sectionDeleted: [0]), [1]).isEmpty)
        #expect(validateBatch([1], BatchUpdate(sectionInserted: [1]), [1, 0]).isEmpty)
    }

    // MARK: Rule 2

    @Test func rule2RowCountIsReportedWithUIKitWording() {
        let violations = validateBatch([2, 4, 4], BatchUpdate(), [2, 4, 3])
        #expect(violations.rules == [.rowCount])
        #expect(violations.first?.section == 2)
        #expect(
            violations.messages(.rowCount) == [
                "Invalid update: invalid number of rows in section 2. The number of rows contained in an existing "
                    + "section after the update (3) must be equal to the number of rows contained in that section "
                    + "before the update (4), plus or minus the number of rows inserted or deleted from that "
                    + "section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of "
                    + "that section (0 moved in, 0 moved out)."
            ])
    }

    @Test func rule2CollectionViewWording() {
        let update = BatchUpdate(elementInserted: [ep(0, 0)], elementMoved: [mvRow(ep(0, 1), ep(1, 0))])
        let violations = validateBatch([2, 1], update, [2, 3], flavor: .collectionView)
        #expect(
            violations.messages(.rowCount) == [
                "Invalid update: invalid number of items in section 1. The number of items contained in an "
                    + "existing section after the update (3) must be equal to the number of items contained in "
                    + "that section before the update (1), plus or minus the number of items inserted or deleted "
                    + "from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into "
                    + "or out of that section (1 moved in, 0 moved out)."
            ])
    }

    @Test func rule2HoldsWhenTheRowsAddUp() {
        #expect(validateBatch([2, 4, 4], BatchUpdate(elementDeleted: [ep(2, 0)]), [2, 4, 3]).isEmpty)
        let update = BatchUpdate(elementInserted: [ep(0, 0)], elementMoved: [mvRow(ep(0, 1), ep(1, 0))])
        #expect(validateBatch([2, 1], update, [2, 2]).isEmpty)
    }

    @Test func rule2CountsAReloadAsOneDeleteAndOneInsert() {
        #expect(validateBatch([3], BatchUpdate(elementUpdated: [ep(0, 1)]), [3]).isEmpty)
        let violations = validateBatch([3], BatchUpdate(elementUpdated: [ep(0, 1)]), [2])
        #expect(violations.messages(.rowCount).first?.contains("(1 inserted, 1 deleted)") == true)
    }

    @Test func rule2MovesWithinASectionAreNeitherInNorOut() {
        let update = BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 1))])
        #expect(validateBatch([2], update, [2]).isEmpty)
        let violations = validateBatch([2], update, [3])
        #expect(violations.messages(.rowCount).first?.hasSuffix("(0 moved in, 0 moved out).") == true)
        // Into another section, it is both: out of 0, into 1.
        let across = validateBatch([2, 0], BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(1, 0))]), [2, 1])
        #expect(across.messages(.rowCount).first?.hasSuffix("(0 moved in, 1 moved out).") == true)
    }

    @Test func rule2FollowsSectionsThroughDeletesInsertsAndMoves() {
        // Sections [A(2), B(3), C(1)]: delete A, insert a section at 0, move C to 1, delete a row of B.
        let update = BatchUpdate(
            sectionDeleted: [0], sectionInserted: [0], sectionMoved: [mvSection(2, 1)], elementDeleted: [ep(1, 0)])
        #expect(validateBatch([2, 3, 1], update, [5, 1, 2]).isEmpty)
        let wrong = validateBatch([2, 3, 1], update, [5, 2, 1])
        #expect(wrong.rules == [.rowCount])
        #expect(Set(wrong.compactMap(\.section)) == [1, 2])
    }

    // MARK: Rule 11

    @Test func rule11ReloadShiftedByAMoveIsRejected() {
        // Rows [a, b, c, d]: a moves to the end, c is reloaded. UIKit reloads
        // index 2 after the batch, where d now stands; c stands at 1.
        let update = BatchUpdate(elementUpdated: [ep(0, 2)], elementMoved: [mvRow(ep(0, 0), ep(0, 3))])
        let violations = validateBatch([4], update, [4])
        #expect(violations.rules == [.reloadTarget])
        #expect(violations.first?.path == ep(0, 2))
        #expect(
            violations.messages(.reloadTarget) == [
                "attempt to reload row at index path ([0, 2]), which UIKit reloads at index path ([0, 2]) after "
                    + "the update, but the row ends up at index path ([0, 1]); UIKit does not consider moves when "
                    + "it maps a reload"
            ])
    }

    @Test func rule11ReloadNotCrossedByAMoveIsAccepted() {
        let update = BatchUpdate(elementUpdated: [ep(0, 3)], elementMoved: [mvRow(ep(0, 0), ep(0, 1))])
        #expect(validateBatch([4], update, [4]).isEmpty)
    }

    @Test func rule11ReloadShiftedByDeletesAndInsertsIsAccepted() {
        // UIKit maps r' through deletes and inserts correctly: [a, b, c, d],
        // delete a, insert x at 0 and y at 2, reload c: 2 - 1 delete = 1, then
        // inserts 0 <= 1 -> 2, 2 <= 2 -> 3; after the batch [x, b, y, c, d].
        let update = BatchUpdate(
            elementDeleted: [ep(0, 0)], elementInserted: [ep(0, 0), ep(0, 2)], elementUpdated: [ep(0, 2)])
        #expect(validateBatch([4], update, [5]).isEmpty)
    }

    @Test func rule11TargetCollidingWithAMoveDestinationIsRule9() {
        let update = BatchUpdate(elementUpdated: [ep(0, 2)], elementMoved: [mvRow(ep(0, 0), ep(0, 2))])
        let violations = validateBatch([3], update, [3])
        #expect(violations.rules.contains(.insertAndMoveToSamePlace))
        #expect(violations.rules.contains(.reloadTarget))
    }

    @Test func rule11TargetOutOfRangeIsRule6() {
        // Sections [1, 3]: delete section 0, reload [1, 2]. UIKit targets
        // r' = [0, 2], but section 0 has only 2 rows after the batch.
        let update = BatchUpdate(sectionDeleted: [0], elementUpdated: [ep(1, 2)])
        let violations = validateBatch([1, 3], update, [2])
        #expect(violations.rules.contains(.rowInsertOutOfRange))
        #expect(
            violations.messages(.rowInsertOutOfRange)
                == ["attempt to insert row 2 into section 0, but there are only 2 rows in section 0 after the update"])
    }

    @Test func rule11SectionReloadShiftedByASectionMoveIsRejected() {
        let update = BatchUpdate(sectionUpdated: [1], sectionMoved: [mvSection(0, 2)])
        let violations = validateBatch([1, 1, 1], update, [1, 1, 1])
        #expect(violations.rules == [.reloadTarget])
        #expect(violations.first?.section == 1)
        #expect(
            violations.messages(.reloadTarget) == [
                "attempt to reload section 1, which UIKit reloads as section 1 after the update, but the section "
                    + "ends up at section 0; UIKit does not consider moves when it maps a reload"
            ])
        #expect(
            validateBatch([1, 1, 1], BatchUpdate(sectionUpdated: [2], sectionMoved: [mvSection(0, 1)]), [1, 1, 1])
                .isEmpty)
    }

    // MARK: Rule 19

    @Test func rule19BatchComputedAgainstAStaleStateIsFlagged() {
        let steps = [
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), after: [2]),
            // Computed as if the view still showed 3 rows.
            BatchStep(update: BatchUpdate(elementInserted: [ep(0, 3)]), after: [4]),
        ]
        let violations = BatchUpdateValidator().validate(before: [3], steps: steps)
        #expect(violations.rules == [.rowCount, .staleBeforeState])
        #expect(violations.allSatisfy { $0.batchIndex == 1 })
        #expect(
            violations.messages(.staleBeforeState) == [
                "batch 1 does not fit the state the table view shows before it (after batch 0), but fits the "
                    + "state before batch 0: it was computed against a stale before-state"
            ])
    }

    @Test func rule19EachBatchIsCheckedAgainstThePreviousShape() {
        let steps = [
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), after: [2]),
            BatchStep(update: BatchUpdate(elementInserted: [ep(0, 2)]), after: [3]),
        ]
        #expect(BatchUpdateValidator().validate(before: [3], steps: steps).isEmpty)
        // The same second batch, checked on its own against the original
        // shape, does not fit: the before-state matters.
        #expect(!validateBatch([3], steps[1].update, [3]).isEmpty)
    }

    @Test func rule19IsNotClaimedWhenNoOlderStateFits() {
        let steps = [
            BatchStep(update: BatchUpdate(elementDeleted: [ep(0, 0)]), after: [2]),
            BatchStep(update: BatchUpdate(), after: [7]),
        ]
        let violations = BatchUpdateValidator().validate(before: [3], steps: steps)
        #expect(violations.rules == [.rowCount])
    }

    /// Rule 2 with a move whose source row is also deleted (rule 8): the
    /// move is dropped, as in the simulation, so the row leaves its section
    /// once, as a delete, and arrives nowhere. Counting the move as well
    /// blamed the wrong section: two rows, one deleted and moved into the
    /// second section, claimed to leave one and two rows; only the second
    /// section's count is wrong (it gains no row).
    @Test func rule2DoesNotCountTheMoveOfADeletedRow() {
        let update = BatchUpdate(elementDeleted: [ep(0, 0)], elementMoved: [mvRow(ep(0, 0), ep(1, 0))])
        let violations = validateBatch([2, 1], update, [1, 2])
        #expect(violations.rules == [.deleteAndMoveFromSamePlace, .rowCount])
        #expect(violations.filter { $0.rule == .rowCount }.map(\.section) == [1])
        // The first section's count is right with the move dropped.
        #expect(validateBatch([2, 1], update, [1, 1]).rules == [.deleteAndMoveFromSamePlace])
    }

    /// Rule 11 is not judged in a section whose row count is already wrong
    /// (rule 2): UIKit raises on the count first, and the true position of
    /// a row there is not known. Four rows, row 0 moved to 2, row 1
    /// reloaded (UIKit's r' is [0, 1], the row ends at [0, 0]) and a row
    /// inserted at 3, claimed to leave four rows instead of five.
    @Test func rule11IsSkippedInASectionWithAWrongCount() {
        let update = BatchUpdate(
            elementInserted: [ep(0, 3)], elementUpdated: [ep(0, 1)], elementMoved: [mvRow(ep(0, 0), ep(0, 2))])
        #expect(validateBatch([4], update, [4]).rules == [.rowCount])
        // With the right count, the reload target is judged (and wrong).
        #expect(validateBatch([4], update, [5]).rules == [.reloadTarget])
    }
}
