import Foundation

/// The storage of the index-path lists a reload hands to the view
/// (`deleteItems(at:)` and the like), reused from list to list: a list the
/// view did not keep leaves its storage to the next one, instead of an
/// allocation and a free per list. A view that keeps a list keeps its own
/// copy (the next list gets new storage). At most
/// `DiffWorkspace.reusedListCapacity` paths are kept between lists; longer
/// lists get storage of their own. Holds index paths only, no data.
@usableFromInline
final class IndexPathBuffer {
    /// The last list given back (its storage, once the view let go of it).
    /// (Touched by the main actor only, inside a reload: no dynamic
    /// exclusivity checks.)
    @exclusivity(unchecked) @usableFromInline var paths: [IndexPath] = []

    // Not inlinable: a class's inlinable initializer must delegate to
    // another one when the module is built with library evolution.
    @usableFromInline
    init() {}

    /// `source`'s paths as index paths (`section`, `row`), in reused
    /// storage: the storage of the last list given back with ``keep(_:)``.
    @inlinable
    func filled(with source: UnsafeBufferPointer<ElementPath>) -> [IndexPath] {
        var result: [IndexPath] = []
        swap(&result, &paths)
        let count = source.count
        if result.capacity > DiffWorkspace.reusedListCapacity { result = [] }
        // A few extra paths dropped one by one (removeLast is specialized
        // here; removeSubrange goes through the generic range replacement).
        var extra = result.count - count
        if extra > 8 {
            result.removeSubrange(count...)
        } else {
            while extra > 0 {
                result.removeLast()
                extra -= 1
            }
        }
        let written = result.count
        result.withUnsafeMutableBufferPointer { buffer in
            for k in 0..<written { buffer[k] = source[k].indexPath }
        }
        if written < count {
            result.reserveCapacity(count)
            for k in written..<count { result.append(source[k].indexPath) }
        }
        return result
    }

    /// Takes back a list of ``filled(with:)`` once the view is done with
    /// it, for the next list (its last use: handed over, not retained).
    @inlinable
    func keep(_ list: consuming [IndexPath]) {
        if list.capacity <= DiffWorkspace.reusedListCapacity { paths = list }
    }
}

extension IndexSet {
    /// The indexes of `list`, inserted a run of consecutive indexes at a
    /// time, and a list of one run (or one index) with no insert at all.
    /// `Int.max` and negative indexes are left out: no `IndexSet` holds
    /// `Int.max` (its ranges end before it), Foundation on Apple platforms
    /// raises an Objective-C exception for a negative index (an `NSRange`
    /// past `NSNotFound - 1`), and no view has such a section, so the call
    /// was out of range anyway (a hand-made changeset may hold one).
    ///
    /// `IndexSet(list)` inserts index by index into an empty set; with
    /// swift-corelibs-foundation each first insert turns the set's
    /// immutable storage into a mutable copy, so a one-section call cost
    /// about 2,500 instructions, several times what the set holds.
    ///
    /// A list out of order (a changeset decoded from JSON may hold one;
    /// a diff's lists ascend) is sorted first: each run inserted below the
    /// set's last range moves every range above it, so runs in descending
    /// order cost quadratic time (160,000 sections: 1.8 s, against 0.01 s
    /// ascending).
    /// - Complexity: O(runs) for an ascending list, else O(k log k).
    @inlinable
    init(runsOf list: [Int]) {
        self = list.withUnsafeBufferPointer { IndexSet(runsOf: $0) }
    }

    /// The same for a list read in place (not retained).
    @inlinable
    init(runsOf list: UnsafeBufferPointer<Int>) {
        var ascending = true
        var i = 1
        while i < list.count {
            if list[i] < list[i - 1] {
                ascending = false
                break
            }
            i += 1
        }
        if !ascending {
            self = IndexSet(runsOf: list.sorted())
            return
        }
        var k = 0
        let count = list.count
        var set: IndexSet?
        while k < count {
            let start = list[k]
            k += 1
            guard start >= 0, start < Int.max else { continue }
            var end = start + 1
            while k < count, end < Int.max, list[k] == end {
                end += 1
                k += 1
            }
            if set == nil {
                set = IndexSet(integersIn: start..<end)
            } else {
                set!.insert(integersIn: start..<end)
            }
        }
        self = set ?? IndexSet()
    }
}
