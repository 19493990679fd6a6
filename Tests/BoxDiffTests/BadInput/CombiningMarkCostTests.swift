import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

// Strings with one long run of combining marks out of canonical order, which
// the standard library's `==`, `hashValue` and NFC sort by insertion
// (quadratic in the run's inversions; found by review, 2026-11-29, fixed
// 2026-12-01 and, for the validator's replay, 2026-12-02). Each test
// compares the CPU time of diffing or validating such ids and contents with
// a same-sized control whose run is out of order too (BoxDiff sorts both
// alike) but only by a few marks, which the standard library's insertion
// sort moves in linear time: a ratio, not a speed goal. A call site that
// hands the standard library the crafted string as it is (`==`,
// `hashValue`) costs seconds against milliseconds and fails them.

/// Expects `body` on the crafted strings to cost at most 5 times what it
/// costs on the control, plus 0.05 s of CPU time.
private func expectLinear(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: (Bool) throws -> Void
) rethrows {
    let crafted = try cpuSeconds { try body(true) }
    let control = try cpuSeconds { try body(false) }
    #expect(
        crafted <= 5 * control + 0.05, "\(what): crafted \(crafted) s, control \(control) s",
        sourceLocation: sourceLocation)
}

@Suite("Bad input: long runs of combining marks, in CPU time")
struct CombiningMarkCostTests {
    /// Marks per string: the standard library's sort of one crafted run
    /// takes about 0.2 s (release), of the control's about 0.1 ms.
    let count = 20_000

    /// One section of the row `id` (content `content`) and a row "x".
    func box(id: String, content: String) -> Box<String, String> {
        Box(sections: [
            Section(id: "s", rows: [Node(id: id, component: Component(content)), Node(id: "x", component: "x")])
        ])
    }

    @Test func boxDiffs() throws {
        try expectLinear("as a row's changed content") { crafted in
            let text = markedString(count, crafted: crafted)
            _ = try StagedChangeset(source: box(id: "r", content: text), target: box(id: "r", content: text + "!"))
        }
        try expectLinear("as a row id and content spelled differently on the two sides") { crafted in
            let (a, b) = (markedString(count, crafted: crafted), markedString(count, crafted: crafted, swapped: true))
            _ = try StagedChangeset(source: box(id: a, content: a), target: box(id: b, content: b))
        }
    }

    @Test func flatDiffs() throws {
        try expectLinear("as AnyDifferentiable ids of String, Substring and Character") { crafted in
            let (a, b) = (markedString(count, crafted: crafted), markedString(count, crafted: crafted, swapped: true))
            _ = try StagedChangeset(
                source: [AnyDifferentiable(a), AnyDifferentiable(Substring(a)), AnyDifferentiable(a.first!)],
                target: [AnyDifferentiable(b.first!), AnyDifferentiable(Substring(b)), AnyDifferentiable(b)])
        }
        try expectLinear("as String? row ids") { crafted in
            let (a, b) = (markedString(count, crafted: crafted), markedString(count, crafted: crafted, swapped: true))
            _ = try StagedChangeset(
                source: Box<String, String?>(sections: [Section(id: "s", rows: [Node(id: Optional(a), component: "c")])]
                ),
                target: Box<String, String?>(sections: [Section(id: "s", rows: [Node(id: Optional(b), component: "c")])]
                ))
        }
    }

    /// The public `==` of `ArraySection` and of changesets (whose data are
    /// arrays of strings or of sections), as tests and apps call it.
    @Test func equalityOfSectionsAndChangesets() throws {
        expectLinear("ArraySection ==") { crafted in
            let (a, b) = (markedString(count, crafted: crafted), markedString(count, crafted: crafted, swapped: true))
            #expect(ArraySection(model: a, elements: [a, "x"]) == ArraySection(model: b, elements: [b, "x"]))
        }
        try expectLinear("StagedChangeset == over [String] and [ArraySection]") { crafted in
            let (a, b) = (markedString(count, crafted: crafted), markedString(count, crafted: crafted, swapped: true))
            let (x, y) = (
                try StagedChangeset(source: ["y"], target: ["x", a]),
                try StagedChangeset(source: ["y"], target: ["x", b])
            )
            #expect(x == y)
            let sections = try StagedChangeset(
                source: [ArraySection(model: "s", elements: ["y"])], target: [ArraySection(model: "s", elements: [a])])
            let respelled = try StagedChangeset(
                source: [ArraySection(model: "s", elements: ["y"])], target: [ArraySection(model: "s", elements: [b])])
            #expect(sections == respelled)
        }
    }

    /// The validator replays a changeset with a stage: the respelled row
    /// (id and content) changes content, so the replay compares its ids
    /// and the refreshed row's contents.
    @Test func validatorReplay() throws {
        var changesets: [Bool: (Box<String, String>, StagedChangeset<Box<String, String>>)] = [:]
        for crafted in [true, false] {
            let (a, b) = (markedString(count, crafted: crafted), markedString(count, crafted: crafted, swapped: true))
            let old = box(id: a, content: a)
            let changeset = try StagedChangeset(source: old, target: box(id: b, content: b + "!"))
            #expect(changeset.flatMap(\.elementUpdated).count == 1)
            changesets[crafted] = (old, changeset)
        }
        expectLinear("the validator over a respelled row that changes") { crafted in
            let (old, changeset) = changesets[crafted]!
            #expect(changeset.violations(from: old).isEmpty)
        }
    }
}
