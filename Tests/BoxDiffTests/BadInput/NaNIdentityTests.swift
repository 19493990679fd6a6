import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

// Ids that are not `==` to themselves: a `Double` NaN, or a value holding
// one, such as a map pin keyed by its coordinates that a feed sends with
// NaN for "unknown" (every such pin the same bits, the same hash, and `==`
// to none, itself included). The core pairs equal hashes as one repeated
// id, the pairs fail `==`, and the exact numbering that then tells the ids
// apart compared each such id with every earlier one in its hash bucket:
// quadratic (found by review, 2026-11-29; a release build, 1,000, 2,000
// and 4,000 such ids: 0.028 s, 0.11 s and 0.44 s against 0.0001-0.0004 s
// for distinct pins, 370x, 720x and 1,130x). Such an id now gets a class of
// its own without walking its bucket: it can join none.

private struct Pin: Hashable {
    var latitude: Double
    var longitude: Double
}

private struct Place: Differentiable {
    var pin: Pin
    var differenceIdentifier: Pin { pin }
    func isContentEqual(to source: Place) -> Bool { true }
}

/// `n` places: every one at the unknown pin (NaN, NaN), or distinct pins.
private func places(_ n: Int, unknown: Bool) -> [Place] {
    (0..<n).map { i in
        Place(pin: unknown ? Pin(latitude: .nan, longitude: .nan) : Pin(latitude: 1, longitude: Double(i)))
    }
}

@Suite struct NaNIdentityTests {
    @Test(arguments: [DiffAlgorithm.heckel, .lcs])
    func idsUnequalToThemselvesCostWhatDistinctIDsCost(algorithm: DiffAlgorithm) throws {
        let n = 3_000
        let options = DiffOptions(algorithm: algorithm)
        let (crafted, control) = (places(n, unknown: true), places(n, unknown: false))
        let craftedTime = try cpuSeconds {
            _ = try StagedChangeset(source: crafted, target: crafted.reversed(), options: options)
        }
        let controlTime = try cpuSeconds {
            _ = try StagedChangeset(source: control, target: control.reversed(), options: options)
        }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        // None pairs (none is `==` to another): all deleted and inserted.
        // (The validator cannot check these: its replay compares ids with
        // `==` too, and reports every such row as the wrong one.)
        let changeset = try StagedChangeset(source: crafted, target: crafted.reversed(), options: options)
        #expect(changeset.stages.flatMap(\.elementDeleted).count == n)
        #expect(changeset.stages.flatMap(\.elementInserted).count == n)
    }

    @Test func boxRowsAndSectionsUnequalToThemselves() throws {
        let n = 3_000
        func box(_ unknown: Bool, reversed: Bool) -> Box<Pin, Pin> {
            let pins = places(n, unknown: unknown).map(\.pin)
            let sections = (0..<n).map { Section(id: pins[$0], rows: [Node(id: pins[$0], component: Component($0))]) }
            return Box(sections: reversed ? sections.reversed() : sections)
        }
        let crafted = (box(true, reversed: false), box(true, reversed: true))
        let control = (box(false, reversed: false), box(false, reversed: true))
        let craftedTime = try cpuSeconds { _ = try StagedChangeset(source: crafted.0, target: crafted.1) }
        let controlTime = try cpuSeconds { _ = try StagedChangeset(source: control.0, target: control.1) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        let changeset = try StagedChangeset(source: crafted.0, target: crafted.1)
        #expect(changeset.stages.flatMap(\.sectionDeleted).count == n)
        #expect(changeset.stages.flatMap(\.sectionInserted).count == n)
    }
}

// Contents not `==` to themselves (a NaN price, say), validated: the
// validator numbers a Box's contents by `==`, filed under their content
// hash and their own seeded hash, and every NaN of a type has the same
// ones, so each was compared with every earlier one and none matched:
// quadratic (found by review, 2026-11-29; a release build, 4,000 rows:
// 0.80 s against 0.017 s for distinct values, 48x, doubling with n; 4,000
// section headers 0.96 s against 0.020 s). Such a component is now filed
// under its own instance, the only one `==` accepts it as equal to.
@Suite struct NaNContentTests {
    /// `n` rows (or sections with a header, `headers`) whose contents are
    /// NaN (`crafted`) or distinct numbers, different in the target.
    private func box(_ n: Int, crafted: Bool, headers: Bool, target: Bool) -> Box<Int, Int> {
        func value(_ i: Int) -> Component { Component(crafted ? .nan : Double(i) + (target ? 0.5 : 0)) }
        guard headers else {
            return Box(sections: [Section(id: 0, rows: (0..<n).map { Node(id: $0, component: value($0)) })])
        }
        return Box(sections: (0..<n).map { Section(id: $0, header: value($0)) })
    }

    @Test(arguments: [false, true])
    func validatorWithNaNContents(headers: Bool) throws {
        let n = 2_000
        let crafted = (
            box(n, crafted: true, headers: headers, target: false),
            box(n, crafted: true, headers: headers, target: true)
        )
        let control = (
            box(n, crafted: false, headers: headers, target: false),
            box(n, crafted: false, headers: headers, target: true)
        )
        let craftedChangeset = try expectValidatesLikeControl(crafted: crafted, control: control)
        // Every NaN is a change (a new instance, never `==`); a Box diffed
        // against itself (the same instances) has none, and validates.
        let updates = craftedChangeset.stages.map { headers ? $0.sectionUpdated.count : $0.elementUpdated.count }
        #expect(updates.reduce(0, +) == n)
        let same = try StagedChangeset(source: crafted.0, target: crafted.0)
        #expect(same.isEmpty)
        #expect(same.violations(from: crafted.0).isEmpty)
    }
}
