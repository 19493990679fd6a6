import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// The rows kept in place are marked section by section (a section in
/// order directly, the others by the core one at a time); the marks must
/// be exactly those of one longest run over all the sections' offset
/// values, as the core finds it in a single call.
@Suite("Box diff: rows kept in place, section by section")
struct SectionLISTests {
    static func differences(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64) throws
        -> [String]
    {
        let workspace = try DiffWorkspace()
        let m = try BoxMatching(source: old, target: new, options: DiffOptions(), workspace: workspace)
        _ = try m.rowsKeptInPlace(workspace: workspace)
        let bySection = try m.rowsKeptInPlaceBySection(filled: workspace).keep
        let values = workspace.lisValues
        var whole = [UInt8](repeating: 0, count: values.count)
        let length = try values.withUnsafeBufferPointer { v in
            try whole.withUnsafeMutableBufferPointer { k in try CCore.markLIS(v, keep: k, workspace: nil) }
        }
        var found: [String] = []
        if bySection != whole { found.append("seed \(seed): by section \(bySection), whole \(whole)") }
        if bySection.reduce(0, { $0 + Int($1) }) != length { found.append("seed \(seed): length differs") }
        return found
    }

    @Test func marksEqualOneRunOverAllSections() async {
        await expectNoProblems(
            count: 600, sections: 0...12, rows: 0...40,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: $1 % 4 == 0, editRate: 0.3) },
            Self.differences)
    }

    /// A list long enough to be marked section by section, with rows moved
    /// inside and across sections: both batch modes replay, and the moves
    /// are as few as with one run over all rows.
    @Test func longListsReplayInBothModes() throws {
        var generator = SeededGenerator(seed: 7)
        let sectionCount = 8
        let perSection = BoxMatching.sectionLISMinimumRows / sectionCount + 100
        var rows = (0..<sectionCount).map { s in (0..<perSection).map { s * perSection + $0 } }
        let old = Box<Int, Int>(
            sections: rows.enumerated().map { s, ids in
                Section(id: s, rows: ids.map { Node(id: $0, component: Component($0)) })
            })
        for _ in 0..<300 {
            let from = Int.random(in: 0..<sectionCount, using: &generator)
            let to = Int.random(in: 0..<sectionCount, using: &generator)
            let id = rows[from].remove(at: Int.random(in: 0..<rows[from].count, using: &generator))
            rows[to].insert(id, at: Int.random(in: 0...rows[to].count, using: &generator))
        }
        let new = Box<Int, Int>(
            sections: rows.enumerated().map { s, ids in
                Section(id: s, rows: ids.map { Node(id: $0, component: Component($0)) })
            })
        #expect(old.rowCount >= BoxMatching.sectionLISMinimumRows)
        let workspace = try DiffWorkspace()
        let m = try BoxMatching(source: old, target: new, options: DiffOptions(), workspace: workspace)
        let keep = try m.rowsKeptInPlace(workspace: workspace)
        var whole = [UInt8](repeating: 0, count: workspace.lisValues.count)
        _ = try workspace.lisValues.withUnsafeBufferPointer { v in
            try whole.withUnsafeMutableBufferPointer { k in try CCore.markLIS(v, keep: k, workspace: nil) }
        }
        #expect(keep == whole)
        for mode in [BatchMode.staged, .singleBatch] {
            var options = DiffOptions()
            options.mode = mode
            let changeset = try StagedChangeset(source: old, target: new, options: options)
            expectReplays(changeset, from: old, to: new, "\(mode)")
        }
    }
}
