import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// Every combination of algorithm, mode and update style.
let boxOptionGrid = OptionGrids.all

/// Diffs `old` → `new` with every option combination and returns the
/// problems found (validator violations, replay mismatches).
func boxProblems(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64) throws -> [String] {
    var problems: [String] = []
    let workspace = try DiffWorkspace()
    for options in boxOptionGrid {
        let c = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        let found = replayProblems(c, from: old, to: new)
        if !found.isEmpty {
            problems.append("seed \(seed) \(options.algorithm) \(options.mode) \(options.updateStyle):")
            problems += found.prefix(5)
        }
        if options.mode == .staged {
            if c.count > 5 { problems.append("seed \(seed): \(c.count) stages") }
        } else if c.count > 1 {
            problems.append("seed \(seed): \(c.count) stages in single-batch mode")
        }
    }
    return problems
}

@Suite("Box diff: properties")
struct BoxPropertyTests {
    /// Small and medium Boxes, unique ids, under every option set.
    @Test func smallBoxesReplayAndValidate() async {
        await expectNoProblems(
            count: 700, sections: 0...12, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) }, boxProblems)
    }

    /// Duplicate section and row ids (paired in order).
    @Test func duplicatesReplayAndValidate() async {
        await expectNoProblems(
            count: 600, sections: 0...10, rows: 0...15,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: true, editRate: 0.3) },
            boxProblems)
    }

    /// Incomparable components (always updated) among comparable ones: 300 pairs.
    @Test func incomparableComponentsReplayAndValidate() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...8), Gen.int(in: 0...10)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, incomparableRate: 0.2)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let problems = try boxProblems(old, new, seed: seed)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    /// The full range: up to 30 sections of up to 300 rows, with and
    /// without duplicates: 60 pairs.
    @Test func largeBoxesReplayAndValidate() async {
        await propertyCheck(count: 60, input: Gen.uint64(), Gen.int(in: 0...30), Gen.int(in: 0...300)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(
                maxSections: sections, maxRowsPerSection: rows, duplicates: seed % 3 == 0,
                editRate: Double(seed % 5) / 10 + 0.02)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let problems = try boxProblems(old, new, seed: seed)
            #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        }
    }

    /// Diffing with cached identity tables gives the same changeset as
    /// with fresh ones; re-diffing reuses the cache.
    @Test func cachedTablesGiveTheSameChangeset() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...10), Gen.int(in: 0...40)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, duplicates: seed % 2 == 0)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            for options in boxOptionGrid {
                let fresh = try StagedChangeset(
                    source: Box(sections: old.sections), target: Box(sections: new.sections), options: options)
                let first = try StagedChangeset(source: old, target: new, options: options)
                #expect(old.hasCachedIdentityTable && new.hasCachedIdentityTable)
                let second = try StagedChangeset(source: old, target: new, options: options)
                #expect(fresh == first && first == second, "seed \(seed)")
            }
        }
    }

    /// Row ids that are not plain data (`String`) have their nodes copied
    /// into the intermediate Boxes one by one, not as bytes: the same calls
    /// as the same Boxes with `Int` ids, and every stage replays.
    @Test func referenceRowIDsGiveTheSameStages() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...10), Gen.int(in: 0...30)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, editRate: 0.3)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            func named(_ box: BoxGenerators.TestBox) -> Box<Int, String> {
                Box(
                    sections: box.sections.map { section in
                        Section(
                            id: section.id, header: section.header, footer: section.footer,
                            rows: section.rows.map { Node(id: "row \($0.id)", component: $0.component) })
                    })
            }
            let (namedOld, namedNew) = (named(old), named(new))
            for options in boxOptionGrid {
                let plain = try StagedChangeset(source: old, target: new, options: options)
                let withNames = try StagedChangeset(source: namedOld, target: namedNew, options: options)
                #expect(plain.map(\.batchUpdate) == withNames.map(\.batchUpdate), "seed \(seed)")
                let problems = replayProblems(withNames, from: namedOld, to: namedNew)
                #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5).joined(separator: "\n"))")
            }
        }
    }

    /// With the reject policy a Box with a duplicate throws, naming the
    /// second occurrence and the first, on the right side.
    @Test func rejectPolicyLocatesDuplicates() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 1...8), Gen.int(in: 1...12)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, duplicates: true)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            var options = DiffOptions(algorithm: seed % 2 == 0 ? .heckel : .lcs, duplicates: .reject)
            options.mode = .staged
            do {
                _ = try StagedChangeset(source: old, target: new, options: options)
                #expect(firstDuplicate(old) == nil && firstDuplicate(new) == nil, "seed \(seed)")
            } catch {
                guard case .duplicateIdentifier(let id, let side, let location, let first) = error as? DiffError else {
                    Issue.record("unexpected \(error)")
                    return
                }
                let box = side == .old ? old : new
                switch (location, first) {
                case (.section(let s), .section(let f)):
                    #expect(f < s && box.sections[s].id == box.sections[f].id)
                    #expect(id == String(reflecting: box.sections[s].id))
                case (.row(let p), .row(let f)):
                    #expect(f < p)
                    #expect(box.sections[p.section].rows[p.row].id == box.sections[f.section].rows[f.row].id)
                    #expect(id == String(reflecting: box.sections[p.section].rows[p.row].id))
                default: Issue.record("mismatched locations \(location) \(first)")
                }
            }
        }
    }
}

/// Whether `box` has a repeated section or row id.
func firstDuplicate(_ box: BoxGenerators.TestBox) -> Int? {
    var sections = Set<Int>()
    var rows = Set<Int>()
    for section in box.sections {
        if !sections.insert(section.id).inserted { return section.id }
        for row in section.rows where !rows.insert(row.id).inserted { return row.id }
    }
    return nil
}
