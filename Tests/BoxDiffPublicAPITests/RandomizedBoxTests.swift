import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

// A randomized run of the public Box API: random Box pairs, random option
// sets, four identifier types, every changeset checked by replay and by
// the validator. It runs for a time budget rather than a count, so a script
// can run it for minutes (scripts/fuzz-swift.sh) while the test suite runs
// it briefly:
//
//   BOXDIFF_RANDOMIZED_SECONDS  time budget (default 2)
//   BOXDIFF_RANDOMIZED_SEED     first seed (default: random, printed)
//
// A failure names the seed and the options; rerun with that seed.

/// Reads a numeric environment variable.
private func environmentNumber(_ name: String) -> UInt64? {
    #if canImport(FoundationEssentials) || canImport(Foundation)
        return ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
    #else
        return nil
    #endif
}

/// A monotonic clock reading in seconds (`ProcessInfo`, available on every
/// platform the package supports, unlike `ContinuousClock`).
private func now() -> Double {
    ProcessInfo.processInfo.systemUptime
}

/// One random option set: every public option drawn independently.
private func randomOptions(using rng: inout SeededGenerator) -> DiffOptions {
    var options = DiffOptions()
    options.algorithm = DiffAlgorithm.allCases.randomElement(using: &rng)!
    options.duplicates = Int.random(in: 0..<4, using: &rng) == 0 ? .reject : .pairInOrder
    options.mode = BatchMode.allCases.randomElement(using: &rng)!
    options.updateStyle = UpdateStyle.allCases.randomElement(using: &rng)!
    if Int.random(in: 0..<5, using: &rng) == 0 { options.reloadThreshold = Int.random(in: 0...60, using: &rng) }
    if Int.random(in: 0..<6, using: &rng) == 0 { options.lcsCostBound = Int.random(in: 1...64, using: &rng) }
    return options
}

/// `box` with a few components and headers replaced by small random values,
/// so duplicate ids may show different contents and contents may return to
/// an earlier value.
private func recontent(_ box: BoxGenerators.TestBox, using rng: inout SeededGenerator) -> BoxGenerators.TestBox {
    var box = box
    let rate = Double.random(in: 0...0.3, using: &rng)
    for s in box.sections.indices {
        if Double.random(in: 0..<1, using: &rng) < rate {
            box.sections[s].header = Component(Int.random(in: 0..<3, using: &rng))
        }
        for r in box.sections[s].rows.indices where Double.random(in: 0..<1, using: &rng) < rate {
            let value = Int.random(in: 0..<3, using: &rng)
            box.sections[s].rows[r].component =
                Bool.random(using: &rng)
                ? Component(value) : Component(RandomizedBoxChecks.PartlyHashed(key: 0, text: "\(value)"))
        }
    }
    return box
}

@Suite("Public API: randomized Box diffs")
struct RandomizedBoxTests {
    /// Random Box pairs (sizes, duplicates, incomparable components, edit
    /// rates) under random option sets and four id types, for the time
    /// budget; every changeset replays and validates.
    @Test func randomBoxPairsReplayAndValidate() throws {
        let budget = Double(environmentNumber("BOXDIFF_RANDOMIZED_SECONDS") ?? 2)
        let firstSeed = environmentNumber("BOXDIFF_RANDOMIZED_SEED") ?? UInt64.random(in: 0...UInt64.max)
        let workspace = try DiffWorkspace()
        let start = now()
        var lastReport = start
        var pairs = 0
        var seed = firstSeed
        var failures: [String] = []
        print("randomized Box diffs: first seed \(firstSeed), \(budget) s")
        while now() - start < budget && failures.count < 5 {
            var rng = SeededGenerator(seed: seed)
            let large = Int.random(in: 0..<20, using: &rng) == 0
            let shape = BoxPairShape(
                maxSections: large ? 40 : Int.random(in: 0...10, using: &rng),
                maxRowsPerSection: large ? 400 : Int.random(in: 0...20, using: &rng),
                duplicates: Int.random(in: 0..<3, using: &rng) == 0,
                editRate: Double.random(in: 0.01...0.5, using: &rng),
                incomparableRate: Int.random(in: 0..<4, using: &rng) == 0 ? 0.2 : 0)
            var (old, new) = BoxGenerators.pair(shape: shape, using: &rng)
            if Bool.random(using: &rng) {
                old = recontent(old, using: &rng)
                new = recontent(new, using: &rng)
            }
            let options = randomOptions(using: &rng)
            let validates = Bool.random(using: &rng)
            let found = RandomizedBoxChecks.problems(
                old, new, idType: Int.random(in: 0..<4, using: &rng), options: options, validates: validates,
                workspace: workspace)
            if !found.isEmpty {
                failures.append(
                    "seed \(seed) options \(options) validates \(validates):\n  "
                        + found.prefix(5).joined(separator: "\n  "))
            }
            pairs += 1
            seed &+= 1
            if now() - lastReport >= 10 {
                lastReport = now()
                print("randomized Box diffs: \(pairs) pairs, \(Int(lastReport - start)) s of \(Int(budget)) s")
            }
        }
        print("randomized Box diffs: \(pairs) pairs from seed \(firstSeed), \(failures.count) failing")
        #expect(pairs > 0)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
