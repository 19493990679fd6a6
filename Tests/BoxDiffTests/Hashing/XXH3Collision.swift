/// Two different byte arrays with the same XXH3-64 hash (seed 0), built in
/// closed form from the published XXH3 specification.
///
/// For inputs of 4 to 8 bytes and seed 0, XXH3-64 is, for each length,
/// a chain of invertible steps on one 64-bit word:
/// `combined = last4 | first4 << 32` (an 8-byte input's two halves, so
/// every word is reachable), `v = combined ^ k` with `k` from the default
/// secret, `v ^= rotl(v, 49) ^ rotl(v, 24)`, `v *= m`,
/// `v ^= (v >> 35) + length`, `v *= m`, `v ^= v >> 28`. Taking the hash of a
/// 5-byte input and running the 8-byte chain backwards gives an 8-byte input
/// with that same hash.
enum XXH3Collision {
    /// `PRIME_MX2` of the specification.
    static let multiplier: UInt64 = 0x9FB2_1C65_1E98_DF25
    /// Bytes 8..<24 of the specification's default secret, as two
    /// little-endian words, xored.
    static let secretKey: UInt64 = {
        let bytes: [UInt8] = [
            0x7C, 0x01, 0x81, 0x2C, 0xF7, 0x21, 0xAD, 0x1C,
            0xDE, 0xD4, 0x6D, 0xE9, 0x83, 0x90, 0x97, 0xDB,
        ]
        func word(_ at: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        return word(0) ^ word(8)
    }()

    /// The 4–8-byte chain of the specification, forwards (seed 0), from the
    /// combined word: used to check the inverse.
    static func forward(combined: UInt64, length: UInt64) -> UInt64 {
        var v = combined ^ secretKey
        v = mixRotations(v)
        v = v &* multiplier
        v ^= (v >> 35) &+ length
        v = v &* multiplier
        return v ^ (v >> 28)
    }

    /// The combined word of an input of `length` bytes whose hash is `hash`.
    static func backward(hash: UInt64, length: UInt64) -> UInt64 {
        var v = hash ^ (hash >> 28) ^ (hash >> 56)  // undoes v ^= v >> 28
        v = v &* inverse(multiplier)
        let high = v >> 35  // (v >> 35) + length only touches bits 0...29
        v ^= high &+ length
        v = v &* inverse(multiplier)
        // v ^ rotl(v, 49) ^ rotl(v, 24) is multiplication by
        // p = 1 + x^49 + x^24 in GF(2)[x]/(x^64 + 1); p^64 = p(1) = 1 there,
        // so applying it 63 more times undoes it.
        for _ in 0..<63 { v = mixRotations(v) }
        return v ^ secretKey
    }

    /// The 8-byte input whose combined word is `combined`.
    static func eightBytes(combined: UInt64) -> [UInt8] {
        let first = UInt32(truncatingIfNeeded: combined >> 32)
        let last = UInt32(truncatingIfNeeded: combined)
        return (0..<4).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: last >> (8 * $0)) }
    }

    /// An 8-byte array with the same XXH3-64 as `short` (4 to 7 bytes),
    /// given `hash`, the hash of `short`.
    static func partner(ofHash hash: UInt64) -> [UInt8] {
        eightBytes(combined: backward(hash: hash, length: 8))
    }

    private static func mixRotations(_ v: UInt64) -> UInt64 {
        v ^ (v << 49 | v >> 15) ^ (v << 24 | v >> 40)
    }

    /// The inverse of an odd number modulo 2^64 (Newton's iteration).
    private static func inverse(_ a: UInt64) -> UInt64 {
        var x = a  // correct to 3 bits for odd a
        for _ in 0..<5 { x = x &* (2 &- a &* x) }
        return x
    }
}
