import BoxDiff

/// How random Box pairs are drawn (see ``BoxGenerators``).
public struct BoxPairShape: Sendable, Hashable {
    /// At most this many sections per Box (at least 0).
    public var maxSections: Int
    /// At most this many rows per section.
    public var maxRowsPerSection: Int
    /// Whether ids may repeat inside one Box (sections and rows).
    public var duplicates: Bool
    /// Per-element probability (0...1) of each kind of edit between the
    /// old and the new Box.
    public var editRate: Double
    /// Probability that a row's component is incomparable.
    public var incomparableRate: Double

    /// A shape; see the properties.
    public init(
        maxSections: Int = 30, maxRowsPerSection: Int = 300, duplicates: Bool = false,
        editRate: Double = 0.15, incomparableRate: Double = 0
    ) {
        self.maxSections = maxSections
        self.maxRowsPerSection = maxRowsPerSection
        self.duplicates = duplicates
        self.editRate = editRate
        self.incomparableRate = incomparableRate
    }
}

/// Seeded generators of Box pairs for tests and benchmarks.
///
/// Ids come from shared pools, so between the old and the new Box sections
/// are deleted, inserted, moved and re-headed, rows are deleted, inserted,
/// updated, moved within and across sections (also out of deleted and into
/// inserted sections), and sections are emptied or filled. A row's content
/// is a function of its id and a per-Box version of that id, so duplicate
/// ids in one Box show the same content.
///
/// ```swift
/// var rng = SeededGenerator(seed: 42)
/// let (old, new) = BoxGenerators.pair(shape: BoxPairShape(), using: &rng)
/// ```
public enum BoxGenerators {
    /// The Box type the generators make.
    public typealias TestBox = Box<Int, Int>

    /// A random old/new pair of the given shape.
    public static func pair(shape: BoxPairShape, using rng: inout SeededGenerator) -> (TestBox, TestBox) {
        let sectionCount = Int.random(in: 0...max(0, shape.maxSections), using: &rng)
        let sectionPool = max(1, sectionCount * 3 / 2 + 2)
        var nextRowID = 0
        var rowVersion: [Int: Int] = [:]
        var headerVersion: [Int: Int] = [:]
        var incomparable = Set<Int>()

        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        func freshRowID() -> Int {
            defer { nextRowID += 1 }
            if chance(shape.incomparableRate) { incomparable.insert(nextRowID) }
            return nextRowID
        }
        func node(_ id: Int, _ versions: [Int: Int]) -> Node<Int> {
            if incomparable.contains(id) { return Node(id: id, component: Component(incomparable: "row \(id)")) }
            return Node(id: id, component: "row \(id) v\(versions[id, default: 0])")
        }
        func header(_ id: Int, _ versions: [Int: Int]) -> Component? {
            let v = versions[id, default: 0]
            return v % 3 == 2 ? nil : Component("header \(id) v\(v)")
        }

        // The old Box: ids as structure only.
        var oldIDs: [(id: Int, rows: [Int])] = []
        var usedSections = Set<Int>()
        for _ in 0..<sectionCount {
            var id = Int.random(in: 0..<sectionPool, using: &rng)
            if !shape.duplicates { while usedSections.contains(id) { id = (id + 1) % (sectionPool + sectionCount) } }
            usedSections.insert(id)
            headerVersion[id] = Int.random(in: 0...2, using: &rng)
            let count = Int.random(in: 0...max(0, shape.maxRowsPerSection), using: &rng)
            var rows: [Int] = []
            rows.reserveCapacity(count)
            for _ in 0..<count {
                if shape.duplicates && nextRowID > 0 && chance(0.1) {
                    rows.append(Int.random(in: 0..<nextRowID, using: &rng))
                } else {
                    rows.append(freshRowID())
                }
            }
            oldIDs.append((id, rows))
        }
        for id in 0..<nextRowID { rowVersion[id] = Int.random(in: 0...1, using: &rng) }
        let old = TestBox(
            sections: oldIDs.map { s in
                Section(id: s.id, header: header(s.id, headerVersion), rows: s.rows.map { node($0, rowVersion) })
            })

        // The new Box: edits of the old one.
        let rate = shape.editRate
        var newIDs: [(id: Int, rows: [Int])] = []
        var homeless: [Int] = []  // rows of deleted sections, to land elsewhere
        for section in oldIDs {
            if chance(rate / 2) {
                homeless += section.rows.filter { _ in chance(0.5) }
                continue
            }
            var rows: [Int] = []
            for row in section.rows {
                if chance(rate) { continue }  // deleted
                if chance(rate / 2) {
                    homeless.append(row)
                    continue
                }  // moves elsewhere
                rows.append(row)
            }
            if chance(rate / 3) { rows = [] }  // emptied
            if chance(rate / 2) { rows.shuffle(using: &rng) }
            newIDs.append((section.id, rows))
        }
        let inserted = Int.random(in: 0...max(0, Int(Double(sectionCount) * rate) + 1), using: &rng)
        for _ in 0..<inserted {
            var id = Int.random(in: 0..<(sectionPool * 2), using: &rng)
            if !shape.duplicates { while newIDs.contains(where: { $0.id == id }) { id += 1 } }
            let count = Int.random(in: 0...max(0, shape.maxRowsPerSection / 2), using: &rng)
            newIDs.insert(
                (id, (0..<count).map { _ in freshRowID() }), at: Int.random(in: 0...newIDs.count, using: &rng))
        }
        if !newIDs.isEmpty {
            for row in homeless {
                let s = Int.random(in: 0..<newIDs.count, using: &rng)
                newIDs[s].rows.insert(row, at: Int.random(in: 0...newIDs[s].rows.count, using: &rng))
            }
            for s in newIDs.indices where chance(rate) {
                let extra = Int.random(in: 0...max(1, newIDs[s].rows.count / 4), using: &rng)
                for _ in 0..<extra {
                    let row =
                        shape.duplicates && nextRowID > 0 && chance(0.2)
                        ? Int.random(in: 0..<nextRowID, using: &rng) : freshRowID()
                    newIDs[s].rows.insert(row, at: Int.random(in: 0...newIDs[s].rows.count, using: &rng))
                }
            }
            for _ in 0..<Int(Double(newIDs.count) * rate + 0.5) {  // section moves
                let a = Int.random(in: 0..<newIDs.count, using: &rng)
                let moved = newIDs.remove(at: a)
                newIDs.insert(moved, at: Int.random(in: 0...newIDs.count, using: &rng))
            }
        }
        var newRowVersion = rowVersion
        for id in 0..<nextRowID where chance(rate) { newRowVersion[id, default: 0] += 1 }
        var newHeaderVersion = headerVersion
        for section in newIDs where chance(rate) { newHeaderVersion[section.id, default: 0] += 1 }
        let new = TestBox(
            sections: newIDs.map { s in
                Section(id: s.id, header: header(s.id, newHeaderVersion), rows: s.rows.map { node($0, newRowVersion) })
            })
        return (old, new)
    }

    /// A Box of `sections` × `rowsPerSection` rows with unique ids, and a
    /// copy with about `edits` random edits (deletes, inserts, updates,
    /// moves within and across sections, one section move): the benchmark
    /// workload.
    public static func large(sections: Int, rowsPerSection: Int, edits: Int, seed: UInt64) -> (TestBox, TestBox) {
        var rng = SeededGenerator(seed: seed)
        var next = 0
        let old = TestBox(
            sections: (0..<sections).map { s in
                Section(
                    id: s, header: Component("section \(s)"),
                    rows: (0..<rowsPerSection).map { _ in
                        defer { next += 1 }
                        return Node(id: next, component: next)
                    })
            })
        var new = old.sections
        guard !new.isEmpty else { return (old, TestBox(sections: new)) }
        for _ in 0..<edits {
            let s = Int.random(in: 0..<new.count, using: &rng)
            guard !new[s].rows.isEmpty else { continue }
            let r = Int.random(in: 0..<new[s].rows.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: new[s].rows.remove(at: r)
            case 1:
                new[s].rows.insert(Node(id: next, component: next), at: r)
                next += 1
            case 2: new[s].rows[r].component = Component(-new[s].rows[r].id - 1)
            default:
                let node = new[s].rows.remove(at: r)
                let t = Int.random(in: 0..<new.count, using: &rng)
                new[t].rows.insert(node, at: Int.random(in: 0...new[t].rows.count, using: &rng))
            }
        }
        if new.count > 1 { new.append(new.removeFirst()) }
        return (old, TestBox(sections: new))
    }
}
