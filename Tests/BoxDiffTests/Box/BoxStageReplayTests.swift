import BoxDiff
import BoxDiffTestSupport
import Testing

/// The Box oracle (`BoxStageReplay`) on its own: it must agree with the
/// library's `applied(to:)` without sharing its code, and refuse calls it
/// cannot apply.
@Suite("Box oracle: independent stage replay")
struct BoxStageReplayTests {
    @Test(arguments: BatchMode.allCases)
    func agreesWithTheLibraryOnGeneratedStages(mode: BatchMode) throws {
        var options = DiffOptions()
        options.mode = mode
        for seed in 0..<200 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let (old, new) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: 6, maxRowsPerSection: 8, editRate: 0.3), using: &rng)
            options.updateStyle = seed % 2 == 0 ? .reload : .reconfigure
            var box = old
            for stage in try StagedChangeset(source: old, target: new, options: options) {
                let replayed = try BoxStageReplay.apply(stage, to: box)
                #expect(BoxReplay.same(replayed, stage.applied(to: box)), "seed \(seed)")
                #expect(BoxReplay.same(replayed, stage.data), "seed \(seed)")
                box = replayed
            }
        }
    }

    /// One batch of every kind of call, worked out by hand: a reload lands
    /// at the index UIKit computes (shifted by the delete and the insert).
    @Test func handWorkedBatch() throws {
        typealias B = Box<String, Int>
        func row(_ id: Int, _ text: String = "") -> Node<Int> { Node(id: id, component: Component(text)) }
        let old = B(sections: [
            Section(id: "a", rows: [row(1), row(2), row(3), row(4)]),
            Section(id: "gone", rows: [row(5)]),
            Section(id: "b", rows: [row(6), row(7)]),
        ])
        let new = B(sections: [
            Section(id: "a", rows: [row(9), row(2), row(3), row(4, "new"), row(7)]),
            Section(id: "fresh", rows: [row(8)]),
            Section(id: "b", rows: [row(6)]),
        ])
        let p = { (s: Int, r: Int) in ElementPath(section: s, row: r) }
        // Row 4's reload: r' = 3 - 1 delete + 1 insert = 3.
        let stage = Changeset(
            data: new, sectionDeleted: [1], sectionInserted: [1],
            elementDeleted: [p(0, 0)], elementInserted: [p(0, 0)], elementUpdated: [p(0, 3)],
            elementMoved: [Move(source: p(2, 1), destination: p(0, 4))])
        #expect(BoxReplay.same(try BoxStageReplay.apply(stage, to: old), new))
    }

    @Test func refusesCallsOutOfRange() {
        let old = Box<Int, Int>(sections: [Section(id: 0, rows: [Node(id: 1, component: 1)])])
        let bad = Changeset(data: old, elementDeleted: [ElementPath(section: 0, row: 3)])
        #expect(throws: BoxStageReplay.Failure.self) { try BoxStageReplay.apply(bad, to: old) }
        let twice = Changeset(data: old, sectionDeleted: [0], sectionUpdated: [0])
        #expect(throws: BoxStageReplay.Failure.self) { try BoxStageReplay.apply(twice, to: old) }
    }
}
