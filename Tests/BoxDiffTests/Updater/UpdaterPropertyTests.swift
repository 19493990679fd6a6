import BoxDiff
import BoxDiffTestSupport
import PropertyBased
import Testing

/// Random changesets through the updater end with the simulated view
/// showing the target, no UIKit rule broken, `completion` exactly once.
@Suite("List view updater: properties")
@MainActor
struct UpdaterPropertyTests {
    /// The problems of animating `old` → `new` with every option set.
    static func boxProblems(_ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, seed: UInt64) throws
        -> [String]
    {
        var problems: [String] = []
        let workspace = try DiffWorkspace()
        for options in updaterOptionGrid {
            let changeset = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
            let screen = BoxScreen(box: old)
            screen.apply(changeset)
            if !changeset.isEmpty && !changeset.reloadsEverything && screen.completionCount != 0 {
                problems.append("completion ran before the animations ended")
            }
            screen.view.finishAnimations()
            let found = screen.problems(showing: new)
            if !found.isEmpty { problems += ["seed \(seed) \(optionName(options)):"] + found.prefix(5) }
        }
        return problems
    }

    @Test func randomBoxesEndShowingTheTarget() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...8), Gen.int(in: 0...10)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, editRate: 0.25)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let problems = try Self.boxProblems(old, new, seed: seed)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\nold \(old)\nnew \(new)")
        }
    }

    @Test func randomBoxesWithDuplicateIDsEndShowingTheTarget() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...8), Gen.int(in: 0...10)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, duplicates: true, editRate: 0.3)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let problems = try Self.boxProblems(old, new, seed: seed)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\nold \(old)\nnew \(new)")
        }
    }

    @Test func largerBoxesEndShowingTheTarget() async {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 0...20), Gen.int(in: 0...80)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let shape = BoxPairShape(maxSections: sections, maxRowsPerSection: rows, duplicates: seed % 2 == 0)
            let (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            let problems = try Self.boxProblems(old, new, seed: seed)
            #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        }
    }

    /// Flat lists of single letters (so ids repeat and change), both algorithms.
    @Test func randomFlatListsEndShowingTheTarget() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...12), Gen.int(in: 0...12)) {
            seed, oldCount, newCount in
            var rng = SeededGenerator(seed: seed)
            func list(_ count: Int) -> [String] {
                (0..<count).map { _ in String(UnicodeScalar(UInt8.random(in: 97...106, using: &rng))) }
            }
            let old = list(oldCount)
            let new = list(newCount)
            for algorithm in DiffAlgorithm.allCases {
                let changeset = try StagedChangeset(
                    source: old, target: new, options: DiffOptions(algorithm: algorithm))
                let screen = FlatScreen(list: old)
                screen.apply(changeset)
                screen.view.finishAnimations()
                let problems = screen.problems(showing: new)
                #expect(problems.isEmpty, "seed \(seed) \(algorithm): \(problems)\nold \(old)\nnew \(new)")
            }
        }
    }
}
