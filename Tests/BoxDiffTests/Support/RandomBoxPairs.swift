import BoxDiff
import BoxDiffTestSupport
import PropertyBased
import Testing

/// The property tests' common loop: `count` random Box pairs, each drawn
/// from a seed with up to `sections` sections of up to `rows` rows (both
/// drawn per pair), handed to `problems`, which must find none.
///
/// - Parameters:
///   - shape: the pair's shape given the drawn section and row limits.
///   - problems: everything wrong with the diffs of one pair (and its seed).
func expectNoProblems(
    count: Int, sections: ClosedRange<Int>, rows: ClosedRange<Int>,
    shape: @escaping @Sendable (_ sections: Int, _ rows: Int) -> BoxPairShape,
    _ problems: @escaping @Sendable (BoxGenerators.TestBox, BoxGenerators.TestBox, UInt64) throws -> [String]
) async {
    await propertyCheck(count: count, input: Gen.uint64(), Gen.int(in: sections), Gen.int(in: rows)) {
        seed, sections, rows in
        var rng = SeededGenerator(seed: seed)
        let (old, new) = BoxGenerators.pair(shape: shape(sections, rows), using: &rng)
        let found = try problems(old, new, seed)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))\nold \(old)\nnew \(new)")
    }
}
