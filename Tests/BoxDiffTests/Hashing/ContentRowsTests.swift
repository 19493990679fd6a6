import Testing

@testable import BoxDiff

/// The row loops that hash and compare components in place (settling each
/// storage class's tag and exactness once per run of rows) agree with the
/// per-component definitions.
@Suite("Hashing: components hashed and compared row by row")
struct ContentRowsTests {
    /// One component of each kind the loops treat apart, several times and
    /// in changing order, so that the class changes from row to row and
    /// repeats.
    static let mixed: [Component] = [
        Component(UInt64(7)), Component(UInt64(7)), Component(-3 as Int), "short", Component(UInt64(8)),
        Component("a string longer than fifteen bytes"), Component("caf\u{E9}"), Component("cafe\u{301}"),
        Component(-7 as Int32), Component(true), Component([UInt8]([1, 2, 3])), Component(1.5),
        Component(PartlyHashed(id: 1, text: "x")), Component(incomparable: 0), Component(9 as Int), "",
        Component(incomparable: "again"), Component(UInt64.max),
    ]

    @Test func tableHashesEqualEachComponentsHash() {
        // Split over sections of uneven sizes (one empty) as well.
        let rows = Self.mixed.enumerated().map { Node(id: $0.offset, component: $0.element) }
        let box = Box<Int, Int>(sections: [
            Section(id: 0, rows: Array(rows[0..<5])), Section(id: 1), Section(id: 2, rows: Array(rows[5...])),
        ])
        let table = IdentityTable(box)
        #expect(table.rowContents == Self.mixed.map(\.contentHash))
        #expect(table.rowContents.enumerated().allSatisfy { ($0.element == 0) == !Self.mixed[$0.offset].isComparable })
        #expect(table.exactRowContentKind == nil)
        // Reversed, the first class differs.
        #expect(
            IdentityTable(Box<Int, Int>(sections: [Section(id: 0, rows: rows.reversed())])).rowContents
                == Self.mixed.reversed().map(\.contentHash))
    }

    @Test func exactKindSpansSections() {
        func box(_ sections: [[Component]]) -> Box<Int, Int> {
            var id = 0
            return Box(
                sections: sections.enumerated().map { s, components in
                    Section(
                        id: s,
                        rows: components.map { c in
                            id += 1
                            return Node(id: id, component: c)
                        })
                })
        }
        let ints = box([[Component(1 as Int), Component(2 as Int)], [], [Component(3 as Int)]])
        #expect(ints.identityTable.exactRowContentKind == ObjectIdentifier(Component.Typed<Int>.self))
        // A different exact type in a later section breaks uniformity.
        let two = box([[Component(1 as Int)], [Component(UInt64(1))]])
        #expect(two.identityTable.exactRowContentKind == nil)
        // So does a String among integers, after them.
        let tail = box([[Component(UInt64(1)), Component(UInt64(2))], ["3"]])
        #expect(tail.identityTable.exactRowContentKind == nil)
        // Two exact kinds that differ: the type tags part their hashes.
        let a = box([[Component(UInt64(5))]])
        let b = box([[Component(5 as Int)]])
        #expect(a.identityTable.exactRowContentKind != b.identityTable.exactRowContentKind)
        let changes = try? StagedChangeset(source: a, target: b)
        #expect(changes.map { $0.flatMap(\.elementUpdated).count } == 1, "5 as UInt64 and 5 as Int differ")
    }

    @Test(arguments: [
        ("a string longer than fifteen bytes", "a string longer than fifteen bytes"),
        ("a string longer than fifteen bytes", "a string longer than fifteen bytez"),
        ("a string longer than fifteen bytes", "a string longer than fifteen bytes!"),
        ("d\u{E9}composed and precomposed, long enough", "de\u{301}composed and precomposed, long enough"),
        (
            "\u{D55C}\u{AE00} \u{D55C}\u{AE00} \u{D55C}\u{AE00}",
            "\u{1112}\u{1161}\u{11AB}\u{AE00} \u{D55C}\u{AE00} \u{D55C}\u{AE00}"
        ),
        ("short", "short"), ("short", "shore"), ("", ""), ("", "x"), ("caf\u{E9}", "cafe\u{301}"),
    ])
    func stringEqualityAgreesWithTheStandardLibrary(pair: (String, String)) {
        // Distinct storage for the long ones: built at run time.
        let a = String(pair.0.unicodeScalars.map(Character.init))
        let b = String(pair.1.unicodeScalars.map(Character.init))
        #expect(IdentityHashing.stringsEqual(a, b) == (a == b))
        #expect(IdentityHashing.stringsEqual(b, a) == (a == b))
        #expect(IdentityHashing.stringsEqual(a, a))
    }

    /// Long strings (stored out of line) whose hashes match are confirmed
    /// byte for byte; equivalent spellings stay unchanged.
    @Test func longStringRowsAreComparedByValue() throws {
        func box(_ texts: [String]) -> Box<Int, Int> {
            Box(sections: [
                Section(id: 0, rows: texts.enumerated().map { Node(id: $0.offset, component: Component($0.element)) })
            ])
        }
        let old = box([
            "row number one, a long title", "d\u{E9}composed and precomposed, long", "unchanged long title here",
        ])
        let new = box([
            "row number one, a long title", "de\u{301}composed and precomposed, long", "changed!! long title here",
        ])
        let changes = try StagedChangeset(source: old, target: new)
        #expect(changes.flatMap(\.elementUpdated) == [ElementPath(section: 0, row: 2)])
        #expect(changes.applied(to: old) == new)
    }

    /// A component carried over (the same storage object on both sides) is
    /// unchanged without asking `==`, even for a value not equal to itself;
    /// a fresh one is asked.
    @Test func carriedOverComponentIsUnchanged() throws {
        let nan = Component(Double.nan)
        let old = Box<Int, Int>(sections: [
            Section(id: 0, header: nan, rows: [Node(id: 1, component: nan), Node(id: 2, component: "x")])
        ])
        let carried = Box<Int, Int>(sections: old.sections)
        let carriedChanges = try StagedChangeset(source: old, target: carried)
        #expect(carriedChanges.isEmpty)
        let fresh = Component(Double.nan)
        #expect(fresh.contentHash == nan.contentHash, "premise: equal hashes")
        let refreshed = Box<Int, Int>(sections: [
            Section(id: 0, header: fresh, rows: [Node(id: 1, component: fresh), Node(id: 2, component: "x")])
        ])
        let changes = try StagedChangeset(source: old, target: refreshed)
        #expect(changes.flatMap(\.sectionUpdated) == [0])
        // Rows alone.
        let rowOld = Box<Int, Int>(sections: [Section(id: 0, rows: [Node(id: 1, component: nan)])])
        #expect(try StagedChangeset(source: rowOld, target: Box(sections: rowOld.sections)).isEmpty)
        let rowNew = Box<Int, Int>(sections: [Section(id: 0, rows: [Node(id: 1, component: fresh)])])
        #expect(
            try StagedChangeset(source: rowOld, target: rowNew).flatMap(\.elementUpdated) == [
                ElementPath(section: 0, row: 0)
            ])
    }
}
