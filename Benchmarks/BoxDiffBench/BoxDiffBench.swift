import ArgumentParser
import BoxDiff
import BoxDiffBenchC
import Foundation

/// `boxdiff-bench`: times BoxDiff's engines against a hash-join floor and
/// the Swift standard library's diff, on seeded UUID lists.
///
/// ```
/// boxdiff-bench --count 100000,1000000 --check
/// boxdiff-bench --preset differencekit-100k --engines core-heckel,stdlib --json
/// ```
@main
struct BoxDiffBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxdiff-bench",
        abstract: "Benchmarks BoxDiff's diff engines.",
        discussion: """
            Engines: \(EngineName.allCases.map(\.rawValue).joined(separator: ", ")).
            Presets: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).
            Input generation, id hashing for the C engines and --check replays are not timed.
            """)

    @Option(help: "Old list sizes, comma-separated (e.g. 10000,100000,1000000). Ignored by differencekit-*.")
    var count: String = "100000"

    @Option(
        help:
            "Sections for the box, box-cold and sectioned engines (the list is cut into this many; --small's cases give their own)."
    )
    var sections: Int = 100

    @Option(help: "Fraction of old elements deleted (mix).")
    var delete: Double = 0.10
    @Option(help: "Fraction of the old count inserted (mix).")
    var insert: Double = 0.10
    @Option(help: "Fraction of old elements moved (mix).")
    var move: Double = 0.02
    @Option(help: "Fraction of old elements updated (mix).")
    var update: Double = 0.05

    @Option(help: "block: deletes and inserts in contiguous runs; scatter: at random positions.")
    var layout: Layout = .scatter

    @Option(help: "Random seed.")
    var seed: UInt64 = 42

    @Option(help: "Measured runs (after the discarded warm-up).")
    var runs: Int = 5

    @Option(help: "Discarded warm-up runs.")
    var warmups: Int = 1

    @Option(
        help: """
            Measured seconds per engine and workload at least: runs shorter than this in all go on past \
            --runs (up to 10,000 runs), so that the median of a short run is not the luck of a few \
            milliseconds. 0: exactly --runs.
            """)
    var minTime: Double = 0.25

    @Option(help: "Engines, comma-separated (default: every available engine but sectioned and iglistkit).")
    var engines: String?

    @Option(help: "Presets, comma-separated.")
    var preset: String = "mix"

    @Option(
        help: "Flood workload instead of the presets: id kinds, comma-separated (random, old, mix0; see Flood.swift).")
    var flood: String?

    @Option(help: "Engines of the flood workload (core-heckel, core-lcs, core-reject, core-pairs, flat-string).")
    var floodEngines: String = "core-heckel,core-lcs,core-reject,core-pairs,flat-string"

    @Option(
        help: "App sizes instead of the presets: ROWSxSECTIONS, comma-separated (e.g. 20x1,500x10); see Small.swift.")
    var small: String?

    @Flag(
        help: """
            Instead of the presets: how soon a Box and a flat diff of the first --count (mix) stop once their \
            DiffCancellationFlag is raised from another thread at each tenth of their run (--runs per point; \
            see StopLatency.swift).
            """)
    var stopLatency = false

    @Option(help: "Diffs per timed sample of --small (0: 100000 / rows, at least 100).")
    var iterations: Int = 0

    @Flag(
        help: """
            With --small: time nothing; bracket each engine's steady loop with callgrind client requests \
            (run under valgrind --tool=callgrind; scripts/bench-instructions.sh).
            """)
    var instructions = false

    @Option(help: "Pin the process to this CPU (sched_setaffinity) before measuring.")
    var pinCPU: Int?

    @Flag(
        help: """
            Keep glibc malloc's default, dynamic mmap and trim thresholds. By default they are fixed at start \
            (steady.c) so freed large buffers stay mapped: otherwise whether a run faults in fresh pages \
            depends on the heap's history (flat at 1M: 12k faults and +50% per run with glibc's defaults).
            """)
    var systemMalloc = false

    @Flag(help: "Print one JSON object per measurement instead of tables (same as --format json).")
    var json = false

    @Flag(help: "Print the README's markdown table instead of tables (same as --format markdown).")
    var markdown = false

    @Option(help: "text (tables), json (one object per measurement) or markdown (the README's table).")
    var format: OutputFormat?

    @Option(help: "Also append one JSON object per measurement to this file (for --markdown-from).")
    var jsonAppend: String?

    @Option(
        help:
            "Run nothing: print the markdown table of JSON lines in these files (comma-separated; --json-append)."
    )
    var markdownFrom: String?

    @Option(help: "The command named in the markdown's first line.")
    var markdownCommand: String = "boxdiff-bench"

    @Flag(help: "Replay every result and check it gives the new list (untimed); exit non-zero on a mismatch.")
    var check = false

    @Option(
        help:
            "Batch mode of the Swift API engines (flat, box, box-cold, and --small's diff and render): staged (up to five stages, each with its data, as DifferenceKit) or single (one batch, as Bento applies a render)."
    )
    var batchMode: BatchModeArgument = .staged

    @Option(
        help:
            "Row components of the box engines (box, box-cold, --small's box, diff and render; the sectioned engine's elements keep a UInt64): uint64 (an exact content hash: equal hashes need no ==) or string (the row's content as a String: equal hashes are confirmed with ==, as for most apps' components)."
    )
    var content: ContentArgument = .uint64

    func validate() throws {
        for (name, value, least) in [
            ("--runs", Double(runs), 1.0), ("--warmups", Double(warmups), 0), ("--sections", Double(sections), 1),
            ("--iterations", Double(iterations), 0), ("--min-time", minTime, 0),
        ] where !(value >= least) {
            throw ValidationError(
                "\(name) must be ≥ \(Int(least)), got \(value == value.rounded() ? String(Int(value)) : String(value))")
        }
        if small != nil && engines != nil {
            throw ValidationError(
                "--small runs every engine of its table (box, flat, core-heckel, floor, diff, render, sectioned); "
                    + "--engines is for the presets")
        }
        let modes = [small != nil, flood != nil, stopLatency].filter { $0 }.count
        if modes > 1 { throw ValidationError("give one of --small, --flood, --stop-latency") }
        if (flood != nil || stopLatency) && outputFormat != .text {
            throw ValidationError("--flood and --stop-latency print text only (no --json, --markdown or --format)")
        }
        for f in [delete, insert, move, update] where !(0...10).contains(f) {
            throw ValidationError("change fractions must be in 0...10")
        }
        if delete + move + update > 1 { throw ValidationError("--delete + --move + --update must be ≤ 1") }
        _ = try parsedCounts()
        if let small {
            // A malformed case is a usage error (exit 64 and the usage
            // line), as every other option's, not a failed run.
            do { _ = try Small.parse(small) } catch { throw ValidationError("\(error)") }
        }
        _ = try parsedPresets()
        _ = try parsedEngines()
        if [json, markdown, format != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --json, --markdown, --format")
        }
        if outputFormat == .markdown && (small != nil || flood != nil) || jsonAppend != nil && flood != nil {
            throw ValidationError(
                "--markdown is for the preset workloads, not --small or --flood (--small has --json and "
                    + "--json-append); --json-append is not for --flood"
            )
        }
        if instructions && small == nil { throw ValidationError("--instructions needs --small") }
        if outputFormat == .markdown && batchMode == .single {
            throw ValidationError("--markdown: the preset table is of staged changesets (--small tables show either)")
        }
    }

    var outputFormat: OutputFormat { format ?? (json ? .json : markdown ? .markdown : .text) }

    func parsedCounts() throws -> [Int] {
        let values = count.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        }
        let counts = values.compactMap { Int($0) }
        guard !counts.isEmpty, counts.count == values.count, counts.allSatisfy({ $0 >= 0 && $0 < 0xFFFF_FFF0 }) else {
            throw ValidationError("--count: comma-separated sizes below 4294967280, got '\(count)'")
        }
        return counts
    }

    func parsedPresets() throws -> [Preset] {
        guard !preset.isEmpty else { throw ValidationError("--preset: no preset named") }
        return try preset.split(separator: ",").map {
            guard let p = Preset(rawValue: String($0)) else {
                throw ValidationError(
                    "unknown preset '\($0)'; known: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return p
        }
    }

    /// The engines to run and whether the user named them.
    func parsedEngines() throws -> (names: [EngineName], explicit: Bool) {
        guard let engines else { return (EngineName.allCases.filter { $0 != .sectioned && $0 != .iglistkit }, false) }
        guard !engines.isEmpty else { throw ValidationError("--engines: no engine named") }
        let names = try engines.split(separator: ",").map {
            guard let e = EngineName(rawValue: String($0)) else {
                throw ValidationError(
                    "unknown engine '\($0)'; known: \(EngineName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return e
        }
        return (EngineName.allCases.filter(names.contains), true)
    }

    func run() throws {
        BoxEngine.stringContent = content == .string
        if let markdownFrom {
            var text = ""
            for path in markdownFrom.split(separator: ",") {
                guard let file = try? String(contentsOfFile: String(path), encoding: .utf8) else {
                    throw ValidationError("--markdown-from: cannot read '\(path)'")
                }
                text += file + "\n"
            }
            let entries = try Markdown.entries(jsonLines: text)
            let small = try SmallMarkdown.rows(jsonLines: text)
            if !entries.isEmpty { print(Markdown.render(entries, command: markdownCommand), terminator: "") }
            if !small.isEmpty { print((entries.isEmpty ? "" : "\n") + SmallMarkdown.render(small), terminator: "") }
            return
        }
        if !systemMalloc { _ = bench_malloc_keep_memory() }
        if let pinCPU, bench_pin_cpu(Int32(pinCPU)) != 0 {
            throw ValidationError("--pin-cpu \(pinCPU): sched_setaffinity failed")
        }
        let jsonFile = try openJSONAppend()
        defer { try? jsonFile?.close() }
        if let small {
            try Small.run(
                cases: try Small.parse(small), iterations: iterations, samples: runs, seed: seed, check: check,
                json: json || format == .json, jsonFile: jsonFile, instructions: instructions,
                mix: ChangeMix(delete: delete, insert: insert, move: move, update: update), options: batchMode.options)
            return
        }
        if stopLatency {
            try StopLatency.run(
                count: try parsedCounts()[0], sections: sections,
                mix: ChangeMix(delete: delete, insert: insert, move: move, update: update),
                seed: seed, runs: runs, options: batchMode.options)
            return
        }
        if let flood {
            try Flood.run(
                kinds: flood.split(separator: ",").map(String.init),
                engines: floodEngines.split(separator: ",").map(String.init),
                counts: try parsedCounts(), runs: runs, warmups: warmups, seed: seed)
            return
        }
        let mix = ChangeMix(delete: delete, insert: insert, move: move, update: update)
        let (names, explicit) = try parsedEngines()
        // Each (preset, size) pair once; differencekit-* fix their own size.
        var jobs: [(Preset, Int)] = []
        for p in try parsedPresets() {
            for c in try parsedCounts() where !jobs.contains(where: { $0.0 == p && $0.1 == (p.fixedCount ?? c) }) {
                jobs.append((p, p.fixedCount ?? c))
            }
        }
        let json = outputFormat == .json
        var runner = Runner(
            runs: runs, warmups: warmups, minTime: minTime, check: check, totalSteps: jobs.count * names.count,
            singleBatch: batchMode == .single)
        var all: [[Measurement]] = []
        var failures: [String] = []
        for (p, n) in jobs {
            let workload = p.makeWorkload(count: n, mix: mix, layout: layout, seed: seed)
            var ms: [Measurement] = []
            for name in names {
                var m = Measurement(
                    engine: name.rawValue, preset: p.rawValue, count: workload.old.count, newCount: workload.new.count)
                switch name.make(sections: sections, options: batchMode.options) {
                case .failure(let why):
                    runner.step += 1
                    m.note = why.description
                case .success(let engine):
                    if name == .stdlib, !explicit, let why = stdlibSkip(workload, mix: mix) {
                        runner.step += 1
                        m.note = why
                        FileHandle.standardError.write(Data("note: \(p.rawValue) count=\(n): stdlib \(why)\n".utf8))
                    } else {
                        do { m = try runner.measure(engine, on: workload) } catch {
                            failures.append("\(p.rawValue) count=\(n): \(error)")
                            FileHandle.standardError.write(Data("error: \(p.rawValue) count=\(n): \(error)\n".utf8))
                            m.note = "failed: \(error)"
                            m.check = "failed"
                        }
                    }
                }
                ms.append(m)
                if json || jsonFile != nil {
                    let line = Report.json(
                        m, layout: layout.rawValue, seed: seed, runs: runs, warmups: warmups, minTime: minTime,
                        mix: p == .mix ? mix : nil, mode: batchMode.options.mode)
                    if json { print(line) }
                    jsonFile?.write(Data((line + "\n").utf8))
                }
            }
            all.append(ms)
            if outputFormat == .text {
                var title = "\(p.rawValue)  count=\(workload.old.count) → \(workload.new.count)"
                if p == .mix {
                    title += String(
                        format: "  delete=%g insert=%g move=%g update=%g layout=%@",
                        delete, insert, move, update, layout.rawValue)
                }
                title += "  seed=\(seed)  runs=\(runs)" + (minTime > 0 ? " (at least \(minTime) s)" : "")
                print(Report.table(ms, title: title))
            }
            bench_flush_stdout()
        }
        if outputFormat == .markdown {
            print(
                Markdown.render(
                    Markdown.entries(all, mix: mix, runs: runs, warmups: warmups, minTime: minTime, seed: seed),
                    command: markdownCommand),
                terminator: "")
        }
        if outputFormat == .text {
            let targets = Report.targets(all, mix: mix)
            if !targets.isEmpty {
                print("Targets (reported, not asserted):\n" + targets.map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        if !failures.isEmpty {
            FileHandle.standardError.write(Data(("FAILED:\n" + failures.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(1)
        }
    }

    /// The `--json-append` file, opened at its end (nil without the option).
    func openJSONAppend() throws -> FileHandle? {
        guard let jsonAppend else { return nil }
        if !FileManager.default.fileExists(atPath: jsonAppend) {
            _ = FileManager.default.createFile(atPath: jsonAppend, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: jsonAppend) else {
            throw ValidationError("--json-append: cannot write \(jsonAppend)")
        }
        handle.seekToEndOfFile()
        return handle
    }

    /// Why the stdlib peer is skipped for this workload (nil: run it).
    func stdlibSkip(_ workload: Workload, mix: ChangeMix) -> String? {
        let perRun = StdlibEstimate.secondsPerRun(workload, mix: mix)
        let seconds = perRun * Double(runs + warmups)
        if seconds > 60 {
            return "skipped: estimated \(Markdown.significant(perRun)) s per run, "
                + String(
                    format: "%.0f s for %d runs (quadratic); name it with --engines stdlib to force it", seconds,
                    runs + warmups)
        }
        return nil
    }
}

/// `--batch-mode`: the changesets' ``BatchMode``.
enum BatchModeArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case staged
    case single

    /// The diff options of the Swift API engines.
    var options: DiffOptions {
        var options = DiffOptions()
        options.mode = self == .single ? .singleBatch : .staged
        return options
    }
}

enum ContentArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case uint64
    case string
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, markdown
}
