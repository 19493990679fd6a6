import BoxDiffBenchC
import CBoxDiff

/// The C core called directly, as a real caller would: one workspace and
/// one result, created through a counting allocator and reused across runs.
final class CoreEngine: BenchEngine {
    /// The core's pairing algorithm.
    enum Algorithm { case heckel, lcs }

    let name: String
    let counter = AllocationCounter()
    private var options = bxd_options_t()
    private var workspace: OpaquePointer?
    private let result: UnsafeMutablePointer<bxd_result_t>
    private let allocator: UnsafeMutablePointer<bxd_allocator_t>

    init(name: String, algorithm: Algorithm) {
        self.name = name
        bxd_options_init(&options)
        options.algorithm = algorithm == .heckel ? BXD_ALGORITHM_HECKEL : BXD_ALGORITHM_LCS
        result = .allocate(capacity: 1)
        bxd_result_init(result)
        allocator = .allocate(capacity: 1)
        allocator.initialize(
            to: bxd_allocator_t(
                allocate: bench_counting_allocate, deallocate: bench_counting_deallocate,
                context: UnsafeMutableRawPointer(counter.counter)))
    }

    deinit {
        finish()
        result.deallocate()
        allocator.deallocate()
    }

    var countsAllocations: Bool { true }
    var peakBytes: Int? { counter.peak }

    func prepare(_ workload: Workload) throws {
        finish()
        bench_counter_reset_peak(counter.counter)
        let status = bxd_workspace_create(allocator, &workspace)
        guard status == BXD_OK else {
            throw BenchFailure("\(name): bxd_workspace_create: \(String(cString: bxd_status_string(status)))")
        }
    }

    func run(_ workload: Workload) throws {
        var old = workload.oldHashed.list
        var new = workload.newHashed.list
        let status = bxd_diff(workspace, &old, &new, &options, result)
        guard status == BXD_OK else {
            throw BenchFailure("\(name): bxd_diff: \(String(cString: bxd_status_string(status)))")
        }
    }

    func outcome(_ workload: Workload) -> Outcome {
        let r = result.pointee
        return Outcome(
            deleted: Int(r.delete_count), inserted: Int(r.insert_count), moved: Int(r.move_count),
            updated: Int(r.update_count), stages: Int(r.stage_count), minimal: r.minimal != 0)
    }

    func check(_ workload: Workload) throws {
        try CoreReplay.check(result.pointee, workload, engine: name)
    }

    /// Frees the workspace and result (their bytes leave the counter).
    func finish() {
        bxd_result_free(result)
        bxd_workspace_destroy(workspace)
        workspace = nil
    }
}

/// The floor: a build-and-probe hash join in C (Benchmarks/BoxDiffBenchC/floor.c).
final class FloorEngine: BenchEngine {
    let name = EngineName.floor.rawValue
    let counter = AllocationCounter()
    private var floor: OpaquePointer?
    private var matched: Int64 = 0

    var countsAllocations: Bool { true }
    var peakBytes: Int? { counter.peak }

    func prepare(_ workload: Workload) throws {
        finish()
        bench_counter_reset_peak(counter.counter)
        floor = bench_floor_create(counter.counter)
        if floor == nil { throw BenchFailure("floor: out of memory") }
    }

    func run(_ workload: Workload) throws {
        let old = workload.oldHashed
        let new = workload.newHashed
        matched = bench_floor_join(floor, old.ids, old.count, new.ids, new.count)
        if matched < 0 { throw BenchFailure("floor: out of memory") }
    }

    func outcome(_ workload: Workload) -> Outcome {
        Outcome(
            deleted: workload.old.count - Int(matched), inserted: workload.new.count - Int(matched))
    }

    /// The maps must be inverse, pair equal ids, and pair every kept element.
    func check(_ workload: Workload) throws {
        let o2n = bench_floor_old_to_new(floor)!
        let n2o = bench_floor_new_to_old(floor)!
        let oldIDs = workload.oldHashed.ids
        let newIDs = workload.newHashed.ids
        var pairs = 0
        for j in 0..<workload.new.count where n2o[j] != BENCH_NONE {
            let i = Int(n2o[j])
            guard o2n[i] == UInt32(j), oldIDs[i] == newIDs[j] else {
                throw BenchFailure("floor: maps disagree at new index \(j)")
            }
            pairs += 1
        }
        guard pairs == Int(matched), pairs == workload.keptCount else {
            throw BenchFailure("floor: \(pairs) pairs, expected \(workload.keptCount)")
        }
    }

    func finish() {
        bench_floor_destroy(floor)
        floor = nil
    }
}
