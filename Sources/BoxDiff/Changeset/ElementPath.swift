/// The position of a row: its section and its row (element) within that
/// section, like `IndexPath(row:section:)` in UIKit.
///
/// Two spellings name the same value: BoxDiff's `section:row:` and
/// DifferenceKit's `element:section:`. ``row`` and ``element`` are one
/// stored index, so code ported from DifferenceKit or Carbon compiles
/// unchanged:
///
/// ```swift
/// let path = ElementPath(section: 1, row: 4)
/// let same = ElementPath(element: 4, section: 1)   // DifferenceKit's spelling
/// path == same                                       // true
/// path.element                                       // 4, the same as path.row
/// ```
///
/// In JSON (`Codable`) a path is `{"section":1,"element":4}`.
public struct ElementPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Index of the section.
    public var section: Int
    /// Index of the row within its section; the same storage as
    /// ``element``.
    public var row: Int

    /// Index of the element (row or item) within its section:
    /// DifferenceKit's name for ``row``, reading and writing the same
    /// storage.
    public var element: Int {
        get { row }
        set { row = newValue }
    }

    /// Creates a path from a section index and a row index.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Creates a path from an element index and a section index, with
    /// DifferenceKit's argument labels; the same as
    /// ``init(section:row:)``.
    public init(element: Int, section: Int) {
        self.init(section: section, row: element)
    }

    /// Orders paths by section, then by row (UIKit's `IndexPath` order).
    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `[section, row]`, as UIKit prints an index path's indexes, e.g.
    /// `[0, 3]` (the validator's messages quote paths this way). Lists of
    /// paths, in the descriptions of ``Move``, ``Changeset`` and
    /// ``StagedChangeset``, print each path without the space: `[0,3]`.
    public var description: String { "[\(section), \(row)]" }

    /// `[section,row]` without a space, the form used inside lists.
    var compactDescription: String { "[\(section),\(row)]" }
}

/// A move of one element from `source` to `destination` (DifferenceKit's
/// `target`).
///
/// `source` is read in the index space before the batch or stage that
/// contains the move, `destination` in the index space after it.
///
/// ```swift
/// let move = Move(source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 0))
/// print(move)          // [0,1]→[0,0]
/// move.target.element  // 0
/// ```
///
/// In JSON (`Codable`, when the index is) a move is
/// `{"source":…,"target":…}`.
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    /// Where the element stands before.
    public var source: Index
    /// Where the element stands after; the same storage as ``target``.
    public var destination: Index

    /// Where the element stands after: DifferenceKit's name for
    /// ``destination``, reading and writing the same storage.
    public var target: Index {
        get { destination }
        set { destination = newValue }
    }

    /// Creates a move.
    public init(source: Index, destination: Index) {
        self.source = source
        self.destination = destination
    }

    /// Creates a move with DifferenceKit's labels; the same as
    /// ``init(source:destination:)``.
    public init(source: Index, target: Index) {
        self.init(source: source, destination: target)
    }
}
