import Testing

@testable import BoxDiff

/// A value whose hash covers only part of it (legal for `Hashable`): two
/// values with equal ids and different texts hash alike but are not `==`.
struct PartlyHashed: Hashable, Sendable {
    var id: Int
    var text: String
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Item 1 of "Trust": equal content hashes only propose "unchanged"; the
/// component's `==` decides, for rows and for headers and footers.
@Suite("Hashing: content updates are decided by ==")
struct ContentEqualityTests {
    typealias B = Box<Int, Int>

    static func box(row: Component, header: Component? = nil) -> B {
        Box(sections: [
            Section(id: 0, header: header, rows: [Node(id: 7, component: "kept"), Node(id: 1, component: row)])
        ])
    }

    /// The rows and sections every option combination reports as updated.
    static func updates(_ old: B, _ new: B) throws -> [(rows: [ElementPath], sections: [Int])] {
        try boxOptionGrid.map { options in
            let c = try StagedChangeset(source: old, target: new, options: options)
            #expect(c.applied(to: old) == new)
            return (c.flatMap { $0.elementUpdated + $0.elementReconfigured }, c.flatMap(\.sectionUpdated))
        }
    }

    @Test func partlyHashedRowChangeIsAnUpdate() throws {
        let a = Component(PartlyHashed(id: 1, text: "before"))
        let b = Component(PartlyHashed(id: 1, text: "after"))
        #expect(a.contentHash == b.contentHash, "the premise: equal hashes")
        #expect(a != b)
        for found in try Self.updates(Self.box(row: a), Self.box(row: b)) {
            #expect(found.rows.count == 1 && found.rows.allSatisfy { $0 == ElementPath(section: 0, row: 1) })
            #expect(found.sections.isEmpty)
        }
        // Equal values stay unchanged.
        for found in try Self.updates(Self.box(row: a), Self.box(row: Component(PartlyHashed(id: 1, text: "before")))) {
            #expect(found.rows.isEmpty && found.sections.isEmpty)
        }
    }

    @Test func partlyHashedHeaderChangeIsASectionUpdate() throws {
        let a = Component(PartlyHashed(id: 1, text: "before"))
        let b = Component(PartlyHashed(id: 1, text: "after"))
        for found in try Self.updates(Self.box(row: "same", header: a), Self.box(row: "same", header: b)) {
            #expect(found.sections == [0])
        }
        let footerOld = Box<Int, Int>(sections: [Section(id: 0, footer: a)])
        let footerNew = Box<Int, Int>(sections: [Section(id: 0, footer: b)])
        for found in try Self.updates(footerOld, footerNew) {
            #expect(found.sections == [0])
        }
    }

    /// A real XXH3-64 collision between two byte arrays reaches the content
    /// hash, and the row is still reported as updated.
    @Test func xxh3CollisionOfByteContentsIsAnUpdate() throws {
        let short: [UInt8] = Array("BoxDi".utf8)
        let hash = short.withUnsafeBytes { CCore.hashBytes($0) }
        let long = XXH3Collision.partner(ofHash: hash)
        #expect(long.count == 8 && long != short)
        #expect(long.withUnsafeBytes { CCore.hashBytes($0) } == hash, "a genuine XXH3 collision")
        #expect(IdentityHashing.hash(long) == IdentityHashing.hash(short))
        let a = Component(short)
        let b = Component(long)
        #expect(a.contentHash == b.contentHash, "the collision reaches the content hash")
        for found in try Self.updates(Self.box(row: a), Self.box(row: b)) {
            #expect(found.rows.count == 1 && found.rows.allSatisfy { $0 == ElementPath(section: 0, row: 1) })
        }
        for found in try Self.updates(Self.box(row: "h", header: a), Self.box(row: "h", header: b)) {
            #expect(found.sections == [0])
        }
    }

    /// The inverse chain agrees with the forward one (and so with the
    /// specification), for several lengths and words.
    @Test func collisionBuilderInvertsTheChain() {
        for length: UInt64 in 4...8 {
            for word: UInt64 in [0, 1, 0xDEAD_BEEF_0123_4567, .max] {
                let h = XXH3Collision.forward(combined: word, length: length)
                #expect(XXH3Collision.backward(hash: h, length: length) == word)
            }
        }
        let bytes = XXH3Collision.eightBytes(combined: 0x0102_0304_0506_0708)
        #expect(
            bytes.withUnsafeBytes { CCore.hashBytes($0) }
                == XXH3Collision.forward(combined: 0x0102_0304_0506_0708, length: 8))
    }

    /// The `==` check is skipped only when both Boxes' rows all hold one
    /// exact type (integers by their bits).
    @Test func exactKindIsRecordedOnlyForOneExactType() {
        let ints = Box<Int, Int>(sections: [
            Section(
                id: 0,
                rows: [
                    Node(id: 1, component: Component(UInt64(1))),
                    Node(id: 2, component: Component(UInt64(2))),
                ])
        ])
        #expect(ints.identityTable.exactRowContentKind != nil)
        let strings = Box<Int, Int>(sections: [Section(id: 0, rows: [Node(id: 1, component: "a")])])
        #expect(strings.identityTable.exactRowContentKind == nil)
        let mixed = Box<Int, Int>(sections: [
            Section(
                id: 0,
                rows: [
                    Node(id: 1, component: Component(UInt64(1))),
                    Node(id: 2, component: Component(1 as Int)),
                ])
        ])
        #expect(mixed.identityTable.exactRowContentKind == nil)
        let incomparable = Box<Int, Int>(sections: [
            Section(
                id: 0,
                rows: [
                    Node(id: 1, component: Component(UInt64(1))),
                    Node(id: 2, component: Component(incomparable: 1)),
                ])
        ])
        #expect(incomparable.identityTable.exactRowContentKind == nil)
        #expect(Box<Int, Int>.empty.identityTable.exactRowContentKind == nil)
    }

    /// Mixed component types in one Box (the verification cannot be skipped
    /// there): a partly hashed change among integer rows is found.
    @Test func mixedComponentTypes() throws {
        let old = Box<Int, Int>(sections: [
            Section(
                id: 0,
                rows: [
                    Node(id: 1, component: Component(UInt64(5))),
                    Node(id: 2, component: Component(PartlyHashed(id: 3, text: "x"))),
                    Node(id: 3, component: Component(5 as Int)),
                ])
        ])
        let new = Box<Int, Int>(sections: [
            Section(
                id: 0,
                rows: [
                    Node(id: 1, component: Component(UInt64(5))),
                    Node(id: 2, component: Component(PartlyHashed(id: 3, text: "y"))),
                    Node(id: 3, component: Component(5 as Int)),
                ])
        ])
        for found in try Self.updates(old, new) {
            #expect(found.rows.count == 1 && found.rows.allSatisfy { $0 == ElementPath(section: 0, row: 1) })
        }
    }
}
