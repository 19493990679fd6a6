import BoxDiffTestSupport
import BoxDiffValidation
import Testing

@testable import BoxDiff

// MARK: - Lying identifiers

/// Equal by `key`, hashed by `key` and `salt`: equal values, different hashes.
private struct SaltedID: Hashable {
    var key: Double
    var salt: Int
    static func == (a: SaltedID, b: SaltedID) -> Bool { a.key == b.key }
    func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(salt)
    }
}

/// Equal and hashed by `key`: the honest twin of ``SaltedID``.
private struct HonestKey: Hashable {
    var key: Int
}

/// Equal when within 1 of each other (not transitive), one hash for all.
private struct NearID: Hashable {
    var value: Int
    static func == (a: NearID, b: NearID) -> Bool { abs(a.value - b.value) <= 1 }
    func hash(into hasher: inout Hasher) {}
}

/// `==` answers at random; hashed by the value's parity.
private struct CoinID: Hashable {
    var value: Int
    static func == (a: CoinID, b: CoinID) -> Bool { Bool.random() }
    func hash(into hasher: inout Hasher) { hasher.combine(value & 1) }
}

/// Equal by identity.
private final class RefID: Hashable, @unchecked Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (a: RefID, b: RefID) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A counter read by an identifier that changes on each read.
private final class Reads: @unchecked Sendable {
    var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}

/// An element of the given identifier type; `truth` is the identity the
/// checks use, `text` its content.
private struct Liar<ID: Hashable>: Differentiable, CustomStringConvertible {
    var truth: Int
    var text: String = ""
    var read: @Sendable () -> ID
    var differenceIdentifier: ID { read() }
    func isContentEqual(to source: Liar) -> Bool { text == source.text }
    var description: String { "\(truth)\(text.isEmpty ? "" : ":" + text)" }
}

private func fixed<ID: Hashable & Sendable>(_ truth: Int, _ id: ID, _ text: String = "") -> Liar<ID> {
    Liar(truth: truth, text: text, read: { id })
}

/// Every algorithm, mode and update style, a reload threshold, under both
/// duplicate policies, and an LCS cost bound of 1.
private let allOptions: [DiffOptions] = {
    var grid: [DiffOptions] = []
    for base in OptionGrids.withThreshold {
        for duplicates in [DuplicatePolicy.pairInOrder, .reject] {
            var o = base
            o.duplicates = duplicates
            grid.append(o)
        }
        var tiny = base
        tiny.lcsCostBound = 1
        grid.append(tiny)
    }
    return grid
}()

private func describe(_ o: DiffOptions) -> String {
    "\(o.algorithm)/\(o.mode)/\(o.updateStyle)/\(o.duplicates)/bound \(o.lcsCostBound)/threshold \(o.reloadThreshold.map(String.init) ?? "-")"
}

/// The shape and the data of a flat changeset of liars: the stages pass
/// the validator's count rules, the last data is the target element for
/// element, and, projecting each element to `Item(id: truth)`, the calls
/// replay to every stage's data. `truth` numbers the classes of equal ids
/// where `==` is an equivalence (each NaN its own class), the coarsest
/// pairing the diff may make; `projected` false (no such classes: `==`
/// not transitive or not deterministic) skips the replay.
private func liarProblems<ID>(
    _ c: StagedChangeset<[Liar<ID>]>, _ source: [Liar<ID>], _ target: [Liar<ID>], projected: Bool
) -> [String] {
    func items(_ l: [Liar<ID>]) -> [Item] { l.map { Item(id: $0.truth, text: $0.text) } }
    var found: [String] = []
    if let last = c.last {
        if last.data.map(\.truth) != target.map(\.truth) { found.append("last data is not the target") }
    } else if source.count != target.count {
        found.append("empty changeset for lists of different lengths")
    }
    if c.reloadsEverything {
        if c.count != 1 || c.contains(where: \.hasChanges) { found.append("reload plan") }
        return found
    }
    let mapped = StagedChangeset<[Item]>(
        c.stages.map { Changeset(data: items($0.data), batchUpdate: $0.batchUpdate) },
        reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
    found += BatchUpdateValidator(flavor: .tableView).validate(before: [source.count], steps: mapped.batchSteps())
        .map(\.description)
    if projected {
        do {
            let r = try FlatReplay.replay(mapped, from: items(source))
            if !FlatReplay.same(r, items(target)) { found.append("projection does not replay") }
        } catch { found.append("\(error)") }
    }
    return found
}

private func liarProblemsEverywhere<ID>(
    _ source: [Liar<ID>], _ target: [Liar<ID>], projected: Bool = true, label: String = ""
) -> [String] {
    var problems: [String] = []
    for options in allOptions {
        do {
            let c = try StagedChangeset(source: source, target: target, options: options)
            let found = liarProblems(c, source, target, projected: projected)
            if !found.isEmpty { problems.append("\(label) \(describe(options)): \(found.prefix(3)) \(c)") }
        } catch {
            if let why = unjustified(error, options, [source.map(\.truth), target.map(\.truth)], projected) {
                problems.append("\(label) \(describe(options)): \(why)")
            }
        }
    }
    return problems
}

/// Why throwing `error` was wrong, if it was: only `.reject` may throw,
/// only a duplicate error, and, where the truths are the ids' classes
/// (`projected`), only for lists with a truth twice.
private func unjustified(_ error: DiffError, _ options: DiffOptions, _ truths: [[Int]], _ projected: Bool) -> String? {
    guard options.duplicates == .reject, case .duplicateIdentifier = error else { return "threw \(error)" }
    if projected && truths.allSatisfy({ Set($0).count == $0.count }) { return "threw \(error) without a duplicate" }
    return nil
}

@Suite("Lying elements")
struct LyingElementTests {
    @Test func nanAndSignedZeroIDs() {
        // NaN is not equal to itself: each NaN its own identity (truth 100+k).
        var problems: [String] = []
        let cases: [([Double], [Double])] = [
            ([.nan], [.nan]), ([.nan, .nan], [.nan]), ([1, .nan, 2], [2, .nan, 1]), ([.nan, 1], [.nan, 1]),
            ([0.0], [-0.0]), ([-0.0, 1], [1, 0.0]), ([0.0, -0.0], [-0.0]), ([1, 2, .nan], [1, 2, .nan, .nan]),
            ([.nan, 0.0, .nan, -0.0], [-0.0, .nan, 0.0, .nan]),
        ]
        var next = 100
        func liars(_ xs: [Double]) -> [Liar<Double>] {
            xs.map { x in
                defer { next += 1 }
                return fixed(x.isNaN ? next : Int(x), x)
            }
        }
        for (a, b) in cases {
            problems += liarProblemsEverywhere(liars(a), liars(b), label: "\(a)->\(b)")
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    @Test func saltedIDs() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x5A17)
        for round in 0..<200 {
            func list() -> [Liar<SaltedID>] {
                (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                    let key = Int.random(in: 0..<4, using: &rng)
                    let k: Double = key == 3 ? .nan : Double(key)
                    let salt = Int.random(in: 0..<2, using: &rng)
                    return fixed(
                        key == 3 ? 100 + Int.random(in: 0..<1_000_000, using: &rng) : key, SaltedID(key: k, salt: salt))
                }
            }
            problems += liarProblemsEverywhere(list(), list(), label: "round \(round)")
            if problems.count > 8 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    @Test func nonTransitiveAndCoinIDs() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x7EA5)
        for round in 0..<150 {
            let a = (0..<Int.random(in: 0...9, using: &rng)).map { k in
                fixed(k, NearID(value: Int.random(in: 0..<8, using: &rng)), Bool.random(using: &rng) ? "x" : "")
            }
            let b = (0..<Int.random(in: 0...9, using: &rng)).map { k in
                fixed(50 + k, NearID(value: Int.random(in: 0..<8, using: &rng)))
            }
            problems += liarProblemsEverywhere(a, b, projected: false, label: "near \(round)")
            let c = (0..<Int.random(in: 0...9, using: &rng)).map { k in fixed(k, CoinID(value: k)) }
            let d = (0..<Int.random(in: 0...9, using: &rng)).map { k in fixed(50 + k, CoinID(value: k)) }
            problems += liarProblemsEverywhere(c, d, projected: false, label: "coin \(round)")
            if problems.count > 8 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    @Test func idsThatChangeOnEveryRead() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0xD81F)
        for round in 0..<150 {
            let pool = Int.random(in: 1...4, using: &rng)
            func list(_ base: Int) -> [Liar<Int>] {
                (0..<Int.random(in: 0...9, using: &rng)).map { k in
                    let reads = Reads()
                    let start = Int.random(in: 0..<pool, using: &rng)
                    return Liar(truth: base + k, read: { (start + reads.next()) % pool })
                }
            }
            func slist(_ base: Int) -> [Liar<String>] {
                (0..<Int.random(in: 0...9, using: &rng)).map { k in
                    let reads = Reads()
                    let start = Int.random(in: 0..<pool, using: &rng)
                    return Liar(truth: base + k, read: { "s\((start + reads.next()) % pool)" })
                }
            }
            problems += liarProblemsEverywhere(list(0), list(50), projected: false, label: "int \(round)")
            problems += liarProblemsEverywhere(slist(0), slist(50), projected: false, label: "string \(round)")
            if problems.count > 8 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    @Test func classIDsByIdentity() {
        let refs = (0..<6).map(RefID.init)
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0xC1A5)
        for round in 0..<100 {
            func list() -> [Liar<RefID>] {
                (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                    let k = Int.random(in: 0..<7, using: &rng)
                    // k == 6: a fresh instance, equal to nothing else.
                    return k == 6
                        ? fixed(1000 + Int.random(in: 0..<1_000_000, using: &rng), RefID(6)) : fixed(k, refs[k])
                }
            }
            problems += liarProblemsEverywhere(list(), list(), label: "round \(round)")
            if problems.count > 8 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    @Test func saltedIDsPastTheRepairDictionary() throws {
        // A NaN pair forces the exact-class repair; 200 equal ids with 200
        // hashes then break the repair's dictionary.
        var a = [fixed(-1, SaltedID(key: .nan, salt: 0))]
        var b = [fixed(-2, SaltedID(key: .nan, salt: 0))]
        a.append(fixed(1, SaltedID(key: 1, salt: 0)))
        for k in 0..<200 { b.append(fixed(1, SaltedID(key: 1, salt: 1000 + k))) }
        for options in allOptions {
            do {
                let c = try StagedChangeset(source: a, target: b, options: options)
                let found = liarProblems(c, a, b, projected: true)
                #expect(found.isEmpty, "\(describe(options)): \(found)")
            } catch {
                #expect(options.duplicates == .reject, "\(describe(options)): \(error)")
            }
        }
    }

    @Test func validatorOnSaltedIDs() throws {
        // The validator keyed dictionaries by the caller's ids (content
        // numbering, the refresh report) and trapped as the repair did: 200
        // equal ids with 200 hashes. It files them by `hashValue` now.
        let a = [fixed(1, SaltedID(key: 1, salt: 0))]
        let b = (0..<200).map { fixed(1, SaltedID(key: 1, salt: 1000 + $0)) }
        // Equal ids with different hashes are told apart by their hash, so
        // the validator may take a kept row's content for changed (a
        // missed update); it reports nothing else, and never traps.
        let flat = try StagedChangeset(source: a, target: b)
        let flatFound = flat.violations(from: a)
        #expect(flatFound.allSatisfy { $0.rule == .missedUpdate }, "\(flatFound)")
        let rowsA = [ArraySection(model: fixed(0, 0), elements: a)]
        let rowsB = [ArraySection(model: fixed(0, 0), elements: b)]
        let sectioned = try StagedChangeset(source: rowsA, target: rowsB)
        let sectionedFound = sectioned.violations(from: rowsA)
        #expect(sectionedFound.allSatisfy { $0.rule == .missedUpdate }, "\(sectionedFound)")
        // Honest ids of the same shape (hashed by `key` alone): nothing.
        let honestA = a.map { fixed(1, HonestKey(key: $0.truth)) }
        let honestB = b.map { fixed(1, HonestKey(key: $0.truth)) }
        #expect(try StagedChangeset(source: honestA, target: honestB).violations(from: honestA).isEmpty)
    }

    @Test func lastStageDataIsTheTargetItself() throws {
        // Honest ids; `isContentEqual` ignores `lastSeen`. The last stage's
        // data must be the target (DifferenceKit sets it so), not the
        // source's elements that only compare content-equal to it.
        let old = [Contact(id: 1, name: "a", lastSeen: 0), Contact(id: 2, name: "b", lastSeen: 0)]
        let cases: [[Contact]] = [
            [Contact(id: 1, name: "a", lastSeen: 5)],  // delete stage last
            [Contact(id: 1, name: "a", lastSeen: 5), Contact(id: 2, name: "B", lastSeen: 5)],  // update stage last
        ]
        for new in cases {
            for options in allOptions {
                let c = try StagedChangeset(source: old, target: new, options: options)
                #expect(c.last?.data == new, "\(describe(options)): \(c.map(\.data))")
                let contiguous = try StagedChangeset(
                    source: ContiguousArray(old), target: ContiguousArray(new), options: options)
                #expect(contiguous.last.map { Array($0.data) } == new, "\(describe(options))")
            }
        }
    }

    // MARK: Sections

    @Test func sectionsWithLyingSectionAndElementIDs() {
        var problems: [String] = []
        var rng = SeededGenerator(seed: 0x5EC7)
        typealias LS<A: Hashable, B: Hashable> = ArraySection<Liar<A>, Liar<B>>
        func check<A, B>(_ a: [LS<A, B>], _ b: [LS<A, B>], _ label: String, projected: Bool) {
            for options in allOptions {
                do {
                    let c = try StagedChangeset(source: a, target: b, options: options)
                    problems += sectionLiarProblems(c, a, b, projected: projected).map {
                        "\(label) \(describe(options)): \($0)"
                    }
                } catch {
                    let truths = [
                        a.map(\.model.truth), b.map(\.model.truth), a.flatMap(\.elements).map(\.truth),
                        b.flatMap(\.elements).map(\.truth),
                    ]
                    if let why = unjustified(error, options, truths, projected) {
                        problems.append("\(label) \(describe(options)): \(why)")
                    }
                }
            }
        }
        var serial = 0
        for round in 0..<60 {
            func doubles() -> [LS<Double, Double>] {
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    let s = Int.random(in: 0..<4, using: &rng)
                    serial += 1
                    let sid: Double = s == 3 ? .nan : (s == 0 && Bool.random(using: &rng) ? -0.0 : Double(s))
                    return ArraySection(
                        model: fixed(s == 3 ? 1000 + serial : s, sid, Bool.random(using: &rng) ? "t" : ""),
                        elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                            let e = Int.random(in: 0..<5, using: &rng)
                            serial += 1
                            return fixed(e == 4 ? 1000 + serial : e, e == 4 ? Double.nan : Double(e))
                        })
                }
            }
            check(doubles(), doubles(), "nan \(round)", projected: true)
            func salted() -> [LS<SaltedID, SaltedID>] {
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    let s = Int.random(in: 0..<3, using: &rng)
                    return ArraySection(
                        model: fixed(s, SaltedID(key: Double(s), salt: Int.random(in: 0..<2, using: &rng))),
                        elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                            let e = Int.random(in: 0..<5, using: &rng)
                            return fixed(e, SaltedID(key: Double(e), salt: Int.random(in: 0..<2, using: &rng)))
                        })
                }
            }
            check(salted(), salted(), "salted \(round)", projected: true)
            func near() -> [LS<NearID, CoinID>] {
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    serial += 1
                    return ArraySection(
                        model: fixed(serial, NearID(value: Int.random(in: 0..<4, using: &rng))),
                        elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                            serial += 1
                            return fixed(serial, CoinID(value: Int.random(in: 0..<4, using: &rng)))
                        })
                }
            }
            check(near(), near(), "near/coin \(round)", projected: false)
            func drifting() -> [LS<Int, String>] {
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    serial += 1
                    let sr = Reads()
                    return ArraySection(
                        model: Liar(truth: serial, read: { sr.next() % 2 }),
                        elements: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                            serial += 1
                            let r = Reads()
                            return Liar(truth: serial, read: { "e\(r.next() % 3)" })
                        })
                }
            }
            check(drifting(), drifting(), "drifting \(round)", projected: false)
            if problems.count > 8 { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    @Test func sectionsSaltedIDsPastTheRepairDictionary() throws {
        // As in the flat test: a NaN element pair forces the exact-class
        // repair, over rows and over sections.
        let a = [fixed(-1, SaltedID(key: .nan, salt: 0)), fixed(1, SaltedID(key: 1, salt: 0))]
        var b = [fixed(-2, SaltedID(key: .nan, salt: 0))]
        for k in 0..<200 { b.append(fixed(1, SaltedID(key: 1, salt: 1000 + k))) }
        let rowsA = [ArraySection(model: fixed(0, 0), elements: a)]
        let rowsB = [ArraySection(model: fixed(0, 0), elements: b)]
        let sectionsA = a.map { ArraySection(model: $0, elements: [fixed(0, 0)]) }
        let sectionsB = b.map { ArraySection(model: $0, elements: [fixed(0, 0)]) }
        for options in allOptions {
            do {
                let c = try StagedChangeset(source: rowsA, target: rowsB, options: options)
                let found = sectionLiarProblems(c, rowsA, rowsB, projected: true)
                #expect(found.isEmpty, "rows \(describe(options)): \(found)")
            } catch {
                #expect(options.duplicates == .reject, "rows \(describe(options)): \(error)")
            }
            do {
                let c = try StagedChangeset(source: sectionsA, target: sectionsB, options: options)
                let found = sectionLiarProblems(c, sectionsA, sectionsB, projected: false)
                #expect(found.isEmpty, "sections \(describe(options)): \(found)")
            } catch {
                #expect(options.duplicates == .reject, "sections \(describe(options)): \(error)")
            }
        }
    }

    @Test func sectionsInAnyCollectionAreDiffedAsSections() throws {
        // A lazy map or a dictionary's values of sections is not a
        // RangeReplaceableCollection: it must still be diffed as sections,
        // not as the rows of one section in a changeset of the same type.
        let a = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
        let b = [ArraySection(model: "B", elements: [3, 1]), ArraySection(model: "A", elements: [2])]
        for options in allOptions {
            let expected = try StagedChangeset(source: a, target: b, options: options)
            let lazy: StagedChangeset<[ArraySection<String, Int>]> = try StagedChangeset(
                source: a.lazy.map { $0 }, target: b.lazy.map { $0 }, options: options)
            #expect(lazy.map(\.batchUpdate) == expected.map(\.batchUpdate), "\(describe(options)): \(lazy)")
            #expect(lazy.violations(from: a).isEmpty, "\(describe(options)): \(lazy.violations(from: a))")
            let slice = try StagedChangeset(source: a[0...], target: b[0...], options: options)
            #expect(slice.map(\.batchUpdate) == expected.map(\.batchUpdate), "\(describe(options))")
        }
    }

    @Test func stringsAndSubstringsKeepTheirTypeAndCountFromZero() throws {
        let full = "zzabcdzz"
        let source = full.dropFirst(2).dropLast(2)  // "abcd", startIndex not 0
        let target = "qdbxa".dropFirst()
        for options in allOptions {
            let c = try StagedChangeset(source: source, target: target, options: options)
            let asArrays = StagedChangeset<[Character]>(
                c.stages.map { Changeset(data: Array($0.data), batchUpdate: $0.batchUpdate) },
                reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
            let expected = try StagedChangeset(source: Array(source), target: Array(target), options: options)
            #expect(asArrays.map(\.batchUpdate) == expected.map(\.batchUpdate), "\(describe(options))")
            #expect(c.last.map { String($0.data) } == "dbxa", "\(describe(options))")
            #expect(asArrays.violations(from: Array(source)).isEmpty, "\(describe(options))")
            let s = try StagedChangeset(source: String(source), target: String(target), options: options)
            #expect(s.map(\.batchUpdate) == expected.map(\.batchUpdate), "\(describe(options))")
        }
    }

    @Test func sectionsWhoseElementsAreSlicesAndFlatCollectionsWithOtherIndices() throws {
        // A section keeping its elements in an ArraySlice that does not
        // start at 0, and a flat collection whose indices are not offsets:
        // every ElementPath counts from 0, as for arrays.
        let a = [Shelved(name: "A", elements: [9, 9, 1, 2, 3][2...]), Shelved(name: "B", elements: [9, 4][1...])]
        let b = [
            Shelved(name: "B", elements: [9, 9, 9, 3, 4][3...]), Shelved(name: "A", elements: [9, 2, 5, 1][1...]),
        ]
        func arrays(_ s: [Shelved]) -> [ArraySection<String, Int>] {
            s.map { ArraySection(model: $0.name, elements: Array($0.elements)) }
        }
        for options in allOptions {
            let c = try StagedChangeset(source: a, target: b, options: options)
            let expected = try StagedChangeset(source: arrays(a), target: arrays(b), options: options)
            #expect(c.map(\.batchUpdate) == expected.map(\.batchUpdate), "\(describe(options)): \(c)")
            #expect(c.map { arrays($0.data) } == expected.map(\.data), "\(describe(options))")
            let flat = try StagedChangeset(
                source: OffsetList([1, 2, 3, 4]), target: OffsetList([4, 2, 5, 1]), options: options)
            let flatExpected = try StagedChangeset(source: [1, 2, 3, 4], target: [4, 2, 5, 1], options: options)
            #expect(flat.map(\.batchUpdate) == flatExpected.map(\.batchUpdate), "\(describe(options))")
            #expect(flat.map { Array($0.data) } == flatExpected.map(\.data), "\(describe(options))")
        }
    }
}

/// The sectioned counterpart of `liarProblems`: the validator's count
/// rules on the stages' shapes, the last data the target section for
/// section and element for element, and (when `projected`) the Box
/// replay of the projection to truths.
private func sectionLiarProblems<A, B>(
    _ c: StagedChangeset<[ArraySection<Liar<A>, Liar<B>>]>, _ source: [ArraySection<Liar<A>, Liar<B>>],
    _ target: [ArraySection<Liar<A>, Liar<B>>], projected: Bool
) -> [String] {
    typealias S = ArraySection<Liar<A>, Liar<B>>
    func truths(_ s: [S]) -> [[Int]] { s.map { [$0.model.truth] + $0.elements.map(\.truth) } }
    func box(_ s: [S]) -> Box<Int, Int> {
        Box(
            sections: s.map {
                Section(
                    id: $0.model.truth, header: Component($0.model.text),
                    rows: $0.elements.map { Node(id: $0.truth, component: Component($0.text)) })
            })
    }
    var found: [String] = []
    if let last = c.last, truths(last.data) != truths(target) { found.append("last data is not the target") }
    if c.isEmpty && truths(source).map(\.count) != truths(target).map(\.count) { found.append("empty changeset") }
    if c.reloadsEverything { return found }
    let steps = c.stages.map { BatchStep(update: $0.batchUpdate, after: $0.data.map(\.elements.count)) }
    found += BatchUpdateValidator(flavor: .tableView).validate(before: source.map(\.elements.count), steps: steps)
        .map(\.description)
    if projected && found.isEmpty {
        let boxed = StagedChangeset(
            c.stages.map { Changeset(data: box($0.data), batchUpdate: $0.batchUpdate) },
            reloadsEverything: c.reloadsEverything, isMinimal: c.isMinimal)
        found += BoxReplay.problems(boxed, from: box(source), to: box(target))
    }
    return found
}

/// A section keeping its elements in an `ArraySlice` (its indices as the
/// slice had them).
private struct Shelved: DifferentiableSection, Equatable {
    var name: String
    var elements: ArraySlice<Int>
    init(name: String, elements: ArraySlice<Int>) {
        self.name = name
        self.elements = elements
    }
    init<C: Swift.Collection>(source: Shelved, elements: C) where C.Element == Int {
        self.init(name: source.name, elements: ArraySlice(elements))
    }
    var differenceIdentifier: String { name }
    func isContentEqual(to source: Shelved) -> Bool { true }
}

/// A range-replaceable list whose indices are not offsets: the first
/// element is at index 100.
private struct OffsetList: RangeReplaceableCollection, Equatable {
    struct Index: Comparable {
        var value: Int
        static func < (a: Index, b: Index) -> Bool { a.value < b.value }
    }
    var storage: [Int]
    init() { storage = [] }
    init(_ values: [Int]) { storage = values }
    var startIndex: Index { Index(value: 100) }
    var endIndex: Index { Index(value: 100 + storage.count) }
    func index(after i: Index) -> Index { Index(value: i.value + 1) }
    subscript(i: Index) -> Int { storage[i.value - 100] }
    mutating func replaceSubrange<C: Collection>(_ range: Range<Index>, with new: C) where C.Element == Int {
        storage.replaceSubrange((range.lowerBound.value - 100)..<(range.upperBound.value - 100), with: new)
    }
}
