#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time of this thread while `body` runs (the fastest of three runs),
/// in seconds: the thread's own, so tests running beside it do not count.
/// For the tests that compare a crafted input's cost with a same-sized
/// control's (a ratio, not a speed goal).
public func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    var best = Double.infinity
    for _ in 0..<3 {
        let start = now()
        try body()
        best = min(best, now() - start)
    }
    return best
}
