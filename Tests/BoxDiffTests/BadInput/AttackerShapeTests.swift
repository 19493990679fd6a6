import Testing

@testable import BoxDiff

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Box pairs shaped by whoever picks the ids and contents, which once made
// the staged plan quadratic in sections (found by review, 2026-11-25): for
// each section with row deletes or updates, stages 1 and 2 searched the
// plan's whole list of reconfigured rows, which holds every paired row of a
// Bento screen (incomparable components are re-bound on every diff). The
// diff of the crafted pair must cost about what the same-sized control
// costs, in this process: CPU time as a ratio, not a speed goal (quadratic
// work here is tens of times more; linear, about the same).

/// CPU time of this thread while `body` runs (the fastest of three runs),
/// in seconds: the thread's own, so tests running beside it do not count.
private func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
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

/// `n` sections of two rows each; in the target the first half of the
/// sections have lost their rows. `rebound`: every row's component is
/// incomparable (re-bound on every diff, so reconfigured); otherwise a
/// plain value that does not change (the control: nothing reconfigured).
private func halfEmptied(_ n: Int, target: Bool, rebound: Bool) -> Box<Int, Int> {
    Box(
        sections: (0..<n).map { s in
            guard !(target && s < n / 2) else { return Section(id: s) }
            return Section(
                id: s,
                rows: [2 * s, 2 * s + 1].map {
                    Node(id: $0, component: rebound ? Component(incomparable: s) : Component(s))
                })
        })
}

/// `n` sections whose row `2s` changes value (a reload) and whose row
/// `2s + 1` is re-bound (`rebound`) or a plain unchanged value, plus one
/// section whose only row is deleted (so that stage 1 is an intermediate
/// stage of its own).
private func updatedEverywhere(_ n: Int, target: Bool, rebound: Bool) -> Box<Int, Int> {
    var sections = (0..<n).map { s in
        Section(
            id: s,
            rows: [
                Node(id: 2 * s, component: Component(target ? s + 1 : s)),
                Node(id: 2 * s + 1, component: rebound ? Component(incomparable: s) : Component(s)),
            ])
    }
    sections.append(Section(id: -1, rows: target ? [] : [Node(id: -1, component: Component(0))]))
    return Box(sections: sections)
}

/// The section and row ids of `box`, in order (incomparable components are
/// never `==` to a copy, so the Boxes themselves are not compared).
private func ids(_ box: Box<Int, Int>) -> [[Int]] { box.sections.map { [$0.id] + $0.rows.map(\.id) } }

@Suite("Attacker-shaped Box pairs stay linear")
struct AttackerShapeTests {
    @Test(arguments: [false, true])
    func sectionsEmptiedBesideReboundRows(reconfigureStyle: Bool) throws {
        var options = DiffOptions()
        if reconfigureStyle { options.updateStyle = .reconfigure }
        let n = 40_000
        let crafted = (halfEmptied(n, target: false, rebound: true), halfEmptied(n, target: true, rebound: true))
        let control = (halfEmptied(n, target: false, rebound: false), halfEmptied(n, target: true, rebound: false))
        let craftedTime = try cpuSeconds {
            _ = try StagedChangeset(source: crafted.0, target: crafted.1, options: options)
        }
        let controlTime = try cpuSeconds {
            _ = try StagedChangeset(source: control.0, target: control.1, options: options)
        }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        let c = try StagedChangeset(source: crafted.0, target: crafted.1, options: options)
        #expect(ids(c.applied(to: crafted.0)) == ids(crafted.1))
    }

    @Test func updatedRowsBesideReboundRows() throws {
        let n = 40_000
        let crafted = (
            updatedEverywhere(n, target: false, rebound: true), updatedEverywhere(n, target: true, rebound: true)
        )
        let control = (
            updatedEverywhere(n, target: false, rebound: false), updatedEverywhere(n, target: true, rebound: false)
        )
        let craftedTime = try cpuSeconds { _ = try StagedChangeset(source: crafted.0, target: crafted.1) }
        let controlTime = try cpuSeconds { _ = try StagedChangeset(source: control.0, target: control.1) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        let c = try StagedChangeset(source: crafted.0, target: crafted.1)
        #expect(ids(c.applied(to: crafted.0)) == ids(crafted.1))
    }
}
