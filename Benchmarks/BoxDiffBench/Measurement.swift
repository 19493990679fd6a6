import BoxDiffBenchC
import Foundation

/// One engine on one workload: timings and what it found.
struct Measurement: Sendable {
    var engine: String
    var preset: String
    var count: Int
    var newCount: Int
    /// Measured run times in seconds (warm-up excluded); empty when not run.
    var seconds: [Double] = []
    /// Minor page faults of each measured run (getrusage), fresh pages
    /// the run touched.
    var faults: [Double] = []
    /// How many CPUs other processes kept busy, on average, during the
    /// measured runs (clock ticks: nil when they took under 0.5 s, or
    /// unknown).
    var otherLoad: Double?
    var outcome = Outcome()
    /// Peak bytes: counted allocations for C engines, max-RSS growth for Swift ones.
    var peakBytes: Int?
    var peakIsRSS = false
    /// Why the engine did not run ("not available", "skipped ...").
    var note: String?
    /// "ok", "failed" or nil (not checked).
    var check: String?

    var ran: Bool { !seconds.isEmpty }
    var median: Double { seconds.median ?? 0 }
    /// Median minor page faults per measured run.
    var medianFaults: Double? { faults.median }
    var min: Double { seconds.min() ?? 0 }
    var max: Double { seconds.max() ?? 0 }
    /// Peak bytes per element of the larger list.
    var bytesPerElement: Double? {
        guard let peakBytes, !peakIsRSS else { return nil }
        return Double(peakBytes) / Double(Swift.max(Swift.max(count, newCount), 1))
    }
}

extension Array where Element == Double {
    /// The median (the mean of the middle two for an even count); nil
    /// when empty.
    var median: Double? {
        guard !isEmpty else { return nil }
        let s = sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// Runs engines on workloads and reports progress on stderr.
struct Runner {
    /// Measured runs at least.
    var runs: Int
    var warmups: Int
    /// Measured seconds at least: a short engine runs past `runs` until its
    /// measured runs add up to this (at most ``maxRuns``). On this shared
    /// machine, 11 runs of 150 µs gave medians 1.7x apart from process to
    /// process; a quarter of a second of them does not.
    var minTime: Double
    var check: Bool
    var totalSteps: Int
    /// Whether the Swift engines' changesets are single batches (`--batch-mode single`).
    var singleBatch = false
    var step = 0
    let showProgress = isatty(2) != 0

    mutating func measure(_ engine: BenchEngine, on workload: Workload) throws -> Measurement {
        step += 1
        var m = Measurement(
            engine: engine.name, preset: workload.preset.rawValue, count: workload.old.count,
            newCount: workload.new.count)
        let rssBefore = bench_max_rss_bytes()
        let ticker = ProgressTicker.shared
        ticker.begin("\(engine.name) \(workload.preset.rawValue) count=\(workload.old.count)")
        defer { ticker.end() }
        ticker.phase("preparing")
        try engine.prepare(workload)
        defer { engine.finish() }
        // Other processes' CPU time over the whole measured window (from the
        // first measured run's start to the last one's end): /proc/stat
        // counts clock ticks, so shorter windows give no figure.
        var otherStart = -1.0
        var windowStart: UInt64 = 0
        var measured = 0.0
        var r = 0
        while r < warmups + runs || (measured < minTime && m.seconds.count < Self.maxRuns) {
            defer { r += 1 }
            let label =
                r < warmups
                ? "warm-up \(r + 1)/\(warmups)"
                : r < warmups + runs ? "run \(r - warmups + 1)/\(runs)" : "run \(r - warmups + 1) (to \(minTime) s)"
            ticker.phase(label)
            progress(
                "[\(step)/\(totalSteps)] \(engine.name) \(workload.preset.rawValue) count=\(workload.old.count) "
                    + label)
            if r == warmups {
                otherStart = bench_other_cpu_seconds()
                windowStart = bench_now_ns()
            }
            let faults = bench_minor_faults()
            let start = bench_now_ns()
            try engine.run(workload)
            let end = bench_now_ns()
            if r >= warmups {
                m.seconds.append(Double(end - start) / 1e9)
                measured += Double(end - start) / 1e9
                m.faults.append(Double(bench_minor_faults() - faults))
            }
        }
        let window = Double(bench_now_ns() - windowStart) / 1e9
        let otherEnd = bench_other_cpu_seconds()
        if otherStart >= 0, otherEnd >= 0, window >= 0.5 {
            m.otherLoad = Swift.max(0, (otherEnd - otherStart) / window)
        }
        m.outcome = engine.outcome(workload)
        if engine.countsAllocations {
            m.peakBytes = engine.peakBytes
        } else {
            m.peakBytes = Int(bench_max_rss_bytes() - rssBefore)
            m.peakIsRSS = true
        }
        if check {
            ticker.phase("checking")
            progress("[\(step)/\(totalSteps)] \(engine.name) count=\(workload.old.count) checking")
            do {
                try engine.check(workload)
                // stdlib compares with ==: an update is a delete and an insert.
                if engine.name != EngineName.stdlib.rawValue {
                    try m.outcome.expectEveryKeptPaired(workload, engine: engine.name, singleBatch: singleBatch)
                }
                m.check = "ok"
            } catch {
                m.check = "failed"
                clearProgress()
                throw error
            }
        }
        clearProgress()
        return m
    }

    /// The most measured runs `minTime` adds up to.
    static let maxRuns = 10_000

    func progress(_ line: String) {
        guard showProgress else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    func clearProgress() {
        guard showProgress else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Estimates for skipping the quadratic stdlib peer.
enum StdlibEstimate {
    /// Estimated edit distance: unmatched elements plus two per moved or
    /// updated element (the stdlib compares with `==`).
    static func editDistance(_ workload: Workload, mix: ChangeMix) -> Double {
        let unmatched = Double(workload.old.count + workload.new.count - 2 * workload.keptCount)
        switch workload.preset {
        case .shuffle: return Double(2 * workload.old.count)
        case .mix: return unmatched + 2 * Double(workload.old.count) * (mix.move + mix.update)
        case .differenceKit5k, .differenceKit100k: return unmatched + 2 * Double(workload.old.count) / 50
        default: return unmatched
        }
    }

    /// Estimated seconds of one stdlib run: its Myers search grows with D²,
    /// plus a linear part (measured: about 1e-8 s × D² on
    /// the 2-core test machine).
    static func secondsPerRun(_ workload: Workload, mix: ChangeMix) -> Double {
        let d = editDistance(workload, mix: mix)
        return 1.1e-8 * d * d + 1e-7 * Double(workload.old.count + workload.new.count)
    }
}

/// A progress line on stderr while one engine's measurement runs long:
/// after `after` seconds, at most one line every `every` seconds, printed
/// from a background thread so a single long run (the stdlib peer at 100k)
/// is not silent. Lines are whole lines, also when stderr is not a terminal.
final class ProgressTicker: @unchecked Sendable {
    static let shared = ProgressTicker()

    private let lock = NSLock()
    private var what: String?
    private var phase = ""
    private var started: UInt64 = 0
    private var lastLine: UInt64 = 0
    private var thread: Thread?
    let after: UInt64 = 3_000_000_000
    let every: UInt64 = 5_000_000_000

    /// Starts timing one engine on one workload ("stdlib mix count=100000").
    func begin(_ what: String) {
        lock.lock()
        defer { lock.unlock() }
        self.what = what
        phase = ""
        started = bench_now_ns()
        lastLine = 0
        if thread == nil {
            let t = Thread { [unowned self] in self.loop() }
            t.name = "boxdiff-bench progress"
            t.start()
            thread = t
        }
    }

    /// The current phase ("warm-up 1/1", "run 3/11", "checking").
    func phase(_ text: String) {
        lock.lock()
        phase = text
        lock.unlock()
    }

    func end() {
        lock.lock()
        what = nil
        lock.unlock()
    }

    private func loop() {
        while true {
            Thread.sleep(forTimeInterval: 0.25)
            lock.lock()
            let now = bench_now_ns()
            var line: String?
            if let what, now - started >= after, lastLine == 0 || now - lastLine >= every {
                lastLine = now
                line = "progress: \(what): \(phase), \((now - started) / 1_000_000_000) s elapsed"
            }
            lock.unlock()
            if let line {
                let clear = isatty(2) != 0 ? "\r\u{1B}[K" : ""
                FileHandle.standardError.write(Data((clear + line + "\n").utf8))
            }
        }
    }
}
