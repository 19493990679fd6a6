import BoxDiffTestSupport
import Testing

@testable import BoxDiff

@Suite("Box diff: generator coverage and tamper checks")
struct BoxGeneratorCoverageTests {
    /// The random pairs the property tests use do contain every kind of
    /// change the changeset must handle.
    @Test func generatedPairsCoverEveryKindOfChange() throws {
        var seen = Set<String>()
        for seed in 0..<300 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let (old, new) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 8, maxRowsPerSection: 10, editRate: 0.25), using: &rng)
            let c = try StagedChangeset(source: old, target: new)
            for stage in c {
                if !stage.sectionMoved.isEmpty { seen.insert("section move") }
                if !stage.sectionInserted.isEmpty { seen.insert("section insert") }
                if !stage.sectionDeleted.isEmpty { seen.insert("section delete") }
                if !stage.sectionUpdated.isEmpty { seen.insert("header change") }
                if !stage.elementUpdated.isEmpty { seen.insert("row update") }
                if !stage.elementDeleted.isEmpty { seen.insert("row delete") }
                if !stage.elementInserted.isEmpty { seen.insert("row insert") }
                if stage.elementMoved.contains(where: { $0.source.section != $0.destination.section }) {
                    seen.insert("cross-section move")
                }
                if stage.elementMoved.contains(where: { $0.source.section == $0.destination.section }) {
                    seen.insert("move within a section")
                }
            }
            let oldIDs = Set(old.sections.map(\.id))
            let newByID = Dictionary(new.sections.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            if old.sections.contains(where: { !$0.rows.isEmpty && newByID[$0.id]?.rows.isEmpty == true }) {
                seen.insert("emptied section")
            }
            if new.sections.contains(where: { !oldIDs.contains($0.id) && !$0.rows.isEmpty }) {
                seen.insert("new section with rows")
            }
            let newRows = Set(new.sections.flatMap { $0.rows.map(\.id) })
            if old.sections.contains(where: { newByID[$0.id] == nil && $0.rows.contains { newRows.contains($0.id) } }) {
                seen.insert("row out of a deleted section")
            }
        }
        #expect(
            seen == [
                "section move", "section insert", "section delete", "header change", "row update", "row delete",
                "row insert", "cross-section move", "move within a section", "emptied section",
                "new section with rows", "row out of a deleted section",
            ])
    }

    /// The checks the property tests rely on do catch a broken changeset.
    @Test func tamperedChangesetsAreCaught() throws {
        var caught = 0
        var tampered = 0
        for seed in 0..<200 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let (old, new) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 6, maxRowsPerSection: 8, editRate: 0.3), using: &rng)
            var c = try StagedChangeset(source: old, target: new)
            guard let k = c.indices.first(where: { !c[$0].elementMoved.isEmpty || !c[$0].sectionMoved.isEmpty })
            else { continue }
            if !c[k].elementMoved.isEmpty { c[k].elementMoved.removeLast() } else { c[k].sectionMoved.removeLast() }
            tampered += 1
            if !BoxReplay.problems(c, from: old, to: new).isEmpty { caught += 1 }
        }
        #expect(tampered > 50)
        #expect(caught == tampered)
    }
}
