import ArgumentParser
import BoxDiffTestSupport
import Foundation

/// Where the random change mix puts its deletes and inserts.
enum Layout: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Deletes form one contiguous run, inserts another.
    case block
    /// Deletes and inserts at random positions.
    case scatter
}

/// Fractions of the random change mix (of the old count).
struct ChangeMix: Sendable {
    var delete = 0.10
    var insert = 0.10
    var move = 0.02
    var update = 0.05

    /// Total fraction of changed elements.
    var total: Double { delete + insert + move + update }
}

/// A named input setup; published ones fix their own size.
enum Preset: String, CaseIterable, Sendable {
    /// DifferenceKit's README benchmark: 5,000 UUIDs.
    case differenceKit5k = "differencekit-5k"
    /// DifferenceKit's README benchmark: 100,000 UUIDs.
    case differenceKit100k = "differencekit-100k"
    /// New equals old.
    case identical
    /// New is old fully shuffled.
    case shuffle
    /// New shares no element with old.
    case allNew = "all-new"
    /// New is empty.
    case allDeleted = "all-deleted"
    /// The random change mix (`--delete --insert --move --update --layout`).
    case mix

    /// The size this preset imposes, if any.
    var fixedCount: Int? {
        switch self {
        case .differenceKit5k: return 5_000
        case .differenceKit100k: return 100_000
        default: return nil
        }
    }

    /// Builds the workload (outside any timing).
    func makeWorkload(count: Int, mix: ChangeMix, layout: Layout, seed: UInt64) -> Workload {
        var rng = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: count) &* 0x1000_0000_01B3)
        let n = fixedCount ?? count
        let old = rng.items(n)
        var new: [BenchItem]
        switch self {
        case .differenceKit5k:
            // Delete 2000..<3000, insert 1000 new at 3000, shuffle the first 200.
            new = old
            new.removeSubrange(2_000..<3_000)
            new.insert(contentsOf: rng.items(1_000), at: 3_000)
            new[0..<200].shuffle(using: &rng)
        case .differenceKit100k:
            // Delete 20000..<30000, insert 10000 new at 30000, shuffle the first 2000.
            new = old
            new.removeSubrange(20_000..<30_000)
            new.insert(contentsOf: rng.items(10_000), at: 30_000)
            new[0..<2_000].shuffle(using: &rng)
        case .identical:
            new = old
        case .shuffle:
            new = old
            new.shuffle(using: &rng)
        case .allNew:
            new = rng.items(n)
        case .allDeleted:
            new = []
        case .mix:
            new = Preset.mixed(old, mix: mix, layout: layout, rng: &rng)
        }
        return Workload(preset: self, mix: mix, old: old, new: new)
    }

    /// Applies the random change mix: deletes, updates, moves, inserts.
    static func mixed(
        _ old: [BenchItem], mix: ChangeMix, layout: Layout, rng: inout SeededGenerator
    ) -> [BenchItem] {
        let n = old.count
        func amount(_ fraction: Double) -> Int { Int((fraction * Double(n)).rounded()) }
        let deletes = min(amount(mix.delete), n)

        // Deletes.
        var deleted = [Bool](repeating: false, count: n)
        switch layout {
        case .block:
            let start = n - deletes > 0 ? Int(rng.next() % UInt64(n - deletes + 1)) : 0
            for i in start..<(start + deletes) { deleted[i] = true }
        case .scatter:
            for i in rng.sample(deletes, of: n) { deleted[i] = true }
        }
        var survivors: [BenchItem] = []
        survivors.reserveCapacity(n - deletes)
        for i in 0..<n where !deleted[i] { survivors.append(old[i]) }

        // Updates: new contents for random survivors.
        for i in rng.sample(min(amount(mix.update), survivors.count), of: survivors.count) {
            survivors[i].content = rng.next()
        }

        // Moves: take random survivors out; they go back at random places.
        let moveCount = min(amount(mix.move), survivors.count)
        var isMoved = [Bool](repeating: false, count: survivors.count)
        for i in rng.sample(moveCount, of: survivors.count) { isMoved[i] = true }
        var moved: [BenchItem] = []
        var base: [BenchItem] = []
        base.reserveCapacity(survivors.count)
        for (i, item) in survivors.enumerated() {
            if isMoved[i] { moved.append(item) } else { base.append(item) }
        }
        moved.shuffle(using: &rng)

        // Final slots: 0 = base element in order, 1 = insert, 2 = moved.
        let inserts = amount(mix.insert)
        let length = survivors.count + inserts
        var kind = [UInt8](repeating: 0, count: length)
        switch layout {
        case .block:
            let start = Int(rng.next() % UInt64(length - inserts + 1))
            for i in start..<(start + inserts) { kind[i] = 1 }
            var free: [Int] = []
            free.reserveCapacity(length - inserts)
            for i in 0..<length where kind[i] == 0 { free.append(i) }
            for k in rng.sample(moveCount, of: free.count) { kind[free[k]] = 2 }
        case .scatter:
            let picked = rng.sample(inserts + moveCount, of: length)
            for (k, i) in picked.enumerated() { kind[i] = k < inserts ? 1 : 2 }
        }
        let insertedItems = rng.items(inserts)
        var result: [BenchItem] = []
        result.reserveCapacity(length)
        var b = 0
        var ins = 0
        var mv = 0
        for k in kind {
            switch k {
            case 1:
                result.append(insertedItems[ins])
                ins += 1
            case 2:
                result.append(moved[mv])
                mv += 1
            default:
                result.append(base[b])
                b += 1
            }
        }
        return result
    }
}
