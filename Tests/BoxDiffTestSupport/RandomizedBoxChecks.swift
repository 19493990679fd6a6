import BoxDiff
import BoxDiffValidation
import Foundation

/// The checks of one random Box pair under one option set, shared by the
/// randomized test (`RandomizedBoxTests`) and the coverage-guided fuzzer
/// of the Swift layer (`Tests/SwiftFuzz`).
public enum RandomizedBoxChecks {
    /// A legal `Hashable` whose hash covers only part of its value: equal
    /// hashes do not mean equal values, so only `==` can tell a change.
    public struct PartlyHashed: Hashable, Sendable, CustomStringConvertible {
        /// The hashed part.
        public var key: Int
        /// The part only `==` reads.
        public var text: String
        /// A value of `key` and `text`.
        public init(key: Int, text: String) {
            self.key = key
            self.text = text
        }
        /// Hashes `key` only.
        public func hash(into hasher: inout Hasher) { hasher.combine(key) }
        /// `key/text`.
        public var description: String { "\(key)/\(text)" }
    }

    /// The same Box with identifiers mapped to another type (injective
    /// maps, so duplicates stay duplicates and distinct ids stay distinct).
    public static func mapIDs<S: Hashable, R: Hashable>(
        _ box: BoxGenerators.TestBox, section: (Int) -> S, row: (Int) -> R
    ) -> Box<S, R> {
        Box(
            sections: box.sections.map { s in
                Section(
                    id: section(s.id), header: s.header, footer: s.footer,
                    rows: s.rows.map { Node(id: row($0.id), component: $0.component) })
            })
    }

    /// Whether a section or row id repeats in `box`.
    public static func hasDuplicate<S, R>(_ box: Box<S, R>) -> Bool {
        var sections = Set<S>()
        var rows = Set<R>()
        for s in box.sections {
            if !sections.insert(s.id).inserted { return true }
            for r in s.rows where !rows.insert(r.id).inserted { return true }
        }
        return false
    }

    /// Diffs one pair with `options` and returns its problems (empty:
    /// fine): a duplicate not rejected or an unexpected error, what
    /// ``BoxReplay/problems(_:from:to:)`` finds, more stages than the mode
    /// allows, more changes than the reload threshold. `validates`: also
    /// pass the changeset through `validated(from:)`, which must give it
    /// back unchanged when it is valid.
    public static func problems<S, R>(
        _ old: Box<S, R>, _ new: Box<S, R>, options: DiffOptions, validates: Bool, workspace: DiffWorkspace
    ) -> [String] {
        let changeset: StagedChangeset<Box<S, R>>
        do {
            changeset = try StagedChangeset(source: old, target: new, options: options, workspace: workspace)
        } catch {
            if case .duplicateIdentifier = error, options.duplicates == .reject,
                hasDuplicate(old) || hasDuplicate(new)
            {
                return []
            }
            return ["unexpected error \(error)"]
        }
        var found: [String] = []
        if options.duplicates == .reject && (hasDuplicate(old) || hasDuplicate(new)) {
            found.append("a duplicate was not rejected")
        }
        found += BoxReplay.problems(changeset, from: old, to: new)
        if validates && found.isEmpty {
            // `validated(from:)` throws rather than traps, so a failure names
            // its input. Compared through descriptions: `==` on Boxes is false
            // for incomparable components.
            let checked = try? changeset.validated(from: old)
            if checked.map({ "\($0)" }) != "\(changeset)" { found.append("validated(from:) changed the changeset") }
        }
        if options.mode == .singleBatch && changeset.count > 1 {
            found.append("\(changeset.count) stages in single-batch mode")
        }
        if options.mode == .staged && changeset.count > 5 { found.append("\(changeset.count) stages") }
        if let threshold = options.reloadThreshold, !changeset.reloadsEverything,
            changeset.changeCount - BoxRebinds.count(of: changeset, from: old) > max(0, threshold)
        {
            found.append("\(changeset.changeCount) changes above the reload threshold \(threshold): \(changeset)")
        }
        return found
    }

    /// Strings that Swift's `==` pairs in ways their bytes do not show:
    /// canonically equivalent spellings (precomposed and combining "é",
    /// the Angstrom sign and "Å", Hangul jamo and their syllable, an emoji
    /// sequence), against look-alikes that are not equal ("ﬁ" and "fi",
    /// "ß" and "ss", CR LF and LF), and the empty string and NUL.
    public static let trickyStrings = [
        "e\u{301}", "\u{E9}", "\u{212B}", "\u{C5}", "A\u{30A}", "\u{1100}\u{1161}", "\u{AC00}", "\u{FB01}", "fi",
        "\u{DF}", "ss", "\r\n", "\n", "", "\u{0}", "\u{1F9D1}\u{200D}\u{1F4BB}", "a\u{327}\u{301}", "a\u{301}\u{327}",
    ]

    /// `id` as a string: the entry of ``trickyStrings`` that `id` picks
    /// (modulo their count) followed by the quotient. Two distinct `Int`
    /// ids with one quotient whose entries are spellings of one string map
    /// to strings that are `==` (duplicates, as Swift sees them); all
    /// others stay distinct.
    public static func trickyString(_ id: Int) -> String {
        trickyStrings[((id % trickyStrings.count) + trickyStrings.count) % trickyStrings.count]
            + "\(id / trickyStrings.count)"
    }

    /// ``problems(_:_:options:validates:workspace:)`` of the pair with its
    /// ids as `Int` (`idType` 0), as `String` (1), as `UUID` (2) or as
    /// ``trickyString(_:)``s (3: ids that `==` may pair across spellings).
    public static func problems(
        _ old: BoxGenerators.TestBox, _ new: BoxGenerators.TestBox, idType: Int, options: DiffOptions,
        validates: Bool, workspace: DiffWorkspace
    ) -> [String] {
        switch idType {
        case 0:
            return problems(old, new, options: options, validates: validates, workspace: workspace)
        case 1:
            return problems(
                mapIDs(old, section: { "s\($0)" }, row: { "row-\($0)" }),
                mapIDs(new, section: { "s\($0)" }, row: { "row-\($0)" }),
                options: options, validates: validates, workspace: workspace)
        case 3:
            return problems(
                mapIDs(old, section: { trickyString($0) }, row: { trickyString($0) }),
                mapIDs(new, section: { trickyString($0) }, row: { trickyString($0) }),
                options: options, validates: validates, workspace: workspace)
        default:
            func uuid(_ i: Int) -> UUID {
                let b = { (shift: Int) in UInt8(truncatingIfNeeded: i >> shift) }
                return UUID(uuid: (0xB0, 0x0D, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, b(24), b(16), b(8), b(0)))
            }
            return problems(
                mapIDs(old, section: { $0 }, row: uuid), mapIDs(new, section: { $0 }, row: uuid),
                options: options, validates: validates, workspace: workspace)
        }
    }
}
