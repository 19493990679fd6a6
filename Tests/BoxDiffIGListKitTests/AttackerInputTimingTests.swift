import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiffIGListKit

private final class Model: ListDiffable {
    let id: NSNumber
    let version: Int
    init(_ id: Int, _ version: Int) {
        self.id = NSNumber(value: id)
        self.version = version
    }
    func diffIdentifier() -> NSObjectProtocol { id }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { (object as? Model)?.version == version }
}

/// `count` distinct 200-character string ids, all alike except seven
/// digits at `offset`.
private func longStrings(_ count: Int, digitsAt offset: Int) -> [any ListDiffable] {
    (0..<count).map { i in
        var chars = Array(String(repeating: "a", count: 200))
        for (k, c) in String(format: "%07d", i).enumerated() { chars[offset + k] = c }
        return NSString(string: String(chars))
    }
}

/// Expects the diff of `old` to `new` to cost at most 5× (plus 50 ms) the
/// diff of `control` to its reverse, both in CPU time: a ratio against a
/// same-sized control, not a speed goal.
private func expectCostsLikeControl(
    _ old: [any ListDiffable], _ new: [any ListDiffable], control: [any ListDiffable],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let craftedTime = cpuSeconds { _ = ListDiff(oldArray: old, newArray: new, option: .equality) }
    let controlTime = cpuSeconds {
        _ = ListDiff(oldArray: control, newArray: control.reversed(), option: .equality)
    }
    #expect(
        craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s",
        sourceLocation: sourceLocation)
}

/// Expects the diff of `ids(m)` against its reverse to cost at most 8
/// times the same diff of `ids(m / 4)` plus 0.05 s of CPU time: linear
/// work costs 4 times as much, telling `m` ids that hash alike apart by
/// `isEqual(_:)` 16 times. For ids that cost more to hash than the string
/// control of ``expectCostsLikeControl(_:_:control:sourceLocation:)``
/// (composite ones: 5 times a string's in a debug build, within the 0.05 s
/// allowance of its bound alone).
private func expectLinearInCount(
    _ m: Int, sourceLocation: SourceLocation = #_sourceLocation, _ ids: (Int) -> [any ListDiffable]
) {
    let times = [m / 4, m].map { count in
        let list = ids(count)
        return cpuSeconds { _ = ListDiff(oldArray: list, newArray: list.reversed(), option: .equality) }
    }
    #expect(
        times[1] <= 8 * times[0] + 0.05, "\(times[0]) s at \(m / 4) ids, \(times[1]) s at \(m)",
        sourceLocation: sourceLocation)
}

/// String identifiers chosen by whoever supplies the data (a feed's URLs,
/// say) cost what other ids cost. `NSString`'s `hash` reads only 32
/// characters at each end and in the middle of a long string: ids that
/// differ elsewhere all hashed alike, and telling them apart was quadratic
/// (20,000 such ids: 34 s in a release build, 0.02 s for ids differing in
/// their first characters). Identifiers are now hashed by their whole
/// string, with Swift's seeded hasher.
@Suite struct CraftedStringIdentifierTests {
    @Test func idsThatNSStringHashesAlikeCostWhatOthersCost() {
        let m = 1_500
        let crafted = longStrings(m, digitsAt: 40)
        let control = longStrings(m, digitsAt: 0)
        #expect(Set(crafted.map { ($0 as! NSString).hash }).count < m)
        expectCostsLikeControl(crafted, crafted.reversed(), control: control)
        let result = ListDiff(oldArray: crafted, newArray: crafted.reversed(), option: .equality)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m - 1)
    }
}

/// `resultForBatchUpdates()` against a same-sized control: a ratio, not a
/// speed goal. It added each updated pair to the deletes and inserts one
/// index at a time, and an index set of many ranges moves its later
/// ranges on each such insert: quadratic when the updates interleave with
/// inserts or deletes (1,000,000 objects, an insert before each and every
/// other one updated: 35 s in a release build, 1.3 s for the diff itself).
@Suite struct BatchResultTimingTests {
    @Test func interleavedUpdatesCostAboutWhatContiguousOnesCost() {
        let n = 100_000
        let old = (0..<n).map { Model($0, 0) }
        // Crafted: an insert before every object, every other one updated.
        var crafted: [Model] = []
        for i in 0..<n {
            crafted.append(Model(n + i, 0))
            crafted.append(Model(i, i % 2))
        }
        // Control: the same counts, the inserts first, the updates together.
        let control = (0..<n).map { Model(n + $0, 0) } + (0..<n).map { Model($0, $0 < n / 2 ? 1 : 0) }
        let craftedResult = ListDiff(oldArray: old, newArray: crafted, option: .equality)
        let controlResult = ListDiff(oldArray: old, newArray: control, option: .equality)
        #expect(craftedResult.updates.count == n / 2 && controlResult.updates.count == n / 2)
        var craftedBatch: ListIndexSetResult?
        var controlBatch: ListIndexSetResult?
        let craftedTime = cpuSeconds { craftedBatch = craftedResult.resultForBatchUpdates() }
        let controlTime = cpuSeconds { controlBatch = controlResult.resultForBatchUpdates() }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        #expect(craftedBatch?.deletes.count == n / 2 && craftedBatch?.inserts.count == n + n / 2)
        #expect(controlBatch?.deletes.count == n / 2 && controlBatch?.inserts.count == n + n / 2)
    }
}

/// `count` distinct URL ids (`NSURL`, as `url as NSURL` gives), all alike
/// except seven digits at `offset` of a 200-character path.
private func longURLs(_ count: Int, digitsAt offset: Int) -> [any ListDiffable] {
    (0..<count).map { i in
        var chars = Array(String(repeating: "a", count: 200))
        for (k, c) in String(format: "%07d", i).enumerated() { chars[offset + k] = c }
        return URLModel(NSURL(string: "https://cdn.example.com/" + String(chars))!)
    }
}

private final class URLModel: ListDiffable {
    let url: NSURL
    init(_ url: NSURL) { self.url = url }
    func diffIdentifier() -> NSObjectProtocol { url }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { object === self }
}

/// URL identifiers chosen by a feed, carried as `NSURL` rather than as a
/// string: `NSURL`'s `hash` is its string's `NSString` hash, which reads
/// only parts of a long string, so URLs that differ elsewhere all hashed
/// alike and the diff was quadratic, the case the string identifiers were
/// already protected against (1,500 such ids: 0.4 s in a debug build,
/// against 0.01 s for URLs differing early). `NSURL` identifiers are now
/// hashed by their whole relative string (`isEqual(_:)` compares it and
/// the base URL).
@Suite struct CraftedURLIdentifierTests {
    @Test func urlsThatNSURLHashesAlikeCostWhatOthersCost() {
        let m = 1_500
        let crafted = longURLs(m, digitsAt: 40)
        let control = longURLs(m, digitsAt: 0)
        expectCostsLikeControl(crafted, crafted.reversed(), control: control)
        let result = ListDiff(oldArray: crafted, newArray: crafted.reversed(), option: .equality)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m - 1)
        // Equal URLs (separate instances) are still one identifier.
        let copies = crafted.map { URLModel(NSURL(string: ($0 as! URLModel).url.relativeString)!) }
        let same = ListDiff(oldArray: crafted, newArray: copies, option: .pointerPersonality)
        #expect(same.deletes.isEmpty && same.inserts.isEmpty && same.updates.count == m)
        #expect(same.newIndex(forIdentifier: NSURL(string: copies[7].url.relativeString)!) == 7)
    }
}

/// `count` spellings of one 13-accent id: each "é" precomposed (U+00E9) or
/// decomposed ("e" + U+0301), as the bits of the index choose.
private func accentSpellings(_ count: Int) -> [any ListDiffable] {
    (0..<count).map { i in
        var s = "id-"
        for bit in 0..<13 { s += (i >> bit) & 1 == 0 ? "\u{E9}" : "e\u{301}" }
        return NSString(string: s)
    }
}

/// Canonically equivalent spellings of one id as `NSString` identifiers.
/// Apple's `isEqual(_:)` compares them literally (distinct ids), Linux's by
/// canonical equivalence (one id, repeated); a Swift `String` hashes them
/// all alike either way, so on Apple platforms keys hashed as Swift strings
/// made 4,096 distinct ids one bucket (quadratic). The keys hash what
/// `isEqual(_:)` compares: the old half's spellings (last accent
/// precomposed) pair with the new half's (decomposed) exactly when
/// `isEqual(_:)` says they are one id, and the diff costs what distinct
/// ids cost. (On Linux a key hashed by UTF-16 units left every pair
/// unpaired: 4,097 deletes and inserts.)
@Suite struct EquivalentSpellingIdentifierTests {
    @Test func spellingsOfOneIdPairAsIsEqualSaysAndCostWhatOthersCost() {
        let m = 4_096
        let spellings = accentSpellings(2 * m)
        // A distinct id at the end of the old list and at the start of the
        // new one: no common prefix or suffix, which the diff finds with
        // `==` alone, so every key is hashed.
        let old = Array(spellings[..<m]) + [NSString(string: "old-only")]
        let new = [NSString(string: "new-only")] + Array(spellings[m...].reversed())
        let oneID = (old[0] as! NSString).isEqual(new[1])
        let result = ListDiff(oldArray: old, newArray: new, option: .equality)
        #expect(result.deletes.count == (oneID ? 1 : m + 1) && result.inserts.count == (oneID ? 1 : m + 1))
        let control = longStrings(m, digitsAt: 0)
        expectCostsLikeControl(old, new, control: control)
    }
}

/// An `NSData` identifier model: identified by its bytes.
private final class DataModel: ListDiffable {
    let id: NSData
    init(_ id: NSData) { self.id = id }
    func diffIdentifier() -> NSObjectProtocol { id }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { object === self }
}

/// `count` distinct 108-byte `NSData` ids: 100 equal bytes and an 8-byte
/// index, after them (`indexFirst` false) or before them.
private func dataIDs(_ count: Int, indexFirst: Bool) -> [any ListDiffable] {
    (0..<count).map { i in
        let index = withUnsafeBytes(of: UInt64(i)) { Data($0) }
        let filler = Data(repeating: 7, count: 100)
        return DataModel(NSData(data: indexFirst ? index + filler : filler + index))
    }
}

/// Number and data identifiers chosen by whoever supplies the data (a
/// feed's numeric ids, say) cost what other ids cost. `NSNumber`'s `hash`
/// is Core Foundation's: 0 for every double from 2^117 up (its integral
/// part is taken modulo 2^64, and those doubles are multiples of it), the
/// same for x and -x, and on Linux for an unsigned 64-bit value past
/// Int64.max in runs of thousands; `NSData`'s reads only the first 80
/// bytes. Ids alike in that hash were told apart by `isEqual(_:)` one
/// against another: quadratic (a release build, 400 of them: doubles
/// 0.017 s against 0.0001 s for doubles with distinct hashes, 160x and
/// doubling with n; 108-byte data 1.1 s against 0.0004 s, 2,900x).
/// Numbers are now hashed by their value as `isEqual(_:)` compares it
/// (integers exactly, the others by their double), data by all its bytes.
@Suite struct CraftedNumberAndDataIdentifierTests {
    @Test func numbersThatNSNumberHashesAlikeCostWhatOthersCost() {
        let m = 2_000
        let big = pow(2.0, 117.0)
        let crafted: [any ListDiffable] = (0..<m).map { NSNumber(value: big * (1 + Double($0) / 1e6)) }
        #expect(Set(crafted.map { ($0 as! NSNumber).hash }).count == 1)
        let control: [any ListDiffable] = (0..<m).map { NSNumber(value: Double($0) + 0.5) }
        expectCostsLikeControl(crafted, crafted.reversed(), control: control)
        let result = ListDiff(oldArray: crafted, newArray: crafted.reversed(), option: .equality)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m - 1)
        // Integers past 2^53 that share a double stay apart too.
        let near: [any ListDiffable] = (0..<m).map { NSNumber(value: Int64.max - Int64($0)) }
        expectCostsLikeControl(near, near.reversed(), control: control)
        let unsigned: [any ListDiffable] = (0..<m).map { NSNumber(value: UInt64.max - UInt64($0)) }
        expectCostsLikeControl(unsigned, unsigned.reversed(), control: control)
    }

    @Test func dataThatNSDataHashesAlikeCostWhatOthersCost() {
        let m = 300
        let crafted = dataIDs(m, indexFirst: false)
        let control = dataIDs(m, indexFirst: true)
        #expect(Set(crafted.map { ($0 as! DataModel).id.hash }).count == 1)
        expectCostsLikeControl(crafted, crafted.reversed(), control: control)
        let copies = crafted.map { DataModel(NSData(data: ($0 as! DataModel).id as Data)) }
        let result = ListDiff(oldArray: crafted, newArray: copies.reversed(), option: .equality)
        // Every pair is updated and off its place: each is a move, as in IGListKit.
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m)
        #expect(result.updates.count == m)
    }

    /// Numbers `isEqual(_:)` calls equal are one identifier whatever their
    /// type: 1 and 1.0, 0.5 as Float and Double, true and 1, 0 and -0.0,
    /// 2^63 unsigned and as a double, NaN and NaN; different ones are not.
    @Test func equalNumbersOfDifferentTypesPair() {
        let old: [NSNumber] = [
            NSNumber(value: 1), NSNumber(value: Float(0.5)), NSNumber(value: true), NSNumber(value: 0),
            NSNumber(value: UInt64(1) << 63), NSNumber(value: Double.nan), NSNumber(value: -7),
            NSNumber(value: UInt64.max), NSNumber(value: Int64.min),
        ]
        let new: [NSNumber] = [
            NSNumber(value: 1.0), NSNumber(value: 0.5), NSNumber(value: 1 as Int8), NSNumber(value: -0.0),
            NSNumber(value: pow(2.0, 63)), NSNumber(value: Double.nan), NSNumber(value: 7),
            NSNumber(value: UInt64.max - 1), NSNumber(value: -pow(2.0, 63)),
        ]
        for (a, b) in zip(old, new) {
            let result = ListDiff(oldArray: [a], newArray: [b], option: .equality)
            let equal = a.isEqual(b)
            #expect(result.deletes.count == (equal ? 0 : 1), "\(a) and \(b): isEqual \(equal)")
            #expect(result.inserts.count == (equal ? 0 : 1), "\(a) and \(b): isEqual \(equal)")
        }
        let copies = old.map { $0.copy() as! NSNumber }
        #expect(!ListDiff(oldArray: old, newArray: copies, option: .equality).hasChanges)
    }
}

/// `count` distinct `NSUUID`s (`crafted`: all with one `hash`). Core
/// Foundation hashes a UUID's 16 bytes with the ELF hash, which shifts
/// each byte in 4 bits past the previous one: raising byte 2k by j and
/// lowering byte 2k + 1 by 16j leaves it unchanged, so 3 such pairs give
/// 4,096 UUIDs with one hash. The control varies the first bytes instead.
private func uuids(_ count: Int, crafted: Bool) -> [any ListDiffable] {
    (0..<count).map { i in
        var bytes = [UInt8](repeating: 0x11, count: 16)
        if crafted {
            for pair in 0..<3 {
                let j = (i >> (4 * pair)) & 15
                bytes[10 + 2 * pair] = UInt8(j)
                bytes[11 + 2 * pair] = UInt8(240 - 16 * j)
            }
        } else {
            bytes[0] = UInt8(i & 0xFF)
            bytes[1] = UInt8(i >> 8)
        }
        return UUIDModel(bytes.withUnsafeBufferPointer { NSUUID(uuidBytes: $0.baseAddress!) })
    }
}

private final class UUIDModel: ListDiffable {
    let id: NSUUID
    init(_ id: NSUUID) { self.id = id }
    func diffIdentifier() -> NSObjectProtocol { id }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { object === self }
}

/// `NSUUID` identifiers chosen by whoever supplies them cost what other
/// UUIDs cost: their own `hash` (the ELF hash of the bytes) lets anyone
/// make as many as they like hash alike, and telling them apart by
/// `isEqual(_:)` was quadratic (a release build: 1,024, 2,048 and 4,096
/// such UUIDs took 0.18 s, 0.72 s and 2.9 s against 0.0003-0.0015 s for
/// UUIDs with distinct hashes). They are now hashed by their 16 bytes.
@Suite struct CraftedUUIDIdentifierTests {
    @Test func uuidsThatNSUUIDHashesAlikeCostWhatOthersCost() {
        let m = 1_500
        let crafted = uuids(m, crafted: true)
        #expect(Set(crafted.map { ($0 as! UUIDModel).id.hash }).count == 1)
        expectCostsLikeControl(crafted, crafted.reversed(), control: uuids(m, crafted: false))
        let copies = crafted.map { UUIDModel(NSUUID(uuidString: ($0 as! UUIDModel).id.uuidString)!) }
        let result = ListDiff(oldArray: crafted, newArray: copies.reversed(), option: .equality)
        // Every pair is updated and off its place: each is a move, as in IGListKit.
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m)
        #expect(result.updates.count == m)
    }
}

private final class KeyedModel: ListDiffable {
    let key: NSObjectProtocol
    init(_ key: NSObjectProtocol) { self.key = key }
    func diffIdentifier() -> NSObjectProtocol { key }
    func isEqual(toDiffableObject object: (any ListDiffable)?) -> Bool { object === self }
}

/// Composite identifiers (`[userID, postID] as NSArray`, a dictionary or
/// set of key fields), timestamps (`NSDate`) and attributed strings cost
/// what other ids cost, and pair when `isEqual(_:)` says so. Foundation's
/// `hash` is the element count for `NSArray`, `NSOrderedSet`, `NSSet` and
/// `NSDictionary` (every composite id of a list alike, no attacker
/// needed), the time rounded to a `Float` for `NSDate` (about one hash a
/// minute today) and part of the string for `NSAttributedString`: telling
/// them apart by `isEqual(_:)` was quadratic (found by review,
/// 2026-11-29, sixth session; debug build: 500 arrays 0.96 s, 500
/// dictionaries 1.6 s and 1,500 dates 10 ms apart 0.66 s, against
/// 0.0007-0.002 s for string ids). They are hashed by what they hold now.
/// (`NSAttributedString`, hashed by its string, is not built here:
/// swift-corelibs-foundation's `NSAttributedString(string:)` leaks its
/// attribute runs, which LeakSanitizer reports in the sanitized run.)
@Suite struct CompositeIdentifierTests {
    static func composite(_ kind: Int, _ i: Int) -> NSObjectProtocol {
        let user = NSNumber(value: 7)
        let post = NSNumber(value: i)
        switch kind {
        case 0: return NSArray(array: [user, post])
        case 1: return NSMutableArray(array: [NSArray(array: [user]), NSString(string: "post \(i)")])
        case 2: return NSOrderedSet(array: [user, post])
        case 3: return NSSet(array: [user, post])
        case 4: return NSDictionary(dictionary: ["user": user, "post": post])
        default: return NSDate(timeIntervalSinceReferenceDate: 8e8 + Double(i) * 0.01)
        }
    }

    @Test(arguments: 0..<6) func compositeIdentifiersCostWhatOthersCost(kind: Int) {
        let m = 1_000
        let crafted: [any ListDiffable] = (0..<m).map { KeyedModel(Self.composite(kind, $0)) }
        expectLinearInCount(m) { count in (0..<count).map { KeyedModel(Self.composite(kind, $0)) } }
        // Equal identifiers built anew pair (updates: other models).
        let copies: [any ListDiffable] = (0..<m).map { KeyedModel(Self.composite(kind, $0)) }
        let result = ListDiff(oldArray: crafted, newArray: copies.reversed(), option: .equality)
        // Every pair is updated and off its place: each is a move, as in IGListKit.
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m, "kind \(kind)")
        #expect(result.updates.count == m, "kind \(kind)")
    }

    /// Equal collections hash alike whatever their elements' order where
    /// `isEqual(_:)` ignores it (sets, dictionaries), and nested ones past
    /// the hashed depth still pair.
    @Test func equalCollectionsPair() {
        let pairs: [(NSObjectProtocol, NSObjectProtocol)] = [
            (NSSet(array: [1, 2, 3].map(NSNumber.init(value:))), NSSet(array: [3, 1, 2].map(NSNumber.init(value:)))),
            (
                NSDictionary(dictionary: ["a": NSNumber(value: 1), "b": NSString(string: "x")]),
                NSDictionary(dictionary: ["b": NSString(string: "x"), "a": NSNumber(value: 1.0)])
            ),
            (NSArray(array: [NSNumber(value: 1)]), NSMutableArray(array: [NSNumber(value: 1.0)])),
            (
                (0..<8).reduce(NSArray()) { nested, _ in NSArray(array: [nested]) },
                (0..<8).reduce(NSArray()) { nested, _ in NSArray(array: [nested]) }
            ),
            (NSDate(timeIntervalSinceReferenceDate: 0), NSDate(timeIntervalSinceReferenceDate: -0.0)),
        ]
        for (a, b) in pairs {
            #expect(a.isEqual(b), "\(a) and \(b)")
            let result = ListDiff(oldArray: [KeyedModel(a)], newArray: [KeyedModel(b)], option: .equality)
            #expect(result.deletes.isEmpty && result.inserts.isEmpty, "\(a) and \(b)")
        }
        let different = ListDiff(
            oldArray: [KeyedModel(NSArray(array: [NSNumber(value: 1), NSNumber(value: 2)]))],
            newArray: [KeyedModel(NSArray(array: [NSNumber(value: 2), NSNumber(value: 1)]))], option: .equality)
        #expect(different.deletes.count == 1 && different.inserts.count == 1)
    }
}

/// Identifiers nested deeper than the hashing recursion goes (JSON decoded
/// into Foundation objects: `[[[[[id]]]]]`, dictionaries in dictionaries)
/// cost what others cost, and pair when `isEqual(_:)` says so. Past four
/// levels a collection was hashed by its tag and size alone, so ids nested
/// five deep all hashed alike, and telling them apart was quadratic (found
/// by review, 2026-12-03: 500 ids 9.5 s for arrays and 21.7 s for
/// dictionaries five deep, debug build, against 0.009 s and 0.020 s four
/// deep). Deeper collections are walked with a stack of their own now.
@Suite struct NestedIdentifierTests {
    static func nested(_ i: Int, depth: Int, dictionaries: Bool) -> NSObjectProtocol {
        var object: NSObject = NSNumber(value: i)
        for level in 0..<depth {
            object =
                dictionaries
                ? NSDictionary(dictionary: ["k\(level % 2)": object, "n": NSNumber(value: level)])
                : NSArray(array: [NSNumber(value: level), object])
        }
        return object
    }

    @Test(arguments: [5, 8], [false, true])
    func nestedIdentifiersCostWhatOthersCost(depth: Int, dictionaries: Bool) {
        let m = 600
        let ids = { (count: Int) -> [any ListDiffable] in
            (0..<count).map { KeyedModel(Self.nested($0, depth: depth, dictionaries: dictionaries)) }
        }
        expectLinearInCount(m, ids)
        // Equal identifiers built anew pair (updates: other models).
        let result = ListDiff(oldArray: ids(m), newArray: ids(m).reversed(), option: .equality)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.moves.count == m)
        #expect(result.updates.count == m)
    }

    /// An identifier nested 1,000 deep is hashed without recursing that
    /// deep (a stack of its own), and pairs with its equal. (Deeper, on
    /// Linux, swift-corelibs-foundation's own bridging of the elements
    /// recurses through the whole structure, in quadratic time.)
    @Test func veryDeepIdentifiersPair() {
        let deep = { Self.nested(1, depth: 1_000, dictionaries: false) }
        let result = ListDiff(
            oldArray: [KeyedModel(deep()), KeyedModel(NSNumber(value: 2))],
            newArray: [KeyedModel(NSNumber(value: 2)), KeyedModel(deep())], option: .equality)
        #expect(result.deletes.isEmpty && result.inserts.isEmpty)
        let other = ListDiff(
            oldArray: [KeyedModel(deep())], newArray: [KeyedModel(Self.nested(2, depth: 1_000, dictionaries: false))],
            option: .equality)
        #expect(other.deletes.count == 1 && other.inserts.count == 1)
    }

    /// An identifier of more collection elements than the budget (which
    /// bounds the walk of a graph that holds one collection many times
    /// over, on Apple platforms) is hashed by its first level: where the
    /// walk would stop depends on a dictionary's order, and equal
    /// dictionaries still pair (and unequal ones do not).
    @Test func identifiersPastTheBudgetPair() {
        let big = (0..<40_000).map { NSNumber(value: $0) }
        func dictionary(_ keys: [String], last: Int = 0) -> NSDictionary {
            let values = [NSArray(array: big), NSArray(array: big.reversed() + [NSNumber(value: last)])]
            let pairs = zip(keys, keys.sorted() == keys ? values : values.reversed())
            let dictionary = NSMutableDictionary()
            for (key, value) in pairs { dictionary[NSString(string: key)] = value }
            return dictionary
        }
        let a = dictionary(["a", "b"])
        let b = dictionary(["b", "a"])
        #expect(a.isEqual(b))
        let equal = ListDiff(oldArray: [KeyedModel(a)], newArray: [KeyedModel(b)], option: .equality)
        #expect(equal.deletes.isEmpty && equal.inserts.isEmpty)
        let c = dictionary(["a", "b"], last: 1)
        #expect(!a.isEqual(c))
        let unequal = ListDiff(oldArray: [KeyedModel(a)], newArray: [KeyedModel(c)], option: .equality)
        #expect(unequal.deletes.count == 1 && unequal.inserts.count == 1)
    }

    @Test func identifiersPastTheBudgetHashByTheirFirstLevel() {
        let count = DiffIdentifierKey.elementBudget + 1
        let numbers = { (last: Int) in
            NSArray(array: (0..<count).map { NSNumber(value: $0 == count - 1 ? last : $0) })
        }
        let arrays = (0..<3).map(numbers)
        #expect(Set(arrays.map { DiffIdentifierKey(object: $0).hashCode }).count == 3)
        let a = NSOrderedSet(array: [numbers(0), NSNumber(value: 1)])
        let b = NSOrderedSet(array: [numbers(0), NSNumber(value: 1)])
        #expect(a.isEqual(b))
        #expect(DiffIdentifierKey(object: a).hashCode == DiffIdentifierKey(object: b).hashCode)
        let paired = ListDiff(oldArray: [KeyedModel(a)], newArray: [KeyedModel(b)], option: .equality)
        #expect(paired.deletes.isEmpty && paired.inserts.isEmpty)
        let c = NSOrderedSet(array: [numbers(0), NSNumber(value: 2)])
        #expect(DiffIdentifierKey(object: a).hashCode != DiffIdentifierKey(object: c).hashCode)
        // A dictionary past the budget: its first level, in any order. (No
        // set: on Linux, Foundation's NSSet traps on array elements.)
        let d1 = NSDictionary(dictionary: ["g": numbers(0), "n": NSNumber(value: 1)])
        let d2 = NSDictionary(dictionary: ["n": NSNumber(value: 1), "g": numbers(0)])
        let d3 = NSDictionary(dictionary: ["n": NSNumber(value: 2), "g": numbers(0)])
        #expect(DiffIdentifierKey(object: d1).hashCode == DiffIdentifierKey(object: d2).hashCode)
        #expect(DiffIdentifierKey(object: d1).hashCode != DiffIdentifierKey(object: d3).hashCode)
    }

    /// Identifiers past the budget made of composite elements (`[userID,
    /// postID]` pairs, small dictionaries) hash by what those hold: they
    /// all hashed alike, by the pairs' tag and count, and paired in
    /// quadratic time (found by review, 2026-12-03). Equal ones still hash
    /// alike, dictionaries in any order.
    @Test func identifiersPastTheBudgetHashTheirSmallElements() {
        let pairs = { (k: Int) in
            NSArray(array: (0..<40_000).map { NSArray(array: [NSNumber(value: $0), NSNumber(value: k)]) })
        }
        let ids = (0..<8).map(pairs)
        #expect(Set(ids.map { DiffIdentifierKey(object: $0).hashCode }).count == 8)
        #expect(DiffIdentifierKey(object: pairs(3)).hashCode == DiffIdentifierKey(object: ids[3]).hashCode)
        let records = { (keys: [String], k: Int) in
            NSArray(
                array: (0..<40_000).map { n in
                    let record = NSMutableDictionary()
                    for key in keys { record[NSString(string: key)] = NSNumber(value: key == "k" ? k : n) }
                    return record
                })
        }
        let r1 = records(["id", "k"], 1)
        let r2 = records(["k", "id"], 1)
        #expect(r1.isEqual(r2))
        #expect(DiffIdentifierKey(object: r1).hashCode == DiffIdentifierKey(object: r2).hashCode)
        #expect(DiffIdentifierKey(object: r1).hashCode != DiffIdentifierKey(object: records(["id", "k"], 2)).hashCode)
        // A first-level element holding more than smallCount: its tag and
        // count alone, as before.
        let wide = { (last: Int) in
            NSArray(
                array: (0..<4_000).map { _ in NSArray(array: (0..<17).map { NSNumber(value: $0 == 16 ? last : $0) }) })
        }
        #expect(DiffIdentifierKey(object: wide(0)).hashCode == DiffIdentifierKey(object: wide(1)).hashCode)
    }
}

/// `NSDecimalNumber` identifiers (amounts, ids decoded as decimals) were
/// left to their own `hash`, which on Linux recursed until the stack
/// overflowed (swift-corelibs-foundation): the diff crashed. They are
/// hashed by value now: an integral one as the integer (as `NSNumber`
/// hashes it), any other by its digits without trailing zeros (not by its
/// double, which decimals of up to 38 digits share). Found by review
/// (2026-11-29, sixth session).
@Suite struct DecimalNumberIdentifierTests {
    @Test func decimalNumberIdentifiersPairByValue() async {
        await #expect(processExitsWith: .success) {
            let old: [any ListDiffable] = ["1", "2", "0.5", "12345678901234567890123456789.5"].map {
                KeyedModel(NSDecimalNumber(string: $0))
            }
            let new: [any ListDiffable] = ["2", "1.0", "0.50", "12345678901234567890123456789.5"].map {
                KeyedModel(NSDecimalNumber(string: $0))
            }
            let result = ListDiff(oldArray: old, newArray: new, option: .equality)
            // 1 and 2 swap, both updated (new models): two moves, as in IGListKit.
            if !(result.inserts.isEmpty && result.deletes.isEmpty && result.moves.count == 2) { exit(1) }
        }
    }

    @Test func decimalsSharingADoubleCostWhatOthersCost() {
        let m = 1_500
        // 30 digits: every one rounds to the same double.
        let crafted: [any ListDiffable] = (0..<m).map {
            KeyedModel(NSDecimalNumber(string: "0.1234567890123456789012\(String(format: "%06d", $0))"))
        }
        // Decimals too, each its own double: a decimal's hash and equality
        // cost more than a string's (13 times under ASan), which is not
        // what this test is about.
        let control: [any ListDiffable] = (0..<m).map {
            KeyedModel(NSDecimalNumber(string: "\($0).\(String(format: "%06d", $0))"))
        }
        expectCostsLikeControl(crafted, crafted.reversed(), control: control)
    }
}

/// String identifiers with one long run of combining marks. On Linux,
/// where `NSString.isEqual(_:)` is Swift's `==` (canonical equivalence),
/// the key hashes and compares them, and `NSString`'s
/// `isEqual(toDiffableObject:)` compares them, in linear time: the
/// standard library sorts such a run by insertion (20,000 marks, release:
/// 0.54 s against 0.007 s for the control; 80,000: 8.5 s). On Apple
/// platforms `isEqual(_:)` compares UTF-16 units, linear already, and the
/// two spellings are two ids.
@Suite struct CombiningMarkIdentifierTests {
    @Test func longRunsOfMarksCostWhatOthersCost() {
        func pair(crafted: Bool) -> ([any ListDiffable], [any ListDiffable]) {
            let (a, b) = (
                markedString(20_000, crafted: crafted, swapped: false),
                markedString(20_000, crafted: crafted, swapped: true)
            )
            return ([NSString(string: a), NSString(string: "x")], [NSString(string: b), NSString(string: "x")])
        }
        let crafted = pair(crafted: true)
        let control = pair(crafted: false)
        let craftedTime = cpuSeconds { _ = ListDiff(oldArray: crafted.0, newArray: crafted.1, option: .equality) }
        let controlTime = cpuSeconds { _ = ListDiff(oldArray: control.0, newArray: control.1, option: .equality) }
        #expect(craftedTime <= 5 * controlTime + 0.05, "crafted \(craftedTime) s, control \(controlTime) s")
        let result = ListDiff(oldArray: crafted.0, newArray: crafted.1, option: .equality)
        #if canImport(Darwin)
            #expect(result.deletes.count == 1 && result.inserts.count == 1)
        #else
            #expect(result.deletes.isEmpty && result.inserts.isEmpty && result.updates.isEmpty)
            #expect((crafted.1[0] as! NSString).isEqual(toDiffableObject: crafted.0[0]))
            #expect(!(crafted.1[0] as! NSString).isEqual(toDiffableObject: NSString(string: "a")))
        #endif
    }
}
