import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

// The flat and sectioned (DifferenceKit-style) APIs against adversarial
// input: duplicates, colliding and placeholder-like ids, canonically
// equivalent strings, non-reflexive and random `isContentEqual`, tiny LCS
// bounds, reload thresholds, long common prefixes and suffixes.

// MARK: - Helpers

/// Every option set these tests run: algorithm × mode × style, plus LCS
/// cost bounds 1, 0, -1 and Int.min, and reload thresholds 0 and 3.
private let adversarialOptions: [DiffOptions] = {
    var grid = OptionGrids.all
    for bound in [1, 2, 0, -1, Int.min] {
        for mode in BatchMode.allCases {
            for style in UpdateStyle.allCases {
                var o = DiffOptions(algorithm: .lcs)
                o.lcsCostBound = bound
                o.mode = mode
                o.updateStyle = style
                grid.append(o)
            }
        }
    }
    for threshold in [0, 3] {
        for mode in BatchMode.allCases {
            for style in UpdateStyle.allCases {
                var o = DiffOptions()
                o.reloadThreshold = threshold
                o.mode = mode
                o.updateStyle = style
                grid.append(o)
            }
        }
    }
    return grid
}()

private func describe(_ o: DiffOptions) -> String {
    "\(o.algorithm)/\(o.mode)/\(o.updateStyle)/bound \(o.lcsCostBound)/threshold \(o.reloadThreshold.map(String.init) ?? "-")/\(o.duplicates)"
}

/// Everything wrong with the flat changeset of `source` → `target` under
/// `options`: the independent replay must reach every stage's data and the
/// target, the validator must find nothing, no stage may be empty, an empty
/// changeset only for equal lists, a reload-everything plan is one stage
/// without calls whose data is the target.
private func flatProblems<E: Differentiable>(
    _ source: [E], _ target: [E], _ options: DiffOptions, workspace: DiffWorkspace? = nil
) -> [String] {
    let changeset: StagedChangeset<[E]>
    do {
        changeset = try StagedChangeset(source: source, target: target, options: options, workspace: workspace)
    } catch {
        return ["threw \(error)"]
    }
    return flatChangesetProblems(changeset, source, target)
}

private func flatChangesetProblems<E: Differentiable>(
    _ changeset: StagedChangeset<[E]>, _ source: [E], _ target: [E]
) -> [String] {
    var problems: [String] = []
    if changeset.reloadsEverything {
        if changeset.count != 1 || changeset.contains(where: \.hasChanges) {
            problems.append("reload-everything plan is not one stage without calls")
        }
        if let last = changeset.last, !FlatReplay.same(last.data, target) {
            problems.append("reload-everything data is not the target")
        }
        return problems
    }
    for (k, stage) in changeset.enumerated() where !stage.hasChanges { problems.append("stage \(k) is empty") }
    if changeset.isEmpty && !FlatReplay.same(source, target) { problems.append("empty changeset for different lists") }
    if let last = changeset.last, !FlatReplay.same(last.data, target) {
        problems.append("last stage's data is not the target")
    }
    do {
        let replayed = try FlatReplay.replay(changeset, from: source)
        if !FlatReplay.same(replayed, target) { problems.append("replay does not give the target") }
    } catch {
        problems.append("replay: \(error)")
    }
    problems += changeset.violations(from: source).map(\.description)
    return problems
}

/// `flatProblems` over every option set (and `.reject` where the lists
/// have no duplicate ids, where it must not throw).
private func flatProblemsEverywhere<E: Differentiable>(
    _ source: [E], _ target: [E], label: String = ""
) -> [String] {
    let unique =
        Set(source.map(\.differenceIdentifier)).count == source.count
        && Set(target.map(\.differenceIdentifier)).count == target.count
    var problems: [String] = []
    for base in adversarialOptions {
        for duplicates in unique ? [DuplicatePolicy.pairInOrder, .reject] : [.pairInOrder] {
            var options = base
            options.duplicates = duplicates
            let found = flatProblems(source, target, options)
            if !found.isEmpty {
                problems.append("\(label) \(describe(options)): \(found.prefix(3).joined(separator: "; "))")
            }
        }
    }
    return problems
}

/// An element whose `isContentEqual` is never true, not even to itself.
private struct NeverEqual: Differentiable, CustomStringConvertible {
    var id: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: NeverEqual) -> Bool { false }
    var description: String { "\(id)" }
}

/// An element whose `isContentEqual` is not symmetric: equal to a source of
/// a higher or equal version only (so new v2 vs old v1 is a change, old v1
/// vs new v2 is not).
private struct Versioned: Differentiable, CustomStringConvertible {
    var id: Int
    var version: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Versioned) -> Bool { version <= source.version }
    var description: String { "\(id)v\(version)" }
}

/// An element whose `isContentEqual` answers at random on every call.
private struct Flaky: Differentiable, CustomStringConvertible {
    var id: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Flaky) -> Bool { Bool.random() }
    var description: String { "\(id)" }
}

/// A string-keyed element.
private struct Named: Differentiable, CustomStringConvertible {
    var name: String
    var text: String = ""
    var differenceIdentifier: String { name }
    func isContentEqual(to source: Named) -> Bool { text == source.text }
    var description: String { "\(name)\(text.isEmpty ? "" : ":" + text)" }
}

/// An Int-keyed element whose id is `Int(bitPattern:)` of the flat API's
/// prefix placeholder `0xB0D1_FF00_0000_0000 | k`: for Int ids the hash is
/// the bits and is trusted without `==`.
private func placeholderInt(_ k: Int) -> Int { Int(bitPattern: 0xB0D1_FF00_0000_0000 | UInt(k)) }

/// Random list of `size` items with ids in `0..<pool`.
private func randomItems(_ size: Int, pool: Int, changeRate: Int, using rng: inout SeededGenerator) -> [Item] {
    (0..<size).map { _ in
        Item(
            id: Int.random(in: 0..<pool, using: &rng),
            text: Int.random(in: 0..<100, using: &rng) < changeRate ? "x" : "")
    }
}

private func idsOnly<E: Differentiable>(_ list: [E]) -> [Item] where E.DifferenceIdentifier == Int {
    list.map { Item(id: $0.differenceIdentifier) }
}

/// Problems with the identities only (contents ignored: for elements whose
/// `isContentEqual` is not an equivalence): the replay of the ids reaches
/// every stage's data and the target, and the stages pass the validator's
/// shape rules.
private func idStructureProblems<E: Differentiable>(
    _ c: StagedChangeset<[E]>, _ source: [E], _ target: [E]
) -> [String] where E.DifferenceIdentifier == Int {
    var found: [String] = []
    if let last = c.last, !FlatReplay.same(idsOnly(last.data), idsOnly(target)) { found.append("last data") }
    if c.reloadsEverything {
        if c.count != 1 || c.contains(where: \.hasChanges) { found.append("reload plan not one stage without calls") }
        return found
    }
    if c.isEmpty && !FlatReplay.same(idsOnly(source), idsOnly(target)) { found.append("empty changeset") }
    let ids = StagedChangeset<[Item]>(
        c.stages.map { Changeset(data: idsOnly($0.data), batchUpdate: $0.batchUpdate) },
        reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
    do {
        let r = try FlatReplay.replay(ids, from: idsOnly(source))
        if !FlatReplay.same(r, idsOnly(target)) { found.append("ids do not replay") }
    } catch { found.append("\(error)") }
    found += BatchUpdateValidator(flavor: .tableView).validate(before: [source.count], steps: ids.batchSteps())
        .map(\.description)
    return found
}

// MARK: - Sectioned helpers

private typealias CSection = ArraySection<Group, Contact>

private func csection(_ id: Int, _ title: String? = nil, _ rows: [(Int, String)]) -> CSection {
    ArraySection(model: Group(id: id, title: title ?? "G\(id)"), elements: rows.map { Contact(id: $0.0, name: $0.1) })
}

/// Everything wrong with the sectioned changeset under `options`, judged
/// through its Box form (`BoxReplay.problems`) and the sectioned validator.
private func sectionProblems(_ source: [CSection], _ target: [CSection], _ options: DiffOptions) -> [String] {
    let changeset: StagedChangeset<[CSection]>
    do {
        changeset = try StagedChangeset(source: source, target: target, options: options)
    } catch {
        return ["threw \(error)"]
    }
    var problems = BoxReplay.problems(
        SectionTestMapping.box(changeset), from: SectionTestMapping.box(source), to: SectionTestMapping.box(target))
    problems += changeset.violations(from: source).map(\.description)
    if changeset.isEmpty && SectionTestMapping.box(source) != SectionTestMapping.box(target) {
        problems.append("empty changeset for different sections")
    }
    return problems
}

private func sectionProblemsEverywhere(_ source: [CSection], _ target: [CSection], label: String = "") -> [String] {
    var problems: [String] = []
    for options in adversarialOptions {
        let found = sectionProblems(source, target, options)
        if !found.isEmpty {
            problems.append("\(label) \(describe(options)): \(found.prefix(3).joined(separator: "; "))")
        }
    }
    return problems
}

@Suite("Flat and sectioned APIs against adversarial input")
struct FlatAdversarialTests {
    // MARK: Flat: shapes

    @Test func emptyAndSingletonLists() {
        var problems: [String] = []
        let cases: [([Int], [Int])] = [
            ([], []), ([], [1]), ([1], []), ([1], [1]), ([1], [2]), ([1, 1], []), ([], [1, 1]), ([1, 1], [1]),
            ([1], [1, 1]), ([1, 1, 1], [1, 1, 1]),
        ]
        for (a, b) in cases {
            problems += flatProblemsEverywhere(items(a), items(b), label: "\(a)->\(b)")
            problems += flatProblemsEverywhere(a, b, label: "Int \(a)->\(b)")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func reverseRotateInterleave() {
        var problems: [String] = []
        for n in [2, 3, 5, 8, 13] {
            let base = Array(0..<n)
            let a = items(base)
            problems += flatProblemsEverywhere(a, items(base.reversed()), label: "reverse \(n)")
            problems += flatProblemsEverywhere(a, items(Array(base[1...] + base[..<1])), label: "rotate left \(n)")
            problems += flatProblemsEverywhere(
                a, items(Array(base[(n - 1)...] + base[..<(n - 1)])), label: "rotate right \(n)")
            let evens = base.filter { $0 % 2 == 0 }
            let odds = base.filter { $0 % 2 == 1 }
            problems += flatProblemsEverywhere(a, items(evens + odds), label: "unshuffle \(n)")
            problems += flatProblemsEverywhere(items(evens + odds), a, label: "interleave \(n)")
            // Interleave with new elements and updates.
            var mixed: [Item] = []
            for x in base.reversed() {
                mixed.append(Item(id: x, text: x % 3 == 0 ? "u" : ""))
                mixed.append(Item(id: 100 + x))
            }
            problems += flatProblemsEverywhere(a, mixed, label: "reverse+interleave new \(n)")
            problems += flatProblemsEverywhere(mixed, a, label: "back \(n)")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func longCommonPrefixAndSuffixWithMiddleChange() {
        var problems: [String] = []
        let prefix = Array(0..<300)
        let suffix = Array(1000..<1300)
        let middles: [([Int], [Int])] = [
            ([500], [501]), ([500, 501], [501, 500]), ([], [500]), ([500], []), ([500, 501, 502], [502, 500, 501]),
            ([500], [0]),  // an id of the prefix again: a duplicate
            ([1299], [500]),  // a suffix id duplicated in the middle
            ([500], [1299]),
        ]
        for (m1, m2) in middles {
            var b = items(prefix + m2 + suffix)
            b[150].text = "u"
            b[b.count - 10].text = "u"
            problems += flatProblemsEverywhere(items(prefix + m1 + suffix), b, label: "middle \(m1)->\(m2)")
        }
        // The whole source a prefix of the target, and vice versa.
        problems += flatProblemsEverywhere(items(prefix), items(prefix + suffix), label: "append")
        problems += flatProblemsEverywhere(items(prefix + suffix), items(prefix), label: "truncate")
        problems += flatProblemsEverywhere(items(suffix), items(prefix + suffix), label: "prepend")
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    // MARK: Flat: duplicates

    @Test func duplicatesPairInOrderRandomized() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0xD0D0)
        for round in 0..<150 {
            let a = randomItems(Int.random(in: 0...12, using: &rng), pool: 4, changeRate: 20, using: &rng)
            let b = randomItems(Int.random(in: 0...12, using: &rng), pool: 4, changeRate: 20, using: &rng)
            problems += flatProblemsEverywhere(a, b, label: "round \(round) \(a)->\(b)")
            if problems.count > 10 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func duplicatesAreRejectedWhereverTheyAre() {
        // The duplicate inside a common prefix, in the suffix, on either side.
        let cases: [([Int], [Int], DiffSide)] = [
            ([1, 1, 2], [1, 1, 2], .old), ([1, 2, 3], [1, 2, 3, 3], .new), ([5, 1, 5], [1], .old),
            ([1], [1, 2, 1], .new), ([7, 7], [7, 7], .old),
        ]
        for algorithm in DiffAlgorithm.allCases {
            for mode in BatchMode.allCases {
                for (a, b, side) in cases {
                    var options = DiffOptions(algorithm: algorithm, duplicates: .reject)
                    options.mode = mode
                    #expect(throws: DiffError.self, "\(a)->\(b)") {
                        _ = try StagedChangeset(source: items(a), target: items(b), options: options)
                    }
                    do {
                        _ = try StagedChangeset(source: items(a), target: items(b), options: options)
                    } catch {
                        if case .duplicateIdentifier(_, let s, _, _) = error {
                            #expect(s == side, "\(a)->\(b)")
                        } else {
                            Issue.record("\(a)->\(b): \(error)")
                        }
                    }
                }
            }
        }
    }

    @Test func theCheckerCatchesWrongChangesets() {
        // The checker this file relies on flags wrong plans: a missing
        // stage, a wrong move, a missing update.
        let a = items([1, 2, 3])
        let b = items([3, 1, 2])
        let none = StagedChangeset<[Item]>([], isMinimal: true)
        #expect(!flatChangesetProblems(none, a, b).isEmpty)
        let wrongMove = StagedChangeset<[Item]>(
            [
                Changeset(
                    data: b,
                    elementMoved: [
                        Move(source: ElementPath(section: 0, row: 0), destination: ElementPath(section: 0, row: 2))
                    ])
            ],
            isMinimal: true)
        #expect(!flatChangesetProblems(wrongMove, a, b).isEmpty)
        var c = a
        c[1].text = "u"
        let noUpdate = StagedChangeset<[Item]>([Changeset(data: c)], isMinimal: true)
        #expect(!flatChangesetProblems(noUpdate, a, c).isEmpty)
    }

    // MARK: Flat: identities

    @Test func collidingHashesWithDuplicatesAndPrefixes() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0xC011)
        for round in 0..<80 {
            let a = (0..<Int.random(in: 0...10, using: &rng)).map { _ in
                CollidingItem(
                    id: CollidingID(value: Int.random(in: 0..<5, using: &rng)),
                    text: Bool.random(using: &rng) ? "x" : "")
            }
            var b = a.shuffled(using: &rng).prefix(Int.random(in: 0...a.count, using: &rng)).map { $0 }
            b.insert(contentsOf: a.prefix(Int.random(in: 0...a.count, using: &rng)), at: 0)
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                b.insert(
                    CollidingItem(id: CollidingID(value: Int.random(in: 0..<8, using: &rng))),
                    at: Int.random(in: 0...b.count, using: &rng))
            }
            problems += flatProblemsEverywhere(a, b, label: "round \(round)")
            if problems.count > 10 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func intIDsEqualToPrefixPlaceholders() {
        // Int ids are hashed by their bits and trusted without ==; an id
        // with the bits of a prefix placeholder must still pair right.
        var problems: [String] = []
        let p0 = placeholderInt(0)
        let p1 = placeholderInt(1)
        let p2 = placeholderInt(2)
        let cases: [([Int], [Int])] = [
            ([1, p0], [1, p0]), ([1, p0], [1]), ([1], [1, p0]), ([1, 2, p1], [1, 2, p0, p1]),
            ([1, 2, p1, p0], [1, 2, p0, p1]), ([1, 2, 3, p2, p1], [1, 2, 3, p1]), ([1, p0, 5], [1, 5, p0]),
            ([1, 2, 9, p0, p1], [1, 2, p1, 7, p0]), ([p0, 1, p0], [p0, 1, 9, p0]),
        ]
        for (a, b) in cases {
            problems += flatProblemsEverywhere(items(a), items(b), label: "\(a)->\(b)")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func placeholderHashedCustomIDs() {
        var problems: [String] = []
        let cases: [([PlaceholderID], [PlaceholderID])] = [
            ([.plain(1), .atPlaceholder(0)], [.plain(1), .atPlaceholder(0)]),
            ([.plain(1), .plain(2), .atPlaceholder(1)], [.plain(1), .plain(2), .plain(3), .atPlaceholder(1)]),
            ([.plain(1), .atPlaceholder(0), .plain(5)], [.plain(1), .plain(5), .atPlaceholder(0)]),
            (
                [.plain(1), .plain(2), .atPlaceholder(0), .atPlaceholder(1)],
                [.plain(1), .plain(2), .atPlaceholder(1), .atPlaceholder(0)]
            ),
        ]
        for (a, b) in cases {
            problems += flatProblemsEverywhere(
                a.map(PlaceholderItem.init), b.map(PlaceholderItem.init), label: "\(a)->\(b)")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func canonicallyEquivalentStringIDsAreOneIdentity() throws {
        // "é" precomposed vs decomposed; Kelvin sign vs K; Angstrom vs Å.
        let pairs: [(String, String)] = [
            ("\u{E9}", "e\u{301}"), ("\u{212A}", "K"), ("\u{212B}", "\u{C5}"), ("\u{1E0B}\u{323}", "\u{1E0D}\u{307}"),
        ]
        var problems: [String] = []
        for (x, y) in pairs {
            #expect(x == y)
            let a = [Named(name: "a"), Named(name: x), Named(name: "b")]
            let b = [Named(name: "b"), Named(name: y, text: "t"), Named(name: "a")]
            problems += flatProblemsEverywhere(a, b, label: "\(x.unicodeScalars.map(\.value))")
            let c = try StagedChangeset(source: a, target: b)
            #expect(deletes(c).isEmpty && inserts(c).isEmpty, "\(c)")
            #expect(updates(c) == [1])
            // Duplicates spelled differently are duplicates.
            #expect(throws: DiffError.self) {
                _ = try StagedChangeset(
                    source: [Named(name: x), Named(name: y)], target: [],
                    options: DiffOptions(algorithm: .heckel, duplicates: .reject))
            }
            // Plain Strings, canonically equivalent: no change at all.
            let plain = try StagedChangeset(source: ["q", x, "r"], target: ["q", y, "r"])
            #expect(plain.isEmpty)
            problems += flatProblemsEverywhere(["q", x, "r", x], ["r", y, "q"], label: "plain dup")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    // MARK: Flat: core paths

    @Test func duplicatesAroundTrimmedPrefixAndSuffix() {
        // Common prefix and (short or long) suffix whose ids repeat in the
        // middle: the core's suffix re-pairing and short-suffix table.
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x5F1)
        for round in 0..<150 {
            let pool = Int.random(in: 2...8, using: &rng)
            func ids(_ n: Int) -> [Int] { (0..<n).map { _ in Int.random(in: 0..<pool, using: &rng) } }
            let prefix = ids(Int.random(in: 0...4, using: &rng))
            let suffix = ids(Int.random(in: 1...6, using: &rng))
            let m1 = ids(Int.random(in: 0...40, using: &rng))
            let m2 = ids(Int.random(in: 0...40, using: &rng))
            var b = items(prefix + m2 + suffix)
            for i in b.indices where Int.random(in: 0..<5, using: &rng) == 0 { b[i].text = "u" }
            problems += flatProblemsEverywhere(items(prefix + m1 + suffix), b, label: "round \(round)")
            if problems.count > 10 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func groupTableSizedMiddle() {
        // A middle of at least 16,384 unique old ids (the core's group
        // table), with the new side holding duplicates, a repeated suffix id
        // and moves.
        var rng = SeededGenerator(seed: 0x6A0)
        let n = 17_000
        let a = items(Array(0..<n) + [n + 1])
        var bIDs = Array(0..<n).shuffled(using: &rng).prefix(n - 500).map { $0 }
        bIDs += (0..<300).map { _ in Int.random(in: 0..<n, using: &rng) }  // duplicates
        bIDs += (0..<200).map { n + 10 + $0 }
        bIDs.shuffle(using: &rng)
        bIDs.insert(n + 1, at: 5)  // the suffix id also in the middle
        bIDs.append(n + 1)
        var b = items(bIDs)
        for i in stride(from: 0, to: b.count, by: 97) { b[i].text = "u" }
        var problems: [String] = []
        for options in OptionGrids.all where options.algorithm == .heckel {
            let found = flatProblems(a, b, options)
            if !found.isEmpty { problems.append("\(describe(options)): \(found.prefix(3))") }
        }
        // Old side with a suffix id repeated in the middle, new side unique.
        let c = items(Array(0..<n) + [7, 3])
        let d = items([3] + Array(0..<n).filter { $0 != 3 }.reversed() + [7])
        for options in OptionGrids.all where options.algorithm == .heckel {
            let found = flatProblems(c, d, options)
            if !found.isEmpty { problems.append("suffix \(describe(options)): \(found.prefix(3))") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    // MARK: Flat: contents

    @Test func nonReflexiveContentUpdatesEveryPairedElementOnce() throws {
        let a = [1, 2, 3, 4].map(NeverEqual.init)
        let b = [4, 2, 5, 1].map(NeverEqual.init)
        for options in adversarialOptions {
            let c = try StagedChangeset(source: a, target: b, options: options)
            if c.reloadsEverything { continue }
            // Every paired element (1, 2, 4) is refreshed exactly once.
            let refreshed = c.flatMap(\.elementUpdated).count + c.flatMap(\.elementReconfigured).count
            let deleteInserted = c.flatMap(\.elementDeleted).count
            // 3 is deleted, 5 inserted; a refreshed element may also be a delete+insert in one batch.
            #expect(refreshed + (deleteInserted - 1) == 3, "\(describe(options)): \(c)")
            // Identities still replay (contents ignored).
            let found = idStructureProblems(c, a, b)
            #expect(found.isEmpty, "\(describe(options)): \(found)")
        }
        // Equal lists of never-equal elements: every element refreshed, nothing else.
        let same = try StagedChangeset(source: a, target: a)
        #expect(updates(same) == [0, 1, 2, 3])
        #expect(same.count == 1)
    }

    @Test func asymmetricContentAsksTheNewElement() throws {
        // new.isContentEqual(to: old) decides: v1 → v2 is an update (2 <= 1
        // false), v2 → v1 is not (1 <= 2).
        let a = [Versioned(id: 1, version: 1), Versioned(id: 2, version: 2), Versioned(id: 3, version: 1)]
        let b = [Versioned(id: 3, version: 1), Versioned(id: 1, version: 2), Versioned(id: 2, version: 1)]
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: a, target: b, options: options)
            let refreshed = Set(c.flatMap(\.elementUpdated).map { a[$0.row].id })
                .union(c.flatMap(\.elementReconfigured).map { b[$0.row].id })
                .union(
                    Set(c.flatMap(\.elementDeleted).map { a[$0.row].id }).intersection(
                        c.flatMap(\.elementInserted).map { b[$0.row].id }))
            #expect(refreshed == [1], "\(describe(options)): \(c)")
        }
    }

    @Test func randomContentEqualityNeverBreaksTheStructure() throws {
        var rng = SeededGenerator(seed: 0xF1A4)
        for _ in 0..<40 {
            let a = (0..<Int.random(in: 0...10, using: &rng)).map { _ in Flaky(id: Int.random(in: 0..<6, using: &rng)) }
            let b = (0..<Int.random(in: 0...10, using: &rng)).map { _ in Flaky(id: Int.random(in: 0..<6, using: &rng)) }
            for options in adversarialOptions {
                let c = try StagedChangeset(source: a, target: b, options: options)
                let found = idStructureProblems(c, a, b)
                #expect(found.isEmpty, "\(a)->\(b) \(describe(options)): \(found) \(c)")
            }
        }
    }

    // MARK: Flat: options

    @Test func reloadThresholdZeroAndNegative() throws {
        let a = items([1, 2, 3])
        for mode in BatchMode.allCases {
            var options = DiffOptions()
            options.mode = mode
            options.reloadThreshold = 0
            // Threshold 0, no change: an empty changeset, not a reload.
            let none = try StagedChangeset(source: a, target: a, options: options)
            #expect(none.isEmpty && !none.reloadsEverything, "\(mode)")
            // Threshold 0, one change: reload everything.
            let one = try StagedChangeset(source: a, target: items([1, 2]), options: options)
            #expect(one.reloadsEverything && one.count == 1 && FlatReplay.same(one[0].data, items([1, 2])), "\(mode)")
        }
    }

    @Test func lcsTinyCostBoundsStillReplay() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x1C5)
        for round in 0..<60 {
            let n = Int.random(in: 0...40, using: &rng)
            let a = items(Array(0..<n).shuffled(using: &rng))
            var bIDs = Array(0..<n).shuffled(using: &rng).prefix(Int.random(in: 0...n, using: &rng)).map { $0 }
            bIDs += (0..<Int.random(in: 0...5, using: &rng)).map { 100 + $0 }
            for bound in [1, 2, 0, -5] {
                for mode in BatchMode.allCases {
                    for style in UpdateStyle.allCases {
                        var o = DiffOptions(algorithm: .lcs)
                        o.lcsCostBound = bound
                        o.mode = mode
                        o.updateStyle = style
                        let found = flatProblems(a, items(bIDs.shuffled(using: &rng)), o)
                        if !found.isEmpty { problems.append("round \(round) \(describe(o)): \(found)") }
                    }
                }
            }
            if problems.count > 10 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func singleBatchReloadsOnlyStayingUpdatedElements() {
        // Updated elements around deletes, inserts and moves, single batch.
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x5B)
        for round in 0..<200 {
            let n = Int.random(in: 0...10, using: &rng)
            let a = items(Array(0..<n))
            var b = a.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
            if b.count > 1 && Bool.random(using: &rng) { b.swapAt(0, b.count - 1) }
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                b.insert(
                    Item(id: 50 + Int.random(in: 0..<20, using: &rng)), at: Int.random(in: 0...b.count, using: &rng))
            }
            for i in b.indices where Int.random(in: 0..<3, using: &rng) == 0 { b[i].text = "u" }
            // Dedupe new ids.
            var seen = Set<Int>()
            b = b.filter { seen.insert($0.id).inserted }
            for style in UpdateStyle.allCases {
                var o = DiffOptions()
                o.mode = .singleBatch
                o.updateStyle = style
                let found = flatProblems(a, b, o)
                if !found.isEmpty { problems.append("round \(round) \(a)->\(b) \(style): \(found)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func workspaceReusedAcrossElementTypesAndOptions() throws {
        let ws = try DiffWorkspace()
        var problems: [String] = []
        for options in adversarialOptions {
            problems += flatProblems(items([1, 2, 3, 4, 5]), items([5, 4, 9, 1]), options, workspace: ws)
            problems += flatProblems(["a", "b", "c"], ["c", "a", "d"], options, workspace: ws)
            problems += flatProblems(
                [CollidingItem(id: CollidingID(value: 1)), CollidingItem(id: CollidingID(value: 2))],
                [CollidingItem(id: CollidingID(value: 2)), CollidingItem(id: CollidingID(value: 1), text: "u")],
                options, workspace: ws)
            problems += flatProblems(items([]), items([1]), options, workspace: ws)
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func otherCollections() throws {
        let base = Array(0..<10).map { Item(id: $0) }
        let slice = base[3..<8]  // ids 3...7, startIndex 3
        var other = base
        other[5].text = "u"
        let slice2 = other[4..<9]  // ids 4...8
        for options in OptionGrids.all {
            let c: StagedChangeset<ArraySlice<Item>> = try StagedChangeset(
                source: slice, target: slice2, options: options)
            let asArray = StagedChangeset<[Item]>(
                c.stages.map { Changeset(data: Array($0.data), batchUpdate: $0.batchUpdate) },
                reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
            let found = flatChangesetProblems(asArray, Array(slice), Array(slice2))
            #expect(found.isEmpty, "\(describe(options)): \(found)")
            #expect(c.allSatisfy { $0.data.startIndex == 0 })
            let r: StagedChangeset<[Int]> = try StagedChangeset(source: 0..<6, target: 2..<9, options: options)
            #expect(flatChangesetProblems(r, Array(0..<6), Array(2..<9)).isEmpty, "\(describe(options))")
        }
    }

    // MARK: Sections

    @Test func sectionsEmptyShapes() {
        var problems: [String] = []
        let empty: [CSection] = []
        let cases: [([CSection], [CSection])] = [
            (empty, empty), (empty, [csection(1, nil, [])]), ([csection(1, nil, [])], empty),
            ([csection(1, nil, [])], [csection(1, nil, [])]), ([csection(1, nil, [(1, "a")])], [csection(1, nil, [])]),
            ([csection(1, nil, [])], [csection(1, nil, [(1, "a")])]),
            ([csection(1, nil, []), csection(2, nil, [])], [csection(2, nil, []), csection(1, nil, [])]),
            ([csection(1, nil, [(1, "a")])], [csection(2, nil, [(1, "a")])]),
            (
                [csection(1, nil, [(1, "a")]), csection(2, nil, [])],
                [csection(1, nil, []), csection(2, "changed", [(1, "b")])]
            ),
        ]
        for (k, (a, b)) in cases.enumerated() {
            problems += sectionProblemsEverywhere(a, b, label: "case \(k)")
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func sectionsWithDuplicateIDsAndCrossSectionMoves() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x5EC)
        func randomSections(_ rng: inout SeededGenerator) -> [CSection] {
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                csection(
                    Int.random(in: 0..<3, using: &rng), Bool.random(using: &rng) ? "t" : nil,
                    (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                        (Int.random(in: 0..<5, using: &rng), Int.random(in: 0..<4, using: &rng) == 0 ? "x" : "")
                    })
            }
        }
        for round in 0..<120 {
            let a = randomSections(&rng)
            let b = randomSections(&rng)
            problems += sectionProblemsEverywhere(a, b, label: "round \(round) \(a)->\(b)")
            if problems.count > 10 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func sectionsReversedAndAllElementsCrossing() {
        var problems: [String] = []
        let a = (0..<4).map { s in csection(s, nil, (0..<4).map { (s * 10 + $0, "") }) }
        let reversed = a.reversed().map { ArraySection(model: $0.model, elements: $0.elements.reversed()) }
        problems += sectionProblemsEverywhere(a, Array(reversed), label: "reversed")
        // Every element to the next section (rotation across sections).
        let rotated = (0..<4).map { s in csection(s, nil, a[(s + 3) % 4].elements.map { ($0.id, $0.name) }) }
        problems += sectionProblemsEverywhere(a, rotated, label: "rotated")
        // Interleave all elements into one section, others emptied and one deleted.
        let all = a.flatMap(\.elements)
        let one = [
            csection(
                2, "new title",
                all.enumerated().sorted { ($0.offset % 4, $0.offset) < ($1.offset % 4, $1.offset) }.map {
                    ($0.element.id, $0.element.name)
                }), csection(0, nil, []), csection(9, nil, []),
        ]
        problems += sectionProblemsEverywhere(a, one, label: "into one")
        problems += sectionProblemsEverywhere(one, a, label: "out of one")
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func sectionsRejectDuplicatesAcrossSections() {
        let cases: [([CSection], [CSection], DiffSide)] = [
            ([csection(1, nil, [(1, "")]), csection(2, nil, [(1, "")])], [], .old),
            ([], [csection(1, nil, [(5, "")]), csection(2, nil, [(6, ""), (5, "")])], .new),
            ([csection(1, nil, []), csection(1, nil, [])], [csection(1, nil, [])], .old),
            ([csection(1, nil, [(1, "")])], [csection(3, nil, []), csection(3, nil, [(1, "")])], .new),
        ]
        for algorithm in DiffAlgorithm.allCases {
            for mode in BatchMode.allCases {
                for (k, (a, b, side)) in cases.enumerated() {
                    var options = DiffOptions(algorithm: algorithm, duplicates: .reject)
                    options.mode = mode
                    do {
                        let c = try StagedChangeset(source: a, target: b, options: options)
                        Issue.record("case \(k): no error, \(c)")
                    } catch {
                        if case .duplicateIdentifier(_, let s, _, _) = error {
                            #expect(s == side, "case \(k)")
                        } else {
                            Issue.record("case \(k): \(error)")
                        }
                    }
                    // The same lists under .pairInOrder are valid changesets.
                    var inOrder = options
                    inOrder.duplicates = .pairInOrder
                    let found = sectionProblems(a, b, inOrder)
                    #expect(found.isEmpty, "case \(k): \(found)")
                }
            }
        }
    }

    @Test func sectionsAsymmetricAndNonReflexiveContent() throws {
        // Elements: new.isContentEqual(to: old) decides, as in the flat API.
        let a = [ArraySection(model: "S", elements: [Versioned(id: 1, version: 1), Versioned(id: 2, version: 2)])]
        let b = [ArraySection(model: "S", elements: [Versioned(id: 1, version: 2), Versioned(id: 2, version: 1)])]
        let flat = try StagedChangeset(source: a[0].elements, target: b[0].elements)
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: a, target: b, options: options)
            let refreshed =
                c.flatMap(\.elementUpdated).map { a[$0.section].elements[$0.row].id }
                + c.flatMap(\.elementReconfigured).map { b[$0.section].elements[$0.row].id }
            #expect(refreshed == [1], "\(describe(options)): \(c)")
        }
        #expect(updates(flat) == [0])
        // Never-equal elements and sections: each paired one refreshed once.
        let n1 = [ArraySection(model: NeverEqual(id: 1), elements: [NeverEqual(id: 1), NeverEqual(id: 2)])]
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: n1, target: n1, options: options)
            if c.reloadsEverything { continue }
            let rows = c.flatMap(\.elementUpdated).count + c.flatMap(\.elementReconfigured).count
            let sections = c.flatMap(\.sectionUpdated).count + c.flatMap(\.sectionDeleted).count
            // Staged: both rows and the section refreshed; one batch: the
            // section refresh (a reload, or delete + insert) covers its rows.
            if options.mode == .staged {
                #expect(rows == 2 && sections == 1, "\(describe(options)): \(c)")
            } else {
                #expect(sections == 1, "\(describe(options)): \(c)")
            }
        }
    }

    @Test func sectionModelsAsymmetricContentAsksTheNewModel() throws {
        // Section models: new.isContentEqual(to: old) decides, as for elements: section 0
        // goes v1 → v2 (an update), section 1 v2 → v1 (none).
        func sections(_ versions: [Int]) -> [ArraySection<Versioned, Versioned>] {
            versions.enumerated().map { index, version in
                ArraySection(
                    model: Versioned(id: index, version: version), elements: [Versioned(id: 9, version: index)])
            }
        }
        let a = sections([1, 2])
        let b = sections([2, 1])
        for options in OptionGrids.all {
            let c = try StagedChangeset(source: a, target: b, options: options)
            if c.reloadsEverything { continue }
            let refreshed = Set(c.flatMap(\.sectionUpdated)).union(
                Set(c.flatMap(\.sectionDeleted)).intersection(c.flatMap(\.sectionInserted)))
            #expect(refreshed == [0], "\(describe(options)): \(c)")
        }
    }

    @Test func sectionsRandomContentEqualityDoesNotCrash() throws {
        var rng = SeededGenerator(seed: 0xF1)
        for _ in 0..<30 {
            let a = (0..<Int.random(in: 0...3, using: &rng)).map { s in
                ArraySection(
                    model: Flaky(id: s),
                    elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                        Flaky(id: Int.random(in: 0..<6, using: &rng))
                    })
            }
            let b = (0..<Int.random(in: 0...3, using: &rng)).map { s in
                ArraySection(
                    model: Flaky(id: 2 - s),
                    elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                        Flaky(id: Int.random(in: 0..<6, using: &rng))
                    })
            }
            for options in adversarialOptions {
                let c = try StagedChangeset(source: a, target: b, options: options)
                // Identity shape: map to Contact sections with constant contents.
                func plain(_ s: [ArraySection<Flaky, Flaky>]) -> [CSection] {
                    s.map { csection($0.model.id, "", $0.elements.map { ($0.id, "") }) }
                }
                let mapped = StagedChangeset<[CSection]>(
                    c.stages.map { Changeset(data: plain($0.data), batchUpdate: $0.batchUpdate) },
                    reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
                let steps =
                    mapped.reloadsEverything
                    ? [] : mapped.stages.map { BatchStep(update: $0.batchUpdate, after: $0.data.map(\.elements.count)) }
                let shape = BatchUpdateValidator(flavor: .tableView).validate(
                    before: a.map(\.elements.count), steps: steps)
                #expect(shape.isEmpty, "\(shape)")
                if let last = c.last { #expect(plain(last.data) == plain(b)) }
            }
        }
    }

    @Test func sectionsCollidingIDs() {
        // Section and element ids whose hashes all collide.
        typealias CS = ArraySection<CollidingItem, CollidingItem>
        func sec(_ s: Int, _ rows: [Int]) -> CS {
            ArraySection(
                model: CollidingItem(id: CollidingID(value: s)),
                elements: rows.map { CollidingItem(id: CollidingID(value: $0)) })
        }
        func box(_ s: [CS]) -> Box<CollidingID, CollidingID> {
            Box(
                sections: s.map {
                    Section(
                        id: $0.model.id, header: Component($0.model.text),
                        rows: $0.elements.map { Node(id: $0.id, component: Component($0.text)) })
                })
        }
        let a = [sec(1, [1, 2, 3]), sec(2, [4, 5]), sec(3, [])]
        let b = [sec(3, [5, 1]), sec(1, [3, 6, 2]), sec(4, [4])]
        var problems: [String] = []
        for options in adversarialOptions {
            do {
                let c = try StagedChangeset(source: a, target: b, options: options)
                let boxed = StagedChangeset(
                    c.stages.map { Changeset(data: box($0.data), batchUpdate: $0.batchUpdate) },
                    reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
                let found = BoxReplay.problems(boxed, from: box(a), to: box(b))
                if !found.isEmpty { problems.append("\(describe(options)): \(found)") }
            } catch { problems.append("\(describe(options)): threw \(error)") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }
}
