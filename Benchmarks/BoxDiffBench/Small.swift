import BoxDiffBenchC
import Foundation

/// App sizes (`--small 20x1,100x1,500x1,500x10`): the Box API against the
/// flat API on the same rows, in a steady render loop.
///
/// Each case is the `mix` preset at `rows` old rows cut into `sections`
/// sections. Engines: `box` (old Box's identity table cached, the new Box
/// built and hashed each diff, as in `BoxEngine`), `flat` (the same
/// elements as arrays) and `core-heckel` (the C core on pre-hashed ids).
/// Each engine keeps one workspace. A timed sample runs `iterations`
/// diffs back to back and reports the mean per diff; samples of the
/// engines alternate, so noise hits them alike; the table shows medians.
///
/// Allocations per diff, after the timing (same steady loop): `mallocs`
/// counts every heap allocation of the process during the loop (Swift
/// and the C core's default allocator alike; see malloc_count.c), `core
/// allocs` counts the C core's own allocations through its allocator hook
/// (core-heckel engine only: the Swift API's workspace uses the default
/// allocator, whose calls are inside `mallocs`).
enum Small {
    struct Case {
        var rows: Int
        var sections: Int
    }

    struct Row {
        var rows: Int
        var newRows: Int
        var sections: Int
        var iterations: Int
        var box: [Double] = []
        var flat: [Double] = []
        var core: [Double] = []
        var ratios: [Double] = []
        var boxMallocs: Double?
        var flatMallocs: Double?
        var coreMallocs: Double?
        var coreAllocs: Double = 0
    }

    static func parse(_ text: String) throws -> [Case] {
        try text.split(separator: ",").map { part in
            let fields = part.split(separator: "x").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(fields.count), let rows = fields[0], rows >= 1, rows < 10_000_000,
                let sections = fields.count == 2 ? fields[1] : 1, sections >= 1
            else { throw BenchFailure("--small: ROWSxSECTIONS,... (e.g. 20x1,500x10), got '\(part)'") }
            return Case(rows: rows, sections: sections)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Mean seconds per diff over `iterations` back-to-back runs.
    static func sample(_ engine: BenchEngine, _ workload: Workload, iterations: Int) throws -> Double {
        let start = bench_now_ns()
        for _ in 0..<iterations { try engine.run(workload) }
        return Double(bench_now_ns() - start) / 1e9 / Double(iterations)
    }

    /// Process-wide allocations per diff over `iterations` runs (nil: not countable here).
    static func mallocs(_ engine: BenchEngine, _ workload: Workload, iterations: Int) throws -> Double? {
        guard bench_malloc_count_available() != 0 else { return nil }
        bench_malloc_count_enable(1)
        defer { bench_malloc_count_enable(0) }
        let before = bench_malloc_count()
        for _ in 0..<iterations { try engine.run(workload) }
        return Double(bench_malloc_count() - before) / Double(iterations)
    }

    static func run(
        cases: [Case], iterations fixed: Int, samples: Int, seed: UInt64, check: Bool, json: Bool
    ) throws {
        var rows: [Row] = []
        for c in cases {
            let workload = Preset.mix.makeWorkload(count: c.rows, mix: ChangeMix(), layout: .scatter, seed: seed)
            // About 5-20 ms of box work per sample, at least 100 diffs.
            let iterations = fixed > 0 ? fixed : max(100, 100_000 / max(c.rows, 1))
            let box = BoxEngine(sections: c.sections, cold: false)
            let flat = FlatEngine()
            let core = CoreEngine(name: EngineName.coreHeckel.rawValue, algorithm: .heckel)
            let engines: [BenchEngine] = [box, flat, core]
            for e in engines { try e.prepare(workload) }
            defer { for e in engines { e.finish() } }
            var row = Row(
                rows: c.rows, newRows: workload.new.count, sections: c.sections, iterations: iterations)
            // Warm-up: one sample each.
            for e in engines { _ = try sample(e, workload, iterations: iterations) }
            for _ in 0..<samples {
                let b = try sample(box, workload, iterations: iterations)
                let f = try sample(flat, workload, iterations: iterations)
                row.box.append(b)
                row.flat.append(f)
                row.ratios.append(b / f)
                row.core.append(try sample(core, workload, iterations: iterations))
            }
            row.boxMallocs = try mallocs(box, workload, iterations: iterations)
            row.flatMallocs = try mallocs(flat, workload, iterations: iterations)
            row.coreMallocs = try mallocs(core, workload, iterations: iterations)
            bench_counter_reset_peak(core.counter.counter)
            for _ in 0..<iterations { try core.run(workload) }
            row.coreAllocs = Double(core.counter.counter.pointee.allocations) / Double(iterations)
            if check {
                for e in engines { try e.check(workload) }
            }
            rows.append(row)
            if json { print(jsonLine(row, seed: seed, samples: samples)) }
        }
        if !json { print(table(rows, seed: seed, samples: samples)) }
    }

    static func micro(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1e6) }
    static func count(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "n/a" }

    /// Right-aligned columns, 9 wide.
    static func line(_ cells: [String]) -> String {
        cells.map { String(repeating: " ", count: max(0, 9 - $0.count)) + $0 }.joined(separator: " ")
    }

    static func table(_ rows: [Row], seed: UInt64, samples: Int) -> String {
        var lines = [
            "small (mix, scatter)  seed=\(seed)  samples=\(samples)  µs per diff, medians; "
                + "box/flat: median of per-sample ratios",
            line([
                "rows", "→new", "sections", "iters", "box µs", "flat µs", "core µs", "box/flat", "box mal",
                "flat mal", "core mal", "core hook",
            ]),
        ]
        for r in rows {
            lines.append(
                line([
                    String(r.rows), String(r.newRows), String(r.sections), String(r.iterations),
                    micro(median(r.box)), micro(median(r.flat)), micro(median(r.core)),
                    String(format: "×%.2f", median(r.ratios)), count(r.boxMallocs), count(r.flatMallocs),
                    count(r.coreMallocs), count(r.coreAllocs),
                ]))
        }
        lines.append(
            "  mal: heap allocations per diff, whole process (Swift + C core's default allocator)"
                + (bench_malloc_count_available() != 0 ? "" : " — not countable in this build")
                + "; core hook: the C core's allocations through its allocator hook (core-heckel)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func jsonLine(_ r: Row, seed: UInt64, samples: Int) -> String {
        func number(_ v: Double?) -> String { v.map { String($0) } ?? "null" }
        let fields: [(String, String)] = [
            ("preset", "\"small\""), ("count", String(r.rows)), ("new_count", String(r.newRows)),
            ("sections", String(r.sections)), ("iterations", String(r.iterations)), ("samples", String(samples)),
            ("seed", String(seed)), ("box_median_seconds", number(median(r.box))),
            ("flat_median_seconds", number(median(r.flat))), ("core_median_seconds", number(median(r.core))),
            ("box_over_flat", number(median(r.ratios))), ("box_mallocs_per_diff", number(r.boxMallocs)),
            ("flat_mallocs_per_diff", number(r.flatMallocs)), ("core_mallocs_per_diff", number(r.coreMallocs)),
            ("core_hook_allocations_per_diff", number(r.coreAllocs)),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}
