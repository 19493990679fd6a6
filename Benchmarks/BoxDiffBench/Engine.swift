import BoxDiff
import BoxDiffBenchC

/// The changes an engine found in its last run (`nil`: not computed).
struct Outcome: Sendable {
    var deleted: Int?
    var inserted: Int?
    var moved: Int?
    var updated: Int?
    var stages: Int?
    /// False when an engine says its result may not be minimal (LCS cost bound).
    var minimal: Bool = true
}

extension Outcome {
    /// Throws unless the result pairs every element the two lists share
    /// (the workloads' ids are distinct): a changeset that deletes and
    /// re-inserts kept elements, or reloads everything, still replays to
    /// the new list, so `check` alone would let a fast path that drops
    /// pairs show as a speedup. `singleBatch`: an updated element may be
    /// a delete plus an insert instead (UIKit's rules for one batch, see
    /// FlatSingleBatch), so up to `workload.changedCount` more of each;
    /// a Box, or `[ArraySection]`s, in one batch also deletes and
    /// re-inserts a moved section with row changes (BoxSingleBatchPlan),
    /// whose rows no element count shows, so the Box engines and the
    /// sectioned engine are not checked in that mode (the sectioned one
    /// was, and failed `scripts/bench.sh`'s single-batch UI sizes from
    /// dbdd70b on: found by review, 2026-12-03). Engines that report no
    /// counts pass.
    func expectEveryKeptPaired(_ workload: Workload, engine: String, singleBatch: Bool) throws {
        if singleBatch && (engine.hasPrefix("box") || engine == "sectioned") { return }
        let slack = singleBatch ? workload.changedCount : 0
        for (kind, count, expected) in [
            ("deletes", deleted, workload.old.count - workload.keptCount),
            ("inserts", inserted, workload.new.count - workload.keptCount),
        ] {
            guard let count, count < expected || count > expected + slack else { continue }
            throw BenchFailure(
                "\(engine): \(count) \(kind), expected \(expected)"
                    + (slack > 0 ? " to \(expected + slack)" : "") + " (kept elements unpaired)")
        }
    }
}

/// An error that makes the benchmark exit non-zero.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One diff implementation under test.
///
/// The runner calls `prepare` once per workload (untimed), `run` for the
/// warm-up and each measured run (timed), then `outcome` and `check`
/// (untimed) on the last run's result.
protocol BenchEngine: AnyObject {
    /// The engine's name on the command line and in the tables.
    var name: String { get }
    /// Whether memory is counted exactly (C allocator) rather than by RSS.
    var countsAllocations: Bool { get }
    /// Untimed setup for a workload.
    func prepare(_ workload: Workload) throws
    /// The timed work: one diff of `workload`.
    func run(_ workload: Workload) throws
    /// `run(workload)` `times` times in a row: the steady loops of the
    /// UI-size cases, so that an engine can hoist its per-loop setup (the
    /// render engine's entry to the main actor) out of what is timed.
    func run(_ workload: Workload, times: Int) throws
    /// The changes of the last run.
    func outcome(_ workload: Workload) -> Outcome
    /// Replays the last run's result on the old list and throws unless it
    /// gives the new list.
    func check(_ workload: Workload) throws
    /// Peak bytes outstanding through the counting allocator, if counted.
    var peakBytes: Int? { get }
    /// Releases what the last workload needed.
    func finish()
}

extension BenchEngine {
    var countsAllocations: Bool { false }
    var peakBytes: Int? { nil }
    func prepare(_ workload: Workload) throws {}
    func finish() {}
    func run(_ workload: Workload, times: Int) throws {
        for _ in 0..<times { try run(workload) }
    }
}

/// A counting allocator in stable memory, to hand to C as a context.
final class AllocationCounter {
    let counter: UnsafeMutablePointer<bench_alloc_counter_t>

    init() {
        counter = .allocate(capacity: 1)
        counter.initialize(to: bench_alloc_counter_t(current: 0, peak: 0, allocations: 0))
    }

    var peak: Int { counter.pointee.peak }
    var current: Int { counter.pointee.current }

    deinit { counter.deallocate() }
}

/// Every engine name, in table order.
enum EngineName: String, CaseIterable, Sendable {
    case floor
    case coreHeckel = "core-heckel"
    case coreLCS = "core-lcs"
    case flat
    case box
    case boxCold = "box-cold"
    case stdlib
    /// `[ArraySection]` diffs (``SectionedEngine``); not in the default
    /// suite.
    case sectioned
    /// IGListKit's `ListDiff` on BoxDiff (``IGListKitEngine``); not in the
    /// default suite.
    case iglistkit

    /// A fresh engine, or the reason it cannot run in this build.
    /// `sections`: how many sections the `box` engine splits a list into;
    /// `options`: the diff options of the Swift API engines (their mode).
    func make(sections: Int, options: DiffOptions = DiffOptions()) -> Result<BenchEngine, BenchFailure> {
        switch self {
        case .floor: return .success(FloorEngine())
        case .coreHeckel: return .success(CoreEngine(name: rawValue, algorithm: .heckel))
        case .coreLCS: return .success(CoreEngine(name: rawValue, algorithm: .lcs))
        case .stdlib: return .success(StdlibEngine())
        case .flat: return makeFlatEngine(options: options)
        case .box: return makeBoxEngine(sections: sections, cold: false, options: options)
        case .boxCold: return makeBoxEngine(sections: sections, cold: true, options: options)
        case .sectioned: return .success(SectionedEngine(sections: sections, options: options))
        case .iglistkit: return .success(IGListKitEngine())
        }
    }
}
