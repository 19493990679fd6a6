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
final class ContentNumbering {
    /// Where contents are filed: the content hash and the components' own
    /// seeded hashes (``Component/seededHash``). Equal contents have equal
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
    private var seen: ContentNumberer.Filed<Key, (Component?, Component?)> = [:]
    private var numberer = ContentNumberer()

    /// The number of a row's `component` whose content hash is `hash`
    /// (never 0: 0 means incomparable and is not numbered).
    func number(_ hash: UInt64, _ component: Component) -> Int {
        number(hash, component, nil)
    }

    /// The number of a section's `header` and `footer` together, whose
    /// section content hash is `hash` (never 0).
    func number(_ hash: UInt64, _ header: Component?, _ footer: Component?) -> Int {
        let key = Key(hash: hash, first: header?.seededHash ?? 0, second: footer?.seededHash ?? 0)
        return numberer.number((header, footer), key: key, in: &seen) { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

/// The one numbering step of every replay check's content numbering (Box,
/// flat and sectioned): contents filed under one key (a content hash, or an
/// identity) get the number of the first earlier content under that key
/// that `equal` accepts, or a new number, unique across all keys of this
/// numberer. The key only proposes; `equal` decides.
///
/// Keys are filed by their `hashValue` (read once per content) and
/// compared with `==` within it, not used as a Swift dictionary's keys: a
/// dictionary keyed by the caller's type traps ("Duplicate keys of type …
/// were found in a Dictionary") when it grows past keys that are `==` but
/// hash differently, which an identifier breaking `Hashable`'s contract
/// does. Such keys then only file contents apart; nothing traps.
///
/// - Complexity: one dictionary lookup, plus one `==` of keys and one
///   `equal` per earlier distinct content under the same key.
struct ContentNumberer {
    /// Contents filed by their key's `hashValue`: each with its key and
    /// number.
    typealias Filed<Key: Hashable, Value> = [Int: [(key: Key, value: Value, number: Int)]]

    private var next = 1

    /// The number of `value`, filed under `key` in `seen`; `equal(value,
    /// earlier)` compares it with each earlier content under that key.
    mutating func number<Key: Hashable, Value>(
        _ value: Value, key: Key, in seen: inout Filed<Key, Value>, equal: (Value, Value) -> Bool
    ) -> Int {
        let bucket = key.hashValue
        if let known = seen[bucket] {
            for entry in known where entry.key == key && equal(value, entry.value) { return entry.number }
        }
        defer { next += 1 }
        seen[bucket, default: []].append((key, value, next))
        return next
    }
}
