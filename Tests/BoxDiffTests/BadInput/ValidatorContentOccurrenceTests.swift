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
