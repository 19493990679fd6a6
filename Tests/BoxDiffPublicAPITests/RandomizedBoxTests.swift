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
// sets, three identifier types, every changeset checked by replay and by
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

/// The same Box with identifiers mapped to another type (injective maps,
/// so duplicates stay duplicates and distinct ids stay distinct).
private func mapIDs<S: Hashable, R: Hashable>(
    _ box: BoxGenerators.TestBox, section: (Int) -> S, row: (Int) -> R
) -> Box<S, R> {
    Box(
        sections: box.sections.map { s in
            Section(
                id: section(s.id), header: s.header, footer: s.footer,
                rows: s.rows.map { Node(id: row($0.id), component: $0.component) })
        })
}

/// A legal `Hashable` whose hash covers only part of its value: equal
/// hashes do not mean equal values, so only `==` can tell a change.
private struct PartlyHashed: Hashable, Sendable {
    var key: Int
    var text: String
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
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
                ? Component(value) : Component(PartlyHashed(key: 0, text: "\(value)"))
        }
    }
    return box
}

/// Whether a section or row id repeats in `box`.
private func hasDuplicate<S, R>(_ box: Box<S, R>) -> Bool {
    var sections = Set<S>()
    var rows = Set<R>()
    for s in box.sections {
        if !sections.insert(s.id).inserted { return true }
        for r in s.rows where !rows.insert(r.id).inserted { return true }
    }
    return false
}

/// Diffs one pair with `options` and returns its problems (empty: fine).
/// `validates`: also pass the changeset through `validated(from:)`, which
/// must give it back unchanged when it is valid.
private func problems<S, R>(
    _ old: Box<S, R>, _ new: Box<S, R>, options: DiffOptions, validates: Bool, workspace: DiffWorkspace
) -> [String] {
    let changeset: StagedChangeset<Box<S, R>>
    do {
        changeset = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
    } catch {
        if case .duplicateIdentifier = error, options.duplicates == .reject,
            hasDuplicate(old) || hasDuplicate(new)
        {
            return []
        }
        return ["unexpected error \(error)"]
    }
    var found: [String] = []
    if options.duplicates == .reject && (hasDuplicate(old) || hasDuplicate(new)) {
        found.append("a duplicate was not rejected")
    }
    found += BoxReplay.problems(changeset, from: old, to: new)
    if validates && found.isEmpty {
        // `validated(from:)` throws rather than traps, so a failure names the
        // seed. Compared through descriptions: `==` on Boxes is false for
        // incomparable components.
        let checked = try? changeset.validated(from: old)
        if checked.map({ "\($0)" }) != "\(changeset)" { found.append("validated(from:) changed the changeset") }
    }
    if options.mode == .singleBatch && changeset.count > 1 {
        found.append("\(changeset.count) stages in single-batch mode")
    }
    if options.mode == .staged && changeset.count > 5 { found.append("\(changeset.count) stages") }
    if let threshold = options.reloadThreshold, !changeset.reloadsEverything,
        changeset.changeCount - BoxRebinds.count(of: changeset, from: old, mode: options.mode) > max(0, threshold)
    {
        found.append("\(changeset.changeCount) changes above the reload threshold \(threshold)")
    }
    return found
}

@Suite("Public API: randomized Box diffs")
struct RandomizedBoxTests {
    /// Random Box pairs (sizes, duplicates, incomparable components, edit
    /// rates) under random option sets and three id types, for the time
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
            let found: [String]
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                found = problems(old, new, options: options, validates: validates, workspace: workspace)
            case 1:
                found = problems(
                    mapIDs(old, section: { "s\($0)" }, row: { "row-\($0)" }),
                    mapIDs(new, section: { "s\($0)" }, row: { "row-\($0)" }),
                    options: options, validates: validates, workspace: workspace)
            default:
                func uuid(_ i: Int) -> UUID {
                    let b = { (shift: Int) in UInt8(truncatingIfNeeded: i >> shift) }
                    return UUID(uuid: (0xB0, 0x0D, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, b(24), b(16), b(8), b(0)))
                }
                found = problems(
                    mapIDs(old, section: { $0 }, row: uuid), mapIDs(new, section: { $0 }, row: uuid),
                    options: options, validates: validates, workspace: workspace)
            }
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
