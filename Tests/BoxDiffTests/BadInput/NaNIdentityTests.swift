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
