import Foundation

/// The README's benchmark table: workload rows × engine columns, fastest runs,
/// `(×ratio)` to the floor, with the date and the machine.
///
/// Rows come from this invocation's measurements (`--format markdown`) or
/// from JSON lines written by earlier invocations (`--json-append`, then
/// `--markdown-from`), so a whole suite of invocations gives one table.
enum Markdown {
    /// One measured (or skipped) cell.
    struct Entry {
        var preset: String
        var engine: String
        var count: Int
        var runs: Int
        var warmups: Int
        /// Measured seconds at least per cell (`--min-time`; 0: exactly
        /// `runs`).
        var minTime: Double = 0
        var seed: UInt64
        /// The change mix of `mix` workloads.
        var mix: ChangeMix?
        var median: Double?
        /// The fastest measured run (nil in JSON lines written before it
        /// was: then the median stands in).
        var fastest: Double?
        var minimal = true
        var bytesPerElement: Double?
        var note: String?
        /// How many benchmark processes measured this cell (`fastest` is
        /// then the median of their fastest runs).
        var processes = 1

        /// The time the table shows: the fastest run, or the median where
        /// no fastest run was recorded.
        var shown: Double? { fastest ?? median }

        /// The row label, as in the README: "mix 100k", "1% edits 100k",
        /// "full shuffle 100k", "DifferenceKit 5k".
        var label: String {
            let size = Markdown.size(count)
            switch preset {
            case "mix":
                let d = ChangeMix()
                guard let mix,
                    mix.delete != d.delete || mix.insert != d.insert || mix.move != d.move
                        || mix.update != d.update
                else { return "mix \(size)" }
                return String(format: "%g%% edits ", mix.total * 100) + size
            case "shuffle": return "full shuffle \(size)"
            case "differencekit-5k", "differencekit-100k": return "DifferenceKit \(size)"
            default: return "\(preset) \(size)"
            }
        }
    }

    static func entries(
        _ all: [[Measurement]], mix: ChangeMix, runs: Int, warmups: Int, minTime: Double, seed: UInt64
    ) -> [Entry] {
        all.joined().map { m in
            Entry(
                preset: m.preset, engine: m.engine, count: m.count, runs: runs, warmups: warmups, minTime: minTime,
                seed: seed,
                mix: m.preset == "mix" ? mix : nil, median: m.ran ? m.median : nil,
                fastest: m.ran ? m.min : nil, minimal: m.outcome.minimal,
                bytesPerElement: m.bytesPerElement, note: m.note)
        }
    }

    /// The column of the box engine's single-batch runs.
    static let boxSingle = "box-single"

    /// Entries from JSON lines (`--json --json-append`); lines of other
    /// shapes (small, flood) are skipped. The table is of staged
    /// changesets (the default mode): of a single-batch run
    /// (`--batch-mode single`) only the box engine's lines are kept, as
    /// the ``boxSingle`` column.
    static func entries(jsonLines text: String) throws -> [Entry] {
        var out: [Entry] = []
        for line in text.split(whereSeparator: \.isNewline) where line.first == "{" {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let preset = object["preset"] as? String, var engine = object["engine"] as? String,
                let count = (object["count"] as? NSNumber)?.intValue
            else { continue }
            if object["batch_mode"] as? String == "single" {
                guard engine == EngineName.box.rawValue else { continue }
                engine = boxSingle
            }
            func double(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
            var mix: ChangeMix?
            if let d = double("delete"), let i = double("insert"), let m = double("move"), let u = double("update") {
                mix = ChangeMix(delete: d, insert: i, move: m, update: u)
            }
            out.append(
                Entry(
                    preset: preset, engine: engine, count: count, runs: (object["runs"] as? NSNumber)?.intValue ?? 0,
                    warmups: (object["warmups"] as? NSNumber)?.intValue ?? 1, minTime: double("min_time_seconds") ?? 0,
                    seed: (object["seed"] as? NSNumber)?.uint64Value ?? 0, mix: mix, median: double("median_seconds"),
                    fastest: double("min_seconds"),
                    minimal: (object["minimal"] as? Bool) ?? true, bytesPerElement: double("bytes_per_element"),
                    note: object["skipped"] as? String))
        }
        return out
    }

    /// The whole section: a line with the date, settings and machine, the
    /// table, the legend.
    static func render(_ measured: [Entry], command: String) -> String {
        let entries = merged(measured)
        // Rows in first-seen order.
        var labels: [String] = []
        var cells: [String: [String: Entry]] = [:]
        for e in entries {
            if cells[e.label] == nil { labels.append(e.label) }
            cells[e.label, default: [:]][e.engine] = e
        }
        let seen = Set(entries.map(\.engine))
        var engines =
            EngineName.allCases.map(\.rawValue).filter(seen.contains)
            + entries.map(\.engine).filter { EngineName(rawValue: $0) == nil && $0 != boxSingle }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if seen.contains(boxSingle) {
            // Beside the staged box columns.
            let after = [EngineName.boxCold, .box].lazy.compactMap { engines.firstIndex(of: $0.rawValue) }.first
            engines.insert(boxSingle, at: after.map { $0 + 1 } ?? engines.count)
        }
        var out = header(entries, labels: labels, cells: cells, command: command) + "\n\n"
        out += "| Workload | " + engines.joined(separator: " | ") + " |\n"
        out += "|---|" + engines.map { _ in "---|" }.joined() + "\n"
        var anyNotMinimal = false
        for label in labels {
            let row = cells[label]!
            let floor = row[EngineName.floor.rawValue]?.shown
            let line = engines.map { engine -> String in
                guard let e = row[engine] else { return "" }
                guard let shown = e.shown else {
                    guard let note = e.note, note.hasPrefix("skipped") else { return "n/a" }
                    // One diff's estimate: the note's total is for all the runs.
                    if let r = note.range(of: #"estimated [0-9.]+ s per run"#, options: .regularExpression) {
                        return "skipped (est. " + note[r].dropFirst("estimated ".count).dropLast(" run".count)
                            + " diff)"
                    }
                    return "skipped"
                }
                var cell = time(shown) + (e.minimal ? "" : "*")
                if let floor, floor > 0, engine != EngineName.floor.rawValue {
                    let r = shown / floor
                    cell += String(format: r >= 100 ? " (×%.0f)" : " (×%.2f)", r)
                }
                if e.count >= 10_000_000, let b = e.bytesPerElement {
                    cell += String(format: ", peak %.1f B/element", b)
                }
                if !e.minimal { anyNotMinimal = true }
                return cell
            }
            out += "| \(label) | " + line.joined(separator: " | ") + " |\n"
        }
        out += "\n(×: ratio to the floor."
        if anyNotMinimal { out += " *: LCS past its cost bound, result valid but not proven minimal." }
        if seen.contains(boxSingle) { out += " \(boxSingle): box, each changeset one batch (`--batch-mode single`)." }
        out += ")\n"
        return out
    }

    /// One entry per cell (row label and engine), in first-seen order:
    /// cells measured by several processes (the suite runs each preset
    /// once per round, BENCH_PROCESSES rounds) show the median of the
    /// processes' fastest runs. A process's fastest run leaves out the
    /// stretches inside it when the shared host slowed it down (that load
    /// only ever adds time); the median over processes leaves out whole
    /// processes that ran slow, and the rare process whose heap layout
    /// made one engine fast (box-cold at 100k: 1 process in 10 ran 15%
    /// faster). Two suites of 5 rounds: 0 of 83 times more than 10% apart
    /// this way; 2 with the median of the medians, 1 with the fastest run
    /// of all, and 10 and 2 when each preset's 5 processes ran back to
    /// back instead of in rounds.
    static func merged(_ entries: [Entry]) -> [Entry] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for e in entries {
            let key = e.label + "\u{0}" + e.engine
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(e)
        }
        return order.map { key in
            let group = groups[key]!
            var e = group.last!
            let medians = group.compactMap(\.median)
            if !medians.isEmpty {
                e.fastest = group.compactMap { $0.fastest ?? $0.median }.median
                e.minimal = group.allSatisfy(\.minimal)
            }
            e.processes = Swift.max(1, medians.count)
            return e
        }
    }

    static func header(
        _ entries: [Entry], labels: [String], cells: [String: [String: Entry]], command: String
    ) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        // Runs per row: the most common count, then the exceptions.
        var runsOf: [(label: String, runs: Int)] = []
        for label in labels {
            if let r = cells[label]!.values.map(\.runs).max() { runsOf.append((label, r)) }
        }
        let counts = Dictionary(grouping: runsOf, by: \.runs)
        let main =
            counts.max { a, b in a.value.count < b.value.count || (a.value.count == b.value.count && a.key < b.key) }?
            .key ?? 0
        var runsText = "fastest of \(main) runs"
        let others = counts.keys.filter { $0 != main }.sorted(by: >)
        if !others.isEmpty {
            runsText +=
                " ("
                + others.map { r in "\(r) for " + counts[r]!.map(\.label).joined(separator: ", ") }
                .joined(separator: "; ") + ")"
        }
        let warmups = Set(entries.map(\.warmups))
        let warmupText =
            warmups.count == 1
            ? "\(warmups.first!) discarded warm-up" + (warmups.first! == 1 ? "" : "s") : "discarded warm-ups"
        let processes = entries.map(\.processes).max() ?? 1
        if let minTime = entries.map(\.minTime).max(), minTime > 0 {
            runsText += " and of at least \(String(format: "%g", minTime)) s of runs"
        }
        if processes > 1 { runsText += " per process, the median of \(processes) processes," }
        let seeds = Set(entries.map(\.seed)).sorted().map(String.init).joined(separator: ", ")
        return "Measured on \(formatter.string(from: Date())) with `\(command)`, seed \(seeds), \(runsText) "
            + "after \(warmupText), on \(machine())."
    }

    /// "AMD EPYC 7B13, 2 cores, 23 GiB RAM, Linux 6.18.0, Swift 6.3.1".
    static func machine() -> String {
        var parts: [String] = []
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            parts.append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        parts.append("\(cores) core\(cores == 1 ? "" : "s")")
        parts.append(String(format: "%.0f GiB RAM", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824))
        var u = utsname()
        if uname(&u) == 0 {
            func field<T>(_ value: T) -> String {
                withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            }
            parts.append(field(u.sysname) + " " + field(u.release))
        }
        if let swift = swiftVersion() { parts.append("Swift " + swift) }
        return parts.joined(separator: ", ")
    }

    /// `BOXDIFF_BENCH_SWIFT` (scripts/bench.sh sets it), else the version
    /// printed by `swift --version` when swift is on PATH, else nil.
    static func swiftVersion() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let v = env["BOXDIFF_BENCH_SWIFT"], !v.isEmpty { return v }
        let dirs = (env["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let swift = dirs.map({ $0 + "/swift" }).first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let r = text.range(of: #"Swift version [0-9][0-9.]*"#, options: .regularExpression) else { return nil }
        return String(text[r].dropFirst("Swift version ".count))
    }

    /// `v` to three significant digits: "106", "39.7", "2.11", "0.0642"
    /// (two decimals alone would print a 64 ns floor as 0.06 or 0.07
    /// from run to run, 17% apart by rounding).
    static func significant(_ v: Double) -> String {
        v >= 100
            ? String(format: "%.0f", v)
            : v >= 10 ? String(format: "%.1f", v) : v >= 1 ? String(format: "%.2f", v) : String(format: "%.3g", v)
    }

    /// Three significant digits, as in the README: "76 µs", "1.64 ms", "24.9 ms", "1.016 s".
    static func time(_ seconds: Double) -> String {
        let sig = significant
        if seconds >= 1 { return String(format: "%.3f s", seconds) }
        if seconds >= 1e-3 { return sig(seconds * 1e3) + " ms" }
        return sig(seconds * 1e6) + " µs"
    }

    /// "5k", "100k", "1M", "10M", "1234".
    static func size(_ n: Int) -> String {
        if n >= 1_000_000, n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
        if n >= 1_000, n % 1_000 == 0 { return "\(n / 1_000)k" }
        return "\(n)"
    }
}
