import BoxDiff

/// An element with an integer identity and a content string.
struct Item: Differentiable, Hashable, CustomStringConvertible {
    var id: Int
    var text: String = ""
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Item) -> Bool { text == source.text }
    var description: String { text.isEmpty ? "\(id)" : "\(id):\(text)" }
}

/// An identifier whose hash is the same for every value: every pair of
/// different ids collides.
struct CollidingID: Hashable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { "C\(value)" }
}

/// An element keyed by a colliding identifier.
struct CollidingItem: Differentiable, Hashable {
    var id: CollidingID
    var text: String = ""
    var differenceIdentifier: CollidingID { id }
    func isContentEqual(to source: CollidingItem) -> Bool { text == source.text }
}

/// An identifier that can hash exactly like the flat API's placeholder for
/// prefix index `k` (`0xB0D1_FF00_0000_0000 | k`), to test that such a
/// collision changes nothing.
enum PlaceholderID: Hashable {
    case plain(Int)
    case atPlaceholder(Int)
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var hashValue: Int {
        switch self {
        case .plain(let k): return k &* 0x9E37_79B9
        case .atPlaceholder(let k): return Int(bitPattern: 0xB0D1_FF00_0000_0000 | UInt(k))
        }
    }
}

/// An element keyed by a ``PlaceholderID``.
struct PlaceholderItem: Differentiable, Hashable {
    var id: PlaceholderID
    var differenceIdentifier: PlaceholderID { id }
    func isContentEqual(to source: PlaceholderItem) -> Bool { true }
}

func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0) } }

func moves<E>(_ c: StagedChangeset<[E]>) -> [Move<ElementPath>] { c.flatMap(\.elementMoved) }
func deletes<E>(_ c: StagedChangeset<[E]>) -> [Int] { c.flatMap(\.elementDeleted).map(\.row) }
func inserts<E>(_ c: StagedChangeset<[E]>) -> [Int] { c.flatMap(\.elementInserted).map(\.row) }
func updates<E>(_ c: StagedChangeset<[E]>) -> [Int] { c.flatMap(\.elementUpdated).map(\.row) }
