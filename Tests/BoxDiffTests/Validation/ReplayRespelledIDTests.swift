import BoxDiffTestSupport
import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

/// Trust: the validator's replay compares and hashes ids as the diff does
/// (in linear time for strings with long runs of combining marks): ids
/// spelled in different canonically equivalent orders are one id, ids one
/// mark apart are two.
@Suite("Batch validation: ids spelled differently")
struct ReplayRespelledIDTests {
    /// "row" and 300 pairs of marks, U+0301 and U+0316 in one order (`a`)
    /// and the other (`b`, `==` to `a`); `c` is `a` and one mark more.
    let a: String
    let b: String
    let c: String

    init() { (a, b, c) = respelledRows() }

    typealias State = BatchReplayState<String, String>

    func state(_ section: String, _ rows: [String], content: Int = 0) -> State {
        State(sections: [State.Section(id: section, content: 0, rows: rows.map { State.Row(id: $0, content: content) })]
        )
    }

    /// The states' `==` and hash answer as the synthesized ones would:
    /// respelled ids are equal and hash alike, a mark more is not equal.
    @Test func statesCompareIDsByEquivalence() {
        #expect(a == b && Array(a.utf8) != Array(b.utf8))
        #expect(state(a, [a, "x"]) == state(b, [b, "x"]))
        #expect(state(a, [a, "x"]).hashValue == state(b, [b, "x"]).hashValue)
        #expect(State.Row(id: a, content: 1).hashValue == State.Row(id: b, content: 1).hashValue)
        #expect(state(a, [a]) != state(c, [a]))
        #expect(state(a, [a]) != state(a, [c]))
        #expect(state(a, [a], content: 1) != state(a, [b], content: 2))
        #expect(state(a, [a, b]) != state(a, [a]))
        // A NaN id is not equal to itself, as with the synthesized `==`.
        let nan = BatchReplayState<Int, Double>.Row(id: .nan, content: 0)
        #expect(nan != nan)
    }

    /// The replay matches a row or section shown under one spelling with
    /// the data source's other spelling, and flags one a mark apart.
    @Test func replayMatchesRespelledIDs() {
        /// Replays `update` from `before`, the data source showing `after`
        /// (as the step's state, or known only as the target).
        func replay(_ before: State, _ update: BatchUpdate, _ after: State) -> [[BatchRule]] {
            [
                validator.replayViolations(
                    from: before, to: after, steps: [BatchReplayStep(update: update, afterState: after)]),
                validator.replayViolations(
                    from: before, to: after, steps: [BatchStep(update: update, after: after.shape)]),
            ].map { $0.map(\.rule) }
        }
        #expect(replay(state(a, [a, "x"]), BatchUpdate(), state(b, [b, "x"])) == [[], []])
        #expect(
            replay(state(a, [a, "x"]), BatchUpdate(), state(a, [c, "x"])) == [[.replayMismatch], [.replayMismatch]])
        #expect(replay(state(a, ["x"]), BatchUpdate(), state(c, ["x"])) == [[.replayMismatch], [.replayMismatch]])
        // A reload of a respelled row whose content did not change is a
        // reload of unchanged content; with a new content it is right.
        let reload = BatchUpdate(elementUpdated: [ElementPath(element: 0, section: 0)])
        #expect(
            replay(state(a, [a]), reload, state(b, [b]))
                == [[.reloadOfUnchangedContent], [.reloadOfUnchangedContent]])
        #expect(replay(state(a, [a]), reload, state(b, [b], content: 1)) == [[], []])
    }

    /// The validators of the Box, sectioned and flat changesets find the
    /// diff's changesets between respelled ids valid.
    @Test func changesetsBetweenRespellingsAreValid() throws {
        let old = Box<String, String>(sections: [
            Section(id: a, rows: [Node(id: a, component: Component(a)), Node(id: "x", component: "x")])
        ])
        let new = Box<String, String>(sections: [
            Section(id: b, rows: [Node(id: "y", component: "y"), Node(id: b, component: Component(b + "!"))])
        ])
        let box = try StagedChangeset(source: old, target: new)
        #expect(box.flatMap(\.elementUpdated).count == 1)
        #expect(box.violations(from: old).isEmpty)
        let optional = Box<String, String?>(sections: [Section(id: "s", rows: [Node(id: Optional(a), component: "1")])])
        let optionalNew = Box<String, String?>(sections: [
            Section(id: "s", rows: [Node(id: Optional(b), component: "2")])
        ])
        let optionalChangeset = try StagedChangeset(source: optional, target: optionalNew)
        #expect(optionalChangeset.flatMap(\.elementInserted).isEmpty)
        #expect(optionalChangeset.violations(from: optional).isEmpty)
        let flat = try StagedChangeset(source: [a, "x", c], target: ["x", b])
        #expect(flat.violations(from: [a, "x", c]).isEmpty)
        let any = try StagedChangeset(
            source: [AnyDifferentiable(a), AnyDifferentiable(1)], target: [AnyDifferentiable(1), AnyDifferentiable(b)])
        #expect(any.violations(from: [AnyDifferentiable(a), AnyDifferentiable(1)]).isEmpty)
    }

    let validator = BatchUpdateValidator()
}

/// `ArraySection`'s and changesets' `==` answer as the standard library's
/// would: respelled strings equal, a mark apart not, and an array's one
/// storage equal to itself even holding a NaN.
@Suite("Equality of sections and changesets with respelled strings")
struct RespelledEqualityTests {
    @Test func sectionsAndChangesets() throws {
        let (a, b, c) = respelledRows()
        #expect(ArraySection(model: a, elements: [a, "x"]) == ArraySection(model: b, elements: [b, "x"]))
        #expect(ArraySection(model: a, elements: [a]) != ArraySection(model: c, elements: [a]))
        #expect(ArraySection(model: a, elements: [a]) != ArraySection(model: a, elements: [c]))
        #expect(ArraySection(model: a, elements: [a]) != ArraySection(model: a, elements: [a, a]))
        let nans = [Double.nan, 1]
        #expect(IdentityHashing.arraysEqual(nans, nans) && nans == nans)
        #expect(!IdentityHashing.arraysEqual(nans, [Double.nan, 1]) && nans != [Double.nan, 1])
        let strings = try StagedChangeset(source: ["y"], target: ["x", a])
        #expect(strings == (try StagedChangeset(source: ["y"], target: ["x", b])))
        #expect(strings != (try StagedChangeset(source: ["y"], target: ["x", c])))
        let substrings = try StagedChangeset(source: [Substring("y")], target: [Substring(a)])
        #expect(substrings == (try StagedChangeset(source: [Substring("y")], target: [Substring(b)])))
        #expect(substrings != (try StagedChangeset(source: [Substring("y")], target: [Substring(c)])))
        let sections = try StagedChangeset(
            source: [ArraySection(model: a, elements: ["y"])], target: [ArraySection(model: a, elements: [a])])
        #expect(
            sections
                == (try StagedChangeset(
                    source: [ArraySection(model: b, elements: ["y"])], target: [ArraySection(model: b, elements: [b])]))
        )
    }
}
