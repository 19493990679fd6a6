import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import PropertyBased
import Testing

/// One combination of the options a flat diff honours.
struct FlatOptionSet: CustomTestStringConvertible, Sendable {
    var options: DiffOptions
    var testDescription: String {
        "\(options.algorithm) \(options.mode) \(options.updateStyle) threshold \(options.reloadThreshold.map(String.init) ?? "none")"
    }

    /// Every algorithm × mode × update style × (no threshold, a small one).
    static let all: [FlatOptionSet] = DiffAlgorithm.allCases.flatMap { algorithm in
        BatchMode.allCases.flatMap { mode in
            UpdateStyle.allCases.flatMap { style in
                [nil, 12].map { threshold in
                    var options = DiffOptions(algorithm: algorithm)
                    options.mode = mode
                    options.updateStyle = style
                    options.reloadThreshold = threshold
                    return FlatOptionSet(options: options)
                }
            }
        }
    }
}

@Suite("Flat API: options")
struct FlatOptionsTests {
    /// Random pairs under every option set: the stages replay to the target
    /// (the oracle applies reloads where UIKit lands them and reconfigures
    /// after their batch), the flat validator finds nothing, and the layout
    /// is the one the options ask for.
    @Test(arguments: FlatOptionSet.all)
    func everyOptionSetReplaysAndValidates(_ set: FlatOptionSet) async {
        let options = set.options
        await propertyCheck(count: 80, input: Gen.uint64(), Gen.int(in: 0...300), Gen.int(in: 1...40)) {
            seed, size, pool in
            let (old, new) = randomPair(seed: seed, size: size, pool: pool)
            let c = try StagedChangeset(source: old, target: new, options: options)
            let context = "seed \(seed) size \(size) pool \(pool)"
            #expect(c.violations(from: old).isEmpty, "\(context): \(c.violations(from: old))")
            var unlimited = options
            unlimited.reloadThreshold = nil
            let full = try StagedChangeset(source: old, target: new, options: unlimited)
            if c.reloadsEverything {
                #expect(full.changeCount > options.reloadThreshold!, "\(context)")
                #expect(c.count == 1 && !c[0].hasChanges && c[0].data == new, "\(context)")
                return
            }
            #expect(c == full, "under the threshold, the threshold changes nothing: \(context)")
            let replayed = try FlatReplay.replay(c, from: old)
            #expect(FlatReplay.same(replayed, new), "\(context)")
            #expect(!c.contains { !$0.hasChanges }, "empty stages are omitted")
            if let last = c.last { #expect(last.data == new) }
            switch options.mode {
            case .singleBatch: #expect(c.count <= 1)
            case .staged: #expect(c.count <= 3)
            }
            let updated = c.flatMap(\.elementUpdated)
            let reconfigured = c.flatMap(\.elementReconfigured)
            if options.updateStyle == .reconfigure {
                #expect(updated.isEmpty, "\(context)")
            } else {
                #expect(reconfigured.isEmpty, "\(context)")
            }
        }
    }

    /// The defaults are unchanged: updates in their own first stage, old
    /// indices.
    @Test func stagedReloadIsTheDefault() throws {
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new = [Item(id: 3, text: "x"), Item(id: 1), Item(id: 2)]
        let c = try StagedChangeset(source: old, target: new).validated(from: old)
        #expect(c.count == 2)
        #expect(c[0].elementUpdated == [ElementPath(section: 0, row: 2)])
        #expect(c[0].data == [Item(id: 1), Item(id: 2), Item(id: 3, text: "x")])
        #expect(c[1].elementMoved == [move(2, 0)])
    }

    /// `.reconfigure`, staged: no reload stage; the moves' stage still shows
    /// the old content, then one stage reconfigures at the new index.
    @Test func stagedReconfigureComesLastInNewIndices() throws {
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new = [Item(id: 3, text: "x"), Item(id: 1), Item(id: 2)]
        var options = DiffOptions()
        options.updateStyle = .reconfigure
        let c = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
        #expect(c.count == 2)
        #expect(c[0].elementMoved == [move(2, 0)])
        #expect(c[0].data == [Item(id: 3), Item(id: 1), Item(id: 2)])
        #expect(c[1].elementReconfigured == [ElementPath(section: 0, row: 0)])
        #expect(c[1].data == new)
        #expect(c.allSatisfy { $0.elementUpdated.isEmpty })
    }

    /// `.singleBatch` with reloads: a moved and updated element is a delete
    /// plus an insert; one updated in place is a reload of its old index.
    @Test func singleBatchReloadsOnlyWhereUIKitLandsThem() throws {
        var options = DiffOptions()
        options.mode = .singleBatch
        let old = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4)]
        let new = [Item(id: 3, text: "x"), Item(id: 1), Item(id: 2, text: "y"), Item(id: 4)]
        let c = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
        #expect(c.count == 1)
        #expect(c[0].data == new)
        #expect(c[0].elementDeleted == [ElementPath(section: 0, row: 2)])
        #expect(c[0].elementInserted == [ElementPath(section: 0, row: 0)])
        #expect(c[0].elementMoved.isEmpty)
        // 2 stays at old index 1: UIKit's r' = 1 − 0 deletes before it,
        // then past the insert at 0: 2, its new index.
        #expect(c[0].elementUpdated == [ElementPath(section: 0, row: 1)])
        #expect(try FlatReplay.replay(c, from: old) == new)
    }

    /// `.singleBatch`: an element kept in place by the moves but displaced
    /// by another element's move would be reloaded at the wrong row
    /// (UIKit ignores moves for r'), so it becomes a delete plus an insert.
    @Test func singleBatchDisplacedUpdateIsDeleteInsert() throws {
        var options = DiffOptions()
        options.mode = .singleBatch
        let old = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4)]
        // 2, 3, 4 keep their order (the one longest increasing run): 1 moves.
        let new = [Item(id: 2, text: "x"), Item(id: 3), Item(id: 4), Item(id: 1)]
        let c = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
        #expect(c.count == 1)
        #expect(c[0].elementUpdated.isEmpty)
        #expect(c[0].elementDeleted == [ElementPath(section: 0, row: 1)])
        #expect(c[0].elementInserted == [ElementPath(section: 0, row: 0)])
        #expect(c[0].elementMoved == [move(0, 3)])
        #expect(try FlatReplay.replay(c, from: old) == new)
        // Reloading old row 1 instead lands at row 1 and fails the check.
        let wrong = StagedChangeset([
            Changeset(data: new, elementUpdated: [ElementPath(section: 0, row: 1)], elementMoved: [move(0, 3)])
        ])
        #expect(wrong.violations(from: old).contains { $0.rule == .reloadTarget || $0.rule == .replayMismatch })
    }

    /// `.singleBatch` with `.reconfigure`: moves stay moves, updated
    /// elements are reconfigured at their new indices.
    @Test func singleBatchReconfigureKeepsMoves() throws {
        var options = DiffOptions()
        options.mode = .singleBatch
        options.updateStyle = .reconfigure
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new = [Item(id: 3, text: "x"), Item(id: 1, text: "y"), Item(id: 2)]
        let c = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
        #expect(c.count == 1)
        #expect(c[0].elementMoved == [move(2, 0)])
        #expect(c[0].elementReconfigured == [ElementPath(section: 0, row: 0), ElementPath(section: 0, row: 1)])
        #expect(c[0].elementUpdated.isEmpty && c[0].elementDeleted.isEmpty && c[0].elementInserted.isEmpty)
    }

    /// `reloadThreshold`: more changes than the threshold give a plan to
    /// reload everything with the target; as many give the stages.
    @Test(arguments: BatchMode.allCases)
    func reloadThresholdReloadsEverything(_ mode: BatchMode) throws {
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new = [Item(id: 4), Item(id: 1), Item(id: 3)]  // delete 2, insert 4
        var options = DiffOptions()
        options.mode = mode
        options.reloadThreshold = 1
        let over = try StagedChangeset(source: old, target: new, options: options)
        #expect(over.reloadsEverything)
        #expect(over.count == 1 && over[0].data == new && !over[0].hasChanges)
        #expect(over.violations(from: old).isEmpty && over.batchSteps().isEmpty)
        options.reloadThreshold = 2
        let within = try StagedChangeset(source: old, target: new, options: options).validated(from: old)
        #expect(!within.reloadsEverything)
        #expect(within.changeCount == 2)
        // No change at all stays empty, whatever the threshold.
        options.reloadThreshold = 0
        #expect(try StagedChangeset(source: old, target: old, options: options).isEmpty)
    }

    /// The flat validator reads ids and contents: it catches a wrong row,
    /// a missed update and a reload of unchanged content.
    @Test func flatValidatorFindsBrokenChangesets() {
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let wrongRow = StagedChangeset([
            Changeset(data: [Item(id: 1), Item(id: 3)], elementDeleted: [ElementPath(section: 0, row: 0)])
        ])
        #expect(wrongRow.violations(from: old).map(\.rule).contains(.replayMismatch))
        let badShape = StagedChangeset([
            Changeset(data: [Item(id: 1), Item(id: 2)], elementDeleted: [ElementPath(section: 0, row: 5)])
        ])
        #expect(badShape.violations(from: old).map(\.rule).contains(.rowDeleteOutOfRange))
        let missed = StagedChangeset([
            Changeset(data: [Item(id: 1), Item(id: 2, text: "x")], elementDeleted: [ElementPath(section: 0, row: 2)])
        ])
        #expect(missed.violations(from: old).map(\.rule).contains(.missedUpdate))
        let needless = StagedChangeset([Changeset(data: old, elementUpdated: [ElementPath(section: 0, row: 1)])])
        #expect(needless.violations(from: old).map(\.rule).contains(.reloadOfUnchangedContent))
        #expect(throws: InvalidChangesetError.self) { _ = try needless.validated(from: old) }
        // Contents are compared with isContentEqual among the same id.
        let fine = StagedChangeset([
            Changeset(
                data: [Item(id: 1), Item(id: 2, text: "x"), Item(id: 3)],
                elementUpdated: [ElementPath(section: 0, row: 1)])
        ])
        #expect(fine.violations(from: old).isEmpty)
        #expect(fine.batchSteps() == [BatchStep(update: fine[0].batchUpdate, after: [3])])
        #expect(fine.replaySteps().count == 1)
    }

    func move(_ from: Int, _ to: Int) -> Move<ElementPath> {
        Move(source: ElementPath(section: 0, row: from), destination: ElementPath(section: 0, row: to))
    }
}
