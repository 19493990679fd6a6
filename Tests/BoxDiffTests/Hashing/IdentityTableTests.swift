import BoxDiffTestSupport
import Testing

@testable import BoxDiff

/// The identity table's one-buffer layout read back through its accessors,
/// and the never-storing cache of a changeset's intermediate Boxes.
@Suite("Identity table: accessors and stage caches")
struct IdentityTableTests {
    /// Every accessor agrees with a walk over the Box itself (row by row,
    /// section by section), on random Boxes with empty sections, odd and
    /// even row counts.
    @Test func accessorsAgreeWithTheBox() {
        var rng = SeededGenerator(seed: 0x7AB1E)
        for _ in 0..<300 {
            let (box, _) = BoxGenerators.pair(shape: BoxPairShape(), using: &rng)
            let table = IdentityTable(box)
            #expect(table.sectionCount == box.sections.count)
            #expect(table.rowCount == box.rowCount)
            var flat = 0
            for (s, section) in box.sections.enumerated() {
                #expect(table.sectionID(at: s) == IdentityHashing.hash(section.id))
                #expect(table.sectionContent(at: s) == section.contentHash)
                #expect(table.rowStart(ofSection: s) == flat)
                #expect(table.rowRange(ofSection: s) == flat..<(flat + section.rows.count))
                #expect(table.rowCount(inSection: s) == section.rows.count)
                for (r, node) in section.rows.enumerated() {
                    #expect(table.rowID(at: flat) == IdentityHashing.hash(node.id))
                    #expect(table.rowContent(at: flat) == node.component.contentHash)
                    #expect(table.section(ofRow: flat) == s)
                    #expect(table.path(ofRow: flat) == ElementPath(section: s, row: r))
                    flat += 1
                }
            }
            #expect(table.rowStart(ofSection: box.sections.count) == flat)
            // The array properties are copies of the same values.
            #expect(table.sectionIDs == (0..<table.sectionCount).map { table.sectionID(at: $0) })
            #expect(table.sectionContents == (0..<table.sectionCount).map { table.sectionContent(at: $0) })
            #expect(table.rowIDs == (0..<table.rowCount).map { table.rowID(at: $0) })
            #expect(table.rowContents == (0..<table.rowCount).map { table.rowContent(at: $0) })
            #expect(table.sectionRowOffsets == (0...table.sectionCount).map { table.rowStart(ofSection: $0) })
        }
    }

    /// Many sections (past what one packed word holds) keep every row's
    /// section apart.
    @Test func rowSectionsOfManySections() {
        var box = Box<Int, Int>.empty
        var expected: [Int] = []
        for s in 0..<1_000 {
            box.append(section: Section(id: s))
            for r in 0..<(s % 4) {
                box.append(node: Node(id: s * 10 + r, component: Component(r)))
                expected.append(s)
            }
        }
        let table = IdentityTable(box)
        #expect((0..<table.rowCount).map { table.section(ofRow: $0) } == expected)
    }

    /// Intermediate stage Boxes compute their table on request without
    /// storing it (they allocate no cache); the last stage's data is the
    /// target itself, with its cache; a stage Box that is mutated caches
    /// again.
    @Test func intermediateStagesDoNotStoreTables() throws {
        var rng = SeededGenerator(seed: 0x57A6E)
        var checked = 0
        for _ in 0..<200 {
            let (old, new) = BoxGenerators.pair(shape: BoxPairShape(), using: &rng)
            let changeset = try StagedChangeset(source: old, target: new)
            guard changeset.count >= 2 else { continue }
            for stage in changeset.dropLast() {
                let data = stage.data
                #expect(data.identityTable == IdentityTable(data))
                #expect(!data.hasCachedIdentityTable)
                var mutated = data
                mutated.append(section: Section(id: Int.max))
                _ = mutated.identityTable
                #expect(mutated.hasCachedIdentityTable)
                #expect(!data.hasCachedIdentityTable)
                checked += 1
            }
            #expect(changeset.last?.data == new)
        }
        #expect(checked > 50)
    }
}
