#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

/// Which side of a diff something stands on.
public enum DiffSide: String, Sendable, Hashable {
    /// The old (source) data.
    case old
    /// The new (target) data.
    case new
}

/// Where a duplicate identifier stands.
public enum DiffLocation: Sendable, Hashable, CustomStringConvertible {
    /// An index in a flat list.
    case index(Int)
    /// A section index in a Box.
    case section(Int)
    /// A row in a Box.
    case row(ElementPath)

    /// `index 3`, `section 2` or `row [2, 5]`.
    public var description: String {
        switch self {
        case .index(let i): return "index \(i)"
        case .section(let s): return "section \(s)"
        case .row(let p): return "row \(p)"
        }
    }
}

/// An error thrown by a diff. A diff never crashes on bad input: it either
/// returns a changeset that replays the old data into the new, or throws one
/// of these.
///
/// The diffs throw it as a typed error (`throws(DiffError)`), so in a
/// `catch` clause `error` is a `DiffError` already: write `catch { ... }`
/// or `catch .duplicateIdentifier(let id, _, _, _)`, not `catch let error
/// as DiffError` (always true: the compiler warns, and Swift 6.3's
/// compiler can crash when a closure in that clause uses `error`).
/// `error.localizedDescription` gives ``description``.
public enum DiffError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Memory ran out inside the C core; nothing was leaked.
    case outOfMemory
    /// An input is larger than the core's 32-bit indices allow:
    /// `count` elements where at most `limit` are accepted. `count` is one
    /// list's length, or, with ``DiffAlgorithm/lcs``, both lists' lengths
    /// together (LCS numbers the distinct ids of both lists in 32 bits).
    case tooLarge(count: Int, limit: Int)
    /// The C core rejected an argument (a bug in BoxDiff if it ever shows).
    case invalidArgument(String)
    /// With ``DuplicatePolicy/reject``: an identifier occurs twice on one
    /// side. `identifier` is its description; `location` is the second
    /// occurrence, `firstLocation` the first.
    case duplicateIdentifier(
        _ identifier: String, side: DiffSide, location: DiffLocation, firstLocation: DiffLocation)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .outOfMemory: return "BoxDiff: out of memory"
        case .tooLarge(let count, let limit):
            return "BoxDiff: \(count) elements is more than the limit of \(limit)"
        case .invalidArgument(let why): return "BoxDiff: invalid argument: \(why)"
        case .duplicateIdentifier(let id, let side, let location, let first):
            return
                "BoxDiff: duplicate identifier \(id) in the \(side.rawValue) data at \(location) (first at \(first))"
        }
    }
}

#if canImport(FoundationEssentials) || canImport(Foundation)
    extension DiffError: LocalizedError {
        /// ``description``, so that `error.localizedDescription` reads it
        /// (not "The operation could not be completed").
        public var errorDescription: String? { description }
    }
#endif
