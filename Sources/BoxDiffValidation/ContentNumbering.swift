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
    /// Per content hash, the distinct (header, footer) or (component, nil)
    /// contents seen with it and their numbers.
    private var seen: [UInt64: [(value: (Component?, Component?), number: Int)]] = [:]
    private var numberer = ContentNumberer()

    /// The number of a row's `component` whose content hash is `hash`
    /// (never 0: 0 means incomparable and is not numbered).
    func number(_ hash: UInt64, _ component: Component) -> Int {
        number(hash, component, nil)
    }

    /// The number of a section's `header` and `footer` together, whose
    /// section content hash is `hash` (never 0).
    func number(_ hash: UInt64, _ header: Component?, _ footer: Component?) -> Int {
        numberer.number((header, footer), key: hash, in: &seen) { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

/// The one numbering step of every replay check's content numbering (Box,
/// flat and sectioned): contents filed under one key (a content hash, or an
/// identity) get the number of the first earlier content under that key
/// that `equal` accepts, or a new number, unique across all keys of this
/// numberer. The key only proposes; `equal` decides.
///
/// - Complexity: one dictionary lookup, plus one `equal` per earlier
///   distinct content under the same key.
struct ContentNumberer {
    private var next = 1

    /// The number of `value`, filed under `key` in `seen`; `equal(value,
    /// earlier)` compares it with each earlier content under that key.
    mutating func number<Key: Hashable, Value>(
        _ value: Value, key: Key, in seen: inout [Key: [(value: Value, number: Int)]],
        equal: (Value, Value) -> Bool
    ) -> Int {
        if let known = seen[key] {
            for entry in known where equal(value, entry.value) { return entry.number }
        }
        defer { next += 1 }
        seen[key, default: []].append((value, next))
        return next
    }
}
