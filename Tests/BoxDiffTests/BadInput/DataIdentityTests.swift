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
private func bytes(_ i: Int, late: Bool) -> Data {
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
            id: ids ? bytes(i, late: late) : Data([UInt8(i & 0xFF), UInt8(i >> 8)]),
            component: Component(ids ? Data([target ? 1 : 0]) : bytes(target ? n + i : i, late: late)))
    }
    return Box(sections: [Section(id: 0, rows: target ? rows.reversed() : rows)])
}

@Suite struct DataIdentityTests {
    @Test func dataIDsSharingTheirFirst80BytesCostWhatOthersCost() throws {
        let n = 2_500
        #expect(Set((0..<n).map { bytes($0, late: true).hashValue }).count == 1)
        func flat(_ late: Bool) -> [Keyed] { (0..<n).map { Keyed(id: bytes($0, late: late)) } }
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
