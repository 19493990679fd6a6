import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// Pieces of text, each with canonically equivalent spellings (Swift's
/// `==` holds between any two): precomposed and decomposed letters,
/// combining marks in either of their canonically reorderable orders,
/// singleton decompositions (Ångström and Ohm signs, a CJK compatibility
/// ideograph), Hangul syllables and their conjoining jamo. Every spelling
/// starts with a starter, so pieces can be joined in any order.
let equivalentPieces: [[String]] = [
    ["\u{E9}", "e\u{301}"],
    ["\u{C5}", "A\u{30A}", "\u{212B}"],
    ["\u{F1}", "n\u{303}"],
    ["\u{1EC7}", "e\u{323}\u{302}", "e\u{302}\u{323}", "\u{1EB9}\u{302}", "\u{EA}\u{323}"],
    ["a\u{301}\u{316}", "a\u{316}\u{301}", "\u{E1}\u{316}"],
    // Classes 230, 220, 230: the 220 mark may move, the two 230 marks keep their order.
    ["q\u{307}\u{323}\u{301}", "q\u{323}\u{307}\u{301}", "q\u{307}\u{301}\u{323}"],
    ["\u{D55C}", "\u{1112}\u{1161}\u{11AB}"],
    ["\u{AC00}", "\u{1100}\u{1161}"],
    ["\u{AC01}", "\u{AC00}\u{11A8}", "\u{1100}\u{1161}\u{11A8}"],
    ["\u{3A9}", "\u{2126}"],
    ["\u{390}", "\u{3CA}\u{301}", "\u{3B9}\u{308}\u{301}"],
    ["\u{8C48}", "\u{F900}"],
    ["\u{1E0B}\u{323}", "\u{1E0D}\u{307}", "d\u{323}\u{307}", "d\u{307}\u{323}"],
    ["\u{E4}", "a\u{308}"],
    ["a"], ["Z"], [" "], ["-"], ["1"], ["\u{1F44D}\u{1F3FD}"], ["\u{4E2D}"],
]

/// Two canonically equivalent strings built from `equivalentPieces` with
/// independently chosen spellings.
func equivalentPair(seed: UInt64, length: Int) -> (String, String) {
    var rng = SeededGenerator(seed: seed)
    var a = ""
    var b = ""
    for _ in 0..<length {
        let piece = equivalentPieces.randomElement(using: &rng)!
        a += piece.randomElement(using: &rng)!
        b += piece.randomElement(using: &rng)!
    }
    return (a, b)
}

/// Item 2 of "Trust": identity and content hashes of a `String` agree with
/// Swift's `==`, which is canonical equivalence.
@Suite("Hashing: String identity follows ==")
struct StringEquivalenceTests {
    @Test func precomposedAndDecomposedHashAlike() {
        let a = "caf\u{E9}"
        let b = "cafe\u{301}"
        #expect(a == b)
        #expect(IdentityHashing.hash(a) == IdentityHashing.hash(b))
        #expect(Component(a).contentHash == Component(b).contentHash)
        // Already-NFC text hashes its bytes, as before.
        var nfc = a
        #expect(IdentityHashing.hash(a) == nfc.withUTF8 { CCore.hashBytes(UnsafeRawBufferPointer($0)) })
    }

    @Test func equivalentStringsHashAlike() async {
        await propertyCheck(count: 400, input: Gen.uint64(), Gen.int(in: 0...12)) { seed, length in
            let (a, b) = equivalentPair(seed: seed, length: length)
            #expect(a == b, "premise: \(a.unicodeScalars.map(\.value)) == \(b.unicodeScalars.map(\.value))")
            #expect(IdentityHashing.hash(a) == IdentityHashing.hash(b), "seed \(seed)")
            #expect(Component(a).contentHash == Component(b).contentHash, "seed \(seed)")
            #expect(Component(a) == Component(b))
        }
    }

    /// The flat and Box diffs pair equivalent spellings (no delete and
    /// insert, no update), and `.reject` finds them as duplicates.
    @Test func diffsPairEquivalentSpellings() async {
        await propertyCheck(count: 150, input: Gen.uint64(), Gen.int(in: 1...8)) { seed, length in
            let (a, b) = equivalentPair(seed: seed, length: length)
            let (c, d) = equivalentPair(seed: seed &+ 1, length: length + 1)
            // Flat: [a, "x", c] -> [d, "x", b]: a pairs with b, c with d.
            let flat = try StagedChangeset(source: [a, "x", c], target: [d, "x", b])
            #expect(
                flat.allSatisfy {
                    $0.elementDeleted.isEmpty && $0.elementInserted.isEmpty && $0.elementUpdated.isEmpty
                },
                "seed \(seed)")
            // Box: rows and sections, with component and header content.
            let old = Box<String, String>(sections: [
                Section(
                    id: a, header: Component(c),
                    rows: [Node(id: c, component: Component(a)), Node(id: "x", component: "x")])
            ])
            let new = Box<String, String>(sections: [
                Section(
                    id: b, header: Component(d),
                    rows: [Node(id: "x", component: "x"), Node(id: d, component: Component(b))])
            ])
            let box = try StagedChangeset(source: old, target: new)
            for stage in box {
                #expect(stage.sectionDeleted.isEmpty && stage.sectionInserted.isEmpty && stage.sectionUpdated.isEmpty)
                #expect(stage.elementDeleted.isEmpty && stage.elementInserted.isEmpty)
                #expect(stage.elementUpdated.isEmpty && stage.elementReconfigured.isEmpty, "seed \(seed)")
            }
            #expect(box.flatMap(\.elementMoved).count == 1)
            // Duplicates under .reject.
            var options = DiffOptions()
            options.duplicates = .reject
            #expect(throws: DiffError.self) {
                _ = try StagedChangeset(source: [a, "y", b], target: ["y"], options: options)
            }
            let dupes = Box<String, String>(sections: [
                Section(id: "s", rows: [Node(id: a, component: "1"), Node(id: b, component: "2")])
            ])
            #expect(throws: DiffError.self) { _ = try StagedChangeset(source: dupes, target: .empty, options: options) }
        }
    }

    @Test func asciiFastPathAgreesWithTheBytes() {
        for s in ["", "a", "BoxDiff", "exactly8", "longer than eight bytes, with punctuation!"] {
            var copy = s
            #expect(IdentityHashing.hash(s) == copy.withUTF8 { CCore.hashBytes(UnsafeRawBufferPointer($0)) })
        }
        // A decomposed mark in the word-at-a-time part or in the tail.
        #expect(IdentityHashing.hash("abcdefghe\u{301}") == IdentityHashing.hash("abcdefgh\u{E9}"))
        #expect(IdentityHashing.hash("e\u{301}abcdefghij") == IdentityHashing.hash("\u{E9}abcdefghij"))
    }
}
