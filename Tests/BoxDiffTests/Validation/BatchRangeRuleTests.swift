import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rules 3–7: indexes out of range in the space they are read in.
@Suite("Batch validation: ranges")
struct BatchRangeRuleTests {
    // MARK: Rule 3

    @Test func rule3SectionDeleteOutOfRange() {
        let violations = validateBatch([1, 1], BatchUpdate(sectionDeleted: [2]), [1])
        // The call is counted as UIKit counts it, so there is no second,
        // misleading section-count violation.
        #expect(violations.rules == [.sectionDeleteOutOfRange])
        #expect(
            violations.messages(.sectionDeleteOutOfRange)
                == ["attempt to delete section 2, but there are only 2 sections before the update"])
        #expect(validateBatch([1, 1], BatchUpdate(sectionDeleted: [1]), [1]).isEmpty)
    }

    @Test func rule3NegativeSectionAndSectionReloadOutOfRange() {
        let violations = validateBatch([1, 1], BatchUpdate(sectionDeleted: [-1], sectionUpdated: [5]), [1])
        #expect(violations.rules == [.sectionDeleteOutOfRange])
        #expect(
            violations.messages(.sectionDeleteOutOfRange) == [
                "attempt to delete section -1, but there are only 2 sections before the update",
                "attempt to delete section 5, but there are only 2 sections before the update",
            ])
    }

    // MARK: Rule 4

    @Test func rule4RowDeleteOutOfRangeInBothFlavours() {
        let update = BatchUpdate(elementDeleted: [ep(0, 3)])
        #expect(validateBatch([3], update, [2]).rules == [.rowDeleteOutOfRange])
        #expect(
            validateBatch([3], update, [2]).messages(.rowDeleteOutOfRange)
                == ["attempt to delete row 3 from section 0, which only contains 3 rows before the update"])
        #expect(
            validateBatch([3], update, [2], flavor: .collectionView).messages(.rowDeleteOutOfRange)
                == ["attempt to delete item 3 from section 0, which only contains 3 items before the update"])
        #expect(validateBatch([3], BatchUpdate(elementDeleted: [ep(0, 2)]), [2]).isEmpty)
    }

    @Test func rule4RowReloadOutOfRangeAndMissingSection() {
        let violations = validateBatch([3], BatchUpdate(elementUpdated: [ep(0, 7), ep(4, 0)]), [3])
        #expect(
            violations.messages(.rowDeleteOutOfRange) == [
                "attempt to delete row 7 from section 0, which only contains 3 rows before the update",
                "attempt to delete row 0 from section 4, but there are only 1 sections before the update",
            ])
        #expect(validateBatch([3], BatchUpdate(elementUpdated: [ep(0, 2)]), [3]).isEmpty)
    }

    // MARK: Rule 5

    @Test func rule5SectionInsertOutOfRange() {
        let violations = validateBatch([1], BatchUpdate(sectionInserted: [2]), [1, 0])
        #expect(violations.rules == [.sectionInsertOutOfRange])
        #expect(
            violations.messages(.sectionInsertOutOfRange)
                == ["attempt to insert section 2 but there are only 2 sections after the update"])
        #expect(validateBatch([1], BatchUpdate(sectionInserted: [1]), [1, 0]).isEmpty)
    }

    // MARK: Rule 6

    @Test func rule6RowInsertOutOfRangeInBothFlavours() {
        let update = BatchUpdate(elementInserted: [ep(0, 5)])
        #expect(validateBatch([3], update, [4]).rules == [.rowInsertOutOfRange])
        #expect(
            validateBatch([3], update, [4]).messages(.rowInsertOutOfRange)
                == ["attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update"])
        #expect(
            validateBatch([3], update, [4], flavor: .collectionView).messages(.rowInsertOutOfRange)
                == ["attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update"]
        )
        #expect(validateBatch([3], BatchUpdate(elementInserted: [ep(0, 3)]), [4]).isEmpty)
    }

    @Test func rule6InsertIsReadInNSpaceNotOSpace() {
        // Index 3 does not exist before the batch, but it does after: fine.
        #expect(validateBatch([3], BatchUpdate(elementInserted: [ep(0, 3), ep(0, 4)]), [5]).isEmpty)
        // A row deleted at 2 and one inserted at 2 of a 3-row section: fine too.
        #expect(validateBatch([3], BatchUpdate(elementDeleted: [ep(0, 2)], elementInserted: [ep(0, 2)]), [3]).isEmpty)
        let violations = validateBatch([3], BatchUpdate(elementInserted: [ep(1, 0)]), [4])
        #expect(
            violations.messages(.rowInsertOutOfRange)
                == ["attempt to insert row 0 into section 1, but there are only 1 sections after the update"])
    }

    // MARK: Rule 7

    @Test func rule7RowMoveDestinationOutOfRange() {
        let violations = validateBatch([3], BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 3))]), [3])
        #expect(violations.rules == [.moveOutOfRange])
        #expect(
            violations.messages(.moveOutOfRange) == [
                "attempt to move index path ([0, 0]) to index path ([0, 3]) that does not exist - there are only "
                    + "3 rows in section 0 after the update"
            ])
        #expect(validateBatch([3], BatchUpdate(elementMoved: [mvRow(ep(0, 0), ep(0, 2))]), [3]).isEmpty)
    }

    @Test func rule7RowMoveSourceOutOfRange() {
        let violations = validateBatch(
            [3], BatchUpdate(elementMoved: [mvRow(ep(0, 4), ep(0, 0))]), [3], flavor: .collectionView)
        #expect(
            violations.messages(.moveOutOfRange) == [
                "attempt to move index path ([0, 4]) that does not exist - there are only 3 items in section 0 "
                    + "before the update"
            ])
    }

    @Test func rule7SectionMoveOutOfRange() {
        let violations = validateBatch(
            [1, 1], BatchUpdate(sectionMoved: [mvSection(0, 2), mvSection(-1, 0)]), [1, 1])
        #expect(
            violations.messages(.moveOutOfRange) == [
                "attempt to move section 0 to section 2, but there are only 2 sections after the update",
                "attempt to move section -1, but there are only 2 sections before the update",
            ])
        #expect(validateBatch([1, 1], BatchUpdate(sectionMoved: [mvSection(0, 1)]), [1, 1]).isEmpty)
    }
}
