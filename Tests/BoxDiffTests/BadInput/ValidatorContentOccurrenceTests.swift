import BoxDiffTestSupport
import Testing

@testable import BoxDiff
@testable import BoxDiffValidation

// The flat and sectioned validators give contents as occurrences compared on
// demand (`ContentOccurrences`), no longer as numbers from comparing each
// content with every earlier one of its id (quadratic in one repeated id
// with distinct contents; see `AttackerShapeTests.validatorWithOneIDRepeated`).
// The public flat `replaySteps()` still numbers contents; the validator's
// answers must be those of a replay on the numbers, whatever the duplicates,
// the calls (emitted, or with refreshes dropped or added) and the ids' hashes.

/// Equal by `key`, hashed by `key` and `salt` (`salt` 0: an honest id).
private struct SaltedKey: Hashable {
    var key: Int
    var salt: Int
    static func == (a: SaltedKey, b: SaltedKey) -> Bool { a.key == b.key }
    func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(salt)
    }
}

/// A flat element of few ids and few contents, so ids repeat and contents
/// repeat within an id.
private struct Tagged: Differentiable {
    var id: SaltedKey
    var text: Int
    var differenceIdentifier: SaltedKey { id }
    func isContentEqual(to source: Tagged) -> Bool { text == source.text }
}

/// The answer of the replay on content numbers (``FlatContentNumbering``,
/// the source numbered first, as the validator did).
private func numberedViolations(_ changeset: StagedChangeset<[Tagged]>, from source: [Tagged]) -> [BatchViolation] {
    let numbering = FlatContentNumbering<Tagged>()
    let before = source.flatReplayState(content: numbering.number)
    let steps = changeset.replaySteps(content: numbering.number)
    guard let target = steps.last?.afterState else { return [] }
    return BatchUpdateValidator().violations(from: before, to: target, steps: steps)
}

/// `changeset` with every stage's refreshes dropped, or with every row of
/// each stage reloaded or reconfigured as well.
private func tampered(_ changeset: StagedChangeset<[Tagged]>, _ kind: Int) -> StagedChangeset<[Tagged]> {
    var stages = Array(changeset)
    var previousCount: Int?
    for k in stages.indices {
        let oldCount = previousCount ?? 0
        switch kind {
        case 0:
            stages[k].elementUpdated = []
            stages[k].elementReconfigured = []
        case 1: stages[k].elementUpdated = (0..<oldCount).map { ElementPath(section: 0, row: $0) }
        default: stages[k].elementReconfigured = stages[k].data.indices.map { ElementPath(section: 0, row: $0) }
        }
        previousCount = stages[k].data.count
    }
    return StagedChangeset(stages)
}

@Suite("Validator content occurrences answer as content numbers")
struct ValidatorContentOccurrenceTests {
    @Test func flatOccurrencesAnswerAsNumbers() throws {
        var rng = SeededGenerator(seed: 0x0CC5)
        func list(salted: Bool) -> [Tagged] {
            (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                Tagged(
                    id: SaltedKey(
                        key: .random(in: 0..<3, using: &rng), salt: salted ? .random(in: 0..<2, using: &rng) : 0),
                    text: .random(in: 0..<3, using: &rng))
            }
        }
        var reconfigure = DiffOptions()
        reconfigure.updateStyle = .reconfigure
        var compared = 0
        var withViolations = 0
        for round in 0..<600 {
            let salted = round % 3 == 2
            let (a, b) = (list(salted: salted), list(salted: salted))
            for options in [DiffOptions(), reconfigure] {
                let emitted = try StagedChangeset(source: a, target: b, options: options)
                for changeset in [emitted, tampered(emitted, 0), tampered(emitted, 1), tampered(emitted, 2)] {
                    let expected = numberedViolations(changeset, from: a)
                    let found = changeset.violations(from: a)
                    #expect(found == expected, "\(a.map(\.text)) -> \(b.map(\.text)): \(found) vs \(expected)")
                    compared += 1
                    let contentRules: Set<BatchRule> = [
                        .missedUpdate, .reloadOfUnchangedContent, .reconfigureOfUnchangedRow,
                    ]
                    if expected.contains(where: { contentRules.contains($0.rule) }) { withViolations += 1 }
                }
            }
        }
        // The premise: many changesets break the rules that compare contents.
        #expect(withViolations > compared / 4, "\(withViolations) of \(compared)")
    }
}

/// The sectioned validator's numbering before contents became occurrences
/// (`SectionedContentNumbering` at 360a62a): per identity, the number of
/// the first earlier content-equal value.
private final class OldSectionedNumbering {
    typealias Sec = ArraySection<Tagged, Tagged>
    typealias State = BatchReplayState<SaltedKey, SaltedKey>
    private var sections: ContentNumberer.Filed<SaltedKey, Sec> = HashBuckets()
    private var rows: ContentNumberer.Filed<SaltedKey, Tagged> = HashBuckets()
    private var numberer = ContentNumberer()

    func state(of data: [Sec]) -> State {
        State(
            sections: data.map { section in
                let rowStates = section.elements.map { element in
                    State.Row(
                        id: element.differenceIdentifier,
                        content: numberer.number(element, key: element.differenceIdentifier, in: &rows) {
                            $0.isContentEqual(to: $1)
                        })
                }
                return State.Section(
                    id: section.differenceIdentifier,
                    content: numberer.number(section, key: section.differenceIdentifier, in: &sections) {
                        $0.isContentEqual(to: $1)
                    }, rows: rowStates)
            })
    }
}

/// `changeset` with each stage's section and row refreshes dropped, or
/// with every section of each stage reloaded as well.
private func tamperedSections(
    _ changeset: StagedChangeset<[ArraySection<Tagged, Tagged>]>, _ kind: Int
) -> StagedChangeset<[ArraySection<Tagged, Tagged>]> {
    var stages = Array(changeset)
    var previousCount = 0
    for k in stages.indices {
        if kind == 0 {
            stages[k].sectionUpdated = []
            stages[k].elementUpdated = []
            stages[k].elementReconfigured = []
        } else {
            stages[k].sectionUpdated = Array(0..<previousCount)
        }
        previousCount = stages[k].data.count
    }
    return StagedChangeset(stages)
}

extension ValidatorContentOccurrenceTests {
    /// The sectioned check (section contents too) answers as the replay on
    /// the numbers did, with salted (Hashable-breaking) ids as well.
    @Test func sectionedOccurrencesAnswerAsNumbers() throws {
        var rng = SeededGenerator(seed: 0x5EC7)
        func tagged(salted: Bool) -> Tagged {
            Tagged(
                id: SaltedKey(key: .random(in: 0..<3, using: &rng), salt: salted ? .random(in: 0..<2, using: &rng) : 0),
                text: .random(in: 0..<3, using: &rng))
        }
        func data(salted: Bool) -> [ArraySection<Tagged, Tagged>] {
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                ArraySection(
                    model: tagged(salted: salted),
                    elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in tagged(salted: salted) })
            }
        }
        var compared = 0
        var withViolations = 0
        for round in 0..<400 {
            let salted = round % 3 == 2
            let (a, b) = (data(salted: salted), data(salted: salted))
            guard let emitted = try? StagedChangeset(source: a, target: b) else { continue }
            for changeset in [emitted, tamperedSections(emitted, 0), tamperedSections(emitted, 1)] {
                let numbering = OldSectionedNumbering()
                let before = numbering.state(of: a)
                let steps = changeset.map {
                    BatchReplayStep(update: $0.batchUpdate, afterState: numbering.state(of: $0.data))
                }
                var expected: [BatchViolation] = []
                if !changeset.reloadsEverything, let target = steps.last?.afterState {
                    expected = BatchUpdateValidator().violations(from: before, to: target, steps: steps)
                }
                let found = changeset.violations(from: a)
                #expect(found == expected, "\(a) -> \(b): \(found) vs \(expected)")
                compared += 1
                if !expected.isEmpty { withViolations += 1 }
            }
        }
        #expect(withViolations > compared / 5, "\(withViolations) of \(compared)")
    }

    /// Where `isContentEqual(to:)` is not transitive (a tolerance), the
    /// occurrences answer as the direct comparison the diff makes, not as
    /// the numbering, which compared a content only with the first of its
    /// class: the numbering reported a missed update the diff rightly did
    /// not emit (v1 → v2 is within the tolerance, but v2 is not within it
    /// of v0, the first content of that id).
    @Test func nonTransitiveContentEqualityAnswersAsTheDiff() throws {
        struct Approx: Differentiable {
            var id: Int
            var value: Int
            var differenceIdentifier: Int { id }
            func isContentEqual(to source: Approx) -> Bool { abs(value - source.value) <= 1 }
        }
        let source = [Approx(id: 1, value: 0), Approx(id: 1, value: 1)]
        // Id 2 is inserted, so that there is a stage to check.
        let target = [Approx(id: 1, value: 1), Approx(id: 1, value: 2), Approx(id: 2, value: 0)]
        let changeset = try StagedChangeset(source: source, target: target)
        #expect(changeset.count == 1)
        #expect(changeset.violations(from: source).isEmpty)
        let numbering = FlatContentNumbering<Approx>()
        let before = source.flatReplayState(content: numbering.number)
        let steps = changeset.replaySteps(content: numbering.number)
        let last = try #require(steps.last?.afterState)
        let numbered = BatchUpdateValidator().violations(from: before, to: last, steps: steps)
        #expect(numbered.map(\.rule) == [.missedUpdate])
    }
}

/// `changeset` (of Boxes) with every stage's refreshes dropped, or with
/// every row of each stage reloaded, or every row reconfigured, or every
/// section reloaded as well.
private func tamperedBoxes(_ changeset: StagedChangeset<Box<Int, Int>>, _ kind: Int) -> StagedChangeset<Box<Int, Int>> {
    var stages = Array(changeset)
    var previous: Box<Int, Int>?
    for k in stages.indices {
        let old = previous?.sections.map(\.rows.count) ?? []
        let new = stages[k].data.sections.map(\.rows.count)
        func paths(_ counts: [Int]) -> [ElementPath] {
            counts.enumerated().flatMap { s, count in (0..<count).map { ElementPath(section: s, row: $0) } }
        }
        switch kind {
        case 0:
            stages[k].sectionUpdated = []
            stages[k].elementUpdated = []
            stages[k].elementReconfigured = []
        case 1: stages[k].elementUpdated = paths(old)
        case 2: stages[k].elementReconfigured = paths(new)
        default: stages[k].sectionUpdated = Array(old.indices)
        }
        previous = stages[k].data
    }
    return StagedChangeset(stages)
}

extension ValidatorContentOccurrenceTests {
    /// The Box check compares contents as occurrences
    /// (`ComponentOccurrences`), no longer as numbers from comparing each
    /// content with every earlier one of its hashes (quadratic in values
    /// sharing one hash; see `AttackerShapeTests.validatorWithContentsPartlyHashed`).
    /// It answers as the replay on the public `replaySteps(from:)` numbers,
    /// with contents that share hashes (`PartlyHashed`), NaNs and
    /// incomparable components among them, duplicate ids, and calls
    /// emitted, dropped or added.
    @Test func boxOccurrencesAnswerAsNumbers() throws {
        var rng = SeededGenerator(seed: 0xB0C5)
        func component() -> Component? {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return nil
            case 1: return Component(Double.nan)
            case 2: return Component(incomparable: 0)
            case 3: return Component(Int.random(in: 0..<2, using: &rng))
            default:
                return Component(
                    PartlyHashed(id: .random(in: 0..<2, using: &rng), text: "\(Int.random(in: 0..<3, using: &rng))"))
            }
        }
        func box() -> Box<Int, Int> {
            Box(
                sections: (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    Section(
                        id: .random(in: 0..<3, using: &rng), header: component(), footer: component(),
                        rows: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                            Node(id: .random(in: 0..<4, using: &rng), component: component() ?? Component(0))
                        })
                })
        }
        var compared = 0
        var withViolations = 0
        for round in 0..<500 {
            let (a, b) = (box(), box())
            var options = DiffOptions()
            options.updateStyle = round % 2 == 0 ? .reload : .reconfigure
            options.mode = round % 4 < 2 ? .staged : .singleBatch
            let emitted = try StagedChangeset(source: a, target: b, options: options)
            for changeset in (0..<4).map({ tamperedBoxes(emitted, $0) }) + [emitted] {
                let (before, steps) = changeset.replaySteps(from: a)
                var expected: [BatchViolation] = []
                if let target = steps.last?.afterState {
                    expected = BatchUpdateValidator().violations(from: before, to: target, steps: steps)
                }
                let found = changeset.violations(from: a)
                #expect(found == expected, "\(a) -> \(b): \(found) vs \(expected)")
                compared += 1
                let contentRules: Set<BatchRule> = [
                    .missedUpdate, .reloadOfUnchangedContent, .reconfigureOfUnchangedRow,
                ]
                if expected.contains(where: { contentRules.contains($0.rule) }) { withViolations += 1 }
            }
        }
        // The premise: many changesets break the rules that compare
        // contents (about one in eight).
        #expect(withViolations > compared / 10, "\(withViolations) of \(compared)")
    }
}
