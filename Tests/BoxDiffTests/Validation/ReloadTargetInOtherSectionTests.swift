import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Rule 11 when the reloaded row's own section cannot hold it. UIKit's `r'`
/// ignores section moves, so a section move can send a reload's insert
/// half into another (staying) section; the counts then have the row leave
/// its section. Where that section ends up with too few rows for the row
/// to stay in its flow, the validator found no "true position" and skipped
/// rule 11, although `r'` was provably not the row's place: its section
/// is elsewhere. Found by review.
@Suite("Batch validation: a reload sent into another section")
struct ReloadTargetInOtherSectionTests {
    typealias State = BatchReplayState<String, String>

    /// Sections [A: a0, B: b0, C: c0]; section 0 (A) moves to 2, row (1, 0)
    /// (b0) is reloaded. UIKit's target (1, 0) is row 0 of C (N index 1),
    /// while B ends up at 0, empty.
    let update = BatchUpdate(sectionMoved: [mvSection(0, 2)], elementUpdated: [ep(1, 0)])

    @Test func shapeChecksReportRule11() {
        let violations = validateBatch([1, 1, 1], update, [0, 2, 1])
        #expect(violations.rules == [.reloadTarget], "\(violations)")
        #expect(
            violations.messages(.reloadTarget) == [
                "attempt to reload row at index path ([1, 0]), which UIKit reloads at index path ([1, 0]) "
                    + "after the update, but the row's section ends up at section 0; UIKit does not consider "
                    + "moves when it maps a reload"
            ])
    }

    @Test func identitiesDecideWhenTheDataSourceHasTheRowThere() {
        // Rows are "id" (content 0) or "id*" (content 1: changed).
        func state(_ sections: [(String, [String])]) -> State {
            State(
                sections: sections.map { id, rows in
                    .init(
                        id: id, content: 0,
                        rows: rows.map {
                            .init(id: String($0.prefix { $0 != "*" }), content: $0.hasSuffix("*") ? 1 : 0)
                        })
                })
        }
        let before = state([("A", ["a0"]), ("B", ["b0"]), ("C", ["c0"])])
        let validator = BatchUpdateValidator()
        // b0 now in C, where UIKit's insert lands: the reload landed.
        let landed = state([("B", []), ("C", ["b0*", "c0"]), ("A", ["a0"])])
        #expect(
            validator.violations(from: before, to: landed, steps: [BatchReplayStep(update: update, afterState: landed)])
                .isEmpty)
        // Another row there: rule 11 stands, and the replay disagrees.
        let other = state([("B", []), ("C", ["x", "c0"]), ("A", ["a0"])])
        let violations = validator.violations(
            from: before, to: other, steps: [BatchReplayStep(update: update, afterState: other)])
        #expect(violations.rules.contains(.reloadTarget), "\(violations)")
    }
}
