import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

/// Diffs the `crafted` and the `control` pair of Boxes (old, new), then
/// validates each changeset from its old Box, and expects the crafted
/// validation to break no rule and to cost at most 5 times the control's
/// plus 0.05 s of CPU time. Returns the crafted changeset.
func expectValidatesLikeControl<SectionID: Hashable, RowID: Hashable>(
    crafted: (Box<SectionID, RowID>, Box<SectionID, RowID>), control: (Box<SectionID, RowID>, Box<SectionID, RowID>),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> StagedChangeset<Box<SectionID, RowID>> {
    let craftedChangeset = try StagedChangeset(source: crafted.0, target: crafted.1)
    let controlChangeset = try StagedChangeset(source: control.0, target: control.1)
    var craftedViolations: [BatchViolation] = []
    let craftedTime = cpuSeconds { craftedViolations = craftedChangeset.violations(from: crafted.0) }
    let controlTime = cpuSeconds { _ = controlChangeset.violations(from: control.0) }
    #expect(
        craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s",
        sourceLocation: sourceLocation)
    #expect(craftedViolations.isEmpty, sourceLocation: sourceLocation)
    return craftedChangeset
}
