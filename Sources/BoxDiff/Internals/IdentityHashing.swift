// Turning identifiers into the 64-bit identity hashes the C core diffs.
//
// Integers are hashed by their bits (injective: equal hashes mean equal ids).
// Strings (ASCII as bytes, others in their NFC form, so the hash agrees with
// `==`), byte arrays, `Data` and UUIDs go through the core's XXH3: those
// hashes are stable across processes and machines. Everything else goes
// through its `Hashable` hash (`hashValue`), which Swift seeds per process: stable only
// within one process. Neither is injective, so matched pairs are checked
// with `==` afterwards and, on a collision, the diff is redone over dense
// class numbers (see `FlatDiff`).

#if canImport(FoundationEssentials)
    import FoundationEssentials
#elseif canImport(Foundation)
    import Foundation
#endif

@usableFromInline
enum IdentityHashing {
    /// True when `hash(_:)` is injective for `ID`: equal hashes imply equal ids.
    @inlinable
    static func isInjective<ID: Hashable>(_: ID.Type) -> Bool {
        ID.self == Int.self || ID.self == UInt.self || ID.self == Int64.self
            || ID.self == UInt64.self || ID.self == Int32.self || ID.self == UInt32.self
            || ID.self == Int16.self || ID.self == UInt16.self || ID.self == Int8.self
            || ID.self == UInt8.self || ID.self == Bool.self
    }

    /// The identity hash of one identifier.
    @inlinable
    static func hash<ID: Hashable>(_ id: ID) -> UInt64 {
        if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
        if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
        if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
        if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
        if ID.self == Int32.self { return UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self))) }
        if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
        if ID.self == Int16.self { return UInt64(UInt16(bitPattern: unsafeBitCast(id, to: Int16.self))) }
        if ID.self == UInt16.self { return UInt64(unsafeBitCast(id, to: UInt16.self)) }
        if ID.self == Int8.self { return UInt64(UInt8(bitPattern: unsafeBitCast(id, to: Int8.self))) }
        if ID.self == UInt8.self { return UInt64(unsafeBitCast(id, to: UInt8.self)) }
        if ID.self == Bool.self { return unsafeBitCast(id, to: Bool.self) ? 1 : 0 }
        // `unsafeBitCast` where the type is known, not `as!`: unspecialized,
        // `as!` is a dynamic cast per call.
        if ID.self == String.self { return hashString(unsafeBitCast(id, to: String.self)) }
        // As strings: their `hashValue` normalizes them, quadratic in a long
        // run of combining marks (one `Character` may hold one).
        if ID.self == Substring.self { return hashSubstring(unsafeBitCast(id, to: Substring.self)) }
        if ID.self == Character.self { return hashString(String(unsafeBitCast(id, to: Character.self))) }
        #if canImport(FoundationEssentials) || canImport(Foundation)
            if ID.self == UUID.self {
                // == on UUIDs compares their 16 bytes: hash those bytes.
                return withUnsafeBytes(of: unsafeBitCast(id, to: UUID.self).uuid) { bytes in
                    xxh3(
                        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                }
            }
            if ID.self == Data.self {
                // Not `Data`'s own hash, which reads its count and first 80
                // bytes only: data differing past them (chosen by whoever
                // supplies the ids) would all hash alike.
                return unsafeBitCast(id, to: Data.self).withUnsafeBytes { CCore.hashBytes($0) }
            }
        #endif
        if ID.self == [UInt8].self {
            return unsafeBitCast(id, to: [UInt8].self).withUnsafeBytes { CCore.hashBytes($0) }
        }
        if ID.self == String?.self { return unsafeBitCast(id, to: String?.self).map(hashString) ?? 0 }
        // Text in an `AnyHashable` (`AnyDifferentiable`'s and Carbon's ids):
        // a string's `hashValue` (for a `String`, the same value as the
        // `AnyHashable`'s), in linear time.
        if ID.self == AnyHashable.self, let text = text(in: unsafeBitCast(id, to: AnyHashable.self)) {
            return UInt64(bitPattern: Int64(stringHashValue(text)))
        }
        return UInt64(bitPattern: Int64(id.hashValue))
    }

    /// XXH3-64 with seed 0 of 16 bytes, given as their two little-endian
    /// 64-bit halves: the specification's path for 9 to 16 bytes, with
    /// the default secret's words 24-31 ^ 32-39 and 40-47 ^ 48-55 folded
    /// into constants. Equal to ``CCore/hashBytes(_:seed:)`` on the same
    /// bytes (HashGoldenTests checks it), without a call into C per id.
    @inlinable
    static func xxh3(_ low: UInt64, _ high: UInt64) -> UInt64 {
        let inputLow = low ^ 0x6782_737B_EA42_39B9
        let inputHigh = high ^ 0xAF56_BC3B_0996_523A
        let product = inputLow.multipliedFullWidth(by: inputHigh)
        var acc = 16 &+ inputLow.byteSwapped &+ inputHigh &+ (product.low ^ product.high)
        acc ^= acc &>> 37
        acc &*= 0x1656_6791_9E37_79F9
        acc ^= acc &>> 32
        return acc
    }

    /// The identity hash of a string, agreeing with `==` (canonical
    /// equivalence): XXH3 of its UTF-8 bytes when they are all ASCII (ASCII
    /// text is its own canonical form), otherwise XXH3 of its NFC form, the
    /// normalization the standard library's `==` and `hash(into:)` use, so
    /// "é" (U+00E9) and "e" + U+0301 hash alike. Stable across processes and
    /// machines (for one Unicode version of the standard library).
    /// - Complexity: O(length); a non-ASCII string is normalized into a
    ///   temporary array first. A long run of combining marks out of
    ///   canonical order, which the standard library's normalizer (as
    ///   Swift's own `hashValue` and `==`) sorts in quadratic time, is put
    ///   in order first (``linearForm(_:)``, linear).
    ///
    /// A native string's bytes are read in place, borrowed: `withUTF8`,
    /// which needs a mutable copy, cost an atomic retain and release of a
    /// heap string's storage per call (two per row of `String` components,
    /// 40 of a 20-row diff's 83). Only a bridged string without contiguous
    /// UTF-8 is copied.
    @usableFromInline
    static func hashString(_ string: String) -> UInt64 {
        let inPlace = string.utf8.withContiguousStorageIfAvailable { hashIfASCII(UnsafeRawBufferPointer($0)) }
        switch inPlace {
        case .some(.some(let ascii)):
            return ascii
        case .some(.none):
            break
        case .none:
            var copy = string
            let ascii = copy.withUTF8 { hashIfASCII(UnsafeRawBufferPointer($0)) }
            if let ascii { return ascii }
        }
        // Long runs of combining marks put in canonical order first, so
        // the standard library's normalizer takes linear time.
        return linearForm(string)._nfcCodeUnits.withUnsafeBytes { CCore.hashBytes($0) }
    }

    /// ``hashString(_:)`` of a substring (`split`'s lines, say): ASCII
    /// text read in place, any other copied into a `String` first. A copy
    /// of every line was an allocation per line: 100,000 lines of 40 bytes
    /// diffed as `Substring`s took twice as long as the same lines as
    /// `String`s.
    @usableFromInline
    static func hashSubstring(_ text: Substring) -> UInt64 {
        let inPlace = text.utf8.withContiguousStorageIfAvailable { hashIfASCII(UnsafeRawBufferPointer($0)) }
        if case .some(.some(let ascii)) = inPlace { return ascii }
        return hashString(String(text))
    }

    /// The hash ``denseClasses(oldCount:oldID:newCount:newID:strict:)``
    /// files `id` under, and BoxDiffValidation a content
    /// (``Component/seededHash``): its `hashValue`, but for a `Decimal`
    /// ``hashDecimal(_:)``. A `Decimal`'s `hashValue` is its double's, so
    /// the decimals of up to 38 digits that round to one double (chosen by
    /// whoever supplies them) all share it and telling them apart walked
    /// them all. The diff itself keeps the fast `hashValue` (such decimals
    /// reach the core as one repeated id, and their pairs fail `==`).
    ///
    /// A `String`, `Substring` or `Character` (alone, a `String` in an
    /// `Optional`, or any of them in an `AnyHashable`): a string's
    /// `hashValue` computed in linear time (``stringHashValue(_:)``).
    ///
    /// The same for a `Data` or `Decimal` in an `Optional` or an
    /// `AnyHashable`. (A type of the app's that holds one, `[Data]` or a
    /// struct, hashes it as `Data` does, through its first 80 bytes: such
    /// a type should combine all of the bytes itself.)
    ///
    /// A `Data` is filed under a seeded hash of all its bytes
    /// (``hashData(_:)``): its `hashValue` reads its count and first 80
    /// bytes only, and its XXH3 (what the diff hashes it by) has no seed,
    /// so values can be made to share both (a published secret's words in
    /// half of each late 16-byte block cancel them out of XXH3): they
    /// reached the numbering as one id and shared one bucket.
    @inlinable
    static func bucketHash<ID: Hashable>(_ id: ID) -> Int {
        // A string's `hashValue` normalizes it, quadratic in a long run of
        // combining marks: the same value, from its ordered form.
        if ID.self == String.self { return stringHashValue(unsafeBitCast(id, to: String.self)) }
        if ID.self == Substring.self { return stringHashValue(String(unsafeBitCast(id, to: Substring.self))) }
        if ID.self == Character.self { return stringHashValue(String(unsafeBitCast(id, to: Character.self))) }
        if ID.self == String?.self {
            return unsafeBitCast(id, to: String?.self).map(IdentityHashing.linearForm).hashValue
        }
        #if canImport(FoundationEssentials) || canImport(Foundation)
            if ID.self == Decimal.self {
                return Int(truncatingIfNeeded: hashDecimal(unsafeBitCast(id, to: Decimal.self)))
            }
            if ID.self == Data.self { return hashData(unsafeBitCast(id, to: Data.self)) }
            // The same values wrapped: optional, or in an `AnyHashable`
            // (`AnyDifferentiable`'s id, a Box of mixed row id types),
            // whose hash is the wrapped value's.
            if ID.self == Data?.self { return unsafeBitCast(id, to: Data?.self).map(hashData) ?? 0 }
            if ID.self == Decimal?.self {
                return unsafeBitCast(id, to: Decimal?.self).map { Int(truncatingIfNeeded: hashDecimal($0)) } ?? 0
            }
            if ID.self == AnyHashable.self {
                if let text = text(in: unsafeBitCast(id, to: AnyHashable.self)) { return stringHashValue(text) }
                let base = unsafeBitCast(id, to: AnyHashable.self).base
                if let data = base as? Data { return hashData(data) }
                if let decimal = base as? Decimal { return Int(truncatingIfNeeded: hashDecimal(decimal)) }
            }
        #endif
        return id.hashValue
    }

    /// `string.hashValue`, computed in linear time (``linearForm(_:)``).
    @usableFromInline
    static func stringHashValue(_ string: String) -> Int { linearForm(string).hashValue }

    #if canImport(FoundationEssentials) || canImport(Foundation)
        /// Swift's per-process seeded hash of every byte of `data`.
        @usableFromInline
        static func hashData(_ data: Data) -> Int {
            var hasher = Hasher()
            data.withUnsafeBytes { hasher.combine(bytes: $0) }
            return hasher.finalize()
        }
    #endif

    #if canImport(FoundationEssentials) || canImport(Foundation)
        /// XXH3 of a decimal's digits, written without trailing zeros, so
        /// that decimals `==` calls equal ("1.0", "1.00", 1 × 10^0) hash
        /// alike, and decimals with one double do not.
        /// - Complexity: O(digits); about 1 µs (its description), against
        ///   20 ns for `hashValue`.
        @usableFromInline
        static func hashDecimal(_ value: Decimal) -> UInt64 {
            // Every digit, no exponent ("1000", "0.001"), "NaN" for NaN.
            var text = Array(value.description.utf8)
            if text.contains(UInt8(ascii: ".")) {
                while text.last == UInt8(ascii: "0") { text.removeLast() }
                if text.last == UInt8(ascii: ".") { text.removeLast() }
            }
            if text == Array("-0".utf8) { text = Array("0".utf8) }
            return text.withUnsafeBytes { CCore.hashBytes($0) }
        }
    #endif

    /// XXH3 of `bytes` when they are all ASCII (their own canonical form);
    /// nil otherwise.
    @inline(__always)
    static func hashIfASCII(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        isASCII(bytes) ? CCore.hashBytes(bytes) : nil
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var i = 0
        var high: UInt64 = 0
        while i + 8 <= count {
            high |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < count {
            high |= UInt64(base.load(fromByteOffset: i, as: UInt8.self))
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Strict ``denseClasses(oldCount:oldID:newCount:newID:strict:)``'s
    /// member comparisons allowed per id of the two lists.
    static var strictComparisonsPerID: Int { 64 }

    /// Strict ``denseClasses(oldCount:oldID:newCount:newID:strict:)``'s
    /// member comparisons allowed whatever the lists' sizes.
    static var strictComparisonAllowance: Int { 1 << 16 }

    /// Dense class numbers for two id lists: equal ids get equal numbers,
    /// different ids different numbers (exact: `==` decides). The fallback
    /// when hashes collided.
    ///
    /// Not a `[ID: UInt64]` dictionary: a dictionary traps ("Duplicate keys
    /// of type ... were found in a Dictionary") when it grows past ids that
    /// are `==` but hash differently, which an identifier breaking
    /// `Hashable`'s contract does. Each id's `hashValue` (a decimal's
    /// digits: ``bucketHash(_:)``) is read once and
    /// only buckets the ids (an `Int`-keyed dictionary, as seeded and as
    /// cheap as the dictionary of ids was); within a bucket, the ids
    /// already numbered are compared with `==` in order, as a dictionary's
    /// probe would compare them. An id whose hash is inconsistent is then
    /// at worst not paired; nothing traps. An id not `==` to itself (NaN)
    /// gets a class of its own without a bucket: many copies of one such
    /// value made the walk quadratic.
    ///
    /// - Parameter strict: an id joins a class only when it is `==` to
    ///   every member, both ways (not only to the first), so that two ids of
    ///   one class are `==` even when the type's `==` is not transitive or
    ///   not symmetric; for a retry after the usual classes paired ids that
    ///   are not `==`. Quadratic in the class sizes, so bounded: past
    ///   ``strictComparisonsPerID`` member comparisons per id (over both
    ///   lists, plus ``strictComparisonAllowance``), every further id gets
    ///   a class of its own (unpaired: deleted and inserted, still a valid
    ///   changeset; nor reported as a duplicate). 10,000 copies of one
    ///   honest id beside three ids of a tolerance `==` took 8.3 s (release)
    ///   unbounded.
    static func denseClasses<ID: Hashable>(
        oldCount: Int, oldID: (Int) -> ID, newCount: Int, newID: (Int) -> ID, strict: Bool = false
    ) -> (old: [UInt64], new: [UInt64]) {
        // The first id of each bucket; then each class's representative (in
        // strict mode every member) and the next class of the same bucket
        // (-1: the last).
        var firstClass: [Int: Int] = [:]
        firstClass.reserveCapacity(oldCount)
        var representatives: [ID] = []
        var members: [[ID]] = []
        var nextInBucket: [Int] = []
        // Strict mode's member comparisons still allowed.
        var budget =
            strict
            ? strictComparisonAllowance &+ strictComparisonsPerID &* (oldCount &+ newCount) : Int.max
        func joins(_ id: ID, _ k: Int) -> Bool {
            guard strict else { return equal(representatives[k], id) }
            for member in members[k] {
                budget -= 1
                guard budget >= 0, equal(member, id), equal(id, member) else { return false }
            }
            members[k].append(id)
            return true
        }
        func newClass(_ id: ID) -> UInt64 {
            representatives.append(id)
            if strict { members.append([id]) }
            nextInBucket.append(-1)
            return UInt64(representatives.count - 1)
        }
        func number(_ id: ID) -> UInt64 {
            // An id not `==` to itself (a NaN, or a value holding one) can
            // join no class, and such ids all of one value share a hash: a
            // class of its own, outside the bucket, so that the next one
            // does not walk them all. Likewise an id met past strict mode's
            // budget.
            guard budget > 0, id == id else { return newClass(id) }
            let hash = bucketHash(id)
            guard var k = firstClass[hash] else {
                firstClass[hash] = representatives.count
                return newClass(id)
            }
            while true {
                if joins(id, k) { return UInt64(k) }
                if budget < 0 { return newClass(id) }
                guard nextInBucket[k] >= 0 else { break }
                k = nextInBucket[k]
            }
            nextInBucket[k] = representatives.count
            return newClass(id)
        }
        let old = (0..<oldCount).map { number(oldID($0)) }
        let new = (0..<newCount).map { number(newID($0)) }
        return (old, new)
    }
}

/// ``IdentityHashing/bucketHash(_:)``, for BoxDiffValidation's tables keyed
/// by the caller's ids (`HashBuckets`): filed by their `hashValue`, `Data`
/// ids differing past their first 80 bytes, or `Decimal`s with one double,
/// shared one bucket, each compared with every earlier one.
package func validationBucketHash<ID: Hashable>(_ id: ID) -> Int { IdentityHashing.bucketHash(id) }

/// ``IdentityHashing/equal(_:_:)``, for BoxDiffValidation's tables keyed by
/// the caller's ids (`HashBuckets`): strings compared in linear time,
/// whatever their combining marks.
package func validationEqual<ID: Equatable>(_ a: ID, _ b: ID) -> Bool { IdentityHashing.equal(a, b) }

/// `string.hashValue`, in linear time whatever its combining marks
/// (``IdentityHashing/stringHashValue(_:)``), for the package's other
/// modules: BoxDiffIGListKit's string keys on Linux.
package func linearStringHashValue(_ string: String) -> Int { IdentityHashing.stringHashValue(string) }

/// `a == b` for strings, in linear time whatever their combining marks
/// (``IdentityHashing/stringsEqual(_:_:)``), for the package's other
/// modules: BoxDiffIGListKit's string keys and `NSString` contents on Linux.
package func linearStringsEqual(_ a: String, _ b: String) -> Bool { IdentityHashing.stringsEqual(a, b) }
