import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// The single-batch Box plan, rewritten for speed (one pass per level on
/// the raw maps, workspace buffers), must make exactly the calls of its
/// first, straightforward implementation (``ReferenceSingleBatchPlan``):
/// the same lists, in the same order.
@Suite("Box diff: single-batch plan")
struct SingleBatchPlanTests {
    /// Both plans' calls for `old` → `new` under every algorithm and
    /// update style; the differences found, described.
    static func differences(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64) throws
        -> [String]
    {
        var found: [String] = []
        let workspace = try DiffWorkspace()
        for algorithm in [DiffAlgorithm.heckel, .lcs] {
            for style in [UpdateStyle.reload, .reconfigure] {
                let m = try BoxMatching(
                    source: old, target: new, options: DiffOptions(algorithm: algorithm), workspace: workspace)
                let fast = try BoxSingleBatchPlan(m, style: style, workspace: workspace).update
                let reference = try ReferenceSingleBatchPlan(m, style: style, workspace: workspace).update
                if fast != reference {
                    found.append("seed \(seed) \(algorithm) \(style):\n  fast      \(fast)\n  reference \(reference)")
                }
            }
        }
        return found
    }

    /// Small Boxes with every kind of edit, sections re-headed and moved.
    @Test func smallBoxesMatchTheReference() async {
        await expectNoProblems(
            count: 800, sections: 0...10, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) }, Self.differences)
    }

    /// Duplicate section and row ids, paired in order.
    @Test func duplicatesMatchTheReference() async {
        await expectNoProblems(
            count: 500, sections: 0...8, rows: 0...15,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: true, editRate: 0.3) },
            Self.differences)
    }

    /// Incomparable components (re-bound rows, always-updated sections).
    @Test func incomparableComponentsMatchTheReference() async {
        await expectNoProblems(
            count: 400, sections: 0...8, rows: 0...10,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.2, incomparableRate: 0.25) },
            Self.differences)
    }

    /// Larger Boxes, where many reloads meet deletes and inserts in one
    /// section (reloads that land and reloads turned into delete + insert
    /// under rule 11, side by side).
    @Test func largerBoxesMatchTheReference() async {
        await expectNoProblems(
            count: 80, sections: 1...20, rows: 0...120,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: $1 % 3 == 0, editRate: 0.2) },
            Self.differences)
    }

    /// The usual render of one section: a few updates among deletes and
    /// inserts, whose reloads stay reloads where `r'` is the new path.
    @Test func updatesAmongDeletesAndInsertsStayReloads() throws {
        let rows = (0..<20).map { Node(id: $0, component: Component("row \($0)")) }
        var newRows = rows
        newRows.remove(at: 3)  // delete before the update
        newRows[8] = Node(id: 9, component: Component("row 9 changed"))  // old row 9, new row 8
        newRows.insert(Node(id: 100, component: Component("new")), at: 15)  // insert after it
        let old = Box<Int, Int>(sections: [Section(id: 0, rows: rows)])
        let new = Box<Int, Int>(sections: [Section(id: 0, rows: newRows)])
        var options = DiffOptions()
        options.mode = .singleBatch
        let changeset = try StagedChangeset(source: old, target: new, options: options)
        #expect(changeset.count == 1)
        let calls = try #require(changeset.first).batchUpdate
        #expect(calls.elementDeleted == [ElementPath(section: 0, row: 3)])
        #expect(calls.elementInserted == [ElementPath(section: 0, row: 15)])
        #expect(calls.elementUpdated == [ElementPath(section: 0, row: 9)])
        #expect(changeset.violations(from: old).isEmpty)
    }
}
