import BoxDiff
import BoxDiffBenchC
import BoxDiffTestSupport
import CBoxDiff
import Foundation

/// The flood workload (`--flood random,old,mix0`): hash-flooding resistance.
///
/// Ids are random, or crafted so that every one goes home to the first
/// slots of the table under a known slot function: `old` against the
/// core's former unkeyed function (Fibonacci hashing of id ^ (id >> 32)),
/// `mix0` against the keyed mixer with key 0. The C engines get raw 64-bit
/// ids; `flat-string` gets Strings ("item-<hex>") found by brute force
/// whose XXH3 (seed 0, as the flat API hashes them) lands in the first
/// 1/64 of the slots. Workspaces have their default random key. New = old
/// with every 10th element deleted, one fresh id inserted per 10, and 1%
/// of positions swapped. Prints the median of the timed runs per case.
enum Flood {
    /// The id kinds on the command line.
    static let kinds: [String: Int32] = [
        "random": BENCH_FLOOD_RANDOM, "old": BENCH_FLOOD_OLD, "mix0": BENCH_FLOOD_MIX0,
    ]
    /// The engines of the flood workload.
    static let engines = ["core-heckel", "core-lcs", "core-reject", "core-pairs", "flat-string"]

    /// Old and new lists from a pool of `count + count / 10` distinct values.
    static func edit<T>(_ pool: [T], count n: Int, seed: UInt64) -> (old: [T], new: [T]) {
        let old = Array(pool[0..<n])
        var new: [T] = []
        new.reserveCapacity(n + n / 10)
        var fresh = n
        for i in 0..<n {
            if i % 10 == 5, fresh < pool.count {
                new.append(pool[fresh])
                fresh += 1
            }
            if i % 10 != 0 { new.append(old[i]) }
        }
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<(new.count / 100) {
            let x = Int(rng.next() % UInt64(new.count))
            let y = Int(rng.next() % UInt64(new.count))
            new.swapAt(x, y)
        }
        return (old, new)
    }

    static func ids(kind: Int32, count: Int, seed: UInt64) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            bench_flood_ids(kind, seed, 1, buffer.baseAddress, count)
            initialized = count
        }
    }

    static func strings(kind: Int32, count: Int, seed: UInt64) -> [String] {
        let stride = 32
        var bytes = [CChar](repeating: 0, count: max(count, 1) * stride)
        let found = bytes.withUnsafeMutableBufferPointer {
            bench_flood_strings(kind, bxd_hash_bytes, 6, seed, $0.baseAddress, stride, count, nil)
        }
        precondition(found == count)
        return bytes.withUnsafeBufferPointer { b in
            (0..<count).map { String(cString: b.baseAddress! + $0 * stride) }
        }
    }

    /// Median seconds of `runs` timed calls of `body` after `warmups` untimed ones.
    static func time(runs: Int, warmups: Int, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<warmups { try body() }
        var times: [Double] = []
        for _ in 0..<runs {
            let start = bench_now_ns()
            try body()
            times.append(Double(bench_now_ns() - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    static func format(_ seconds: Double) -> String {
        seconds >= 1
            ? String(format: "%.3f s", seconds)
            : seconds >= 1e-3
                ? String(format: "%.2f ms", seconds * 1e3)
                : String(format: "%.0f µs", seconds * 1e6)
    }

    static func run(
        kinds kindNames: [String], engines names: [String], counts: [Int],
        runs: Int, warmups: Int, seed: UInt64
    ) throws {
        for n in counts {
            for kindName in kindNames {
                guard let kind = kinds[kindName] else { throw BenchFailure("flood: unknown ids '\(kindName)'") }
                let pool = n + n / 10
                var rawLists: (old: [UInt64], new: [UInt64])?
                var stringLists: (old: [String], new: [String])?
                for name in names {
                    let seconds: Double
                    if name == "flat-string" {
                        if stringLists == nil {
                            stringLists = edit(strings(kind: kind, count: pool, seed: seed << 32), count: n, seed: seed)
                        }
                        let (old, new) = stringLists!
                        let workspace = try DiffWorkspace()
                        var changes = 0
                        seconds = try time(runs: runs, warmups: warmups) {
                            let c = try StagedChangeset(source: old, target: new, workspace: workspace)
                            changes = c.stages.count
                        }
                        precondition(changes > 0)
                    } else {
                        if rawLists == nil {
                            rawLists = edit(ids(kind: kind, count: pool, seed: seed), count: n, seed: seed)
                        }
                        seconds = try core(name, rawLists!.old, rawLists!.new, runs: runs, warmups: warmups)
                    }
                    print(
                        "flood  ids=\(kindName)  count=\(n)  engine=\(name)  median \(format(seconds))  (runs \(runs))")
                    bench_flush_stdout()
                }
            }
        }
    }

    static func core(_ name: String, _ old: [UInt64], _ new: [UInt64], runs: Int, warmups: Int) throws -> Double {
        var options = bxd_options_t()
        bxd_options_init(&options)
        switch name {
        case "core-heckel": break
        case "core-lcs": options.algorithm = BXD_ALGORITHM_LCS
        case "core-reject": options.flags = BXD_FLAG_REJECT_DUPLICATES
        case "core-pairs": options.flags = BXD_FLAG_PAIRS_ONLY
        default: throw BenchFailure("flood: unknown engine '\(name)'; known: \(engines.joined(separator: ","))")
        }
        var workspace: OpaquePointer?
        guard bxd_workspace_create(nil, &workspace) == BXD_OK else { throw BenchFailure("flood: no memory") }
        defer { bxd_workspace_destroy(workspace) }
        var result = bxd_result_t()
        bxd_result_init(&result)
        defer { bxd_result_free(&result) }
        return try old.withUnsafeBufferPointer { a in
            try new.withUnsafeBufferPointer { b in
                var o = bxd_list_t(ids: a.baseAddress, contents: nil, count: a.count)
                var m = bxd_list_t(ids: b.baseAddress, contents: nil, count: b.count)
                return try time(runs: runs, warmups: warmups) {
                    let status = bxd_diff(workspace, &o, &m, &options, &result)
                    guard status == BXD_OK else {
                        throw BenchFailure("flood: \(name): \(String(cString: bxd_status_string(status)))")
                    }
                }
            }
        }
    }
}
