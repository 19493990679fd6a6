import BoxDiff
import Testing

/// DifferenceKit's `Changeset` and `StagedChangeset` API, called as
/// DifferenceKit's own tests and Carbon-style updaters call it.
@Suite("DifferenceKit changeset API, ported")
struct DifferenceKitChangesetAPIPortTests {
    /// DifferenceKit's `Changeset` has `hasSectionChanges` and
    /// `hasElementChanges` beside `hasChanges`; an updater that skips the
    /// section calls of a stage without any reads them off the stage.
    @Test func stagesTellSectionAndElementChangesApart() throws {
        let sectionsOnly = Changeset(data: [0], sectionDeleted: [0, 1])
        #expect(sectionsOnly.hasSectionChanges && !sectionsOnly.hasElementChanges)
        let elementsOnly = Changeset(data: [0], elementUpdated: [ElementPath(element: 0, section: 0)])
        #expect(!elementsOnly.hasSectionChanges && elementsOnly.hasElementChanges)
        let none = Changeset(data: [0])
        #expect(!none.hasSectionChanges && !none.hasElementChanges && !none.hasChanges)
        let reconfigureOnly = Changeset(data: [0], elementReconfigured: [ElementPath(element: 0, section: 0)])
        #expect(reconfigureOnly.hasElementChanges)

        let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
        let new = [ArraySection(model: "B", elements: [3, 1])]
        let changeset = try StagedChangeset(source: old, target: new)
        #expect(changeset.map(\.hasSectionChanges) == changeset.map { $0.sectionChangeCount > 0 })
        #expect(changeset.map(\.hasElementChanges) == changeset.map { $0.elementChangeCount > 0 })
        #expect(changeset.contains { $0.hasSectionChanges } && changeset.contains { $0.hasElementChanges })
    }
}
