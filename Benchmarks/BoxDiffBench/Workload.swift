import BoxDiffBenchC
import BoxDiffTestSupport
import CBoxDiff
import Foundation

/// One benchmark element: a UUID identity and a 64-bit content value (a
/// changed content is an update).
struct BenchItem: Hashable, Sendable {
    var id: UUID
    var content: UInt64
}

// The seeded generator is the tests' SplitMix64 (BoxDiffTestSupport), so
// every run of the benchmark with the same `--seed` diffs the same lists.
extension SeededGenerator {

    /// A random version-4 UUID built from two generator outputs.
    mutating func uuid() -> UUID {
        let a = next()
        let b = next()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: a, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
        }
        return UUID(uuid: bytes)
    }

    mutating func items(_ count: Int) -> [BenchItem] {
        (0..<count).map { _ in BenchItem(id: uuid(), content: next()) }
    }

    /// `k` distinct indices out of `0..<n` (partial Fisher-Yates), in random order.
    mutating func sample(_ k: Int, of n: Int) -> [Int] {
        precondition(k <= n)
        var pool = Array(0..<n)
        for i in 0..<k {
            let j = i + Int(next() % UInt64(n - i))
            pool.swapAt(i, j)
        }
        return Array(pool[0..<k])
    }
}

/// The 64-bit identity hash of a UUID: XXH3 over its 16 bytes, as an app
/// would compute it (`bxd_hash_bytes`).
@inline(__always)
func identityHash(_ id: UUID) -> UInt64 {
    withUnsafeBytes(of: id.uuid) { bxd_hash_bytes($0.baseAddress, 16, 0) }
}

/// Identity and content hashes of one list in C memory, prepared outside
/// the timed part for the C engines.
final class HashedList {
    /// Number of elements.
    let count: Int
    let ids: UnsafeMutablePointer<UInt64>
    let contents: UnsafeMutablePointer<UInt64>

    init(_ items: [BenchItem]) {
        count = items.count
        ids = .allocate(capacity: max(count, 1))
        contents = .allocate(capacity: max(count, 1))
        for (i, item) in items.enumerated() {
            ids[i] = identityHash(item.id)
            contents[i] = item.content
        }
    }

    /// The list as the C core borrows it.
    var list: bxd_list_t { bxd_list_t(ids: ids, contents: contents, count: count) }

    deinit {
        ids.deallocate()
        contents.deallocate()
    }
}

/// The old and new lists of one measurement, generated outside timing and
/// shared by every engine.
final class Workload {
    let preset: Preset
    /// The change mix asked for (used by `mix`; the box engine derives its
    /// cross-section moves from it).
    let mix: ChangeMix
    let old: [BenchItem]
    let new: [BenchItem]
    let oldHashed: HashedList
    let newHashed: HashedList
    /// New elements whose identity is in the old list.
    let keptCount: Int
    /// Kept elements whose content changed (computed when `--check` first
    /// asks, so that the heap of a run without it, and its instruction
    /// counts, stay as they were).
    lazy var changedCount: Int = {
        let oldContents = Dictionary(old.map { ($0.id, $0.content) }, uniquingKeysWith: { a, _ in a })
        return new.reduce(0) { n, item in n + (oldContents[item.id].map { $0 != item.content ? 1 : 0 } ?? 0) }
    }()

    init(preset: Preset, mix: ChangeMix, old: [BenchItem], new: [BenchItem]) {
        self.preset = preset
        self.mix = mix
        self.old = old
        self.new = new
        oldHashed = HashedList(old)
        newHashed = HashedList(new)
        let oldIDs = Set(old.map(\.id))
        keptCount = new.reduce(0) { $0 + (oldIDs.contains($1.id) ? 1 : 0) }
    }

    var count: Int { old.count }

}
