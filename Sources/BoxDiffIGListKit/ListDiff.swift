import BoxDiff
import Foundation

/// Diffs two arrays of ``ListDiffable`` objects into indexes
/// (IGListKit's `ListDiff(oldArray:newArray:option:)`), on BoxDiff's engine.
///
/// Objects are paired by ``ListDiffable/diffIdentifier()`` (identifiers
/// compared with `===` or `isEqual(_:)`, hashed with `hash`, strings and
/// data and UUIDs by their whole contents, numbers by their value). Unpaired old
/// objects are ``ListIndexSetResult/deletes``, unpaired new ones
/// ``ListIndexSetResult/inserts``, and a pair whose contents differ under
/// `option` is an update at its *old* index. When an identifier occurs more
/// than once, its occurrences pair in order, as IGListKit's implementation
/// does (the first old with the first new, and so on); the surplus
/// occurrences are deletes or inserts, and when one pair of an identifier
/// is updated, every pair of that identifier is (IGListKit keeps one
/// updated flag per identifier).
///
/// ```swift
/// let result = ListDiff(oldArray: oldUsers, newArray: newUsers, option: .equality)
/// collectionView.performBatchUpdates {
///     let batch = result.forBatchUpdates()
///     self.collectionView.deleteItems(at: batch.deletes.map { IndexPath(item: $0, section: 0) })
///     self.collectionView.insertItems(at: batch.inserts.map { IndexPath(item: $0, section: 0) })
///     for move in batch.moves {
///         self.collectionView.moveItem(
///             at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
///     }
/// }
/// ```
///
/// Differences from IGListKit: ``ListIndexSetResult/moves`` is a minimal
/// set (the objects off one longest increasing subsequence of the
/// pairing) plus every updated object whose index is not the one the
/// deletes and inserts alone give it, where IGListKit reports every paired
/// object off that index; both are correct batch moves, so the animations
/// agree, but a test expecting IGListKit's exact move list may see fewer
/// moves. As in IGListKit, an update that is not a move source lands, as a
/// reload, where UIKit puts it.
///
/// - Parameters:
///   - oldArray: The objects before the change (`nil` is empty).
///   - newArray: The objects after the change (`nil` is empty).
///   - option: How updates are detected.
/// - Returns: Deletes (old indexes), inserts (new indexes), updates (old
///   indexes) and moves (old index to new index).
/// - Complexity: O(n + m) expected.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func ListDiff(
    oldArray: [any ListDiffable]?, newArray: [any ListDiffable]?, option: ListDiffOption
) -> ListIndexSetResult {
    ListIndexSetResult(IGListKitDiffEngine.diff(old: oldArray ?? [], new: newArray ?? [], option: option))
}

/// Diffs two arrays of ``ListDiffable`` objects into index paths
/// (IGListKit's `ListDiffPaths(fromSection:toSection:oldArray:newArray:option:)`):
/// ``ListDiff(oldArray:newArray:option:)`` with old indexes (deletes,
/// updates, move sources) in `fromSection` and new indexes (inserts, move
/// destinations) in `toSection`.
///
/// - Parameters:
///   - fromSection: The section of the old objects.
///   - toSection: The section of the new objects.
///   - oldArray: The objects before the change (`nil` is empty).
///   - newArray: The objects after the change (`nil` is empty).
///   - option: How updates are detected.
/// - Returns: The changes as two-element index paths `[section, item]`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func ListDiffPaths(
    fromSection: Int, toSection: Int, oldArray: [any ListDiffable]?, newArray: [any ListDiffable]?,
    option: ListDiffOption
) -> ListIndexPathResult {
    ListIndexPathResult(
        IGListKitDiffEngine.diff(old: oldArray ?? [], new: newArray ?? [], option: option),
        fromSection: fromSection, toSection: toSection)
}

/// A diff identifier as a `Hashable` key: equal when the same instance or
/// `isEqual(_:)` (as IGListKit's table compares them), hashed by `hash`,
/// except strings, URLs, numbers, data and UUIDs.
///
/// A string identifier is hashed by its whole contents with Swift's seeded
/// hasher, not by `NSString`'s `hash`, which reads only 32 characters at
/// each end and in the middle of a long string: ids chosen by whoever
/// supplies the data (a feed's URLs, say) that differ only elsewhere would
/// all hash alike, and telling them apart is quadratic. On Apple platforms
/// `isEqual(_:)` compares strings literally, UTF-16 unit by unit ("é" and
/// "e" + U+0301 differ), so the key hashes those units: a Swift `String`'s
/// hash is the same for canonically equivalent strings, and the 2^k
/// spellings of an id with k accents would all hash alike. On Linux
/// `isEqual(_:)` is canonical equivalence, as Swift's `==` is, so the key
/// hashes the Swift string. Either way equal keys hash alike. An `NSURL`
/// identifier (`url as NSURL`) is hashed the same way by its relative
/// string: its own `hash` is that string's `NSString` hash. An `NSNumber`
/// is hashed by its value (see `hashNumber(_:into:)`), `NSData` and
/// `NSUUID` by all their bytes: their own `hash` can be steered as easily.
/// Collections, dates, attributed strings and decimal numbers are hashed
/// by what they hold (see `hash(_:into:depth:)`).
///
/// The hash is computed once, when the key is made: the diff hashes each
/// key, and a dictionary or set of keys hashes them again. Keys whose
/// hashes differ are unequal without asking `isEqual(_:)` (equal keys
/// hash alike). On Linux a string identifier also keeps its Swift string
/// and two such keys compare those with `==`: swift-corelibs-foundation's
/// `NSString.isEqual(_:)` bridges both strings on every call (about 1,000
/// instructions, through dynamic casts), and its `==` is the same
/// canonical equivalence.
struct DiffIdentifierKey: Hashable {
    let object: NSObjectProtocol
    /// `hash(object, into:depth:)`, finalized.
    let hashCode: Int
    #if !canImport(Darwin)
        /// A string identifier as a Swift string (`nil` for other objects).
        let string: String?
    #endif

    init(object: NSObjectProtocol) {
        self.object = object
        var hasher = Hasher()
        #if canImport(Darwin)
            Self.hash(object, into: &hasher, depth: 0)
        #else
            if let string = object as? NSString {
                let bridged = string as String
                self.string = bridged
                Self.hashString(bridged, into: &hasher)
            } else {
                self.string = nil
                Self.hash(object, into: &hasher, depth: 0)
            }
        #endif
        hashCode = hasher.finalize()
    }

    static func == (lhs: DiffIdentifierKey, rhs: DiffIdentifierKey) -> Bool {
        if lhs.object === rhs.object { return true }
        guard lhs.hashCode == rhs.hashCode else { return false }
        #if !canImport(Darwin)
            if let left = lhs.string, let right = rhs.string { return linearStringsEqual(left, right) }
        #endif
        return lhs.object.isEqual(rhs.object)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hashCode) }

    /// `hashCode` (already a keyed hash) mixed with `seed`, each bit of
    /// one reaching every bit of the result (MurmurHash3's 64-bit
    /// finalizer): what a `Set` or `Dictionary` of keys, and the diff's
    /// `hashValue`, read, without running `Hasher` over the key again
    /// (about 150 instructions a key). A table's own seed still changes
    /// where each key lands.
    func _rawHashValue(seed: Int) -> Int {
        var x = UInt64(UInt(bitPattern: hashCode)) ^ UInt64(UInt(bitPattern: seed))
        x ^= x &>> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x &>> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x &>> 33
        return Int(truncatingIfNeeded: x)
    }

    /// How deep the elements of collections are hashed: past it, a
    /// collection counts by its size alone (still equal for equal ones).
    static var collectionDepth: Int { 4 }

    /// `object` as `isEqual(_:)` compares it (see the type's comment).
    /// Collections (`NSArray`, `NSOrderedSet`, `NSSet`, `NSDictionary`),
    /// dates, attributed strings and decimal numbers are hashed by what
    /// they hold too: their own `hash` is the element count for the
    /// collections (every composite id `[userID, postID] as NSArray` of a
    /// list alike, no attacker needed), the time rounded to a `Float` for
    /// a date (one hash per minute or so today), part of the string for an
    /// attributed string, and an `NSDecimalNumber`'s recursed until the
    /// stack overflowed on Linux.
    static func hash(_ object: NSObjectProtocol, into hasher: inout Hasher, depth: Int) {
        if let string = object as? NSString {
            Self.hashString(string as String, into: &hasher)
        } else if let url = object as? NSURL {
            // NSURL's `hash` is its string's NSString hash, as partial as
            // a string's; `isEqual(_:)` compares the relative string (and
            // the base URL), so equal URLs hash alike.
            hasher.combine(1 as UInt8)
            Self.hashString(url.relativeString, into: &hasher)
        } else if let decimal = object as? NSDecimalNumber {
            // `isEqual(_:)` between a decimal and a number compares their
            // doubles. The decimal that is a double's own decimal value
            // (1.5, 0.5, 1e20, NaN: what `NSNumber(value: d).decimalValue`
            // gives) hashes as that number, so the two pair as
            // `isEqual(_:)` says; one decimal per double at most, so
            // decimals crafted to share a double still hash apart (and
            // such a decimal does not pair with the double's number).
            let number = NSNumber(value: decimal.doubleValue)
            let value = decimal.decimalValue
            if value.isNaN || number.decimalValue == value {
                Self.hashNumber(number, into: &hasher)
            } else {
                Self.hashDecimal(value, into: &hasher)
            }
        } else if let number = object as? NSNumber {
            Self.hashNumber(number, into: &hasher)
        } else if let uuid = object as? NSUUID {
            // NSUUID's `hash` is the ELF hash of its bytes, which anyone
            // can make equal for as many UUIDs as they like; `isEqual(_:)`
            // compares the 16 bytes.
            var bytes = [UInt8](repeating: 0, count: 16)
            bytes.withUnsafeMutableBufferPointer { uuid.getBytes($0.baseAddress!) }
            hasher.combine(6 as UInt8)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        } else if let data = object as? NSData {
            // NSData's `hash` reads the first 80 bytes; `isEqual(_:)`
            // compares them all.
            hasher.combine(2 as UInt8)
            hasher.combine(data.length)
            hasher.combine(bytes: UnsafeRawBufferPointer(start: data.bytes, count: data.length))
        } else if let date = object as? NSDate {
            // `isEqual(_:)` compares the time intervals.
            hasher.combine(9 as UInt8)
            hasher.combine(date.timeIntervalSinceReferenceDate)
        } else if let text = object as? NSAttributedString {
            // Equal attributed strings have equal strings.
            hasher.combine(10 as UInt8)
            Self.hashString(text.string, into: &hasher)
        } else if let array = object as? NSArray {
            // In order, as `isEqual(_:)` compares the elements.
            hashElements(array, tag: 11, count: array.count, ordered: true, into: &hasher, depth: depth) {
                hashElement($0, into: &$1, depth: depth + 1)
            }
        } else if let set = object as? NSOrderedSet {
            hashElements(set, tag: 12, count: set.count, ordered: true, into: &hasher, depth: depth) {
                hashElement($0, into: &$1, depth: depth + 1)
            }
        } else if let set = object as? NSSet {
            hashElements(set, tag: 13, count: set.count, ordered: false, into: &hasher, depth: depth) {
                hashElement($0, into: &$1, depth: depth + 1)
            }
        } else if let dictionary = object as? NSDictionary {
            hashElements(dictionary, tag: 14, count: dictionary.count, ordered: false, into: &hasher, depth: depth) {
                hashElement($0.key, into: &$1, depth: depth + 1)
                hashElement($0.value, into: &$1, depth: depth + 1)
            }
        } else if object is NSNull {
            // Every NSNull is equal to every other; on Linux `NSNull()` is
            // a new instance each time (a JSON null, say), hashed by its
            // address.
            hasher.combine(15 as UInt8)
        } else {
            hasher.combine(object.hash)
        }
    }

    /// A collection identifier: `tag`, `count`, then (above the depth
    /// cap) its elements through `hashOne`, in order when `ordered`, else
    /// as the sum of each element's own hash (sets and dictionaries, whose
    /// `isEqual(_:)` ignores order).
    static func hashElements<Elements: Sequence>(
        _ elements: Elements, tag: UInt8, count: Int, ordered: Bool, into hasher: inout Hasher, depth: Int,
        _ hashOne: (Elements.Element, inout Hasher) -> Void
    ) {
        hasher.combine(tag)
        hasher.combine(count)
        guard depth < collectionDepth else { return }
        guard !ordered else {
            for element in elements { hashOne(element, &hasher) }
            return
        }
        var sum = 0
        for element in elements {
            var one = Hasher()
            hashOne(element, &one)
            sum &+= one.finalize()
        }
        hasher.combine(sum)
    }

    /// An element of a collection identifier, as ``hash(_:into:depth:)``
    /// hashes an identifier. Iterating a Foundation collection on Linux
    /// gives Swift values for bridged elements (`String` for an
    /// `NSString`, `[Any]` for an `NSArray`): bridged back to the object
    /// (`as AnyObject`; on Apple platforms the element is that object
    /// already), so an element hashes alike either way.
    static func hashElement(_ element: Any, into hasher: inout Hasher, depth: Int) {
        if let object = element as AnyObject as? NSObjectProtocol { hash(object, into: &hasher, depth: depth) }
    }

    /// A decimal number by its value: an integral one that fits 64 bits as
    /// that integer (as ``hashNumber(_:into:)`` hashes `NSNumber(1)`, which
    /// Apple platforms call equal to it), any other by its digits written
    /// without trailing zeros ("1.50" and "1.5" alike), not by its double,
    /// which decimals of up to 38 digits share.
    static func hashDecimal(_ value: Decimal, into hasher: inout Hasher) {
        var text = value.description
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        if let integer = Int64(text) {
            hasher.combine(3 as UInt8)
            hasher.combine(integer)
        } else if let unsigned = UInt64(text) {
            // As ``hashNumber(_:into:)`` hashes an unsigned number past
            // `Int64.max`, which `isEqual(_:)` calls equal to it.
            hasher.combine(4 as UInt8)
            hasher.combine(unsigned)
        } else {
            hasher.combine(8 as UInt8)
            hasher.combine(text)
        }
    }

    /// `number` by its value, as `isEqual(_:)` compares numbers (1, 1.0
    /// and true are one identifier): an integral value that fits 64 bits
    /// exactly, as an integer, whatever the number's type; any other by its
    /// double (every NaN alike, 0 and -0.0 alike). `NSNumber`'s own `hash`
    /// is Core Foundation's, which an attacker can make equal for as many
    /// distinct numbers as they like (every double from 2^117 up hashes to
    /// 0, a double's integral part being taken modulo 2^64; on Linux
    /// integers past 2^53 are hashed by their double, in runs of
    /// thousands). Integers are hashed exactly, not by their double, so
    /// that 64-bit ids a feed chooses near 2^63 do not share a hash either.
    /// Linux compares an integer with a double by the integer's double, so
    /// there an integer past 2^53 and the double it rounds to are equal but
    /// hashed apart: such a pair is not paired (deleted and inserted).
    static func hashNumber(_ number: NSNumber, into hasher: inout Hasher) {
        func integer(_ value: Int64) {
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        }
        func unsigned(_ value: UInt64) {
            if let signed = Int64(exactly: value) { return integer(signed) }
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            let value = number.doubleValue
            if let exact = Int64(exactly: value) {
                integer(exact)
            } else if let exact = UInt64(exactly: value) {
                unsigned(exact)
            } else {
                hasher.combine(5 as UInt8)
                hasher.combine(value.isNaN ? .nan : value)
            }
        case UInt8(ascii: "Q"), UInt8(ascii: "L"):
            unsigned(number.uint64Value)
        default:
            integer(number.int64Value)
        }
    }

    /// `string` as `NSString`'s `isEqual(_:)` compares it: its UTF-16
    /// units on Apple platforms (literal), the Swift string on Linux
    /// (canonical equivalence).
    static func hashString(_ string: String, into hasher: inout Hasher) {
        #if canImport(Darwin)
            let units = string.utf16
            hasher.combine(units.count)
            for unit in units { hasher.combine(unit) }
        #else
            // Its `hashValue`, in linear time (the standard library's
            // normalizes long runs of combining marks in quadratic time).
            hasher.combine(linearStringHashValue(string))
        #endif
    }
}

/// One object as a BoxDiff element: identity its diff identifier, content
/// compared under the diff's option.
struct DiffableElement: Differentiable {
    let object: any ListDiffable
    let key: DiffIdentifierKey
    let pointerPersonality: Bool

    var differenceIdentifier: DiffIdentifierKey { key }

    /// BoxDiff calls this on the new element with the old one, the order
    /// IGListKit calls `isEqualToDiffableObject:` in.
    func isContentEqual(to source: DiffableElement) -> Bool {
        if object === source.object { return true }
        return !pointerPersonality && object.isEqual(toDiffableObject: source.object)
    }
}

/// The result of one diff in plain indexes, shared by both result types.
///
/// The inserted, deleted and updated indexes are ascending arrays; the
/// results make them into `IndexSet`s when first read (see
/// ``BuiltOnce``): an adapter reads the batch result's sets, rarely
/// the plain result's, and building one costs several hundred
/// instructions per run of indexes with swift-corelibs-foundation.
struct IGListKitDiff {
    var inserts: [Int] = []
    var deletes: [Int] = []
    var updates: [Int] = []
    var moves: [ListMoveIndex] = []
    /// For each updated pair, its old and new index (ascending old).
    var updatedPairs: [ListMoveIndex] = []
    /// The diffed objects with their keys (the arrays the diff made,
    /// shared, not copied key by key).
    var oldElements: [DiffableElement] = []
    var newElements: [DiffableElement] = []

    /// IGListKit's `resultForBatchUpdates`: every updated pair becomes a
    /// delete of its old index plus an insert of its new index, and the
    /// move of an updated object is dropped.
    ///
    /// The index lists are rebuilt from flags in ascending order, not
    /// merged one index at a time: inserting into the middle of an index
    /// set of many ranges moves the ranges after it, quadratic over
    /// updates that interleave with deletes or inserts.
    /// - Complexity: O(n + m).
    func forBatchUpdates() -> IGListKitDiff {
        guard !updatedPairs.isEmpty else { return self }
        var batch = self
        var deleted = [Bool](repeating: false, count: oldElements.count)
        var inserted = [Bool](repeating: false, count: newElements.count)
        var updatedOld = [Bool](repeating: false, count: oldElements.count)
        for index in deletes { deleted[index] = true }
        for index in inserts { inserted[index] = true }
        for pair in updatedPairs {
            deleted[pair.from] = true
            inserted[pair.to] = true
            updatedOld[pair.from] = true
        }
        batch.deletes = Self.indexes(deleted)
        batch.inserts = Self.indexes(inserted)
        batch.moves.removeAll { updatedOld[$0.from] }
        batch.updates = []
        batch.updatedPairs = []
        return batch
    }

    /// The indexes whose flag is set, ascending.
    static func indexes(_ flags: [Bool]) -> [Int] {
        var result: [Int] = []
        for index in flags.indices where flags[index] { result.append(index) }
        return result
    }

    /// `ascending` (strictly increasing indexes) as an index set, added a
    /// run of consecutive indexes at a time to an `NSMutableIndexSet`
    /// (with swift-corelibs-foundation, about 1.7 times faster than
    /// `IndexSet.insert(integersIn:)`, and several times faster than an
    /// insert per index).
    static func indexSet(ascending: [Int]) -> IndexSet {
        guard !ascending.isEmpty else { return IndexSet() }
        let set = NSMutableIndexSet()
        var start = 0
        while start < ascending.count {
            var end = start + 1
            while end < ascending.count && ascending[end] == ascending[end - 1] + 1 { end += 1 }
            set.add(in: NSRange(location: ascending[start], length: end - start))
            start = end
        }
        return set as IndexSet
    }

    /// Each identifier's last index in `elements`, as IGListKit's
    /// identifier maps (filled in ascending order, so a later duplicate
    /// wins).
    static func lastIndexes(_ elements: [DiffableElement]) -> [DiffIdentifierKey: Int] {
        var map: [DiffIdentifierKey: Int] = [:]
        map.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() { map[element.key] = index }
        return map
    }
}

/// The diff itself, on `StagedChangeset` in single-batch mode with
/// reconfigures: one batch of deletes (old), inserts (new), minimal moves
/// (old to new) and the changed pairs at their new indexes; the result
/// adds a move for each updated pair off the index the deletes and
/// inserts alone give it (``addMovesOfShiftedUpdates(_:deleted:inserted:)``).
enum IGListKitDiffEngine {
    static func diff(old: [any ListDiffable], new: [any ListDiffable], option: ListDiffOption) -> IGListKitDiff {
        let pointer = option == .pointerPersonality
        func element(_ object: any ListDiffable) -> DiffableElement {
            DiffableElement(
                object: object, key: DiffIdentifierKey(object: object.diffIdentifier()), pointerPersonality: pointer)
        }
        let source = old.map(element)
        let target = new.map(element)
        var result = IGListKitDiff()
        result.oldElements = source
        result.newElements = target

        var options = DiffOptions()
        options.duplicates = .pairInOrder
        options.mode = .singleBatch
        options.updateStyle = .reconfigure
        let changeset: StagedChangeset<[DiffableElement]>
        let pool = ListDiffWorkspaces.shared
        let workspace = max(source.count, target.count) <= ListDiffWorkspaces.elementLimit ? pool.take() : nil
        defer { if let workspace { pool.give(workspace) } }
        do {
            changeset = try StagedChangeset(source: source, target: target, options: options, workspace: workspace)
        } catch {
            // Only `outOfMemory` or `tooLarge` (past 4 billion objects)
            // with `.pairInOrder`: IGListKit's diff cannot fail either.
            fatalError("BoxDiffIGListKit: \(error)")
        }

        // Each index flagged in an array, not inserted into an `IndexSet`:
        // swift-corelibs-foundation's costs hundreds of instructions per
        // `insert(_:)`, `contains(_:)` or index iterated.
        var reconfigured: [Int] = []
        var deleted = [Bool](repeating: false, count: source.count)
        var inserted = [Bool](repeating: false, count: target.count)
        for stage in changeset.stages {
            for path in stage.elementDeleted { deleted[path.row] = true }
            for path in stage.elementInserted { inserted[path.row] = true }
            for move in stage.elementMoved {
                result.moves.append(ListMoveIndex(from: move.source.row, to: move.destination.row))
            }
            reconfigured += stage.elementReconfigured.map(\.row)
        }
        result.deletes = IGListKitDiff.indexes(deleted)
        result.inserts = IGListKitDiff.indexes(inserted)
        result.moves.sort { $0.to < $1.to }
        guard !reconfigured.isEmpty else { return result }

        // The pairing, read back from the batch: moved objects by their
        // moves, the others in order.
        var newToOld = [Int](repeating: -1, count: target.count)
        var oldTaken = [Bool](repeating: false, count: source.count)
        for move in result.moves {
            newToOld[move.to] = move.from
            oldTaken[move.from] = true
        }
        for index in source.indices where deleted[index] { oldTaken[index] = true }
        var next = 0
        for j in target.indices where newToOld[j] < 0 && !inserted[j] {
            while oldTaken[next] { next += 1 }
            newToOld[j] = next
            next += 1
        }

        // One updated flag per identifier, as in IGListKit: every pair of
        // an identifier with one changed pair is updated.
        let changedKeys = Set(reconfigured.map { target[$0].key })
        for j in target.indices where newToOld[j] >= 0 && changedKeys.contains(target[j].key) {
            result.updatedPairs.append(ListMoveIndex(from: newToOld[j], to: j))
        }
        result.updatedPairs.sort { $0.from < $1.from }
        var updatedOld = [Bool](repeating: false, count: source.count)
        for pair in result.updatedPairs { updatedOld[pair.from] = true }
        result.updates = IGListKitDiff.indexes(updatedOld)
        addMovesOfShiftedUpdates(&result, deleted: deleted, inserted: inserted)
        return result
    }

    /// Lists as a move every updated pair that the minimal moves leave out
    /// but whose new index is not its old index less the deletes before it
    /// plus the inserts before it, the index UIKit gives a reload (moves
    /// ignored). IGListKit's moves include every such pair (it lists every
    /// pair off that index), so there an update that is not a move source
    /// is safe as a reload in the plain result's batch; without these
    /// moves, an update shifted only by others' moves was reloaded at the
    /// wrong row (old `[a, b, c, d]`, new `[d, a, b', c]`: the one move
    /// 3 → 0 and a reload of 1, which UIKit puts at 1, not 2). Each added
    /// move goes to the object's real new index, so the batch stays valid;
    /// ``IGListKitDiff/forBatchUpdates()`` drops them with the updates.
    /// `deleted` and `inserted`: a flag per old (new) index.
    /// - Complexity: O(n + m).
    static func addMovesOfShiftedUpdates(_ result: inout IGListKitDiff, deleted: [Bool], inserted: [Bool]) {
        guard !result.updatedPairs.isEmpty else { return }
        let oldCount = deleted.count
        let newCount = inserted.count
        // Counts before each index: running sums of the flags.
        var deletesBefore = [Int](repeating: 0, count: oldCount + 1)
        for i in 0..<oldCount { deletesBefore[i + 1] = deletesBefore[i] + (deleted[i] ? 1 : 0) }
        var insertsBefore = [Int](repeating: 0, count: newCount + 1)
        for j in 0..<newCount { insertsBefore[j + 1] = insertsBefore[j] + (inserted[j] ? 1 : 0) }
        var moved = [Bool](repeating: false, count: oldCount)
        for move in result.moves { moved[move.from] = true }
        var added = false
        for pair in result.updatedPairs
        where !moved[pair.from] && pair.from - deletesBefore[pair.from] + insertsBefore[pair.to] != pair.to {
            result.moves.append(pair)
            added = true
        }
        if added { result.moves.sort { $0.to < $1.to } }
    }
}

/// The diff workspaces of ``ListDiff(oldArray:newArray:option:)`` calls,
/// which are given none: a diff of up to ``elementLimit`` objects a side
/// takes an idle one (or a new one) and gives it back after, so diffs at
/// an app's sizes do not allocate and free the C core's scratch memory
/// every time (about 5,500 instructions of a 20-object diff). At most
/// ``capacity`` idle workspaces are kept, each holding the scratch memory
/// of the largest diff it ran (at most ``elementLimit`` objects a side);
/// larger diffs make their own, freed after. Each workspace serves one diff at a
/// time (taken under the lock), as a workspace requires.
final class ListDiffWorkspaces: @unchecked Sendable {
    /// The one pool.
    static let shared = ListDiffWorkspaces()
    /// The largest side, in objects, of a diff that uses the pool.
    static let elementLimit = 4096
    /// How many idle workspaces are kept.
    static let capacity = 2
    private let lock = NSLock()
    private var idle: [DiffWorkspace] = []

    /// An idle workspace, or a new one (`nil` if none can be made: the
    /// diff then makes its own, which reports the failure).
    func take() -> DiffWorkspace? {
        lock.lock()
        let workspace = idle.popLast()
        lock.unlock()
        return workspace ?? (try? DiffWorkspace())
    }

    /// Gives `workspace` back, kept while fewer than ``capacity`` are.
    func give(_ workspace: DiffWorkspace) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < Self.capacity { idle.append(workspace) }
    }
}
