import BoxDiffTestSupport
import BoxDiffValidation
import Foundation
import Testing

@testable import BoxDiff

/// A rough timing of a large Box diff; runs only with BOXDIFF_TIMING=1
/// (the benchmark in Benchmarks/ is the real measurement, in release).
@Suite("Box diff: timing", .enabled(if: ProcessInfo.processInfo.environment["BOXDIFF_TIMING"] == "1"))
struct BoxTimingTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    @Test func hundredSectionsOfTenThousandRows() throws {
        let (old, new) = BoxGenerators.large(sections: 100, rowsPerSection: 10_000, edits: 1_000, seed: 7)
        let clock = ContinuousClock()
        let workspace = try DiffWorkspace()
        let tables = clock.measure {
            _ = old.identityTable
            _ = new.identityTable
        }
        var staged: StagedChangeset<BoxGenerators.TestBox>!
        let stagedTime = try clock.measure {
            staged = try StagedChangeset(source: old, target: new, workspace: workspace)
        }
        var options = DiffOptions()
        options.mode = .singleBatch
        let singleTime = try clock.measure {
            _ = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        }
        let validateTime = clock.measure { #expect(staged.violations(from: old).isEmpty) }
        print(
            "100 × 10,000 rows: tables \(tables), staged diff (cached tables) \(stagedTime), "
                + "single batch \(singleTime), validation \(validateTime); \(staged.count) stages, \(staged.changeCount) changes"
        )
    }
}

/// A rough timing of string ids and contents with long runs of combining
/// marks of two classes alternating (the README's bad-input table); runs
/// only with BOXDIFF_TIMING=1.
@Suite(
    "Strings with long runs of marks: timing",
    .enabled(if: ProcessInfo.processInfo.environment["BOXDIFF_TIMING"] == "1"))
struct CombiningMarkTimingTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    @Test func longRunsOfMarks() throws {
        let clock = ContinuousClock()
        for count in [20_000, 80_000] {
            // "a" and `count` marks, U+0301 and U+0316 alternating; the
            // other spelling starts with U+0316 (canonically equivalent).
            var a = "a"
            var b = "a"
            for i in 0..<count {
                a.unicodeScalars.append(i % 2 == 0 ? "\u{301}" : "\u{316}")
                b.unicodeScalars.append(i % 2 == 0 ? "\u{316}" : "\u{301}")
            }
            func box(id: String, content: String) -> Box<String, String> {
                Box(sections: [
                    Section(
                        id: "s", rows: [Node(id: id, component: Component(content)), Node(id: "x", component: "x")])
                ])
            }
            // Fresh Boxes (no cached tables) each time.
            let asContent = try clock.measure {
                _ = try StagedChangeset(source: box(id: "r", content: a), target: box(id: "r", content: a + "!"))
            }
            let asID = try clock.measure {
                _ = try StagedChangeset(source: box(id: a, content: "c"), target: box(id: a, content: "c"))
            }
            let respelled = try clock.measure {
                _ = try StagedChangeset(source: box(id: a, content: a), target: box(id: b, content: b))
            }
            // The validator over such a changeset with a stage to replay (the
            // respelled row's content changes too: one update).
            let respelledChangeset = try StagedChangeset(
                source: box(id: a, content: a), target: box(id: b, content: b + "!"))
            let validation = clock.measure {
                #expect(respelledChangeset.violations(from: box(id: a, content: a)).isEmpty)
            }
            // A flat list of `AnyDifferentiable`s (ids in `AnyHashable`s).
            let anyRespelled = try clock.measure {
                _ = try StagedChangeset(
                    source: [AnyDifferentiable(a), AnyDifferentiable(1)], target: [AnyDifferentiable(b)])
            }
            // The same as a `Substring` and as a `Character` (one grapheme),
            // each in an `AnyDifferentiable`; as a `String?` row id.
            let wrappedRespelled = try clock.measure {
                _ = try StagedChangeset(
                    source: [AnyDifferentiable(Substring(a)), AnyDifferentiable(a.first!)],
                    target: [AnyDifferentiable(b.first!), AnyDifferentiable(Substring(b))])
                _ = try StagedChangeset(
                    source: Box<String, String?>(sections: [
                        Section(id: "s", rows: [Node(id: Optional(a), component: "c")])
                    ]),
                    target: Box<String, String?>(sections: [
                        Section(id: "s", rows: [Node(id: Optional(b), component: "c")])
                    ]))
            }
            print(
                "\(count) marks: as a row's content \(asContent), as an unchanged row id \(asID), "
                    + "as a row id and content spelled differently on the two sides \(respelled), "
                    + "as an AnyDifferentiable's id spelled differently \(anyRespelled), "
                    + "as AnyDifferentiable Substring and Character ids and a String? row id \(wrappedRespelled); "
                    + "the validator over a respelled changeset with an update \(validation)")
        }
    }

    /// What the look for long runs of marks (``IdentityHashing/needsOrdering(_:)``)
    /// adds to hashing a long non-ASCII text: each of 200 scalars of CJK,
    /// Hangul, Cyrillic, Devanagari (with its marks) and emoji, hashed as
    /// a content is, against normalizing and hashing it alone.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    @Test func longTextsWithoutLongRuns() {
        let clock = ContinuousClock()
        let alphabets: [(String, ClosedRange<UInt32>)] = [
            ("CJK", 0x4E00...0x9FFF), ("Hangul", 0xAC00...0xD7A3), ("Cyrillic", 0x0410...0x044F),
            ("Devanagari", 0x0900...0x097F), ("emoji", 0x1F600...0x1F64F),
        ]
        var rng = SeededGenerator(seed: 11)
        for (name, range) in alphabets {
            var text = String.UnicodeScalarView()
            while text.count < 200 {
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { text.append(scalar) }
            }
            let string = String(text)
            let rounds = 20_000
            var sink: UInt64 = 0
            let hashed = clock.measure {
                for _ in 0..<rounds { sink &+= IdentityHashing.hashString(string) }
            }
            let normalized = clock.measure {
                for _ in 0..<rounds { sink &+= string._nfcCodeUnits.withUnsafeBytes { CCore.hashBytes($0) } }
            }
            let looked = clock.measure {
                for _ in 0..<rounds { sink &+= IdentityHashing.needsOrdering(string) ? 1 : 0 }
            }
            print(
                "\(name), \(string.utf8.count) bytes, per hash: hashString \(hashed / rounds), "
                    + "NFC and XXH3 alone \(normalized / rounds), the look \(looked / rounds) (\(sink % 2))")
        }
    }

    /// The lines of a document diffed as `Substring`s (`split`'s) against
    /// the same lines as `String`s: 100,000 lines of about 40 ASCII bytes,
    /// one in 100 edited, flat diff, best of 5.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // ContinuousClock
    @Test func linesAsSubstrings() throws {
        let clock = ContinuousClock()
        let old = (0..<100_000).map { "line \($0) of the document, with some words" }.joined(separator: "\n")
        let new = (0..<100_000).map {
            $0 % 100 == 7 ? "an edited line \($0)" : "line \($0) of the document, with some words"
        }
        .joined(separator: "\n")
        let (oldLines, newLines) = (old.split(separator: "\n"), new.split(separator: "\n"))
        let (oldStrings, newStrings) = (oldLines.map(String.init), newLines.map(String.init))
        func best(_ body: () throws -> Void) rethrows -> Duration {
            var times: [Duration] = []
            for _ in 0..<5 { times.append(try clock.measure(body)) }
            return times.min()!
        }
        var changes = (0, 0)
        let substrings = try best { changes.0 = try StagedChangeset(source: oldLines, target: newLines).changeCount }
        let strings = try best { changes.1 = try StagedChangeset(source: oldStrings, target: newStrings).changeCount }
        #expect(changes.0 == changes.1)
        print("100,000 lines, flat diff: as Substrings \(substrings), as Strings \(strings) (\(changes.0) changes)")
    }
}
