import BoxDiff
import Foundation

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
            Self.hashIdentifier(object, into: &hasher)
        #else
            if let string = object as? NSString {
                let bridged = string as String
                self.string = bridged
                Self.hashString(bridged, into: &hasher)
            } else {
                self.string = nil
                Self.hashIdentifier(object, into: &hasher)
            }
        #endif
        hashCode = hasher.finalize()
    }

    /// `object` by what it holds (``hash(_:into:depth:budget:)``), or,
    /// when it holds more than ``elementBudget`` collection elements in
    /// all, by its first level alone (``hashShallow(_:into:)``): the
    /// budget ends the walk at a point that depends on the order a set or
    /// dictionary gives its elements in, so what was hashed before it ran
    /// out is not the same for every equal identifier, while the first
    /// level is. `hasher`: a new one, replaced by another new one when the
    /// budget runs out (what the walk put in it is dropped).
    static func hashIdentifier(_ object: NSObjectProtocol, into hasher: inout Hasher) {
        var budget = elementBudget
        hash(object, into: &hasher, depth: 0, budget: &budget)
        if budget < 0 {
            hasher = Hasher()
            hashShallow(object, into: &hasher)
        }
    }

    /// A collection identifier past the budget: its tag and count, then
    /// each element (each key and value of a dictionary), in order for an
    /// array or ordered set and as a sum for a set or dictionary, a
    /// collection element by its tag and count and, when it holds at most
    /// ``smallCount`` elements, by them too (the same way, a collection
    /// among them by its tag and count alone), any other by what it
    /// holds. Equal identifiers hash alike (equal elements give equal
    /// descriptions), and it costs one pass over the first level and at
    /// most ``smallCount`` elements under each of its elements: a graph
    /// that holds one collection many times over is not walked again.
    /// (Composite elements such as `[userID, postID]` pairs, counted by
    /// their tag and count alone, hashed every identifier of as many pairs
    /// alike, paired in quadratic time: found by review, 2026-12-03.)
    /// (It used the identifier's own `hash`, which is the element count
    /// for an array, so every array of more than 65,536 numbers of a
    /// length hashed alike and `ListDiff` paired them by `isEqual(_:)` in
    /// quadratic time, and which is per instance for an `NSOrderedSet` on
    /// Linux, so two equal ordered sets did not pair: found by review,
    /// 2026-12-03.)
    static func hashShallow(_ object: NSObjectProtocol, into hasher: inout Hasher) {
        let smallCount = Self.smallCount
        hasher.combine(16 as UInt8)
        guard let collection = NestedCollection(object) else {
            // Not a collection: the walk spent nothing on it.
            var budget = Int.max
            return hash(object, into: &hasher, depth: 0, budget: &budget)
        }
        // A first-level element: a collection by its tag and count, and
        // when it holds at most `smallCount` elements (pairs, for a
        // dictionary) by them too, each described as a second-level one;
        // any other by what it holds.
        func describe(_ element: Any, into hasher: inout Hasher) {
            guard let object = element as AnyObject as? NSObjectProtocol else { return }
            guard let nested = NestedCollection(object) else { return describeLeaf(object, into: &hasher) }
            hasher.combine(nested.tag)
            hasher.combine(nested.count)
            if nested.count <= smallCount { combineElements(of: nested, into: &hasher, describeLeaf) }
        }
        // A second-level element: a collection by its tag and count alone.
        func describeLeaf(_ element: Any, into hasher: inout Hasher) {
            guard let object = element as AnyObject as? NSObjectProtocol else { return }
            if let nested = NestedCollection(object) {
                hasher.combine(nested.tag)
                hasher.combine(nested.count)
            } else {
                var budget = Int.max
                hash(object, into: &hasher, depth: 0, budget: &budget)
            }
        }
        hasher.combine(collection.tag)
        hasher.combine(collection.count)
        combineElements(of: collection, into: &hasher, describe)
    }

    /// `collection`'s elements, each given to `describe`: in order for an
    /// array or ordered set, and for a set or dictionary as the sum of the
    /// hashes of each element (each key and value), which no order changes.
    private static func combineElements(
        of collection: NestedCollection, into hasher: inout Hasher, _ describe: (Any, inout Hasher) -> Void
    ) {
        let elements = collection.elements
        guard !collection.ordered else {
            for element in elements { describe(element, &hasher) }
            return
        }
        var sum = 0
        var start = 0
        while start + collection.group <= elements.count {
            var one = Hasher()
            for k in 0..<collection.group { describe(elements[start + k], &one) }
            sum &+= one.finalize()
            start += collection.group
        }
        hasher.combine(sum)
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

    /// How deep the elements of collections are hashed by recursion: past
    /// it, by ``hashNested(_:into:budget:)``, with a stack of its own
    /// (JSON decoded into Foundation objects nests as deep as its text
    /// says).
    static var collectionDepth: Int { 4 }

    /// The most collection elements hashed in one identifier, nested ones
    /// included: an object graph that is not a tree (a collection that
    /// holds itself, or holds one collection many times over, level after
    /// level) has more paths than objects, and the walk takes every path.
    /// An identifier with more is hashed by its first level (see
    /// ``hashIdentifier(_:into:)``).
    static var elementBudget: Int { 1 << 16 }

    /// The most elements (pairs, for a dictionary) of a collection inside
    /// an identifier past ``elementBudget`` that ``hashShallow(_:into:)``
    /// hashes by what they hold: composite keys (`[userID, postID]`)
    /// and small records, at a bounded cost per element of the first level.
    static var smallCount: Int { 16 }

    /// `object` as `isEqual(_:)` compares it (see the type's comment).
    /// Collections (`NSArray`, `NSOrderedSet`, `NSSet`, `NSDictionary`),
    /// dates, attributed strings and decimal numbers are hashed by what
    /// they hold too: their own `hash` is the element count for the
    /// collections (every composite id `[userID, postID] as NSArray` of a
    /// list alike, no attacker needed), the time rounded to a `Float` for
    /// a date (one hash per minute or so today), part of the string for an
    /// attributed string, and an `NSDecimalNumber`'s recursed until the
    /// stack overflowed on Linux.
    ///
    /// `budget`: the collection elements still to hash (see
    /// ``elementBudget``); below zero once spent, and nothing more is
    /// walked.
    static func hash(_ object: NSObjectProtocol, into hasher: inout Hasher, depth: Int, budget: inout Int) {
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
        } else if depth >= collectionDepth, let collection = NestedCollection(object) {
            hashNested(collection, into: &hasher, budget: &budget)
        } else if let array = object as? NSArray {
            // In order, as `isEqual(_:)` compares the elements.
            hashElements(array, tag: 11, count: array.count, ordered: true, into: &hasher, budget: &budget) {
                hashElement($0, into: &$1, depth: depth + 1, budget: &$2)
            }
        } else if let set = object as? NSOrderedSet {
            hashElements(set, tag: 12, count: set.count, ordered: true, into: &hasher, budget: &budget) {
                hashElement($0, into: &$1, depth: depth + 1, budget: &$2)
            }
        } else if let set = object as? NSSet {
            hashElements(set, tag: 13, count: set.count, ordered: false, into: &hasher, budget: &budget) {
                hashElement($0, into: &$1, depth: depth + 1, budget: &$2)
            }
        } else if let dictionary = object as? NSDictionary {
            hashElements(dictionary, tag: 14, count: dictionary.count, ordered: false, into: &hasher, budget: &budget) {
                hashElement($0.key, into: &$1, depth: depth + 1, budget: &$2)
                hashElement($0.value, into: &$1, depth: depth + 1, budget: &$2)
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

    /// A collection identifier: `tag`, `count`, then (within `budget`) its
    /// elements through `hashOne`, in order when `ordered`, else as the
    /// sum of each element's own hash (sets and dictionaries, whose
    /// `isEqual(_:)` ignores order).
    static func hashElements<Elements: Sequence>(
        _ elements: Elements, tag: UInt8, count: Int, ordered: Bool, into hasher: inout Hasher, budget: inout Int,
        _ hashOne: (Elements.Element, inout Hasher, inout Int) -> Void
    ) {
        hasher.combine(tag)
        hasher.combine(count)
        budget -= count
        guard budget >= 0 else { return }
        guard !ordered else {
            for element in elements { hashOne(element, &hasher, &budget) }
            return
        }
        var sum = 0
        for element in elements {
            var one = Hasher()
            hashOne(element, &one, &budget)
            sum &+= one.finalize()
        }
        hasher.combine(sum)
    }

    /// An element of a collection identifier, as
    /// ``hash(_:into:depth:budget:)`` hashes an identifier. Iterating a
    /// Foundation collection on Linux gives Swift values for bridged
    /// elements (`String` for an `NSString`, `[Any]` for an `NSArray`):
    /// bridged back to the object (`as AnyObject`; on Apple platforms the
    /// element is that object already), so an element hashes alike either
    /// way.
    static func hashElement(_ element: Any, into hasher: inout Hasher, depth: Int, budget: inout Int) {
        if let object = element as AnyObject as? NSObjectProtocol {
            hash(object, into: &hasher, depth: depth, budget: &budget)
        }
    }

    /// A collection identifier's tag, order and elements (a dictionary's
    /// as key, value, key, value...), for ``hashNested(_:into:budget:)``.
    struct NestedCollection {
        let tag: UInt8
        let ordered: Bool
        /// Elements hashed together: 1, or 2 for a dictionary's key and value.
        let group: Int
        let count: Int
        let object: NSObjectProtocol

        init?(_ object: NSObjectProtocol) {
            self.object = object
            if let array = object as? NSArray {
                (tag, ordered, group, count) = (11, true, 1, array.count)
            } else if let set = object as? NSOrderedSet {
                (tag, ordered, group, count) = (12, true, 1, set.count)
            } else if let set = object as? NSSet {
                (tag, ordered, group, count) = (13, false, 1, set.count)
            } else if let dictionary = object as? NSDictionary {
                (tag, ordered, group, count) = (14, false, 2, dictionary.count)
            } else {
                return nil
            }
        }

        /// The elements, in the order ``hashElements`` walks them.
        var elements: [Any] {
            var list: [Any] = []
            list.reserveCapacity(count * group)
            if let array = object as? NSArray {
                for element in array { list.append(element) }
            } else if let set = object as? NSOrderedSet {
                for element in set { list.append(element) }
            } else if let set = object as? NSSet {
                for element in set { list.append(element) }
            } else if let dictionary = object as? NSDictionary {
                for (key, value) in dictionary {
                    list.append(key)
                    list.append(value)
                }
            }
            return list
        }
    }

    /// A collection nested ``collectionDepth`` deep or more, hashed as
    /// ``hashElements`` hashes one (the same hash), with a stack of its own
    /// instead of recursion. Past the depth a collection used to count by
    /// its size alone, so identifiers nested five deep (`[[[[[id]]]]]`, or
    /// dictionaries, as JSON decodes them) all hashed alike, and telling
    /// them apart by `isEqual(_:)` was quadratic (found by review,
    /// 2026-12-03: 500 such ids 9.5 s in a debug build, against 0.009 s
    /// four deep).
    static func hashNested(_ root: NestedCollection, into hasher: inout Hasher, budget: inout Int) {
        /// One collection being hashed.
        struct Frame {
            let collection: NestedCollection
            let elements: [Any]
            /// The next element to hash.
            var next = 0
            /// Elements whose group's hash is in `sum` (unordered).
            var summed = 0
            var sum = 0
            /// Unordered: the hasher the collection's tag and count went
            /// to, which gets `sum` once the elements are done (each group
            /// is hashed on a new hasher, as `hashElements` does).
            var outer: Hasher?
        }
        var stack: [Frame] = []
        // The hasher elements go to: the identifier's, or a group's.
        var current = hasher
        func enter(_ collection: NestedCollection) {
            current.combine(collection.tag)
            current.combine(collection.count)
            budget -= collection.count
            guard budget >= 0 else { return }
            var frame = Frame(collection: collection, elements: collection.elements)
            if !collection.ordered {
                frame.outer = current
                current = Hasher()
            }
            stack.append(frame)
        }
        enter(root)
        while let top = stack.indices.last {
            let next = stack[top].next
            if !stack[top].collection.ordered, next > stack[top].summed, next % stack[top].collection.group == 0 {
                // A group (an element, or a key and its value) is done.
                stack[top].sum &+= current.finalize()
                stack[top].summed = next
                current = Hasher()
            }
            guard next < stack[top].elements.count else {
                let done = stack.removeLast()
                if var outer = done.outer {
                    outer.combine(done.sum)
                    current = outer
                }
                continue
            }
            stack[top].next = next + 1
            guard let object = stack[top].elements[next] as AnyObject as? NSObjectProtocol else { continue }
            if let collection = NestedCollection(object) {
                enter(collection)
            } else {
                hash(object, into: &current, depth: collectionDepth, budget: &budget)
            }
        }
        hasher = current
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
