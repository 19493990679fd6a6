import BoxDiff
import BoxDiffTestSupport
import BoxDiffValidation
import Testing

// BoxDiff's sectioned StagedChangeset against a restatement of
// DifferenceKit's sectioned semantics (ra1028/DifferenceKit
// Sources/Algorithm.swift, sectioned init), on small random inputs.

/// A model or element: `v` is its content, `tag` a field
/// `isContentEqual(to:)` ignores (0 in the source, 1 in the target), so the
/// stage data shows which side's value an unchanged item holds.
struct ROItem: Differentiable, Equatable, CustomStringConvertible {
    var id: String
    var v: Int = 0
    var tag: Int = 0
    var differenceIdentifier: String { id }
    func isContentEqual(to source: ROItem) -> Bool { v == source.v }
    var description: String { "\(id)\(v == 0 ? "" : "'")\(tag == 0 ? "" : "#")" }
}

/// A custom DifferentiableSection (not ArraySection).
struct ROGroup: DifferentiableSection, Equatable {
    var title: ROItem
    var elements: [ROItem]
    var differenceIdentifier: String { title.id }
    func isContentEqual(to source: ROGroup) -> Bool { title.isContentEqual(to: source.title) }
}

extension ROGroup {
    init<C: Swift.Collection>(source: ROGroup, elements: C) where C.Element == ROItem {
        self.init(title: source.title, elements: Array(elements))
    }
}

struct ROPlain: Equatable, CustomStringConvertible {
    var model: ROItem
    var elements: [ROItem]
    var description: String { "\(model):\(elements)" }
}

/// One stage, moves left out (BoxDiff's are minimal): its phase, its
/// other calls (sorted) and its data.
struct ROStage: Equatable, CustomStringConvertible {
    var phase: String
    var calls: [String]
    var moves: Int
    var data: [ROPlain]
    var description: String { "\n   \(phase) \(calls) moves:\(moves) data \(data)" }
    static func == (a: ROStage, b: ROStage) -> Bool { a.phase == b.phase && a.calls == b.calls && a.data == b.data }
}

private func pairs(_ s: [String], _ t: [String]) -> (sRef: [Int?], tRef: [Int?]) {
    var queue: [String: [Int]] = [:]
    for (i, id) in s.enumerated() { queue[id, default: []].append(i) }
    var sRef = [Int?](repeating: nil, count: s.count)
    var tRef = [Int?](repeating: nil, count: t.count)
    for (j, id) in t.enumerated() {
        guard var q = queue[id], !q.isEmpty else { continue }
        let i = q.removeFirst()
        queue[id] = q
        sRef[i] = j
        tRef[j] = i
    }
    return (sRef, tRef)
}

private func ps(_ p: ElementPath) -> String { "\(p.section).\(p.element)" }

/// DifferenceKit's sectioned stages, restated. `boxVariant`: BoxDiff's
/// documented difference (a paired element whose target section is
/// inserted, from a kept section, is kept and moved in the element stage,
/// and the inserted section holds only its new elements when inserted).
func roDifferenceKit(_ source: [ROPlain], _ target: [ROPlain], boxVariant: Bool) -> [ROStage] {
    let sec = pairs(source.map(\.model.id), target.map(\.model.id))
    var flatS: [ElementPath] = []
    var flatT: [ElementPath] = []
    for (s, section) in source.enumerated() {
        for e in section.elements.indices { flatS.append(ElementPath(element: e, section: s)) }
    }
    for (t, section) in target.enumerated() {
        for e in section.elements.indices { flatT.append(ElementPath(element: e, section: t)) }
    }
    func elem(_ d: [ROPlain], _ p: ElementPath) -> ROItem { d[p.section].elements[p.element] }
    let el = pairs(flatS.map { elem(source, $0).id }, flatT.map { elem(target, $0).id })
    var sPair: [ElementPath: ElementPath] = [:]
    var tPair: [ElementPath: ElementPath] = [:]
    for (i, j) in el.sRef.enumerated() {
        if let j {
            sPair[flatS[i]] = flatT[j]
            tPair[flatT[j]] = flatS[i]
        }
    }

    // Sections: DifferenceKit's flat `differentiate`.
    var secDeleted: [Int] = []
    var secInserted: [Int] = []
    var secUpdated: [Int] = []
    var secMoves = 0
    var secDeleteOffset = [Int](repeating: 0, count: source.count)
    var off = 0
    for i in source.indices {
        secDeleteOffset[i] = off
        if sec.sRef[i] == nil {
            secDeleted.append(i)
            off += 1
        }
    }
    var tracked = source.indices.map { sec.sRef[$0] == nil }
    var untracked: Int? = 0
    for j in target.indices {
        untracked = untracked.flatMap { u in tracked[u...].firstIndex(where: { !$0 }) }
        if let i = sec.tRef[j] {
            tracked[i] = true
            if !target[j].model.isContentEqual(to: source[i].model) { secUpdated.append(j) }
            if i != untracked { secMoves += 1 }
        } else {
            secInserted.append(j)
        }
    }

    // Stage 1: deletes (and updates).
    var elDeleted: [ElementPath] = []
    var first: [ROPlain] = []
    var firstIndex = [Int?](repeating: nil, count: source.count)
    var elDeleteOffset: [ElementPath: Int] = [:]
    var elTracked: [ElementPath: Bool] = [:]
    for s in source.indices where sec.sRef[s] != nil {
        var offset = 0
        var kept: [ROItem] = []
        for e in source[s].elements.indices {
            let p = ElementPath(element: e, section: s)
            elDeleteOffset[p] = offset
            if let q = sPair[p], sec.tRef[q.section] != nil || boxVariant {
                kept.append(elem(target, q))
                continue
            }
            elDeleted.append(p)
            elTracked[p] = true
            offset += 1
        }
        firstIndex[s] = first.count
        first.append(ROPlain(model: source[s].model, elements: kept))
    }
    // Element updates, inserts, moves.
    var elInserted: [ElementPath] = []
    var elUpdated: [ElementPath] = []
    var elMoves = 0
    var second: [ROPlain] = []
    var third: [ROPlain] = []
    for t in target.indices {
        guard let s = sec.tRef[t] else {
            var inserted = target[t]
            if boxVariant {
                inserted.elements = []
                for e in target[t].elements.indices {
                    let q = ElementPath(element: e, section: t)
                    if let p = tPair[q], sec.sRef[p.section] != nil {
                        elMoves += 1
                        if !elem(target, q).isContentEqual(to: elem(source, p)) { elUpdated.append(p) }
                    } else {
                        // arrives with its section: no element insert
                        inserted.elements.append(elem(target, q))
                    }
                }
            }
            second.append(inserted)
            third.append(boxVariant ? ROPlain(model: target[t].model, elements: target[t].elements) : target[t])
            continue
        }
        second.append(first[firstIndex[s]!])
        third.append(ROPlain(model: source[s].model, elements: target[t].elements))
        var u: Int? = 0
        for e in target[t].elements.indices {
            u = u.flatMap { u0 in
                (u0..<source[s].elements.count).first { elTracked[ElementPath(element: $0, section: s)] != true }
            }
            let q = ElementPath(element: e, section: t)
            guard let p = tPair[q], sec.sRef[p.section] != nil else {
                elInserted.append(q)
                continue
            }
            elTracked[p] = true
            if !elem(target, q).isContentEqual(to: elem(source, p)) { elUpdated.append(p) }
            if p.section != s || p.element != u { elMoves += 1 }
        }
    }
    _ = secDeleteOffset
    _ = elDeleteOffset

    var stages: [ROStage] = []
    if !secDeleted.isEmpty || !elDeleted.isEmpty || !elUpdated.isEmpty {
        stages.append(
            ROStage(
                phase: "delete",
                calls: (secDeleted.map { "sd\($0)" } + elDeleted.map { "ed\(ps($0))" } + elUpdated.map { "eu\(ps($0))" })
                    .sorted(), moves: 0, data: first))
    }
    if !secInserted.isEmpty || secMoves > 0 {
        stages.append(
            ROStage(
                phase: "sectionInsert", calls: secInserted.map { "si\($0)" }.sorted(), moves: secMoves, data: second))
    }
    if !elInserted.isEmpty || elMoves > 0 {
        stages.append(
            ROStage(
                phase: "elementInsert", calls: elInserted.map { "ei\(ps($0))" }.sorted(), moves: elMoves, data: third))
    }
    if !secUpdated.isEmpty {
        stages.append(
            ROStage(phase: "sectionUpdate", calls: secUpdated.map { "su\($0)" }.sorted(), moves: 0, data: target))
    }
    if !stages.isEmpty { stages[stages.count - 1].data = target }
    return stages
}

/// BoxDiff's stages in the same form; its separate element-update stage
/// is merged into the delete stage (DifferenceKit's stage 1 has both).
func roBoxDiff<S>(_ changeset: StagedChangeset<[S]>, plain: (S) -> ROPlain) -> [ROStage] {
    var stages: [ROStage] = []
    for stage in changeset {
        let b = stage.batchUpdate
        let data = stage.data.map(plain)
        var calls: [String] = []
        calls += b.sectionDeleted.map { "sd\($0)" }
        calls += b.elementDeleted.map { "ed\(ps($0))" }
        calls += b.elementUpdated.map { "eu\(ps($0))" }
        calls += b.sectionInserted.map { "si\($0)" }
        calls += b.elementInserted.map { "ei\(ps($0))" }
        calls += b.sectionUpdated.map { "su\($0)" }
        calls += b.elementReconfigured.map { "er\(ps($0))" }
        let phase: String
        if !b.sectionUpdated.isEmpty {
            phase = "sectionUpdate"
        } else if !b.elementInserted.isEmpty || !b.elementMoved.isEmpty {
            phase = "elementInsert"
        } else if !b.sectionInserted.isEmpty || !b.sectionMoved.isEmpty {
            phase = "sectionInsert"
        } else {
            phase = "delete"
        }
        let mixed =
            [
                !b.sectionUpdated.isEmpty, !b.elementInserted.isEmpty || !b.elementMoved.isEmpty,
                !b.sectionInserted.isEmpty || !b.sectionMoved.isEmpty,
                !b.sectionDeleted.isEmpty || !b.elementDeleted.isEmpty || !b.elementUpdated.isEmpty,
            ].filter { $0 }.count > 1
        let s = ROStage(
            phase: mixed ? "MIXED" : phase, calls: calls.sorted(), moves: b.sectionMoved.count + b.elementMoved.count,
            data: data)
        if let last = stages.last, last.phase == "delete", s.phase == "delete" {
            // update stage followed by delete stage
            stages[stages.count - 1] = ROStage(
                phase: "delete", calls: (last.calls + s.calls).sorted(), moves: 0, data: s.data)
        } else {
            stages.append(s)
        }
    }
    return stages
}

/// Drops a stage of moves alone that the other side does not have.
func roAlign(_ a: inout [ROStage], _ b: [ROStage], target: [ROPlain]) {
    let phases = Set(b.map(\.phase))
    let before = a.count
    a.removeAll { $0.calls.isEmpty && $0.moves > 0 && !phases.contains($0.phase) }
    if a.count != before, !a.isEmpty { a[a.count - 1].data = target }
}

struct RORandom {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }
    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }

    /// Source and target: 2-5 sections of 0-6 elements; the target reuses
    /// most of the source's ids (moves across sections, updates), adds a
    /// few; `duplicates`: ids may repeat.
    mutating func sides(duplicates: Bool) -> ([ROPlain], [ROPlain]) {
        let sectionPool = ["A", "B", "C", "D", "E", "F", "G"]
        let elementPool = (0..<14).map { "e\($0)" }
        func draw(_ pool: [String], _ n: Int, _ used: inout Set<String>) -> [String] {
            var out: [String] = []
            for _ in 0..<n {
                if duplicates && !out.isEmpty && chance(20) {
                    out.append(out[next(out.count)])
                    continue
                }
                if duplicates && !used.isEmpty && chance(10) {
                    out.append(used.randomElement(using: &self)!)
                    continue
                }
                let free = pool.filter { !used.contains($0) }
                guard let id = free.isEmpty ? nil : free[next(free.count)] else { break }
                used.insert(id)
                out.append(id)
            }
            return out
        }
        var usedS = Set<String>()
        var usedE = Set<String>()
        let sSecs = draw(sectionPool, 2 + next(4), &usedS)
        let source = sSecs.map { id in
            ROPlain(
                model: ROItem(id: id, v: 0, tag: 0),
                elements: draw(elementPool, next(7), &usedE).map { ROItem(id: $0, v: 0, tag: 0) })
        }
        // Target: sections picked from the source's ids (some dropped) and new ones.
        var sectionIDs = sSecs.filter { _ in chance(75) }
        for _ in 0..<next(3) where chance(60) {
            let id = chance(20) && duplicates ? sSecs[next(sSecs.count)] : sectionPool[next(sectionPool.count)]
            sectionIDs.insert(id, at: next(sectionIDs.count + 1))
        }
        while sectionIDs.count < 2 { sectionIDs.append(sectionPool[next(sectionPool.count)]) }
        if sectionIDs.count > 5 { sectionIDs = Array(sectionIDs.prefix(5)) }
        if chance(50) { sectionIDs.shuffle(using: &self) }
        if !duplicates { sectionIDs = Array(orderedUnique(sectionIDs)) }
        let sourceElementIDs = source.flatMap { $0.elements.map(\.id) }
        var remaining = sourceElementIDs.filter { _ in chance(75) }.shuffled(using: &self)
        var tUsed = Set(sourceElementIDs)
        let target = sectionIDs.map { id -> ROPlain in
            var ids: [String] = []
            for _ in 0..<next(7) {
                if !remaining.isEmpty && chance(75) {
                    ids.append(remaining.removeLast())
                } else {
                    ids += draw(elementPool, 1, &tUsed)
                }
            }
            return ROPlain(
                model: ROItem(id: id, v: chance(25) ? 1 : 0, tag: 1),
                elements: ids.map { ROItem(id: $0, v: chance(25) ? 1 : 0, tag: 1) })
        }
        return (source, target)
    }
}

extension RORandom: RandomNumberGenerator {
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

private func orderedUnique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
}

private func arraySections(_ d: [ROPlain]) -> [ArraySection<ROItem, ROItem>] {
    d.map { ArraySection(model: $0.model, elements: $0.elements) }
}
private func groups(_ d: [ROPlain]) -> [ROGroup] { d.map { ROGroup(title: $0.model, elements: $0.elements) } }

@Suite("DifferenceKit: sectioned stages on random inputs") struct DifferenceKitSectionedTests {
    struct Report {
        var rounds = 0
        var mismatches: [String: (count: Int, example: String)] = [:]
        var violations: [String] = []
        var moveCountsDiffer = 0
        var updateStagesChecked = 0
        mutating func note(_ kind: String, _ example: String) {
            if let m = mismatches[kind] {
                mismatches[kind] = (m.count + 1, m.example.count <= example.count ? m.example : example)
            } else {
                mismatches[kind] = (1, example)
            }
        }
    }

    /// Classifies a difference between the two stage lists.
    static func classify(_ box: [ROStage], _ dk: [ROStage]) -> String {
        if box.map(\.phase) != dk.map(\.phase) { return "phases \(box.map(\.phase)) vs \(dk.map(\.phase))" }
        for (b, d) in zip(box, dk) {
            if b.calls != d.calls { return "calls in \(b.phase)" }
            if b.data != d.data {
                let sameShape =
                    b.data.map { [$0.model.id, $0.model.v.description] + $0.elements.map { "\($0.id)\($0.v)" } }
                    == d.data.map { [$0.model.id, $0.model.v.description] + $0.elements.map { "\($0.id)\($0.v)" } }
                let sameIDs =
                    b.data.map { [$0.model.id] + $0.elements.map(\.id) }
                    == d.data.map { [$0.model.id] + $0.elements.map(\.id) }
                if sameShape { return "data tags (source vs target value) in \(b.phase)" }
                if sameIDs { return "data content (v) in \(b.phase)" }
                return "data ids in \(b.phase)"
            }
        }
        return "?"
    }

    static func run(rounds: Int, seed: UInt64, duplicates: Bool, boxVariant: Bool, custom: Bool) throws -> Report {
        var rng = RORandom(state: seed)
        var report = Report()
        for round in 0..<rounds {
            let (source, target) = rng.sides(duplicates: duplicates)
            let plainA = { (s: ArraySection<ROItem, ROItem>) in ROPlain(model: s.model, elements: s.elements) }
            let plainG = { (s: ROGroup) in ROPlain(model: s.title, elements: s.elements) }
            var box: [ROStage]
            var violations: [BatchViolation]
            if custom {
                let cs = try StagedChangeset(source: groups(source), target: groups(target))
                box = roBoxDiff(cs, plain: plainG)
                violations = cs.violations(from: groups(source))
            } else {
                let cs = try StagedChangeset(source: arraySections(source), target: arraySections(target))
                box = roBoxDiff(cs, plain: plainA)
                violations = cs.violations(from: arraySections(source))
            }
            if !violations.isEmpty {
                report.violations.append("round \(round) \(source) -> \(target): \(violations)")
            }
            // BoxDiff's own element-update stage (DifferenceKit folds it into
            // its delete stage): the source's shape, source models, every
            // paired element (into a kept or inserted section) at its
            // target value, the others at their source value.
            do {
                let cs = try StagedChangeset(source: arraySections(source), target: arraySections(target))
                if let stage = cs.first, !stage.elementUpdated.isEmpty, cs.count > 1 {
                    report.updateStagesChecked += 1
                    let tFlat = target.flatMap(\.elements)
                    let sFlat = source.flatMap(\.elements)
                    let secPairs = pairs(source.map(\.model.id), target.map(\.model.id))
                    let elPairs = pairs(sFlat.map(\.id), tFlat.map(\.id))
                    var k = 0
                    var expected: [ROPlain] = []
                    for (si, sec) in source.enumerated() {
                        var els: [ROItem] = []
                        for e in sec.elements {
                            if let j = elPairs.sRef[k], secPairs.sRef[si] != nil || tFlat[j].isContentEqual(to: e) {
                                els.append(tFlat[j])
                            } else {
                                els.append(e)
                            }
                            k += 1
                        }
                        expected.append(ROPlain(model: sec.model, elements: els))
                    }
                    let got = stage.data.map { ROPlain(model: $0.model, elements: $0.elements) }
                    if got != expected {
                        report.note("update stage data", "\(source) -> \(target)\n box \(got)\n exp \(expected)")
                    }
                }
            }
            var dk = roDifferenceKit(source, target, boxVariant: boxVariant)
            roAlign(&dk, box, target: target)
            roAlign(&box, dk, target: target)
            report.rounds += 1
            if box != dk {
                report.note(classify(box, dk), "\(source) -> \(target)\n box \(box)\n dk  \(dk)")
            } else if box.map(\.moves) != dk.map(\.moves) {
                report.moveCountsDiffer += 1
            }
        }
        return report
    }

    /// The report's mismatches and violations, printed when there are any.
    static func print(_ name: String, _ r: Report) {
        guard !r.mismatches.isEmpty || !r.violations.isEmpty else { return }
        Swift.print(
            "== \(name): \(r.rounds) rounds, \(r.violations.count) with violations, moves differ only: \(r.moveCountsDiffer), update stages checked: \(r.updateStagesChecked)"
        )
        for (k, v) in r.mismatches.sorted(by: { $0.value.count > $1.value.count }) {
            Swift.print("-- [\(v.count)] \(k)\n  \(v.example)")
        }
        for v in r.violations.prefix(3) { Swift.print("VIOLATION \(v)") }
    }

    /// Against BoxDiff's documented variant (elements into inserted
    /// sections are moved): every difference left is undocumented.
    @Test(arguments: [false, true])
    func documentedVariantUniqueIDs(custom: Bool) throws {
        let r = try Self.run(rounds: 4000, seed: 7, duplicates: false, boxVariant: true, custom: custom)
        Self.print("variant unique custom=\(custom)", r)
        #expect(r.violations.isEmpty)
        #expect(r.mismatches.isEmpty)
    }

    @Test(arguments: [false, true])
    func documentedVariantDuplicateIDs(custom: Bool) throws {
        let r = try Self.run(rounds: 4000, seed: 11, duplicates: true, boxVariant: true, custom: custom)
        Self.print("variant duplicates custom=\(custom)", r)
        #expect(r.violations.isEmpty)
        #expect(r.mismatches.isEmpty)
    }

    /// Against DifferenceKit itself: the documented differences show here
    /// (informational, not an expectation).
    @Test func plainDifferenceKit() throws {
        let r = try Self.run(rounds: 3000, seed: 5, duplicates: false, boxVariant: false, custom: false)
        Self.print("plain DK unique", r)
        #expect(r.violations.isEmpty)
    }
}

/// `reload(using:interrupt:setData:)` with sectioned changesets on a
/// simulated collection view: every batch accepted, the view ends showing
/// the target (content compared by id and `v`: a cell not reloaded keeps
/// the value it was configured with, which `isContentEqual` calls equal).
@MainActor
@Suite("DifferenceKit: sectioned reloads on a simulated view") struct DifferenceKitSectionedReloadTests {
    final class Holder {
        var data: [ArraySection<ROItem, ROItem>]
        init(_ data: [ArraySection<ROItem, ROItem>]) { self.data = data }
    }

    static func key(_ sections: [SimulatedListView<ROItem, ROItem>.Section]) -> [[String]] {
        sections.map { ["\($0.header.id)\($0.header.v)"] + $0.items.map { "\($0.id)\($0.v)" } }
    }

    @Test(arguments: [false, true])
    func reloadReachesTarget(duplicates: Bool) throws {
        var rng = RORandom(state: duplicates ? 77 : 33)
        var failures: [String] = []
        for options in [DiffOptions(), DiffOptions(mode: .singleBatch), DiffOptions(updateStyle: .reconfigure)] {
            for round in 0..<1500 {
                let (s, t) = rng.sides(duplicates: duplicates)
                let source = s.map { ArraySection(model: $0.model, elements: $0.elements) }
                let target = t.map { ArraySection(model: $0.model, elements: $0.elements) }
                let holder = Holder(source)
                let view = SimulatedListView<ROItem, ROItem> {
                    holder.data.map { .init(header: $0.model, items: $0.elements) }
                }
                let changeset = try StagedChangeset(source: source, target: target, options: options)
                let v = changeset.violations(from: source)
                var completions = 0
                // Every third round interrupts at a stage of more than 3 changes.
                let interrupt: ((Changeset<[ArraySection<ROItem, ROItem>]>) -> Bool)? =
                    round % 3 == 0 ? { $0.changeCount > 3 } : nil
                view.reload(
                    using: changeset, interrupt: interrupt, setData: { holder.data = $0 },
                    completion: { completions += 1 })
                view.finishAnimations()
                let expected = target.map {
                    SimulatedListView<ROItem, ROItem>.Section(header: $0.model, items: $0.elements)
                }
                if !view.issues.isEmpty || Self.key(view.shown) != Self.key(expected)
                    || (holder.data != target && !changeset.isEmpty)
                    || !v.isEmpty || (completions != 1 && !changeset.isEmpty)
                {
                    failures.append(
                        "\(options.mode) \(options.updateStyle) round \(round) \(s) -> \(t): issues \(view.issues) violations \(v) shown \(view.shown) completions \(completions)"
                    )
                }
            }
        }
        for f in failures.prefix(3) { print("RELOAD FAIL \(f)") }
        #expect(failures.isEmpty)
    }
}

extension DifferenceKitSectionedTests {
    /// A section whose model changes only in a field `isContentEqual(to:)`
    /// ignores keeps its source model in every intermediate stage, as in
    /// DifferenceKit (stage 3 is built from `secondStageSection.model`).
    /// BoxDiff showed the source model in the delete and section stages,
    /// then the target's in the element stage alone.
    @Test func unchangedSectionKeepsSourceModelInElementStage() throws {
        let source = [
            ArraySection(model: ROItem(id: "B", tag: 0), elements: [ROItem]()),
            ArraySection(model: ROItem(id: "C", tag: 0), elements: [ROItem(id: "e0", tag: 0)]),
        ]
        let target = [
            ArraySection(model: ROItem(id: "B", tag: 1), elements: [ROItem(id: "e0", tag: 1)]),
            ArraySection(model: ROItem(id: "C", v: 1, tag: 1), elements: [ROItem(id: "e1", tag: 1)]),
        ]
        let changeset = try StagedChangeset(source: source, target: target)
        // 1 delete? no: e0 moves; stages: element inserts/moves, section update.
        #expect(changeset.count == 2)
        #expect(changeset.first?.elementMoved.count == 1)
        #expect(changeset.first?.data.map(\.model.tag) == [0, 0])  // was [1, 0]
        #expect(changeset.violations(from: source).isEmpty)
    }
}
