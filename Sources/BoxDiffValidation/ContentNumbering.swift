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
    /// Per content hash, the distinct contents seen with it and their numbers.
    private var seen: [UInt64: [(header: Component?, footer: Component?, number: Int)]] = [:]
    private var next = 1

    /// The number of a row's `component` whose content hash is `hash`
    /// (never 0: 0 means incomparable and is not numbered).
    func number(_ hash: UInt64, _ component: Component) -> Int {
        number(hash, component, nil)
    }

    /// The number of a section's `header` and `footer` together, whose
    /// section content hash is `hash` (never 0).
    func number(_ hash: UInt64, _ header: Component?, _ footer: Component?) -> Int {
        if let known = seen[hash] {
            for entry in known where entry.header == header && entry.footer == footer { return entry.number }
        }
        defer { next += 1 }
        seen[hash, default: []].append((header, footer, next))
        return next
    }
}
