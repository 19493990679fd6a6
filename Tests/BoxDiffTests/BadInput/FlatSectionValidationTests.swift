import BoxDiffValidation
import Testing

@testable import BoxDiff

/// A flat changeset made for a list shown in another section
/// (`StagedChangeset(source:target:section:)`, as DifferenceKit's) is
/// validated in that section: the flat validator read every path as
/// section 0, so BoxDiff's own valid output was reported out of range, and
/// `validatedOrTrap(from:)` stopped the program (found by review,
/// 2026-11-29).
@Suite("Bad input: flat changesets of another section")
struct FlatSectionValidationTests {
    @Test func changesetOfSectionTwoValidatesInSectionTwo() throws {
        let old = ["a", "b", "c"]
        let new = ["c", "a", "d"]
        let changeset = try StagedChangeset(source: old, target: new, section: 2)
        #expect(changeset.flatMap(\.elementDeleted).allSatisfy { $0.section == 2 })
        let violations = changeset.violations(from: old, section: 2)
        #expect(violations.isEmpty, "\(violations.map(\.message))")
        _ = try changeset.validated(from: old, section: 2)
        // Read in section 0 its paths are out of range, as before.
        #expect(!changeset.violations(from: old).isEmpty)
        // A path outside the given section is out of range too.
        var stray = changeset
        stray.stages[0].batchUpdate.elementDeleted.append(ElementPath(section: 0, row: 0))
        #expect(!stray.violations(from: old, section: 2).isEmpty)
    }
}
