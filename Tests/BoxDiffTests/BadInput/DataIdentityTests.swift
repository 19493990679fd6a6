import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

// `Data` ids and contents chosen by whoever supplies them (message ids,
// digests, keys). `Data`'s own `hashValue` reads its count and its first
// 80 bytes only, so values that differ only past byte 80 all hashed alike:
// as ids, the core saw one id repeated and the exact numbering that then
// told them apart compared each with every earlier one; as contents, the
// validator filed them all under one content hash. Both were quadratic
// (found by review, 2026-11-29; a release build, 4,000 of them: flat ids
// 0.71 s against 0.0019 s for data differing early, Box rows 0.71 s against
// 0.0024 s, validating a Box of such contents 1.65 s against 0.021 s).
// `Data` is hashed through XXH3 of all its bytes now, as `[UInt8]` is.

/// A 108-byte `Data`: 100 equal bytes and the 8 bytes of `i`, after them
/// (`late`: every value hashes alike under `Data`'s own hash) or before.
func dataDiffering(_ i: Int, late: Bool) -> Data {
    let index = withUnsafeBytes(of: UInt64(i).littleEndian) { Data($0) }
    let filler = Data(repeating: 7, count: 100)
    return late ? filler + index : index + filler
}

private struct Keyed: Differentiable {
    var id: Data
    var differenceIdentifier: Data { id }
    func isContentEqual(to source: Keyed) -> Bool { true }
}

/// `n` rows whose ids (`ids`) or contents are `Data` values, the target
/// with the rows reversed and every content changed.
private func box(_ n: Int, late: Bool, ids: Bool, target: Bool) -> Box<Int, Data> {
    let rows = (0..<n).map { i in
        Node(
            id: ids ? dataDiffering(i, late: late) : Data([UInt8(i & 0xFF), UInt8(i >> 8)]),
            component: Component(ids ? Data([target ? 1 : 0]) : dataDiffering(target ? n + i : i, late: late)))
    }
    return Box(sections: [Section(id: 0, rows: target ? rows.reversed() : rows)])
}

/// The first 96 bytes of XXH3's default secret (`kSecret` of its published
/// specification).
let xxh3Secret: [UInt8] = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
]

/// A 128-byte `Data` whose first 80 bytes are the same for every `i`
/// (`Data`'s own `hashValue` reads the count and those bytes). XXH3 with
/// seed 0 of 97 to 128 bytes adds up, over 16-byte blocks, the folded
/// product of `low ^ secret` and `high ^ secret'`; the blocks at 80, 96 and
/// 112 meet the secret at 80, 48 and 16. `crafted`: each of those blocks'
/// low word is the secret's own, so its product is 0 whatever its high
/// word (`i`) holds, and every value has one XXH3 as well. Otherwise the
/// low words hold `i` too, and the XXH3s differ.
func bothHashesShared(_ i: Int, crafted: Bool) -> Data {
    var bytes = [UInt8](repeating: 0x5A, count: 128)
    withUnsafeBytes(of: UInt64(i).littleEndian) { word in
        for (block, secret) in [(80, 80), (96, 48), (112, 16)] {
            for k in 0..<8 {
                bytes[block + k] = crafted ? xxh3Secret[secret + k] : word[k] ^ UInt8(block)
                bytes[block + 8 + k] = word[k]
            }
        }
    }
    return Data(bytes)
}

@Suite struct DataIdentityTests {
    /// `Data` values sharing both their XXH3 (what the diff hashes) and
    /// their `hashValue` (what the exact numbering and the validator
    /// bucketed them by): the numbering compared each with every earlier
    /// one, the validator each content with every earlier one (found by
    /// review, 2026-11-29: 2,500 values, debug build, flat ids 0.42 s and
    /// Box rows 0.43 s against 0.002 s, validating such contents 4.66 s
    /// against 0.054 s). They are bucketed by a seeded hash of all their
    /// bytes now.
    @Test func dataSharingXXH3AndHashValueCostsWhatOthersCost() throws {
        let n = 2_500
        let shared = (0..<64).map { bothHashesShared($0, crafted: true) }
        #expect(Set(shared).count == 64)
        #expect(Set(shared.map { IdentityHashing.hash($0) }).count == 1, "one XXH3")
        #expect(Set(shared.map(\.hashValue)).count == 1, "one hashValue")
        #expect(Set((0..<64).map { IdentityHashing.hash(bothHashesShared($0, crafted: false)) }).count == 64)

        func flat(_ crafted: Bool) -> [Keyed] { (0..<n).map { Keyed(id: bothHashesShared($0, crafted: crafted)) } }
        let (crafted, control) = (flat(true), flat(false))
        let craftedTime = try cpuSeconds { _ = try StagedChangeset(source: crafted, target: crafted.reversed()) }
        let controlTime = try cpuSeconds { _ = try StagedChangeset(source: control, target: control.reversed()) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        let changeset = try StagedChangeset(source: crafted, target: crafted.reversed())
        #expect(changeset.stages.flatMap(\.elementMoved).count == n - 1)

        func rows(_ crafted: Bool, target: Bool) -> Box<Int, Data> {
            let rows = (0..<n).map { Node(id: bothHashesShared($0, crafted: crafted), component: Component(target)) }
            return Box(sections: [Section(id: 0, rows: target ? rows.reversed() : rows)])
        }
        let craftedBox = (rows(true, target: false), rows(true, target: true))
        let controlBox = (rows(false, target: false), rows(false, target: true))
        let craftedBoxTime = try cpuSeconds { _ = try StagedChangeset(source: craftedBox.0, target: craftedBox.1) }
        let controlBoxTime = try cpuSeconds { _ = try StagedChangeset(source: controlBox.0, target: controlBox.1) }
        #expect(
            craftedBoxTime <= 5 * controlBoxTime + 0.05, "crafted \(craftedBoxTime) s, control \(controlBoxTime) s")

        func contents(_ crafted: Bool, target: Bool) -> Box<Int, Int> {
            let rows = (0..<n).map {
                Node(id: $0, component: Component(bothHashesShared(target ? n + $0 : $0, crafted: crafted)))
            }
            return Box(sections: [Section(id: 0, rows: target ? rows.reversed() : rows)])
        }
        let validated = try expectValidatesLikeControl(
            crafted: (contents(true, target: false), contents(true, target: true)),
            control: (contents(false, target: false), contents(false, target: true)))
        #expect(validated.stages.flatMap(\.elementUpdated).count == n)
    }

    @Test func dataIDsSharingTheirFirst80BytesCostWhatOthersCost() throws {
        let n = 2_500
        #expect(Set((0..<n).map { dataDiffering($0, late: true).hashValue }).count == 1)
        func flat(_ late: Bool) -> [Keyed] { (0..<n).map { Keyed(id: dataDiffering($0, late: late)) } }
        let (crafted, control) = (flat(true), flat(false))
        let craftedTime = try cpuSeconds { _ = try StagedChangeset(source: crafted, target: crafted.reversed()) }
        let controlTime = try cpuSeconds { _ = try StagedChangeset(source: control, target: control.reversed()) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        let changeset = try StagedChangeset(source: crafted, target: crafted.reversed())
        #expect(changeset.violations(from: crafted).isEmpty)
        #expect(changeset.stages.flatMap(\.elementMoved).count == n - 1)

        let craftedBox = (box(n, late: true, ids: true, target: false), box(n, late: true, ids: true, target: true))
        let controlBox = (box(n, late: false, ids: true, target: false), box(n, late: false, ids: true, target: true))
        let craftedBoxTime = try cpuSeconds { _ = try StagedChangeset(source: craftedBox.0, target: craftedBox.1) }
        let controlBoxTime = try cpuSeconds { _ = try StagedChangeset(source: controlBox.0, target: controlBox.1) }
        #expect(
            craftedBoxTime <= 5 * controlBoxTime + 0.05, "crafted \(craftedBoxTime) s, control \(controlBoxTime) s")
        // Equal data in another buffer is the same id.
        let copy = Box(
            sections: [
                Section(
                    id: 0, rows: craftedBox.0.sections[0].rows.map { Node(id: Data($0.id), component: $0.component) })
            ])
        #expect(try StagedChangeset(source: craftedBox.0, target: copy).isEmpty)
    }

    @Test func dataContentsSharingTheirFirst80BytesValidateLikeOthers() throws {
        let n = 1_500
        let crafted = (box(n, late: true, ids: false, target: false), box(n, late: true, ids: false, target: true))
        let control = (box(n, late: false, ids: false, target: false), box(n, late: false, ids: false, target: true))
        let craftedChangeset = try expectValidatesLikeControl(crafted: crafted, control: control)
        #expect(craftedChangeset.stages.flatMap(\.elementUpdated).count == n)
    }
}
