// The single-batch plan's sorting of its call lists (a check instead of a
// sort when a pass appended in order; a merge of two runs) and its binary
// search of a sorted list by section.
extension BoxSingleBatchPlan {
    /// Sorts `list` unless it is sorted already (the usual case: the
    /// passes append in path order; one check instead of a sort).
    static func sortIfNeeded<List: MutableCollection & RandomAccessCollection>(_ list: inout List)
    where List.Element == ElementPath {
        var previous: ElementPath?
        for path in list {
            if let previous, previous > path {
                list.sort()
                return
            }
            previous = path
        }
    }

    /// Puts `list` in order when `list[..<split]` and `list[split...]` are
    /// each in order or nearly (each run sorted only if it is not, then the
    /// two merged, the shorter one buffered in temporary storage): linear
    /// for the usual lists, instead of a sort of all. A run the caller
    /// knows to be in order (`headSorted`, `tailSorted`) is not checked.
    static func sortRuns(_ list: inout [ElementPath], split: Int, headSorted: Bool = false, tailSorted: Bool = false) {
        let count = list.count
        guard split > 0 && split < count else {
            if !(split == 0 ? tailSorted : headSorted) { sortIfNeeded(&list) }
            return
        }
        list.withUnsafeMutableBufferPointer { paths in
            if !headSorted {
                var head = UnsafeMutableBufferPointer(rebasing: paths[..<split])
                Self.sortIfNeeded(&head)
            }
            if !tailSorted {
                var tail = UnsafeMutableBufferPointer(rebasing: paths[split...])
                Self.sortIfNeeded(&tail)
            }
            guard paths[split - 1] > paths[split] else { return }
            let headIsShorter = split <= count - split
            let shorter = headIsShorter ? split : count - split
            withUnsafeTemporaryAllocation(of: ElementPath.self, capacity: shorter) { buffer in
                if headIsShorter {
                    // The head buffered: merged forward into place.
                    _ = buffer.initialize(fromContentsOf: paths[..<split])
                    var i = 0
                    var j = split
                    var w = 0
                    while i < shorter {
                        if j < count && paths[j] < buffer[i] {
                            paths[w] = paths[j]
                            j += 1
                        } else {
                            paths[w] = buffer[i]
                            i += 1
                        }
                        w += 1
                    }
                } else {
                    // The tail buffered: merged backward into place.
                    _ = buffer.initialize(fromContentsOf: paths[split...])
                    var i = split - 1
                    var j = shorter - 1
                    var w = count - 1
                    while j >= 0 {
                        if i >= 0 && paths[i] > buffer[j] {
                            paths[w] = paths[i]
                            i -= 1
                        } else {
                            paths[w] = buffer[j]
                            j -= 1
                        }
                        w -= 1
                    }
                }
                buffer.deinitialize()
            }
        }
    }

    /// The first index in `paths` (sorted) whose section is at least
    /// `section`.
    @inlinable
    static func firstIndex(ofSection section: Int, in paths: UnsafeBufferPointer<ElementPath>) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let mid = low + (high - low) / 2
            if paths[mid].section < section { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
