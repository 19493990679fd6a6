// Turning identifiers into the 64-bit identity hashes the C core diffs.
//
// Integers are hashed by their bits (injective: equal hashes mean equal ids).
// Strings, byte arrays and UUIDs go through the core's XXH3, everything else through
// its `Hashable` hash; those are not injective, so matched pairs are checked
// with `==` afterwards and, on a collision, the diff is redone over dense
// class numbers (see `FlatDiff`).

#if canImport(FoundationEssentials)
    import struct FoundationEssentials.UUID
#elseif canImport(Foundation)
    import struct Foundation.UUID
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
        if ID.self == String.self {
            var s = id as! String
            return s.withUTF8 { CCore.hashBytes(UnsafeRawBufferPointer($0)) }
        }
        #if canImport(FoundationEssentials) || canImport(Foundation)
            if ID.self == UUID.self {
                // == on UUIDs compares their 16 bytes: hash those bytes.
                return withUnsafeBytes(of: unsafeBitCast(id, to: UUID.self).uuid) { CCore.hashBytes($0) }
            }
        #endif
        if ID.self == [UInt8].self {
            return (id as! [UInt8]).withUnsafeBytes { CCore.hashBytes($0) }
        }
        return UInt64(bitPattern: Int64(id.hashValue))
    }

    /// Dense class numbers for two id lists: equal ids get equal numbers,
    /// different ids different numbers (exact, through a dictionary). The
    /// fallback when hashes collided.
    static func denseClasses<ID: Hashable>(
        oldCount: Int, oldID: (Int) -> ID, newCount: Int, newID: (Int) -> ID
    ) -> (old: [UInt64], new: [UInt64]) {
        var classes: [ID: UInt64] = [:]
        classes.reserveCapacity(oldCount)
        func number(_ id: ID) -> UInt64 {
            if let n = classes[id] { return n }
            let n = UInt64(classes.count)
            classes[id] = n
            return n
        }
        let old = (0..<oldCount).map { number(oldID($0)) }
        let new = (0..<newCount).map { number(newID($0)) }
        return (old, new)
    }
}
