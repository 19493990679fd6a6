import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import PropertyBased
import Testing

/// Option sets for the sectioned property tests: every algorithm × mode ×
/// update style, and one with a reload threshold.
private let sectionOptionGrid = OptionGrids.withThreshold

/// Everything wrong with the sectioned diff of a random Box pair mapped to
/// `[ArraySection]` (with noise in the fields `isContentEqual` ignores),
/// under every option set:
/// - its calls are the Box diff's on the same content, stage by stage;
/// - its stages, mapped to Box form, pass `BoxReplay.problems` (the
///   validator, and an independent stage-by-stage replay reaching each
///   stage's data and the target);
/// - the sectioned validator finds nothing;
/// - the last stage's data is the target itself (ignored fields included).
private func sectionProblems(_ oldBox: BoxGenerators.TestBox, _ newBox: BoxGenerators.TestBox, seed: UInt64) throws
    -> [String]
{
    var rng = SeededGenerator(seed: seed ^ 0x5EC7)
    let old = SectionTestMapping.sections(oldBox, using: &rng)
    let new = SectionTestMapping.sections(newBox, using: &rng)
    var problems: [String] = []
    let workspace = try DiffWorkspace()
    for options in sectionOptionGrid {
        var found: [String] = []
        let sectioned = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        let boxed = try StagedChangeset(source: oldBox, target: newBox, options: options, workspace: workspace)
        if sectioned.stages.map(\.batchUpdate) != boxed.stages.map(\.batchUpdate)
            || sectioned.reloadsEverything != boxed.reloadsEverything
        {
            found.append("calls differ from the Box diff's: \(sectioned.stages) vs \(boxed.stages)")
        }
        found += BoxReplay.problems(SectionTestMapping.box(sectioned), from: oldBox, to: newBox)
        found += sectioned.violations(from: old).map(\.description)
        if let last = sectioned.last, last.data != new { found.append("last stage's data is not the target") }
        if sectioned.isEmpty != (oldBox == newBox) { found.append("empty changeset: \(sectioned.isEmpty)") }
        if !found.isEmpty {
            problems.append(
                "seed \(seed) \(options.algorithm) \(options.mode) \(options.updateStyle) \(options.reloadThreshold.map(String.init) ?? "-"):"
            )
            problems += found.prefix(5)
        }
    }
    return problems
}

@Suite("Sectioned diff: properties")
struct SectionPropertyTests {
    /// Unique ids, under every option set.
    @Test func randomSectionsReplayAndValidate() async {
        await expectNoProblems(
            count: 300, sections: 0...10, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, editRate: 0.25) }, sectionProblems)
    }

    /// Duplicate section and element ids, paired in order.
    @Test func duplicatesReplayAndValidate() async {
        await expectNoProblems(
            count: 300, sections: 0...8, rows: 0...12,
            shape: { BoxPairShape(maxSections: $0, maxRowsPerSection: $1, duplicates: true, editRate: 0.3) },
            sectionProblems)
    }

    /// Noise in ignored fields only: never a change.
    @Test func ignoredFieldsNeverChangeAnything() async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...10), Gen.int(in: 0...20)) {
            seed, sections, rows in
            var rng = SeededGenerator(seed: seed)
            let (box, _) = BoxGenerators.pair(
                shape: BoxPairShape(maxSections: sections, maxRowsPerSection: rows), using: &rng)
            let old = SectionTestMapping.sections(box, using: &rng)
            let new = SectionTestMapping.sections(box, using: &rng)
            for options in sectionOptionGrid {
                let changeset = try StagedChangeset(source: old, target: new, options: options)
                #expect(changeset.isEmpty, "seed \(seed): \(changeset.stages)")
            }
        }
    }
}
