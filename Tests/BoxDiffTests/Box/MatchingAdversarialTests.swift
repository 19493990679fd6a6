import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

#if canImport(FoundationEssentials)
    import struct FoundationEssentials.UUID
#else
    import struct Foundation.UUID
#endif

// The Box matching (BoxMatching, Pairing, identity tables and their cache,
// content confirmation) against adversarial input: colliding ids,
// duplicates, content hashes that two values share, stale tables.

/// A row id whose `hashValue` only sees `value / 4`: ids 0...3 collide, 4...7
/// collide, and so on.
private struct RCol: Hashable, Sendable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value / 4) }
    var description: String { "r\(value)" }
}

/// A section id whose `hashValue` only sees `value / 2`.
private struct SCol: Hashable, Sendable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value / 2) }
    var description: String { "s\(value)" }
}

/// A component value whose hash ignores everything (every two values have
/// equal content hashes).
private struct FlatHashed: Hashable, Sendable {
    var value: Int
    func hash(into hasher: inout Hasher) {}
}

private typealias CBox = Box<SCol, RCol>
private typealias IBox = Box<Int, Int>

/// The `UInt64` value whose mixed content hash is 0 and the one whose hash
/// is 1. `Component.mix` used to map 0 to 1, so both hashed to 1, and a row
/// of `UInt64`s (an exact kind: equal hashes taken as equal values)
/// changed from one to the other was not updated.
private let uint64Twins: (UInt64, UInt64) = (0xDAA6_6D2C_7DDF_743F, 0x4C78_763B_42CE_E4B6)
/// The same pair for `Int` (tag 2).
private let intTwins: (Int, Int) = (
    Int(bitPattern: 0x3C6E_F372_FE94_F82A), Int(bitPattern: 0xAAB0_E865_C185_68A3)
)

private func allOptions(_ duplicates: DuplicatePolicy = .pairInOrder) -> [DiffOptions] {
    OptionGrids.all.map {
        var o = $0
        o.duplicates = duplicates
        return o
    }
}

/// Every problem of the diff of `old` to `new` under `options` (a thrown
/// error is one).
private func problems<S, R>(_ old: Box<S, R>, _ new: Box<S, R>, _ options: DiffOptions) -> [String] {
    do {
        let c = try StagedChangeset(source: old, target: new, options: options)
        return replayProblems(c, from: old, to: new)
    } catch {
        return ["threw \(error)"]
    }
}

/// A random pair of section layouts over small id spaces (so that ids
/// collide, repeat within and across sections, move between sections), as
/// plain integers: `(sectionID, header, [(rowID, content)])`.
private typealias Layout = [(id: Int, header: Int?, rows: [(id: Int, content: Int)])]

private func randomLayout(
    _ rng: inout SeededGenerator, sectionIDs: Int, rowIDs: Int, maxSections: Int, maxRows: Int,
    uniqueRows: Bool, uniqueSections: Bool
) -> Layout {
    var sections: Layout = []
    var usedSections = Set<Int>()
    var usedRows = Set<Int>()
    let n = Int.random(in: 0...maxSections, using: &rng)
    for _ in 0..<n {
        var sid = Int.random(in: 0..<sectionIDs, using: &rng)
        if uniqueSections {
            var tries = 0
            while usedSections.contains(sid) && tries < 50 {
                sid = Int.random(in: 0..<sectionIDs, using: &rng)
                tries += 1
            }
            if usedSections.contains(sid) { continue }
        }
        usedSections.insert(sid)
        var rows: [(id: Int, content: Int)] = []
        for _ in 0..<Int.random(in: 0...maxRows, using: &rng) {
            var rid = Int.random(in: 0..<rowIDs, using: &rng)
            if uniqueRows {
                var tries = 0
                while usedRows.contains(rid) && tries < 50 {
                    rid = Int.random(in: 0..<rowIDs, using: &rng)
                    tries += 1
                }
                if usedRows.contains(rid) { continue }
            }
            usedRows.insert(rid)
            rows.append((rid, Int.random(in: 0..<3, using: &rng)))
        }
        let header: Int? = Bool.random(using: &rng) ? Int.random(in: 0..<3, using: &rng) : nil
        sections.append((sid, header, rows))
    }
    return sections
}

private func cbox(_ layout: Layout, flatHeaders: Bool = false) -> CBox {
    CBox(
        sections: layout.map { s in
            Section(
                id: SCol(value: s.id),
                header: s.header.map { flatHeaders ? Component(FlatHashed(value: $0)) : Component($0) },
                rows: s.rows.map { Node(id: RCol(value: $0.id), component: FlatHashed(value: $0.content)) })
        })
}

private func ibox(_ layout: Layout, flatHeaders: Bool = false) -> IBox {
    IBox(
        sections: layout.map { s in
            Section(
                id: s.id,
                header: s.header.map { flatHeaders ? Component(FlatHashed(value: $0)) : Component($0) },
                rows: s.rows.map { Node(id: $0.id, component: FlatHashed(value: $0.content)) })
        })
}

private func hasDuplicates(_ layout: Layout) -> Bool {
    let rows = layout.flatMap { $0.rows.map(\.id) }
    let sections = layout.map(\.id)
    return Set(rows).count != rows.count || Set(sections).count != sections.count
}

@Suite("Box matching against adversarial input")
struct MatchingAdversarialTests {
    // MARK: Exact content kinds

    /// All rows `UInt64` (an exact kind on both sides, so the `==`
    /// confirmation is skipped): the two values that once shared a hash
    /// have different hashes (0 and 1), and a change from one to the other
    /// updates the row.
    @Test(arguments: OptionGrids.all)
    func exactUInt64ContentsWithEqualHashesAreUpdated(options: DiffOptions) throws {
        let (a, b) = uint64Twins
        #expect(a != b)
        #expect(Set([Component(a).contentHash, Component(b).contentHash]) == [0, 1])
        let old = IBox(sections: [Section(id: 0, rows: [Node(id: 1, component: a)])])
        let new = IBox(sections: [Section(id: 0, rows: [Node(id: 1, component: b)])])
        let c = try StagedChangeset(source: old, target: new, options: options)
        #expect(!c.isEmpty, "row 1 changed from \(a) to \(b) but the changeset is empty")
        expectReplays(c, from: old, to: new)
    }

    /// The same with `Int`, `Int64` and `UInt` components (every 64-bit
    /// exact kind has such a pair).
    @Test func exactIntContentsWithEqualHashesAreUpdated() throws {
        func check<V: Hashable & Sendable>(_ a: V, _ b: V) throws {
            #expect(a != b)
            #expect(Set([Component(a).contentHash, Component(b).contentHash]) == [0, 1], "\(V.self)")
            let old = IBox(sections: [Section(id: 0, rows: [Node(id: 1, component: a)])])
            let new = IBox(sections: [Section(id: 0, rows: [Node(id: 1, component: b)])])
            let c = try StagedChangeset(source: old, target: new)
            #expect(!c.isEmpty, "\(V.self): \(a) -> \(b) gives no changes")
            expectReplays(c, from: old, to: new, "\(V.self)")
        }
        try check(intTwins.0, intTwins.1)
        try check(Int64(bitPattern: 0x78DD_E6E5_FD29_F054), Int64(bitPattern: 0xEE03_FDF2_C238_60DD))
        try check(UInt(0x1715_609F_7C74_6C69), UInt(0x81CB_7B88_4365_FCE0))
    }

    /// A row whose value is one of the pair, unchanged from render to
    /// render (equal values in different storage objects): the value
    /// hashing to 1 is not updated; the one hashing to 0 counts as changed
    /// on every diff (a needless update, as documented on
    /// `Component.contentHash`), like an incomparable component.
    @Test(arguments: OptionGrids.all)
    func unchangedValueWithTheSharedHashIsNotUpdated(options: DiffOptions) throws {
        for value in [uint64Twins.0, uint64Twins.1] {
            let old = IBox(sections: [
                Section(id: 0, rows: [Node(id: 1, component: value), Node(id: 2, component: UInt64(7))])
            ])
            let new = IBox(sections: [
                Section(id: 0, rows: [Node(id: 1, component: value), Node(id: 2, component: UInt64(8))])
            ])
            let c = try StagedChangeset(source: old, target: new, options: options)
            let updated = c.stages.flatMap { $0.elementUpdated + $0.elementReconfigured }
            let expected: Set<Int> = Component(value).contentHash == 0 ? [0, 1] : [1]
            #expect(Set(updated.map(\.row)) == expected, "\(value): updated \(updated)")
            expectReplays(c, from: old, to: new)
        }
    }

    /// Control: the same pair among mixed component kinds (no exact kind)
    /// is updated.
    @Test func pairAmongMixedKindsIsUpdated() throws {
        let (a, b) = uint64Twins
        let old = IBox(sections: [Section(id: 0, rows: [Node(id: 1, component: a), Node(id: 2, component: "x")])])
        let new = IBox(sections: [Section(id: 0, rows: [Node(id: 1, component: b), Node(id: 2, component: "x")])])
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: old, target: new, options: options)
            #expect(!c.isEmpty)
            expectReplays(c, from: old, to: new)
        }
    }

    // MARK: Colliding ids, randomized

    /// Random Boxes over colliding row and section ids (duplicates within
    /// and across sections, moves across sections, empty sections and
    /// Boxes), under every option set: each changeset replays to the
    /// target, and is the changeset of the same Boxes over `Int` ids.
    @Test func collidingIDsReplayAndAgreeWithIntegerIDs() throws {
        var rng = SeededGenerator(seed: 0xB0C5)
        for round in 0..<600 {
            let unique = round % 2 == 0
            let shape = (sectionIDs: 6, rowIDs: 12, maxSections: 4, maxRows: 5)
            let a = randomLayout(
                &rng, sectionIDs: shape.sectionIDs, rowIDs: shape.rowIDs, maxSections: shape.maxSections,
                maxRows: shape.maxRows, uniqueRows: unique, uniqueSections: true)
            let b = randomLayout(
                &rng, sectionIDs: shape.sectionIDs, rowIDs: shape.rowIDs, maxSections: shape.maxSections,
                maxRows: shape.maxRows, uniqueRows: unique, uniqueSections: true)
            let (oc, nc) = (cbox(a), cbox(b))
            let (oi, ni) = (ibox(a), ibox(b))
            for options in allOptions() {
                let found = problems(oc, nc, options)
                #expect(found.isEmpty, "round \(round) \(options): \(found)\nold \(oc)\nnew \(nc)")
                guard found.isEmpty else { return }
                let cc = try StagedChangeset(source: oc, target: nc, options: options)
                let ci = try StagedChangeset(source: oi, target: ni, options: options)
                #expect(
                    cc.map(\.batchUpdate) == ci.map(\.batchUpdate),
                    "round \(round) \(options)\nold \(oc)\nnew \(nc)\ncolliding \(cc)\nint \(ci)")
            }
        }
    }

    /// Duplicate section ids (colliding and real) with `.pairInOrder`: every
    /// changeset replays.
    @Test func duplicateSectionIDsReplay() throws {
        var rng = SeededGenerator(seed: 0x5EC7)
        for round in 0..<400 {
            let a = randomLayout(
                &rng, sectionIDs: 3, rowIDs: 10, maxSections: 4, maxRows: 3, uniqueRows: round % 2 == 0,
                uniqueSections: false)
            let b = randomLayout(
                &rng, sectionIDs: 3, rowIDs: 10, maxSections: 4, maxRows: 3, uniqueRows: round % 2 == 0,
                uniqueSections: false)
            for options in allOptions() {
                let found0 = problems(cbox(a), cbox(b), options)
                #expect(found0.isEmpty, "round \(round) \(options): \(found0)\nold \(cbox(a))\nnew \(cbox(b))")
                if !found0.isEmpty { return }
                let found = problems(ibox(a), ibox(b), options)
                #expect(found.isEmpty, "round \(round) int \(options): \(found)")
                if !found.isEmpty { return }
            }
        }
    }

    /// `.reject`: a diff throws exactly when an id really repeats within a
    /// Box (colliding but different ids are never reported), and otherwise
    /// replays.
    @Test func rejectThrowsOnlyOnRealDuplicates() throws {
        var rng = SeededGenerator(seed: 0xDEC1)
        for round in 0..<400 {
            let a = randomLayout(
                &rng, sectionIDs: 4, rowIDs: 12, maxSections: 4, maxRows: 4, uniqueRows: round % 3 != 0,
                uniqueSections: round % 5 != 0)
            let b = randomLayout(
                &rng, sectionIDs: 4, rowIDs: 12, maxSections: 4, maxRows: 4, uniqueRows: round % 3 != 1,
                uniqueSections: round % 5 != 1)
            let expectThrow = hasDuplicates(a) || hasDuplicates(b)
            let old = cbox(a)
            let new = cbox(b)
            let oldInt = ibox(a)
            let newInt = ibox(b)
            for options in allOptions(.reject) {
                let result = Result { try StagedChangeset(source: old, target: new, options: options) }
                switch result {
                case .success(let c):
                    #expect(!expectThrow, "round \(round): no throw\nold \(old)\nnew \(new)")
                    expectReplays(c, from: old, to: new, "round \(round)")
                case .failure(let error):
                    #expect(expectThrow, "round \(round): threw \(error)\nold \(old)\nnew \(new)")
                }
                let intResult = Result { try StagedChangeset(source: oldInt, target: newInt, options: options) }
                switch intResult {
                case .success(let c):
                    #expect(!expectThrow, "round \(round): int: no throw")
                    expectReplays(c, from: oldInt, to: newInt, "round \(round) int")
                case .failure(let error):
                    #expect(expectThrow, "round \(round): int: threw \(error)")
                }
            }
        }
    }

    // MARK: Colliding ids, known answers

    /// The same sections in the same order by hash, but a different id at
    /// one position (the in-order fast path must compare the ids).
    @Test func sectionIDSwappedForCollidingID() throws {
        let old = CBox(sections: [
            Section(id: SCol(value: 0), rows: [Node(id: RCol(value: 0), component: 1)]),
            Section(id: SCol(value: 2), rows: [Node(id: RCol(value: 4), component: 1)]),
        ])
        let new = CBox(sections: [
            Section(id: SCol(value: 1), rows: [Node(id: RCol(value: 0), component: 1)]),
            Section(id: SCol(value: 2), rows: [Node(id: RCol(value: 4), component: 1)]),
        ])
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: old, target: new, options: options)
            expectReplays(c, from: old, to: new, "\(options)")
            #expect(c.flatMap(\.sectionDeleted) == [0] && c.flatMap(\.sectionInserted) == [0], "\(options)")
        }
        // Two colliding ids in one Box's sections, swapped.
        let old2 = CBox(sections: [Section(id: SCol(value: 0)), Section(id: SCol(value: 1))])
        let new2 = CBox(sections: [Section(id: SCol(value: 1)), Section(id: SCol(value: 0))])
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: old2, target: new2, options: options)
            expectReplays(c, from: old2, to: new2, "\(options)")
            #expect(c.flatMap(\.sectionDeleted).isEmpty && c.flatMap(\.sectionInserted).isEmpty)
        }
    }

    /// Colliding row ids swapped within a section and across sections,
    /// with the one-section and several-section checks of `rowsMatch`.
    @Test func collidingRowIDsSwapped() throws {
        func n(_ v: Int) -> Node<RCol> { Node(id: RCol(value: v), component: v) }
        let cases: [(CBox, CBox)] = [
            (
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(0), n(1)])]),
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(1), n(0)])])
            ),
            (
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(0)]), Section(id: SCol(value: 2), rows: [n(1)])]),
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(1)]), Section(id: SCol(value: 2), rows: [n(0)])])
            ),
            (
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(0), n(1), n(2)])]),
                CBox(sections: [
                    Section(id: SCol(value: 0), rows: [n(2)]), Section(id: SCol(value: 2), rows: [n(1), n(0)]),
                ])
            ),
            (
                CBox(sections: [
                    Section(id: SCol(value: 0), rows: [n(5), n(0)]), Section(id: SCol(value: 2), rows: [n(1), n(4)]),
                ]),
                CBox(sections: [Section(id: SCol(value: 2), rows: [n(0), n(4), n(1), n(5)])])
            ),
            // Duplicate real ids next to colliding ones.
            (
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(0), n(1), n(0)])]),
                CBox(sections: [Section(id: SCol(value: 0), rows: [n(1), n(0), n(0), n(1)])])
            ),
            // Empty Box and empty sections.
            (CBox(), CBox(sections: [Section(id: SCol(value: 0), rows: [n(0), n(1)])])),
            (CBox(sections: [Section(id: SCol(value: 0), rows: [n(0), n(1)])]), CBox()),
            (
                CBox(sections: [Section(id: SCol(value: 0)), Section(id: SCol(value: 1), rows: [n(1)])]),
                CBox(sections: [Section(id: SCol(value: 1)), Section(id: SCol(value: 0), rows: [n(0)])])
            ),
        ]
        for (k, (old, new)) in cases.enumerated() {
            for options in OptionGrids.all {
                let found = problems(old, new, options)
                #expect(found.isEmpty, "case \(k) \(options): \(found)")
            }
        }
    }

    /// Around the in-order fast path's 32-section limit: the same
    /// sections in order, then one colliding id replaced at the end.
    @Test(arguments: [31, 32, 33])
    func manySectionsWithOneCollidingIDReplaced(count: Int) throws {
        func make(_ ids: [Int]) -> CBox {
            CBox(
                sections: ids.map {
                    Section(id: SCol(value: $0), header: "h", rows: [Node(id: RCol(value: $0), component: 1)])
                })
        }
        let ids = Array(stride(from: 0, to: 2 * count, by: 2))
        let old = make(ids)
        let same = make(ids)
        let replaced = make(ids.dropLast() + [ids.last! + 1])
        for options in OptionGrids.all {
            #expect(try StagedChangeset(source: old, target: same, options: options).isEmpty)
            let c = try StagedChangeset(source: old, target: replaced, options: options)
            expectReplays(c, from: old, to: replaced, "\(options)")
            #expect(c.flatMap(\.sectionDeleted) == [count - 1] && c.flatMap(\.sectionInserted) == [count - 1])
        }
    }

    /// A large Box (past the per-section longest-run threshold) over
    /// colliding ids, with moves within and across sections, a tiny LCS
    /// cost bound too: the same changesets as over `Int` ids.
    @Test func largeCollidingBoxesAgreeWithIntegerIDs() throws {
        var rng = SeededGenerator(seed: 0x1A26E)
        var a: Layout = []
        var next = 0
        for s in 0..<4 {
            var rows: [(id: Int, content: Int)] = []
            for _ in 0..<4500 {
                rows.append((next, 0))
                next += 1
            }
            a.append((s, nil, rows))
        }
        var b = a
        for _ in 0..<300 {
            let from = Int.random(in: 0..<4, using: &rng)
            guard !b[from].rows.isEmpty else { continue }
            let row = b[from].rows.remove(at: Int.random(in: 0..<b[from].rows.count, using: &rng))
            let to = Int.random(in: 0..<4, using: &rng)
            b[to].rows.insert(row, at: Int.random(in: 0...b[to].rows.count, using: &rng))
        }
        for _ in 0..<100 {
            let s = Int.random(in: 0..<4, using: &rng)
            let r = Int.random(in: 0..<b[s].rows.count, using: &rng)
            if Bool.random(using: &rng) { b[s].rows[r].content = 1 } else { b[s].rows.remove(at: r) }
        }
        for _ in 0..<50 {
            b[Int.random(in: 0..<4, using: &rng)].rows.append((next, 0))
            next += 1
        }
        var options = OptionGrids.all
        for algorithm in DiffAlgorithm.allCases {
            var o = DiffOptions(algorithm: algorithm)
            o.lcsCostBound = 1
            options.append(o)
        }
        let (oc, nc, oi, ni) = (cbox(a), cbox(b), ibox(a), ibox(b))
        for option in options {
            let cc = try StagedChangeset(source: oc, target: nc, options: option)
            let ci = try StagedChangeset(source: oi, target: ni, options: option)
            #expect(cc.map(\.batchUpdate) == ci.map(\.batchUpdate), "\(option)")
            #expect(BoxReplay.same(cc.applied(to: oc), nc), "\(option)")
            #expect(cc.violations(from: oc).isEmpty, "\(option)")
        }
    }

    /// `.reject` names the second occurrence of a row id repeated across
    /// sections, and its first occurrence, by their paths (also after a
    /// collision forced the exact repair).
    @Test func rejectReportsDuplicateRowPathsAcrossSections() throws {
        var options = DiffOptions()
        options.duplicates = .reject
        let old = CBox(sections: [
            Section(
                id: SCol(value: 0),
                rows: [Node(id: RCol(value: 0), component: 1), Node(id: RCol(value: 1), component: 1)]),
            Section(
                id: SCol(value: 2),
                rows: [Node(id: RCol(value: 2), component: 1), Node(id: RCol(value: 1), component: 1)]),
        ])
        let new = CBox(sections: [Section(id: SCol(value: 0))])
        #expect(
            throws: DiffError.duplicateIdentifier(
                String(reflecting: RCol(value: 1)), side: .old, location: .row(ElementPath(section: 1, row: 1)),
                firstLocation: .row(ElementPath(section: 0, row: 1)))
        ) {
            try StagedChangeset(source: old, target: new, options: options)
        }
        let intOld = IBox(sections: [
            Section(id: 0, rows: [Node(id: 5, component: 1)]),
            Section(id: 1, rows: [Node(id: 6, component: 1), Node(id: 5, component: 1)]),
        ])
        #expect(
            throws: DiffError.duplicateIdentifier(
                "5", side: .new, location: .row(ElementPath(section: 1, row: 1)),
                firstLocation: .row(ElementPath(section: 0, row: 0)))
        ) {
            try StagedChangeset(source: IBox(), target: intOld, options: options)
        }
    }

    // MARK: Headers and footers

    /// A header or footer replaced by a different value of equal content
    /// hash (or by nothing) updates its section, whether the sections keep
    /// their order or not.
    @Test(arguments: [false, true])
    func headersAndFootersWithEqualHashesAreUpdated(reorder: Bool) throws {
        func make(_ header: Component?, _ footer: Component?) -> IBox {
            var sections = [
                Section<Int, Int>(id: 1, header: header, footer: footer, rows: [Node(id: 1, component: 1)]),
                Section<Int, Int>(id: 2, header: "h", rows: [Node(id: 2, component: 2)]),
            ]
            if reorder { sections.reverse() }
            return IBox(sections: sections)
        }
        let f0 = Component(FlatHashed(value: 0))
        let f1 = Component(FlatHashed(value: 1))
        #expect(f0.contentHash == f1.contentHash)
        let pairs: [(IBox, IBox)] = [
            (make(f0, nil), make(f1, nil)),
            (make(nil, f0), make(nil, f1)),
            (make(f0, f0), make(f0, f1)),
            (make(f0, f0), make(f1, f0)),
        ]
        for (k, (old, new)) in pairs.enumerated() {
            for options in OptionGrids.all {
                let c = try StagedChangeset(source: old, target: new, options: options)
                #expect(!c.isEmpty, "case \(k) \(options)")
                expectReplays(c, from: old, to: new, "case \(k) \(options)")
            }
        }
        // Flat-hashed headers on random layouts.
        var rng = SeededGenerator(seed: 0x4EAD)
        for round in 0..<200 {
            let a = randomLayout(
                &rng, sectionIDs: 5, rowIDs: 12, maxSections: 4, maxRows: 3, uniqueRows: true, uniqueSections: true)
            var b = a
            for s in b.indices where Bool.random(using: &rng) { b[s].header = Int.random(in: 0..<3, using: &rng) }
            if reorder { b.shuffle(using: &rng) }
            for options in OptionGrids.all {
                let found = problems(ibox(a, flatHeaders: true), ibox(b, flatHeaders: true), options)
                #expect(found.isEmpty, "round \(round) \(options): \(found)")
                if !found.isEmpty { return }
            }
        }
    }

    /// Headers compared in place at their offset in `Section` for section
    /// ids of other sizes (`String`, `UUID`): a header replaced by an
    /// equal-hash different value updates its section.
    @Test func headerOffsetsWithOtherSectionIDTypes() throws {
        func check<S: Hashable>(_ id: S, _ other: S) throws {
            func make(_ h: Int, _ f: Int) -> Box<S, Int> {
                Box(sections: [
                    Section(id: other, header: "x", rows: [Node(id: 2, component: 2)]),
                    Section(
                        id: id, header: Component(FlatHashed(value: h)), footer: Component(FlatHashed(value: f)),
                        rows: [Node(id: 1, component: 1)]),
                ])
            }
            for (old, new) in [(make(0, 0), make(1, 0)), (make(0, 0), make(0, 1))] {
                for options in OptionGrids.all {
                    let c = try StagedChangeset(source: old, target: new, options: options)
                    #expect(!c.isEmpty, "\(S.self) \(options)")
                    expectReplays(c, from: old, to: new, "\(S.self) \(options)")
                }
            }
        }
        try check("section", "other")
        try check(UUID(), UUID())
        try check(SCol(value: 0), SCol(value: 1))
    }

    // MARK: Identity table cache

    /// A copy of a Box shares its cached table; mutating the copy (any way)
    /// must not leave either Box with a stale table.
    @Test func mutatedCopiesDoNotReadAStaleTable() throws {
        let original = TBox(sections: [
            Section(id: "a", header: "A", rows: [Node(id: 1, component: "one"), Node(id: 2, component: "two")]),
            Section(id: "b", rows: [Node(id: 3, component: "three")]),
        ])
        _ = original.identityTable
        var mutations: [(String, (inout TBox) -> Void)] = [
            ("row id", { $0.sections[0].rows[0].id = 9 }),
            ("row component", { $0.sections[0].rows[1].component = "TWO" }),
            ("append row", { $0.append(node: Node(id: 4, component: "four")) }),
            ("append section", { $0.append(section: Section(id: "c")) }),
            ("header", { $0.sections[0].header = "A!" }),
            ("section id", { $0.sections[1].id = "z" }),
            ("remove rows", { $0.sections[0].rows.removeAll() }),
            (
                "move row",
                { box in
                    let node = box.sections[0].rows.remove(at: 0)
                    box.sections[1].rows.append(node)
                }
            ),
            ("swap sections", { $0.sections.swapAt(0, 1) }),
            (
                "in place buffer",
                { box in
                    box.sections.withUnsafeMutableBufferPointer { $0[0].rows[0].id = 7 }
                }
            ),
        ]
        mutations.append(("operator", { $0 = $0 |---+ Node(id: 8, component: "eight") }))
        for (name, mutate) in mutations {
            var copy = original
            _ = copy.identityTable
            mutate(&copy)
            #expect(copy.identityTable == IdentityTable(copy), "\(name): copy's table stale")
            #expect(original.identityTable == IdentityTable(original), "\(name): original's table stale")
            for options in OptionGrids.all {
                expectReplays(
                    try StagedChangeset(source: original, target: copy, options: options),
                    from: original, to: copy, "\(name) \(options)")
                expectReplays(
                    try StagedChangeset(source: copy, target: original, options: options),
                    from: copy, to: original, "\(name) back \(options)")
            }
        }
    }

    /// A changeset's stage data (uncached Boxes) diffed again, and mutated.
    @Test func stageDataCanBeDiffedAndMutated() throws {
        let old = box(("a", [1, 2, 3]), ("gone", [4, 5]), ("b", [6]))
        var new = box(("b", [6, 4, 2]), ("new", [7, 5]), ("a", [3, 1, 8]))
        new.sections[0].rows[0].component = "changed"
        let c = try StagedChangeset(source: old, target: new)
        #expect(c.count > 1)
        for stage in c {
            var data = stage.data
            expectReplays(try StagedChangeset(source: data, target: new), from: data, to: new)
            expectReplays(try StagedChangeset(source: old, target: data), from: old, to: data)
            data.sections[0].rows.append(Node(id: 99, component: "x"))
            #expect(data.identityTable == IdentityTable(data))
            expectReplays(try StagedChangeset(source: data, target: new), from: data, to: new)
        }
    }
}
