import BoxDiffTestSupport
import Foundation
import Testing

@testable import BoxDiff

/// Item 3 of "Trust": the identity and content hashes of the standard types
/// (integers, `Bool`, `String`, `UUID`, `[UInt8]`) are the same in every process
/// and on every machine. The values below were computed once and are
/// fixed: a change to any of them breaks hashes that apps may have stored.
@Suite("Hashing: golden values of stable hashes")
struct HashGoldenTests {
    static let uuid = UUID(
        uuid: (0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0, 0x0F, 0xED, 0xCB, 0xA9, 0x87, 0x65, 0x43, 0x21))
    static let bytes: [UInt8] = [0, 1, 2, 0xFE, 0xFF]

    @Test func identityHashes() {
        #expect(IdentityHashing.hash(42 as Int) == 0x2A)
        #expect(IdentityHashing.hash(-1 as Int) == 0xFFFF_FFFF_FFFF_FFFF)
        #expect(IdentityHashing.hash(UInt64(0xDEAD_BEEF)) == 0xDEAD_BEEF)
        #expect(IdentityHashing.hash(-7 as Int32) == 0xFFFF_FFF9)
        // Bool by its bit, as HashingAndSecurity.md's table now says (it
        // listed Bool under "any other Hashable type": hashValue, not
        // stable; a documentation defect, these pass on the code before).
        #expect(IdentityHashing.hash(false) == 0 && IdentityHashing.hash(true) == 1)
        #expect(IdentityHashing.isInjective(Bool.self))
        // XXH3-64, seed 0, of the UTF-8 bytes (ASCII: the same as before
        // strings were normalized), of the NFC bytes, of the UUID's 16
        // bytes, of the array's bytes.
        #expect(IdentityHashing.hash("BoxDiff") == 0x532B_0BC8_8DD5_F6BB)
        #expect(IdentityHashing.hash("") == 0x2D06_8005_38D3_94C2)
        #expect(IdentityHashing.hash("caf\u{E9}") == 0x4C83_DBD5_F29D_367F)
        #expect(IdentityHashing.hash("\u{D55C}\u{AE00}") == 0x7C5C_492D_D4A4_6B15)
        #expect(IdentityHashing.hash(Self.uuid) == 0x822B_6F19_461B_6674)
        #expect(IdentityHashing.hash(Self.bytes) == 0x379A_68C6_B11B_B6D5)
    }

    @Test func contentHashes() {
        #expect(Component(42 as Int).contentHash == 0x486C_6BA2_8BA7_EF44)
        #expect(Component(-1 as Int).contentHash == 0x93BF_950B_2D71_1BF9)
        #expect(Component(UInt64(0xDEAD_BEEF)).contentHash == 0x552F_FE73_84FF_5CB6)
        #expect(Component(-7 as Int32).contentHash == 0x875A_E371_0BE4_056F)
        #expect(Component(false).contentHash == 0x0D70_D535_0CAC_D876)
        #expect(Component(true).contentHash == 0xCCC9_1CA3_AAA0_6E91)
        #expect(Component("BoxDiff").contentHash == 0x1B28_79B9_A100_2ECD)
        #expect(Component("").contentHash == 0xD60B_4433_E2EB_1E3B)
        #expect(Component("caf\u{E9}").contentHash == 0x26C4_7057_B905_7835)
        #expect(Component("\u{D55C}\u{AE00}").contentHash == 0x2DE3_0ECC_EE67_8299)
        #expect(Component(Self.uuid).contentHash == 0x2036_65C3_BDB0_C7C5)
        #expect(Component(Self.bytes).contentHash == 0xAFB6_3E1E_ED9B_389B)
    }

    /// The Swift XXH3 of 16 bytes (UUIDs) equals the core's XXH3 on the
    /// same bytes, for random and edge-case inputs.
    @Test func uuidHashEqualsTheCoreXXH3() {
        var rng = SeededGenerator(seed: 0x16B)
        var inputs: [(UInt64, UInt64)] = [(0, 0), (.max, .max), (0, .max), (.max, 0), (1, 1 << 63)]
        for _ in 0..<20_000 { inputs.append((rng.next(), rng.next())) }
        for (low, high) in inputs {
            var words = (low.littleEndian, high.littleEndian)
            let core = withUnsafeBytes(of: &words) { CCore.hashBytes($0) }
            #expect(IdentityHashing.xxh3(low, high) == core)
            let uuid = withUnsafeBytes(of: &words) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            #expect(IdentityHashing.hash(uuid) == core)
        }
    }

    /// Equivalent spellings share the golden value of the NFC spelling.
    @Test func nonASCIIStringsHashTheirCanonicalForm() {
        #expect(IdentityHashing.hash("cafe\u{301}") == IdentityHashing.hash("caf\u{E9}"))
        #expect(Component("cafe\u{301}").contentHash == Component("caf\u{E9}").contentHash)
    }

    /// Each standard type has a content tag of its own (two sessions'
    /// changes once gave `Data` and the sectioned diff's former proxies
    /// both 15).
    @Test func contentTagsAreDistinct() {
        let tags: [UInt64] = [
            Component.typeTag(String.self), Component.typeTag(Int.self), Component.typeTag(UInt64.self),
            Component.typeTag(Int64.self), Component.typeTag(UInt.self), Component.typeTag(Int32.self),
            Component.typeTag(UInt32.self), Component.typeTag(Int16.self), Component.typeTag(UInt16.self),
            Component.typeTag(Int8.self), Component.typeTag(UInt8.self), Component.typeTag(Bool.self),
            Component.typeTag([UInt8].self), Component.typeTag(UUID.self), Component.typeTag(Data.self),
        ]
        #expect(Set(tags).count == tags.count, "\(tags)")
    }
}
