import BoxDiff

/// Content numbers that follow `==`, shared by every state of one replay
/// check.
///
/// A content hash only proposes equality: two different components may
/// share one (a `Hashable` whose hash covers part of its value, or a
/// 64-bit collision). The replay check compares contents to decide whether
/// a reload or reconfigure refreshed a row whose content really changed,
/// so it numbers contents by the components' own `==`: equal components get
/// equal numbers, different ones different numbers, across the source Box
/// and every stage's data.
///
/// - Complexity: one dictionary lookup per component, plus one `==` per
///   earlier distinct component with the same hash (almost always at most
///   one).
final class ContentNumbering: ComponentContents {
    /// Where contents are filed: the content hash and the components' own
    /// seeded hashes (``Component/seededHash``; a value not `==` to itself,
    /// a NaN, by its instance: ``Component/numberingKey``). Equal contents have equal
    /// keys; the content hash alone is stable and unkeyed (XXH3 for
    /// strings, `UUID`s and bytes), so whoever picks the values could file
    /// thousands of different ones under one hash, each compared with every
    /// earlier one: 16,000 crafted 32-byte `[UInt8]` rows took 15 s.
    struct Key: Hashable {
        let hash: UInt64
        let first: Int
        let second: Int
    }

    /// Per key, the distinct (header, footer) or (component, nil)
    /// contents seen with it and their numbers.
    private var seen: ContentNumberer.Filed<Key, (Component?, Component?)> = HashBuckets()
    private var numberer = ContentNumberer()

    /// The number of a row's `component` whose content hash is `hash`
    /// (never 0: 0 means incomparable and is not numbered).
    func number(_ hash: UInt64, _ component: Component) -> Int {
        number(hash, component, nil)
    }

    /// The number of a section's `header` and `footer` together, whose
    /// section content hash is `hash` (never 0).
    func number(_ hash: UInt64, _ header: Component?, _ footer: Component?) -> Int {
        let key = Key(hash: hash, first: header?.numberingKey ?? 0, second: footer?.numberingKey ?? 0)
        return numberer.number((header, footer), key: key, in: &seen) { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

/// How a Box's replay state gives its contents: numbers
/// (``ContentNumbering``) or occurrences (``ComponentOccurrences``).
protocol ComponentContents: AnyObject {
    /// The content of a row's `component`, whose content hash is `hash`
    /// (never 0: 0 means incomparable and is not filed).
    func number(_ hash: UInt64, _ component: Component) -> Int
    /// The content of a section's `header` and `footer` together, whose
    /// section content hash is `hash` (never 0).
    func number(_ hash: UInt64, _ header: Component?, _ footer: Component?) -> Int
}

/// The contents of a Box's rows and sections for one replay check, each
/// given as its occurrence: the index of the component (or header and
/// footer) among all those filed, compared only when the replay compares
/// two of them (``ContentEquality``), as ``ContentOccurrences`` does for
/// flat and sectioned values.
///
/// Numbering them (``ContentNumbering``) compares each content with every
/// earlier distinct one filed under its key (content hash and seeded
/// hashes): quadratic in the different values that share one hash, as the
/// values of a legal `Hashable` whose `hash(into:)` covers only part of
/// the value do (5,000 such rows took 1.02 s to validate, release, CPU
/// time; 20,000 took 15.0 s). The replay itself compares a content with
/// that of a row or section of the same place or identity in the target,
/// a bounded number of times per row and call.
///
/// Two occurrences are equal when they are one occurrence, or when they
/// were filed under the same key (as ``ContentNumbering`` files them) and
/// the later value is `==` to the earlier one: the numbering's answer
/// whenever `==` is an equivalence among the values of one key.
///
/// - Complexity: O(1) to file a content (its seeded hashes); one `==` of
///   keys and at most two of components per comparison.
final class ComponentOccurrences: ComponentContents {
    private var keys: [ContentNumbering.Key] = []
    private var values: [(Component?, Component?)] = []

    /// An empty list.
    init() {}

    func number(_ hash: UInt64, _ component: Component) -> Int {
        file(ContentNumbering.Key(hash: hash, first: component.numberingKey, second: 0), (component, nil))
    }

    func number(_ hash: UInt64, _ header: Component?, _ footer: Component?) -> Int {
        file(
            ContentNumbering.Key(hash: hash, first: header?.numberingKey ?? 0, second: footer?.numberingKey ?? 0),
            (header, footer))
    }

    private func file(_ key: ContentNumbering.Key, _ value: (Component?, Component?)) -> Int {
        keys.append(key)
        values.append(value)
        return values.count - 1
    }

    /// Whether contents `a` and `b` are equal: occurrences compared as
    /// above; any other content (the replay's markers for incomparable
    /// ones, negative) only to itself, as numbers are.
    func equal(_ a: Int, _ b: Int) -> Bool {
        if a == b { return true }
        let (earlier, later) = a < b ? (a, b) : (b, a)
        guard earlier >= 0, later < values.count, keys[earlier] == keys[later] else { return false }
        return values[later].0 == values[earlier].0 && values[later].1 == values[earlier].1
    }

    /// Row and section contents compared as occurrences.
    var equality: ContentEquality { ContentEquality(rows: equal, sections: equal) }
}

/// The one numbering step of every replay check's content numbering (Box,
/// flat and sectioned): contents filed under one key (a content hash, or an
/// identity) get the number of the first earlier content under that key
/// that `equal` accepts, or a new number, unique across all keys of this
/// numberer. The key only proposes; `equal` decides.
///
/// - Complexity: one dictionary lookup, plus one `==` of keys and one
///   `equal` per earlier distinct content under the same key.
struct ContentNumberer {
    /// Contents filed by key (see ``HashBuckets``), each with its number.
    typealias Filed<Key: Hashable, Value> = HashBuckets<Key, (value: Value, number: Int)>

    private var next = 1

    /// The number of `value`, filed under `key` in `seen`; `equal(value,
    /// earlier)` compares it with each earlier content under that key.
    mutating func number<Key: Hashable, Value>(
        _ value: Value, key: Key, in seen: inout Filed<Key, Value>, equal: (Value, Value) -> Bool
    ) -> Int {
        if let known = seen.first(key, where: { equal(value, $0.value) }) { return known.number }
        defer { next += 1 }
        seen.append((value, next), for: key)
        return next
    }
}

/// Values filed under keys of the caller's type by each key's bucket hash
/// (its `hashValue`, but all of a `Data`'s bytes and a `Decimal`'s digits:
/// `IdentityHashing.bucketHash(_:)`; filed by `hashValue`, distinct `Data`
/// ids sharing their first 80 bytes all shared one bucket, and the public
/// flat and sectioned `replaySteps()` compared each with every earlier one)
/// (read once per call) and told apart by `==` within it: not a Swift
/// dictionary keyed by them, which traps ("Duplicate keys of type … were
/// found in a Dictionary") when it grows past keys that are `==` but hash
/// differently, as an identifier breaking `Hashable`'s contract does. Such
/// keys are then only filed apart; nothing traps.
struct HashBuckets<Key: Hashable, Value> {
    private var buckets: [Int: [(key: Key, value: Value)]] = [:]

    /// An empty map.
    init() {}

    /// The first value filed under a key `==` to `key` that `accepts`.
    func first(_ key: Key, where accepts: (Value) -> Bool = { _ in true }) -> Value? {
        buckets[validationBucketHash(key)]?.first { validationEqual($0.key, key) && accepts($0.value) }?.value
    }

    /// Files `value` under `key`, after the values already there.
    mutating func append(_ value: Value, for key: Key) {
        buckets[validationBucketHash(key), default: []].append((key, value))
    }

    /// Changes the first value filed under a key `==` to `key`; false when
    /// there is none.
    mutating func modifyFirst(_ key: Key, _ change: (inout Value) -> Void) -> Bool {
        let bucket = validationBucketHash(key)
        guard let k = buckets[bucket]?.firstIndex(where: { validationEqual($0.key, key) }) else { return false }
        change(&buckets[bucket]![k].value)
        return true
    }
}

/// How one replay check compares the contents of its states: numbers
/// (``ContentNumbering``, or a caller's own hashes) are equal when `==`;
/// occurrences (``ContentOccurrences``) are compared through the values
/// they stand for.
struct ContentEquality {
    /// Whether two row contents are equal.
    let rows: (Int, Int) -> Bool
    /// Whether two section contents are equal.
    let sections: (Int, Int) -> Bool

    /// Contents that are numbers: equal when `==`.
    static var numbers: ContentEquality { ContentEquality(rows: ==, sections: ==) }
}

/// The contents of the caller's own values (flat elements, sections and
/// their elements) for one replay check, each given as its occurrence: the
/// index of the value among all those seen, compared only when the replay
/// compares two of them (``ContentEquality``).
///
/// These values have no content hash, only `isContentEqual(to:)`, so
/// numbering them (equal numbers for content-equal values of one identity)
/// compares each value with every earlier distinct content of its identity:
/// quadratic in the occurrences of one identity with distinct contents
/// (duplicates are allowed), which whoever picks ids and contents can send.
/// The replay itself compares only a row's content with that of a row of the
/// same identity in the target, a bounded number of times per row and call.
///
/// Two occurrences are equal when they are one occurrence, or when their
/// identities (as read when filed) have the same hash and are `==` (the
/// earlier on the left; both as the diff computes them, `validationBucketHash`
/// and `validationEqual`: strings in linear time) and the later value `isContentEqual(to:)` the
/// earlier one. That is the numbering's answer whenever
/// `isContentEqual(to:)` is an equivalence among the values of one
/// identity; where it is not (a tolerance: not transitive), this is the
/// direct comparison the diff makes, where the numbering compared a value
/// only with the first of each class it had opened, and could report a
/// missed update the diff rightly did not emit.
///
/// - Complexity: O(1) to file a value (one hash); one `==` of
///   identities and one `isContentEqual(to:)` per comparison.
final class ContentOccurrences<Value, ID: Hashable> {
    private var values: [Value] = []
    private var ids: [ID] = []
    private var idHashes: [Int] = []
    private let isContentEqual: (Value, Value) -> Bool

    /// An empty list; `isContentEqual(later, earlier)` compares the
    /// contents of two values.
    init(isContentEqual: @escaping (Value, Value) -> Bool) {
        self.isContentEqual = isContentEqual
    }

    /// Files `value`, whose identity is `id`; returns its occurrence.
    func occurrence(of value: Value, id: ID) -> Int {
        values.append(value)
        ids.append(id)
        idHashes.append(validationBucketHash(id))
        return values.count - 1
    }

    /// Whether occurrences `a` and `b` have equal contents (false for an
    /// index this list did not give).
    func equal(_ a: Int, _ b: Int) -> Bool {
        let (earlier, later) = a < b ? (a, b) : (b, a)
        guard earlier >= 0, later < values.count else { return false }
        if a == b { return true }
        return idHashes[earlier] == idHashes[later] && validationEqual(ids[earlier], ids[later])
            && isContentEqual(values[later], values[earlier])
    }
}
