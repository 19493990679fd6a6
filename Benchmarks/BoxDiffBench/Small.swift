import BoxDiff
import BoxDiffBenchC
import Foundation

/// App sizes (`--small 20x1,100x1,500x1,500x10`): the Box API against the
/// flat API on the same rows, in a steady render loop.
///
/// Each case is the `mix` preset at `rows` old rows cut into `sections`
/// sections, with the change fractions of `--delete`, `--insert`,
/// `--move` and `--update` (default: the usual mix; e.g. `--delete 0
/// --insert 0 --move 0 --update 0.05` is one updated row in 20, the
/// typical state change of an app; with `--move 0` no section moves
/// either, and no row changes section). Engines: `box` (old Box's identity table cached, the new Box
/// built and hashed each diff, as in `BoxEngine`), `flat` (the same
/// elements as arrays), `core-heckel` (the C core on pre-hashed ids),
/// `floor` (the hash join on pre-hashed ids), and the render loop:
/// `render` (`BoxRenderer.render` of the old and the new Box in turn over
/// a no-op list view, Render.swift) against `diff` (the bare diff of the
/// same two Boxes in turn), and `sectioned` (DifferenceKit's call,
/// `StagedChangeset(source:target:)` over the same rows as
/// `[ArraySection]`s, SectionedEngine.swift). Each engine keeps one workspace. A timed sample runs `iterations`
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
        var floor: [Double] = []
        var pair: [Double] = []
        var render: [Double] = []
        var sectioned: [Double] = []
        var ratios: [Double] = []
        var floorRatios: [Double] = []
        var renderRatios: [Double] = []
        var boxMallocs: Double?
        var flatMallocs: Double?
        var coreMallocs: Double?
        var pairMallocs: Double?
        var renderMallocs: Double?
        var sectionedMallocs: Double?
        var coreAllocs: Double = 0
        /// CPUs other processes kept busy during the samples (nil: under 0.2 s
        /// of samples, 20 clock ticks, or unknown), as the preset tables report.
        var otherLoad: Double?
    }

    static func parse(_ text: String) throws -> [Case] {
        let parts = text.split(separator: ",")
        guard !parts.isEmpty else { throw BenchFailure("--small: no case given (e.g. 20x1,500x10)") }
        return try parts.map { part in
            // Every field given ("x5", "20x" and "20xx5" are errors).
            let fields = part.split(separator: "x", omittingEmptySubsequences: false).map {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            guard (1...2).contains(fields.count), let rows = fields[0], rows >= 1, rows < 10_000_000,
                let sections = fields.count == 2 ? fields[1] : 1, sections >= 1
            else { throw BenchFailure("--small: ROWSxSECTIONS,... (e.g. 20x1,500x10), got '\(part)'") }
            return Case(rows: rows, sections: sections)
        }
    }

    static func median(_ values: [Double]) -> Double { values.median ?? 0 }

    /// Mean seconds per diff over `iterations` back-to-back runs.
    static func sample(_ engine: BenchEngine, _ workload: Workload, iterations: Int) throws -> Double {
        let start = bench_now_ns()
        try engine.run(workload, times: iterations)
        return Double(bench_now_ns() - start) / 1e9 / Double(iterations)
    }

    /// Process-wide allocations per diff over `iterations` runs (nil: not countable here).
    static func mallocs(_ engine: BenchEngine, _ workload: Workload, iterations: Int) throws -> Double? {
        guard bench_malloc_count_available() != 0 else { return nil }
        bench_malloc_count_enable(1)
        defer { bench_malloc_count_enable(0) }
        let before = bench_malloc_count()
        try engine.run(workload, times: iterations)
        return Double(bench_malloc_count() - before) / Double(iterations)
    }

    /// The engines of one case, in sampling order; `render` and `diff`
    /// diff the `box` engine's Boxes.
    struct Engines {
        let box: BoxEngine
        let flat: FlatEngine
        let core = CoreEngine(name: EngineName.coreHeckel.rawValue, algorithm: .heckel)
        let floor = FloorEngine()
        let pair: PairDiffEngine
        let render: RenderEngine
        let sectioned: SectionedEngine

        init(sections: Int, options: DiffOptions) {
            box = BoxEngine(sections: sections, cold: false, options: options)
            flat = FlatEngine(options: options)
            pair = PairDiffEngine(boxes: box)
            render = RenderEngine(boxes: box)
            sectioned = SectionedEngine(sections: sections, options: options)
        }

        /// In preparation order (`box` before the two that use its Boxes).
        var all: [BenchEngine] { [box, flat, core, floor, pair, render, sectioned] }
    }

    static func run(
        cases: [Case], iterations fixed: Int, samples: Int, seed: UInt64, check: Bool, json: Bool,
        jsonFile: FileHandle? = nil, instructions: Bool = false, mix: ChangeMix = ChangeMix(),
        options: DiffOptions = DiffOptions()
    ) throws {
        if instructions { bench_fixed_random(seed) }
        var rows: [Row] = []
        for c in cases {
            let workload = Preset.mix.makeWorkload(count: c.rows, mix: mix, layout: .scatter, seed: seed)
            // About 5-20 ms of box work per sample, at least 100 diffs; even,
            // so that `diff` and `render` end on the Box they started from.
            var iterations = fixed > 0 ? fixed : max(100, 100_000 / max(c.rows, 1))
            iterations += iterations % 2
            let e = Engines(sections: c.sections, options: options)
            for engine in e.all { try engine.prepare(workload) }
            defer { for engine in e.all.reversed() { engine.finish() } }
            if instructions {
                try countInstructions(e.all, workload, label: "\(c.rows)x\(c.sections)", iterations: iterations)
                continue
            }
            var row = Row(
                rows: c.rows, newRows: workload.new.count, sections: c.sections, iterations: iterations)
            // A progress line on stderr when a case runs past a few seconds
            // (not under --instructions: the ticker's thread would add to
            // callgrind's counts).
            let ticker = ProgressTicker.shared
            ticker.begin("small \(c.rows)x\(c.sections)")
            defer { ticker.end() }
            ticker.phase("warm-up")
            // Warm-up: one sample each.
            for engine in e.all { _ = try sample(engine, workload, iterations: iterations) }
            let otherStart = bench_other_cpu_seconds()
            let windowStart = bench_now_ns()
            for s in 0..<samples {
                ticker.phase("sample \(s + 1)/\(samples)")
                let b = try sample(e.box, workload, iterations: iterations)
                let f = try sample(e.flat, workload, iterations: iterations)
                let fl = try sample(e.floor, workload, iterations: iterations)
                let p = try sample(e.pair, workload, iterations: iterations)
                let r = try sample(e.render, workload, iterations: iterations)
                row.sectioned.append(try sample(e.sectioned, workload, iterations: iterations))
                row.box.append(b)
                row.flat.append(f)
                row.floor.append(fl)
                row.pair.append(p)
                row.render.append(r)
                row.ratios.append(b / f)
                row.floorRatios.append(b / fl)
                row.renderRatios.append(r / p)
                row.core.append(try sample(e.core, workload, iterations: iterations))
            }
            let window = Double(bench_now_ns() - windowStart) / 1e9
            let otherEnd = bench_other_cpu_seconds()
            if otherStart >= 0, otherEnd >= 0, window >= 0.2 {
                row.otherLoad = max(0, (otherEnd - otherStart) / window)
            }
            ticker.phase("allocations")
            row.boxMallocs = try mallocs(e.box, workload, iterations: iterations)
            row.flatMallocs = try mallocs(e.flat, workload, iterations: iterations)
            row.coreMallocs = try mallocs(e.core, workload, iterations: iterations)
            row.pairMallocs = try mallocs(e.pair, workload, iterations: iterations)
            row.renderMallocs = try mallocs(e.render, workload, iterations: iterations)
            row.sectionedMallocs = try mallocs(e.sectioned, workload, iterations: iterations)
            bench_counter_reset_peak(e.core.counter.counter)
            for _ in 0..<iterations { try e.core.run(workload) }
            row.coreAllocs = Double(e.core.counter.counter.pointee.allocations) / Double(iterations)
            if check {
                ticker.phase("checking")
                for engine in e.all {
                    try engine.check(workload)
                    try engine.outcome(workload).expectEveryKeptPaired(
                        workload, engine: engine.name, singleBatch: options.mode == .singleBatch)
                }
            }
            rows.append(row)
            let line = jsonLine(row, seed: seed, samples: samples, mode: options.mode)
            if json { print(line) }
            jsonFile?.write(Data((line + "\n").utf8))
        }
        if !json && !instructions { print(table(rows, seed: seed, samples: samples, mode: options.mode)) }
    }

    /// Under callgrind, each engine's steady loop of `iterations` diffs
    /// (after a few untimed ones) bracketed by a zero and a dump labelled
    /// "<engine> <label> <iterations>" (scripts/bench-instructions.sh).
    static func countInstructions(
        _ engines: [BenchEngine], _ workload: Workload, label: String, iterations: Int
    ) throws {
        for engine in engines {
            try engine.run(workload, times: 4)
            bench_callgrind_zero()
            try engine.run(workload, times: iterations)
            bench_callgrind_dump("\(engine.name) \(label) \(iterations)")
        }
        print("instructions: \(label): \(engines.map(\.name).joined(separator: ", ")), \(iterations) diffs each")
    }

    static func micro(_ seconds: Double) -> String { Markdown.significant(seconds * 1e6) }
    static func count(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "n/a" }

    /// Right-aligned columns, 9 wide.
    static func line(_ cells: [String]) -> String {
        cells.map { String(repeating: " ", count: max(0, 9 - $0.count)) + $0 }.joined(separator: " ")
    }

    static func table(_ rows: [Row], seed: UInt64, samples: Int, mode: BatchMode = .staged) -> String {
        var lines = [
            "small (mix, scatter\(mode == .singleBatch ? ", single batch" : ""))  seed=\(seed)  samples=\(samples)  "
                + "µs per diff, medians; "
                + "ratios: medians of per-sample ratios",
            line([
                "rows", "→new", "sections", "iters", "box µs", "flat µs", "core µs", "floor µs", "box/flat",
                "box/floor", "diff µs", "render µs", "rend/diff", "box mal", "flat mal", "core mal", "core hook",
                "diff mal", "rend mal", "sect µs", "sect mal",
            ]),
        ]
        func ratio(_ values: [Double]) -> String { String(format: "×%.2f", median(values)) }
        for r in rows {
            lines.append(
                line([
                    String(r.rows), String(r.newRows), String(r.sections), String(r.iterations),
                    micro(median(r.box)), micro(median(r.flat)), micro(median(r.core)), micro(median(r.floor)),
                    ratio(r.ratios), ratio(r.floorRatios), micro(median(r.pair)), micro(median(r.render)),
                    ratio(r.renderRatios), count(r.boxMallocs), count(r.flatMallocs), count(r.coreMallocs),
                    count(r.coreAllocs), count(r.pairMallocs), count(r.renderMallocs), micro(median(r.sectioned)),
                    count(r.sectionedMallocs),
                ]))
        }
        lines.append(
            "  mal: heap allocations per diff (per render), whole process (Swift + C core's default allocator)"
                + (bench_malloc_count_available() != 0 ? "" : " — not countable in this build")
                + "; core hook: the C core's allocations through its allocator hook (core-heckel)")
        lines.append(
            "  diff: the box engine's old and new Box diffed one way then back, tables cached; render: "
                + "BoxRenderer.render of the same Boxes in turn over a no-op ListView; sect: "
                + "StagedChangeset(source:target:) over the same rows as [ArraySection]s")
        if let busiest = rows.compactMap(\.otherLoad).max(), busiest >= 0.5 {
            lines.append(
                String(
                    format: "  note: other processes kept %.1f CPUs busy during some cases (load): times and "
                        + "ratios may be off; compare on an idle machine", busiest))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func jsonLine(_ r: Row, seed: UInt64, samples: Int, mode: BatchMode = .staged) -> String {
        func number(_ v: Double?) -> String { v.map { String($0) } ?? "null" }
        let fields: [(String, String)] = [
            ("preset", "\"small\""), ("count", String(r.rows)), ("new_count", String(r.newRows)),
            ("sections", String(r.sections)), ("iterations", String(r.iterations)), ("samples", String(samples)),
            ("seed", String(seed)), ("batch_mode", mode == .singleBatch ? "\"single\"" : "\"staged\""),
            ("box_median_seconds", number(median(r.box))),
            ("flat_median_seconds", number(median(r.flat))), ("core_median_seconds", number(median(r.core))),
            ("floor_median_seconds", number(median(r.floor))), ("diff_median_seconds", number(median(r.pair))),
            ("render_median_seconds", number(median(r.render))), ("box_min_seconds", number(r.box.min())),
            ("flat_min_seconds", number(r.flat.min())), ("core_min_seconds", number(r.core.min())),
            ("floor_min_seconds", number(r.floor.min())), ("diff_min_seconds", number(r.pair.min())),
            ("render_min_seconds", number(r.render.min())), ("box_over_flat", number(median(r.ratios))),
            ("box_over_floor", number(median(r.floorRatios))), ("render_over_diff", number(median(r.renderRatios))),
            ("box_mallocs_per_diff", number(r.boxMallocs)), ("flat_mallocs_per_diff", number(r.flatMallocs)),
            ("core_mallocs_per_diff", number(r.coreMallocs)), ("core_hook_allocations_per_diff", number(r.coreAllocs)),
            ("diff_mallocs_per_diff", number(r.pairMallocs)), ("render_mallocs_per_render", number(r.renderMallocs)),
            ("sectioned_median_seconds", number(median(r.sectioned))),
            ("sectioned_mallocs_per_diff", number(r.sectionedMallocs)),
            ("other_load_cpus", number(r.otherLoad)),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}
