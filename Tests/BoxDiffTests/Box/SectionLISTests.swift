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
        let bySection = try m.rowsKeptInPlace(workspace: workspace)
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
}
