import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rules 8–10 and 12–16: calls that clash inside one batch.
@Suite("Batch validation: conflicts")
struct BatchConflictRuleTests {
    // MARK: Rule 8

    @Test func rule8DeleteAndMoveFromTheSamePath() {
        let update = BatchUpdate(elementDeleted: [ep(0, 1)], elementMoved: [mvRow(ep(0, 1), ep(0, 0))])
        let violations = validateBatch([3], update, [2])
        #expect(violations.rules == [.deleteAndMoveFromSamePlace])
        #expect(
            violations.messages(.deleteAndMoveFromSamePlace)
                == ["attempt to perform a delete and a move from the same index path ([0, 1])"])
        let fine = BatchUpdate(elementDeleted: [ep(0, 2)], elementMoved: [mvRow(ep(0, 1), ep(0, 0))])
        #expect(validateBatch([3], fine, [2]).isEmpty)
    }

    @Test func rule8IncludesTheDeleteHalfOfAReload() {
        let update = BatchUpdate(elementUpdated: [ep(0, 1)], elementMoved: [mvRow(ep(0, 1), ep(0, 0))])
        #expect(validateBatch([3], update, [3]).rules == [.deleteAndMoveFromSamePlace])
    }

    /// A row both reloaded and moved to another section: rule 8 alone. The
    /// reload is set aside (UIKit keeps neither half of it beside the
    /// move), so it adds no rule 11 report of its own: its `r'` (0, 1) is
    /// not where the moved row ends up. (Found by mutation testing: the
    /// simulation keeping such a reload passed every test.)
    @Test func rule8ReloadOfARowMovedToAnotherSectionIsReportedOnce() {
        let update = BatchUpdate(elementUpdated: [ep(0, 1)], elementMoved: [mvRow(ep(0, 1), ep(1, 0))])
        #expect(validateBatch([3, 1], update, [2, 2]).rules == [.deleteAndMoveFromSamePlace])
        let sim = BatchSimulation(update: update, old: [3, 1], new: [2, 2])
        #expect(sim.rowReloads.isEmpty)
        #expect(sim.rowMoves.count == 1)
    }

    @Test func rule8DeleteAndMoveFromTheSameSection() {
        let update = BatchUpdate(sectionDeleted: [0], sectionMoved: [mvSection(0, 0)])
        let violations = validateBatch([1, 1], update, [1])
        #expect(violations.rules.contains(.deleteAndMoveFromSamePlace))
        #expect(
            violations.messages(.deleteAndMoveFromSamePlace)
                == ["attempt to perform a delete and a move from the same section (0)"])
        #expect(validateBatch([1, 1], BatchUpdate(sectionDeleted: [1], sectionMoved: [mvSection(0, 0)]), [1]).isEmpty)
    }

    // MARK: Rule 9

    @Test func rule9InsertAndMoveToTheSamePath() {
        let update = BatchUpdate(elementInserted: [ep(0, 0)], elementMoved: [mvRow(ep(0, 1), ep(0, 0))])
        let violations = validateBatch([2], update, [3])
        #expect(violations.rules == [.insertAndMoveToSamePlace])
        #expect(
            violations.messages(.insertAndMoveToSamePlace)
                == ["attempt to perform an insert and a move to the same index path ([0, 0])"])
        let fine = BatchUpdate(elementInserted: [ep(0, 1)], elementMoved: [mvRow(ep(0, 1), ep(0, 0))])
        #expect(validateBatch([2], fine, [3]).isEmpty)
    }

    @Test func rule9InsertAndMoveToTheSameSection() {
        let update = BatchUpdate(sectionInserted: [0], sectionMoved: [mvSection(1, 0)])
        let violations = validateBatch([1, 1], update, [1, 1, 1])
        #expect(
            violations.messages(.insertAndMoveToSamePlace)
                == ["attempt to perform an insert and a move to the same section (0)"])
        let fine = BatchUpdate(sectionInserted: [2], sectionMoved: [mvSection(1, 0)])
        #expect(validateBatch([1, 1], fine, [1, 1, 1]).isEmpty)
    }

    @Test func rule9IncludesTheInsertHalfOfASectionReload() {
        // Nothing deleted or inserted: section 0's reload lands at 0, where section 1 moves.
        let update = BatchUpdate(sectionUpdated: [0], sectionMoved: [mvSection(1, 0)])
        let violations = validateBatch([1, 1], update, [1, 1])
        #expect(
            violations.messages(.insertAndMoveToSamePlace)
                == ["attempt to perform an insert and a move to the same section (0)"])
        // Moved elsewhere than the reload's target: no rule 9 clash.
        let elsewhere = BatchUpdate(sectionUpdated: [0], sectionMoved: [mvSection(1, 2)])
        #expect(validateBatch([1, 1, 1], elsewhere, [1, 1, 1]).messages(.insertAndMoveToSamePlace).isEmpty)
    }

    // MARK: Rule 10

    @Test func rule10DeleteAndReloadTheSamePath() {
        let update = BatchUpdate(elementDeleted: [ep(0, 1)], elementUpdated: [ep(0, 1)])
        let violations = validateBatch([3], update, [2])
        #expect(violations.rules == [.deleteAndReloadSamePath])
        #expect(
            violations.messages(.deleteAndReloadSamePath)
                == ["attempt to delete and reload the same index path ([0, 1])"])
        #expect(validateBatch([3], BatchUpdate(elementDeleted: [ep(0, 1)], elementUpdated: [ep(0, 0)]), [2]).isEmpty)
    }

    @Test func rule10IsReportedOncePerDistinctReload() {
        // The reload listed twice is rule 14's; rule 10 names the clash once.
        let update = BatchUpdate(elementDeleted: [ep(0, 1)], elementUpdated: [ep(0, 1), ep(0, 1)])
        let violations = validateBatch([3], update, [2])
        #expect(
            violations.messages(.deleteAndReloadSamePath)
                == ["attempt to delete and reload the same index path ([0, 1])"])
        #expect(violations.rules.contains(.duplicateDeleteOrInsert))
    }

    // MARK: Rule 12

    @Test func rule12ReloadInsideADeletedSection() {
        let update = BatchUpdate(sectionDeleted: [0], elementUpdated: [ep(0, 0)])
        let violations = validateBatch([2, 2], update, [2])
        #expect(violations.rules == [.reloadInDeletedSection])
        #expect(
            violations.messages(.reloadInDeletedSection) == [
                "attempt to reload row at index path ([0, 0]) in section 0, which is deleted or reloaded in the "
                    + "same update"
            ])
        #expect(validateBatch([2, 2], BatchUpdate(sectionDeleted: [0], elementUpdated: [ep(1, 0)]), [2]).isEmpty)
    }

    @Test func rule12SectionBothDeletedAndReloaded() {
        let violations = validateBatch([2, 2], BatchUpdate(sectionDeleted: [0], sectionUpdated: [0]), [2])
        #expect(violations.rules == [.reloadInDeletedSection])
        #expect(violations.messages(.reloadInDeletedSection) == ["attempt to delete and reload the same section (0)"])
        #expect(validateBatch([2, 2], BatchUpdate(sectionDeleted: [0], sectionUpdated: [1]), [5]).isEmpty)
    }

    @Test func rule12ReloadInsideAReloadedSection() {
        let update = BatchUpdate(sectionUpdated: [1], elementUpdated: [ep(1, 0)])
        #expect(validateBatch([2, 2], update, [2, 2]).rules == [.reloadInDeletedSection])
    }

    // MARK: Rule 13

    @Test func rule13OneRowToTwoDestinations() {
        let update = BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 1)), mvRow(ep(0, 0), ep(0, 2))])
        let violations = validateBatch([3], update, [3])
        #expect(violations.rules == [.conflictingMoves])
        #expect(
            violations.messages(.conflictingMoves) == [
                "attempt to move row at index path [0, 0] to both [0, 1] and [0, 2]"
            ])
        #expect(validateBatch([3], BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 1))]), [3]).isEmpty)
    }

    @Test func rule13TwoRowsToOneDestination() {
        let update = BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 2)), mvRow(ep(0, 1), ep(0, 2))])
        let violations = validateBatch([3], update, [3], flavor: .collectionView)
        #expect(
            violations.messages(.conflictingMoves) == [
                "attempt to move both item at index path [0, 0] and [0, 1] to [0, 2]"
            ])
        #expect(violations.allSatisfy { $0.rule != .conflictingMoves || $0.isError })
    }

    @Test func rule13IdenticalDuplicateMoveIsOnlyAWarning() {
        let move = mvRow(ep(0, 0), ep(0, 2))
        let violations = validateBatch([3], BatchUpdate(elementMoved: [move, move]), [3])
        #expect(violations.count == 1)
        #expect(violations.first?.rule == .conflictingMoves)
        #expect(violations.first?.severity == .warning)
        #expect(
            violations.messages(.conflictingMoves) == [
                "attempt to move row at index path [0, 0] to [0, 2] more than once"
            ])
        #expect(violations.errors.isEmpty)
    }

    @Test func rule13ConflictingSectionMoves() {
        let update = BatchUpdate(sectionMoved: [mvSection(0, 1), mvSection(0, 2)])
        let violations = validateBatch([1, 1, 1], update, [1, 1, 1])
        #expect(violations.messages(.conflictingMoves) == ["attempt to move section 0 to both 1 and 2"])
        let twoToOne = validateBatch(
            [1, 1, 1], BatchUpdate(sectionMoved: [mvSection(0, 2), mvSection(1, 2)]), [1, 1, 1])
        #expect(twoToOne.messages(.conflictingMoves) == ["attempt to move both section 0 and 1 to 2"])
    }

    // MARK: Rule 14

    @Test func rule14DuplicateRowDelete() {
        let violations = validateBatch([3], BatchUpdate(elementDeleted: [ep(0, 0), ep(0, 0)]), [2])
        #expect(violations.rules == [.duplicateDeleteOrInsert])
        #expect(
            violations.messages(.duplicateDeleteOrInsert) == [
                "attempt to delete row at index path ([0, 0]) more than once"
            ])
        #expect(validateBatch([3], BatchUpdate(elementDeleted: [ep(0, 0)]), [2]).isEmpty)
    }

    @Test func rule14DuplicateSectionInsertAndRowReload() {
        let violations = validateBatch(
            [3], BatchUpdate(sectionInserted: [0, 0], elementUpdated: [ep(0, 1), ep(0, 1)]), [0, 3],
            flavor: .collectionView)
        #expect(
            violations.messages(.duplicateDeleteOrInsert) == [
                "attempt to insert section 0 more than once",
                "attempt to reload item at index path ([0, 1]) more than once",
            ])
        #expect(validateBatch([3], BatchUpdate(sectionInserted: [0], elementUpdated: [ep(0, 1)]), [0, 3]).isEmpty)
    }

    // MARK: Rule 15

    @Test func rule15RowDeleteInsideAReloadedSection() {
        let update = BatchUpdate(sectionUpdated: [0], elementDeleted: [ep(0, 1)])
        let violations = validateBatch([2, 2], update, [1, 2])
        #expect(violations.rules == [.rowOperationInDeletedOrInsertedSection])
        #expect(
            violations.messages(.rowOperationInDeletedOrInsertedSection)
                == ["attempt to delete row 1 from section 0, which is reloaded in the same update"])
        let fine = BatchUpdate(sectionUpdated: [0], elementDeleted: [ep(1, 1)])
        #expect(validateBatch([2, 2], fine, [1, 1]).isEmpty)
    }

    @Test func rule15RowInsertInsideAReloadedSection() {
        let update = BatchUpdate(sectionInserted: [0], sectionUpdated: [0], elementInserted: [ep(1, 0)])
        let violations = validateBatch([2], update, [1, 3])
        #expect(
            violations.messages(.rowOperationInDeletedOrInsertedSection)
                == ["attempt to insert row 0 into section 1, which is section 0 reloaded in the same update"])
    }

    @Test func rule15LeavesARowDeleteInADeletedSectionToRule12() {
        // Section 0 both deleted and reloaded (rule 12): its row delete goes with the deleted
        // section, not a rule 15 clash with the reload.
        let update = BatchUpdate(sectionDeleted: [0], sectionUpdated: [0], elementDeleted: [ep(0, 0)])
        let violations = validateBatch([2, 2], update, [2])
        #expect(violations.rules.contains(.reloadInDeletedSection))
        #expect(violations.messages(.rowOperationInDeletedOrInsertedSection).isEmpty)
    }

    @Test func rule15RowOperationsUIKitDropsAreAccepted() {
        // Row deletes inside a deleted section, row inserts inside an
        // inserted section: UIKit drops them silently.
        let update = BatchUpdate(
            sectionDeleted: [0], sectionInserted: [1], elementDeleted: [ep(0, 0)], elementInserted: [ep(1, 0)])
        #expect(validateBatch([2, 2], update, [2, 1]).isEmpty)
    }

    /// A row insert inside an inserted section, or a row delete inside a
    /// deleted one, counts in the target UIKit computes for a reload in the
    /// same batch (it drops them only after splitting the reloads): found
    /// by review, 2026-12-03, from a decompilation of UXKit. Rejected with
    /// reloads; allowed without.
    @Test func rule15RowCallsInChangedSectionsWithAReload() {
        let insert = BatchUpdate(sectionInserted: [0], elementInserted: [ep(0, 0)], elementUpdated: [ep(0, 1)])
        let inserted = validateBatch([3], insert, [1, 3])
        #expect(inserted.rules == [.rowOperationInDeletedOrInsertedSection])
        #expect(
            inserted.messages(.rowOperationInDeletedOrInsertedSection) == [
                "attempt to insert row at index path ([0, 0]) in section 0, which is inserted in the same update, "
                    + "together with a reload of row at index path ([0, 1]): UIKit counts the insert when it "
                    + "computes where the reload lands"
            ])
        let delete = BatchUpdate(sectionDeleted: [0], elementDeleted: [ep(0, 0)], elementUpdated: [ep(1, 1)])
        #expect(validateBatch([1, 3], delete, [3]).rules == [.rowOperationInDeletedOrInsertedSection])
        // Without the row calls, or without the reload, the batch passes.
        #expect(validateBatch([3], BatchUpdate(sectionInserted: [0], elementUpdated: [ep(0, 1)]), [1, 3]).isEmpty)
        #expect(validateBatch([1, 3], BatchUpdate(sectionDeleted: [0], elementUpdated: [ep(1, 1)]), [3]).isEmpty)
        #expect(validateBatch([3], BatchUpdate(sectionInserted: [0], elementInserted: [ep(0, 0)]), [1, 3]).isEmpty)
    }

    // MARK: Rule 16

    @Test func rule16RowMoveOutOfADeletedSection() {
        let update = BatchUpdate(sectionDeleted: [0], elementMoved: [mvRow(ep(0, 0), ep(0, 2))])
        let violations = validateBatch([2, 2], update, [3])
        #expect(violations.rules == [.rowMoveAcrossDeletedOrInsertedSection])
        #expect(
            violations.messages(.rowMoveAcrossDeletedOrInsertedSection) == [
                "cannot move a row from a deleted section (0): row at index path ([0, 0]) to index path ([0, 2]), "
                    + "its section deleted or reloaded in the same update"
            ])
        // The single-batch rewrite: the move becomes a (dropped) delete plus an insert.
        let rewritten = BatchUpdate(sectionDeleted: [0], elementDeleted: [ep(0, 0)], elementInserted: [ep(0, 2)])
        #expect(validateBatch([2, 2], rewritten, [3]).isEmpty)
    }

    @Test func rule16RowMoveIntoAnInsertedSection() {
        let update = BatchUpdate(sectionInserted: [1], elementMoved: [mvRow(ep(0, 0), ep(1, 0))])
        let violations = validateBatch([2], update, [1, 1])
        #expect(violations.rules == [.rowMoveAcrossDeletedOrInsertedSection])
        #expect(
            violations.messages(.rowMoveAcrossDeletedOrInsertedSection) == [
                "cannot move a row into a newly inserted section (1): row at index path ([0, 0]) to index path "
                    + "([1, 0]), its section inserted or reloaded in the same update"
            ])
        let rewritten = BatchUpdate(sectionInserted: [1], elementDeleted: [ep(0, 0)])
        #expect(validateBatch([2], rewritten, [1, 1]).isEmpty)
    }

    @Test func rule16RowMoveOutOfAReloadedSection() {
        let update = BatchUpdate(sectionUpdated: [0], elementMoved: [mvRow(ep(0, 0), ep(1, 0))])
        let violations = validateBatch([2, 2], update, [1, 3])
        #expect(
            violations.messages(.rowMoveAcrossDeletedOrInsertedSection) == [
                "cannot move a row from a deleted section (0): row at index path ([0, 0]) to index path ([1, 0]), "
                    + "its section deleted or reloaded in the same update"
            ])
    }

    @Test func rule16RowMoveIntoAReloadedSectionsTarget() {
        // Section 1's reload lands at 1 (nothing deleted or inserted): its rows come fresh from
        // the data source, as an inserted section's.
        let update = BatchUpdate(sectionUpdated: [1], elementMoved: [mvRow(ep(0, 0), ep(1, 0))])
        let violations = validateBatch([2, 2], update, [1, 3])
        #expect(
            violations.messages(.rowMoveAcrossDeletedOrInsertedSection) == [
                "cannot move a row into a newly inserted section (1): row at index path ([0, 0]) to index path "
                    + "([1, 0]), its section inserted or reloaded in the same update"
            ])
    }
}
