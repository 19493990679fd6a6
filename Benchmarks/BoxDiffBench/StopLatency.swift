import BoxDiff
import Foundation
import Synchronization

/// `--stop-latency`: how soon a diff stops once its `DiffCancellationFlag`
/// is raised from another thread, through the public API (the Box and flat
/// `StagedChangeset` initializers that take a flag), on the `mix` workload
/// of the first `--count` (Boxes cut into `--sections`; `--batch-mode`).
///
/// Per engine: the whole diff is timed first (median of 3, the workspace
/// warm). Then, for each tenth of that time (5%, 15%, ..., 95%), `runs`
/// diffs each get a new flag that a spinning thread raises at that point of
/// the diff's run; the latency is the time from the raise to the diff's
/// return (nil, or a changeset when it ended first). A row shows the median
/// and largest latency of the runs and how many of them stopped. The Box
/// engine's new Box is fresh each run (its table is hashed in the run), its
/// old Box's table cached, as in an app's render.
enum StopLatency {
    static func run(count: Int, sections: Int, mix: ChangeMix, seed: UInt64, runs: Int, options: DiffOptions) throws {
        let workload = Preset.mix.makeWorkload(count: count, mix: mix, layout: .scatter, seed: seed)
        let box = BoxEngine(sections: sections, cold: false, options: options)
        try box.prepare(workload)
        let old = box.old
        let mode = options.mode == .singleBatch ? "single batch" : "staged"
        print(
            "stop latency (mix, \(count) rows, \(sections) sections for box, \(mode)): ms from the flag's raise to the diff's return"
        )
        let boxWorkspace = try DiffWorkspace()
        _ = try StagedChangeset(source: old, target: old, workspace: boxWorkspace)  // old's table cached
        try measure("box", runs: runs) { flag in
            let new = box.newBox
            return try StagedChangeset(
                source: old, target: new, options: options, workspace: boxWorkspace, cancellation: flag) == nil
        }
        let flatWorkspace = try DiffWorkspace()
        try measure("flat", runs: runs) { flag in
            try StagedChangeset(
                source: workload.old, target: workload.new, options: options, workspace: flatWorkspace,
                cancellation: flag) == nil
        }
    }

    /// Times `diff` whole, then raised at each tenth of its run (see the
    /// type's comment); `diff` returns whether the flag stopped it.
    static func measure(
        _ engine: String, runs: Int, _ diff: (DiffCancellationFlag) throws -> Bool
    ) throws {
        var whole: [Double] = []
        for _ in 0..<3 {
            let start = now()
            _ = try diff(DiffCancellationFlag())
            whole.append(now() - start)
        }
        let duration = whole.sorted()[1]
        print(String(format: "  %@: diff %.2f ms whole (median of 3)", engine, duration * 1000))
        print("    raised at   median     max  stopped")
        for tenth in 0..<10 {
            let fraction = (Double(tenth) + 0.5) / 10
            var latencies: [Double] = []
            var stopped = 0
            for _ in 0..<max(1, runs) {
                let flag = DiffCancellationFlag()
                let raisedAt = Mutex<Double>(0)
                let start = now()
                let raiser = Thread {
                    while now() < start + fraction * duration {}
                    raisedAt.withLock { $0 = now() }
                    flag.cancel()
                }
                raiser.start()
                let wasStopped = try diff(flag)
                let end = now()
                while !flag.isCancelled {}
                // The raiser stores its time before it raises the flag.
                let raised = raisedAt.withLock { $0 }
                latencies.append(max(0, end - raised))
                if wasStopped { stopped += 1 }
            }
            latencies.sort()
            print(
                String(
                    format: "    %8.0f%%  %6.2f  %6.2f  %d of %d", fraction * 100,
                    latencies[latencies.count / 2] * 1000,
                    latencies[latencies.count - 1] * 1000, stopped, latencies.count))
        }
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
