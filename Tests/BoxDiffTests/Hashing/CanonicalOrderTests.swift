import BoxDiffTestSupport
import PropertyBased
import Testing

@testable import BoxDiff

/// Marks (scalars of a nonzero canonical combining class) of many classes,
/// precomposed ones among them, and the three class-0 Tibetan signs that
/// decompose into two marks, for runs the standard library reorders.
private let marks: [Unicode.Scalar] = [
    "\u{301}", "\u{316}", "\u{327}", "\u{323}", "\u{307}", "\u{308}",  // 230, 220, 202, 220, 230, 230
    "\u{340}", "\u{341}", "\u{344}",  // 230, decomposing (U+0344: two marks of 230)
    "\u{5B0}", "\u{5B8}", "\u{5BC}",  // Hebrew points: 10, 18, 21
    "\u{F71}", "\u{F72}", "\u{F74}", "\u{F80}",  // Tibetan: 129, 130, 132, 130
    "\u{F73}", "\u{F75}", "\u{F81}",  // class 0, decomposing into two of the above
    "\u{1D165}", "\u{1D16E}", "\u{302D}", "\u{1DCE}",  // 216, 216, 222, 214
]

/// Every scalar of a nonzero canonical combining class (about 900).
private let allMarks: [Unicode.Scalar] = (0x300..<0x1_F000).compactMap { value in
    Unicode.Scalar(value).flatMap { $0.properties.canonicalCombiningClass.rawValue == 0 ? nil : $0 }
}

/// Starters, some whose decomposition ends in marks (U+01D6: u, U+0308,
/// U+0304; U+1D160: a note and two of class 216; U+FB2C: Hebrew shin
/// with two points), and a Hangul syllable.
private let starters: [Unicode.Scalar] = [
    "a", "u", "\u{E9}", "\u{1D6}", "\u{1D160}", "\u{FB2C}", "\u{AC00}", " ", "\u{958}", "\u{2ADC}", "\u{F76}",
]

/// A string of `runs` runs of marks after starters, each run up to
/// `longest` marks (half of them from `marks`, half from any class), from
/// `seed`.
private func markedString(seed: UInt64, runs: Int, longest: Int) -> String {
    var rng = SeededGenerator(seed: seed)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<runs {
        scalars.append(starters.randomElement(using: &rng)!)
        for _ in 0..<Int.random(in: 0...longest, using: &rng) {
            scalars.append((Bool.random(using: &rng) ? marks : allMarks).randomElement(using: &rng)!)
        }
    }
    return String(scalars)
}

/// The canonical combining class of every scalar of `string`, run by run:
/// whether each run of marks is in canonical (nondecreasing) order.
private func runsAreOrdered(_ string: String) -> Bool {
    var last: UInt8 = 0
    for scalar in string.unicodeScalars {
        let cls = scalar.properties.canonicalCombiningClass.rawValue
        if cls != 0 && cls < last { return false }
        last = cls
    }
    return true
}

/// Trust: a string id or content with long runs of combining marks is hashed
/// and compared in linear time (the standard library sorts such a run by
/// insertion), with the hashes and answers of `==` and NFC it had.
@Suite("Hashing: strings in canonical order")
struct CanonicalOrderTests {
    /// The ordered form is `==` to the string and has its NFC form, so
    /// the identity hash, the seeded `hashValue` and `==` are unchanged.
    @Test func theOrderedFormIsEquivalent() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 1...6), Gen.int(in: 0...120)) {
            seed, runs, longest in
            let string = markedString(seed: seed, runs: runs, longest: longest)
            let ordered = IdentityHashing.linearForm(string)
            #expect(ordered == string, "seed \(seed)")
            let nfc = Array(string._nfcCodeUnits)
            #expect(Array(ordered._nfcCodeUnits) == nfc, "seed \(seed)")
            #expect(IdentityHashing.hash(string) == nfc.withUnsafeBytes { CCore.hashBytes($0) }, "seed \(seed)")
            #expect(IdentityHashing.stringHashValue(string) == string.hashValue, "seed \(seed)")
            #expect(IdentityHashing.bucketHash(string) == string.hashValue)
            #expect(IdentityHashing.bucketHash(AnyHashable(string)) == AnyHashable(string).hashValue)
            #expect(
                IdentityHashing.hash(AnyHashable(string)) == UInt64(bitPattern: Int64(AnyHashable(string).hashValue)))
            #expect(IdentityHashing.bucketHash(Optional(string)) == Optional(string).hashValue)
            #expect(IdentityHashing.bucketHash(String?.none) == String?.none.hashValue)
            #expect(Component(string).contentHash == Component(ordered).contentHash)
        }
    }

    /// A long run out of order is put in order (what makes the standard
    /// library's sort linear); a short string, or one whose runs are
    /// short or ordered, is handed on as it is.
    @Test func longRunsAreOrderedOthersKept() {
        var alternating = "a"
        for i in 0..<40 { alternating.unicodeScalars.append(i % 2 == 0 ? "\u{301}" : "\u{316}") }
        #expect(!runsAreOrdered(alternating))
        let ordered = IdentityHashing.linearForm(alternating)
        #expect(runsAreOrdered(ordered))
        let expected = "a" + String(repeating: "\u{316}", count: 20) + String(repeating: "\u{301}", count: 20)
        #expect(Array(ordered.unicodeScalars) == Array(expected.unicodeScalars))
        // U+0F73 (class 0, two marks decomposed) starts a segment for the
        // standard library, as it does here: it stays where it is.
        var tibetan = "b"
        for _ in 0..<20 {
            tibetan.unicodeScalars.append(contentsOf: ["\u{F72}", "\u{F71}", "\u{F73}"] as [Unicode.Scalar])
        }
        let tibetanOrdered = IdentityHashing.canonicallyOrdered(tibetan)
        #expect(tibetanOrdered == tibetan)
        #expect(tibetanOrdered.unicodeScalars.filter { $0 == "\u{F73}" }.count == 20)
        #expect("b\u{F72}\u{F73}" != "b\u{F71}\u{F72}\u{F72}")
        // Kept as they are (the same bytes).
        let short = "a" + String(repeating: "\u{301}\u{316}", count: 15)  // 61 bytes
        let fewMarks = String(repeating: "a\u{301}\u{316}", count: 40)  // runs of 2
        let inOrder = "a" + String(repeating: "\u{316}", count: 50) + String(repeating: "\u{301}", count: 50)
        for kept in [short, fewMarks, inOrder, String(repeating: "long ASCII text ", count: 10)] {
            #expect(Array(IdentityHashing.linearForm(kept).utf8) == Array(kept.utf8))
        }
    }

    /// `stringsEqual` (the diff's `==` on string ids and contents) answers
    /// as `==` does, on equivalent spellings of long runs and on strings
    /// one mark apart.
    @Test func stringsEqualAnswersAsEqualsDoes() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 1...4), Gen.int(in: 0...100)) {
            seed, runs, longest in
            let string = markedString(seed: seed, runs: runs, longest: longest)
            // Another spelling: the ordered form, or its runs reversed by class.
            let ordered = IdentityHashing.canonicallyOrdered(string)
            var reversed = String.UnicodeScalarView()
            var run: [Unicode.Scalar] = []
            for scalar in ordered.unicodeScalars {
                if scalar.properties.canonicalCombiningClass.rawValue == 0 {
                    reversed.append(contentsOf: run.reversed())
                    run.removeAll()
                    reversed.append(scalar)
                } else {
                    run.append(scalar)
                }
            }
            reversed.append(contentsOf: run.reversed())
            // Reversing a run of several classes is a different spelling of
            // another string unless the classes are distinct; `==` decides.
            let other = String(reversed)
            for (a, b) in [
                (string, ordered), (ordered, string), (string, other), (other, ordered), (string, string + "\u{301}"),
            ] {
                #expect(IdentityHashing.stringsEqual(a, b) == (a == b), "seed \(seed)")
                #expect(IdentityHashing.equal(a, b) == (a == b), "seed \(seed)")
                #expect(IdentityHashing.equal(AnyHashable(a), AnyHashable(b)) == (a == b), "seed \(seed)")
                #expect(a.isContentEqual(to: b) == (a == b), "seed \(seed)")
                // As `Substring`s and `Character`s (a string's first grapheme).
                let (x, y) = (Substring(a), Substring(b))
                #expect(IdentityHashing.equal(x, y) == (a == b) && x.isContentEqual(to: y) == (a == b), "seed \(seed)")
                let (p, q) = (a.first!, b.first!)
                #expect(IdentityHashing.equal(p, q) == (p == q) && p.isContentEqual(to: q) == (p == q), "seed \(seed)")
                // As `String?`s, and in `AnyHashable`s, of one type and across types.
                #expect(IdentityHashing.equal(Optional(a), Optional(b)) == (a == b), "seed \(seed)")
                #expect(!IdentityHashing.equal(Optional(a), nil) && IdentityHashing.equal(String?.none, nil))
                let wrapped = [AnyHashable(a), AnyHashable(x), AnyHashable(p), AnyHashable(1)]
                let others = [AnyHashable(b), AnyHashable(y), AnyHashable(q), AnyHashable(String(q))]
                for u in wrapped {
                    for v in others {
                        #expect(
                            IdentityHashing.equal(u, v) == (u == v),
                            "seed \(seed): \(type(of: u.base)), \(type(of: v.base))")
                        if u == v {
                            #expect(IdentityHashing.hash(u) == IdentityHashing.hash(v), "seed \(seed)")
                            #expect(IdentityHashing.bucketHash(u) == IdentityHashing.bucketHash(v), "seed \(seed)")
                        }
                    }
                }
                if a == b {
                    #expect(IdentityHashing.hash(Optional(a)) == IdentityHashing.hash(Optional(b)), "seed \(seed)")
                    #expect(IdentityHashing.hash(x) == IdentityHashing.hash(y), "seed \(seed)")
                    #expect(IdentityHashing.bucketHash(x) == IdentityHashing.bucketHash(y), "seed \(seed)")
                }
                if p == q {
                    #expect(IdentityHashing.hash(p) == IdentityHashing.hash(q), "seed \(seed)")
                    #expect(IdentityHashing.bucketHash(p) == IdentityHashing.bucketHash(q), "seed \(seed)")
                }
                #expect((Component(a) == Component(b)) == (a == b), "seed \(seed)")
            }
        }
    }

    /// Slices of a text (`split`'s lines), ASCII or not, short or long,
    /// hash as the strings they hold and compare as `==` does, read in
    /// place or copied.
    @Test func substringsHashAndCompareAsTheirStrings() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...3), Gen.int(in: 0...40)) {
            seed, runs, longest in
            var rng = SeededGenerator(seed: seed)
            let ascii = String(
                (0..<Int.random(in: 0...200, using: &rng)).map { _ in "abc, \n".randomElement(using: &rng)! })
            let marked = markedString(seed: seed, runs: runs, longest: longest)
            for text in [ascii, marked, ascii + marked, marked + ascii, ascii + "\u{212A}" + ascii] {
                // Lines, and two slices at random grapheme offsets.
                var slices = text.split(separator: "\n", omittingEmptySubsequences: false)
                let offsets = (0..<4).map { _ in Int.random(in: 0...text.count, using: &rng) }.sorted()
                let index = offsets.map { text.index(text.startIndex, offsetBy: $0) }
                slices += [text[index[0]..<index[2]], text[index[1]..<index[3]], text[...], text[index[0]..<index[0]]]
                for slice in slices {
                    #expect(IdentityHashing.hash(slice) == IdentityHashing.hash(String(slice)), "seed \(seed)")
                }
                for x in slices {
                    for y in slices {
                        #expect(IdentityHashing.equal(x, y) == (x == y), "seed \(seed)")
                        #expect(x.isContentEqual(to: y) == (x == y), "seed \(seed)")
                    }
                }
                // The same text in another string's storage (another base).
                let copy = Substring(String(text)[...])
                #expect(
                    IdentityHashing.equal(copy, text[...]) && IdentityHashing.hash(copy) == IdentityHashing.hash(text))
            }
        }
    }

    /// The class the look for long runs reads (skipping the lookup for
    /// the spans between marks) is the standard library's, for every
    /// scalar.
    @Test func runClassIsTheCanonicalCombiningClass() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if IdentityHashing.runClass(scalar) != scalar.properties.canonicalCombiningClass.rawValue {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8).map { String($0, radix: 16) })")
    }

    /// The diffs pair ids spelled with long runs in different orders (no
    /// delete and insert), and do not pair ids one mark apart.
    @Test func diffsPairLongRunsInAnyOrder() throws {
        var a = "row"
        var b = "row"
        for _ in 0..<300 {
            a.unicodeScalars.append(contentsOf: ["\u{301}", "\u{316}"] as [Unicode.Scalar])
            b.unicodeScalars.append(contentsOf: ["\u{316}", "\u{301}"] as [Unicode.Scalar])
        }
        #expect(a == b && Array(a.utf8) != Array(b.utf8))
        let c = a + "\u{327}"
        let flat = try StagedChangeset(source: [a, "x", c], target: ["x", b])
        #expect(flat.flatMap(\.elementInserted).isEmpty)
        #expect(flat.flatMap(\.elementDeleted).count == 1)
        let old = Box<String, String>(sections: [
            Section(
                id: a, header: Component(a), rows: [Node(id: a, component: Component(c)), Node(id: c, component: "c")])
        ])
        let new = Box<String, String>(sections: [
            Section(id: b, header: Component(b), rows: [Node(id: b, component: Component(c + ""))])
        ])
        let box = try StagedChangeset(source: old, target: new)
        #expect(box.flatMap(\.sectionDeleted).isEmpty && box.flatMap(\.sectionInserted).isEmpty)
        #expect(box.flatMap(\.sectionUpdated).isEmpty)
        #expect(box.flatMap(\.elementInserted).isEmpty && box.flatMap(\.elementUpdated).isEmpty)
        #expect(box.flatMap(\.elementDeleted) == [ElementPath(element: 1, section: 0)])
        // Under `.reject`, the two spellings are one id, repeated.
        var options = DiffOptions()
        options.duplicates = .reject
        #expect(throws: DiffError.self) { _ = try StagedChangeset(source: [a, b], target: [], options: options) }
        // Ids in `AnyHashable`s (as `AnyDifferentiable`'s are), beside an
        // integer one.
        let any = try StagedChangeset(
            source: [AnyDifferentiable(a), AnyDifferentiable(1), AnyDifferentiable(c)],
            target: [AnyDifferentiable(1), AnyDifferentiable(b)])
        #expect(any.flatMap(\.elementInserted).isEmpty)
        #expect(any.flatMap(\.elementDeleted) == [ElementPath(element: 2, section: 0)])
    }
}
