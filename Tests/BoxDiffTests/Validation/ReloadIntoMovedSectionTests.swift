import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rule 17 for the insert half of a row reload. UIKit reloads the row at O
/// path `r` by deleting `r` and inserting at the `r'` it computes from the
/// section deletes and inserts, moves ignored (spec step 3). When the
/// reloaded row's section is displaced by a section move, `r'` can fall in
/// the N index of a moved section: an insert into a moved section, which
/// UICollectionView answers with heap corruption (IGListKit's
/// IGListBatchUpdateData turns such section moves into a delete and an
/// insert). Found by review: only explicit inserts were checked, so the
/// batch below passed both the shape checks and the identity replay.
@Suite("Batch validation: a reload landing in a moved section")
struct ReloadIntoMovedSectionTests {
    typealias State = BatchReplayState<String, String>

    /// Sections [A: a0, B: b0 b1]; section 0 (A) moves to 1, row (1, 0) (b0)
    /// is reloaded. UIKit's target is (1, 0): row 0 of A's new index.
    let update = BatchUpdate(sectionMoved: [mvSection(0, 1)], elementUpdated: [ep(1, 0)])

    @Test func shapeChecksReportTheReloadUnderRule17() {
        for (before, after) in [([1, 1], [0, 2]), ([1, 2], [1, 2])] {
            let violations = validateBatch(before, update, after, flavor: .collectionView)
            #expect(
                violations.contains { $0.rule == .sectionMoveWithRowOperations && $0.path == ep(1, 0) },
                "\(before) -> \(after): \(violations)")
        }
    }

    @Test func replayWithTheRowWhereUIKitPutsItStillReportsRule17() {
        // The data source has b0 at (1, 0), where UIKit's insert lands: the
        // replay matches, so only rule 17 can reject the batch.
        for keepsB1 in [false, true] {
            let before = State(sections: [
                .init(id: "A", content: 0, rows: [.init(id: "a0", content: 0)]),
                .init(
                    id: "B", content: 0,
                    rows: [.init(id: "b0", content: 0)] + (keepsB1 ? [.init(id: "b1", content: 0)] : [])),
            ])
            let after = State(sections: [
                .init(id: "B", content: 0, rows: keepsB1 ? [.init(id: "b1", content: 0)] : []),
                .init(id: "A", content: 0, rows: [.init(id: "b0", content: 1), .init(id: "a0", content: 0)]),
            ])
            let violations = BatchUpdateValidator(flavor: .collectionView).violations(
                from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)])
            #expect(
                violations.contains { $0.rule == .sectionMoveWithRowOperations && $0.path == ep(1, 0) },
                "keepsB1 \(keepsB1): \(violations)")
        }
    }

    @Test func aReloadLandingInAStayingSectionIsNoRule17() {
        // Sections [A, B, C]; section 0 moves to 2 and (1, 0) is reloaded:
        // r' = (1, 0) is in C, which is not moved. Not rule 17 (rule 11
        // may still apply).
        let update = BatchUpdate(sectionMoved: [mvSection(0, 2)], elementUpdated: [ep(1, 0)])
        let violations = validateBatch([1, 2, 1], update, [1, 2, 1])
        #expect(!violations.contains { $0.rule == .sectionMoveWithRowOperations })
    }
}
