import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

/// `Component`'s value semantics (it keeps its value behind one shared
/// reference) and the stage builder's row copies for id types of every
/// kind: plain integers, `UUID` (plain bytes, resilient layout) and
/// `String` (references, copied through its value witnesses).
@Suite("Box model: components and row copies")
struct ComponentTests {
    @Test func equalValuesOfOneTypeAreEqualWithEqualHashes() {
        let a = Component(UInt64(42))
        let b = Component(UInt64(42))
        #expect(a == b)
        #expect(a.contentHash == b.contentHash)
        #expect(a.contentHash != 0)
        let s: Component = "Apples"
        #expect(s == Component("Apples"))
        #expect(s.contentHash == Component("Apples").contentHash)
    }

    @Test func differentValuesOrTypesDiffer() {
        #expect(Component(UInt64(1)) != Component(UInt64(2)))
        #expect(Component(UInt64(1)).contentHash != Component(UInt64(2)).contentHash)
        // Same bits, different types: not equal, and hashed apart.
        #expect(Component(1 as Int) != Component(1 as UInt64))
        #expect(Component(1 as Int).contentHash != Component(1 as UInt64).contentHash)
        #expect(Component("1") != Component(1))
    }

    @Test func incomparableEqualsNothingNotEvenItself() {
        let c = Component(incomparable: "closure stand-in")
        #expect(!c.isComparable)
        #expect(c.contentHash == 0)
        #expect(c != c)
        #expect(c.value(as: String.self) == "closure stand-in")
        #expect(c.description == "incomparable(String)", "the type only: the value is never read")
    }

    @Test func valueEqualityIsTheValuesOwn() {
        // A copy shares the storage and is equal, as the diff finds a
        // carried-over row unchanged; a separately made NaN is asked, and
        // is not equal.
        let nan = Component(Double.nan)
        let copy = nan
        #expect(nan == copy)
        #expect(nan != Component(Double.nan))
        #expect(Component("A") == Component("A"), "made separately, equal values")
        let one = Component(1.5)
        #expect(one.isComparable)
        #expect(one.value(as: Double.self) == 1.5)
        #expect(one.value(as: Int.self) == nil)
        #expect(one.description == "1.5")
    }

    @Test func contentHashReadInPlaceMatchesTheProperty() {
        let rows = [
            Node(id: 1, component: "a"), Node(id: 2, component: Component(incomparable: 0)),
            Node(id: 3, component: Component(UInt64(9))),
        ]
        let layout = NodeLayout<Int>()
        layout.withRows(rows) { count, reader in
            for r in 0..<count {
                #expect(Component.contentHash(at: reader.component(r)) == rows[r].component.contentHash)
            }
        }
    }

    /// Staged diffs whose stages copy rows (updates, then deletes) replay
    /// into the target and pass the validator, for every id kind.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func stagedCopiesReplayForEveryIdKind(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let (old, new) = BoxGenerators.pair(
            shape: BoxPairShape(maxSections: 6, maxRowsPerSection: 40, editRate: 0.3), using: &rng)
        try checkReplay(old, new)
        try checkReplay(Self.mapRows(old, Self.uuid), Self.mapRows(new, Self.uuid))
        try checkReplay(Self.mapRows(old) { "row-\($0)" }, Self.mapRows(new) { "row-\($0)" })
    }

    private func checkReplay<S: Hashable, R: Hashable>(_ old: Box<S, R>, _ new: Box<S, R>) throws {
        expectReplays(try StagedChangeset(source: old, target: new), from: old, to: new)
    }

    /// A UUID whose last eight bytes are `id`'s (distinct ids, distinct UUIDs).
    private static func uuid(_ id: Int) -> UUID {
        let b = withUnsafeBytes(of: UInt64(bitPattern: Int64(id)).bigEndian) { Array($0) }
        return UUID(uuid: (0xB0, 0x0D, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    }

    private static func mapRows<S, R: Hashable>(
        _ box: Box<S, Int>, _ id: (Int) -> R
    ) -> Box<S, R> {
        Box(
            sections: box.sections.map { section in
                Section(
                    id: section.id, header: section.header, footer: section.footer,
                    rows: section.rows.map { Node(id: id($0.id), component: $0.component) })
            })
    }
}
