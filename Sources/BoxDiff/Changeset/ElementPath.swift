/// The position of a row: its section and its row within that section,
/// like `IndexPath(row:section:)` in UIKit.
///
/// ```swift
/// let path = ElementPath(section: 1, row: 4)
/// ```
public struct ElementPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Index of the section.
    public var section: Int
    /// Index of the row within its section.
    public var row: Int

    /// Creates a path from a section index and a row index.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Orders paths by section, then by row (UIKit's `IndexPath` order).
    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `[section, row]`, as UIKit prints an index path's indexes.
    public var description: String { "[\(section), \(row)]" }
}

/// A move of one element from `source` to `destination`.
///
/// `source` is read in the index space before the batch or stage that
/// contains the move, `destination` in the index space after it.
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    /// Where the element stands before.
    public var source: Index
    /// Where the element stands after.
    public var destination: Index

    /// Creates a move.
    public init(source: Index, destination: Index) {
        self.source = source
        self.destination = destination
    }
}
