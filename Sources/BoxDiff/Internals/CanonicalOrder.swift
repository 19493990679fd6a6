// Strings hashed and compared in linear time, whatever their combining marks.
//
// Swift's `==` and `hash(into:)` on strings, and the NFC form BoxDiff
// hashes (`_nfcCodeUnits`), put every run of combining marks (scalars of a
// nonzero canonical combining class) into canonical order: a stable sort by
// class. The standard library sorts each run by insertion, quadratic in the
// run: "a" and 40,000 marks of classes 230 and 220 alternating took 0.38 s
// to normalize (release), "a" and the same marks already in order 2.8 ms.
// Ids and contents come from whoever supplies the data, so BoxDiff hands
// the standard library a canonically equivalent copy whose long runs are
// already in order (`canonicallyOrdered`): the same NFC form, so the same
// hashes and the same `==`, in linear time.
//
// Why the copy is equivalent: the standard library orders each segment: a
// scalar of class 0 with its decomposition, then the marks after it, the
// decomposition's trailing marks sorted with them. A stable sort by class
// of the marks after the starter alone leaves that sort's result as it
// was. A starter's decomposition ends in at most three marks (U+01D6 is
// "u", U+0308, U+0304; U+0F73, of class 0, is U+0F71 and U+0F72), which the
// copy leaves where they are: the standard library moves each mark of the
// run past at most those, still linear. (The standard library treats a
// class-0 scalar that decomposes into marks, such as U+0F73, as the start
// of a segment, not as two marks of the run before it: "\u{F72}\u{F73}" is
// not `==` to "\u{F71}\u{F72}\u{F72}". The copy keeps such a scalar where
// it is too.)

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension IdentityHashing {
    /// Strings shorter than this many UTF-8 bytes go to the standard
    /// library as they are: a run of marks in them is at most 31 long
    /// (marks take 2 bytes or more), about 250 steps of its insertion sort.
    @usableFromInline
    static var canonicalOrderMinimumLength: Int { 64 }

    /// The longest run of marks out of canonical order left to the
    /// standard library's sort in a longer string.
    static var longestUnorderedRun: Int { 16 }

    /// `string`, or a canonically equivalent copy of it (`==` to it, with
    /// the same NFC form and the same hashes) whose runs of combining marks
    /// are in canonical order, when `string` is at least
    /// ``canonicalOrderMinimumLength`` bytes long and has a run of more
    /// than ``longestUnorderedRun`` marks out of order. Normalizing the
    /// result costs the standard library linear time.
    /// - Complexity: O(*n*), to look and to copy.
    @usableFromInline
    static func linearForm(_ string: String) -> String {
        guard string.utf8.count >= canonicalOrderMinimumLength, needsOrdering(string) else { return string }
        return canonicallyOrdered(string)
    }

    /// The canonical combining class of `scalar`: 0 for a starter.
    ///
    /// The standard library's lookup of the class costs about 10 ns a
    /// scalar, as much as normalizing and hashing a text without marks:
    /// scalars below U+0300 and those of the widest spans between marks
    /// (Greek and Cyrillic letters, symbols, kana and CJK ideographs,
    /// Hangul syllables, emoji and the ideographs past U+1E94A) are
    /// starters without it. Only the time depends on these spans, never an
    /// answer; `CanonicalOrderTests` checks every scalar against the
    /// standard library's tables.
    @inline(__always)
    static func runClass(_ scalar: Unicode.Scalar) -> UInt8 {
        let value = scalar.value
        if value < 0x300 || (value > 0x36F && value < 0x483) || (value > 0x20F0 && value < 0x2CEF)
            || (value > 0x309A && value < 0xA66F)
            || (value > 0xABED && value < 0xFB1E) || value > 0x1E94A
        {
            return 0
        }
        return scalar.properties.canonicalCombiningClass.rawValue
    }

    /// Whether `string` has a run of more than ``longestUnorderedRun``
    /// marks with one out of canonical order.
    static func needsOrdering(_ string: String) -> Bool {
        var run = 0
        var last: UInt8 = 0
        var unordered = false
        for scalar in string.unicodeScalars {
            let cls = runClass(scalar)
            if cls == 0 {
                run = 0
                last = 0
                unordered = false
                continue
            }
            run += 1
            if cls < last { unordered = true }
            last = cls
            if unordered && run > longestUnorderedRun { return true }
        }
        return false
    }

    /// `string` with every run of marks stably sorted by class: a run of
    /// up to ``longestUnorderedRun`` marks by comparisons, a longer one by
    /// counting its classes (linear in the run).
    static func canonicallyOrdered(_ string: String) -> String {
        var result = String.UnicodeScalarView()
        // The current run: each mark with its class and position, so the
        // sort of a short run is stable whatever algorithm `sort` uses.
        var run: [(cls: UInt8, position: Int, scalar: Unicode.Scalar)] = []
        // A long run's marks of each class start at `firsts[class]` in `ordered`.
        var firsts: [Int] = []
        var ordered: [Unicode.Scalar] = []
        func flush() {
            if run.count <= longestUnorderedRun {
                run.sort { ($0.cls, $0.position) < ($1.cls, $1.position) }
                for mark in run { result.append(mark.scalar) }
            } else {
                firsts = Array(repeating: 0, count: 257)
                for mark in run { firsts[Int(mark.cls) + 1] += 1 }
                for cls in 1...256 { firsts[cls] += firsts[cls - 1] }
                ordered = Array(repeating: Unicode.Scalar(0), count: run.count)
                for mark in run {
                    ordered[firsts[Int(mark.cls)]] = mark.scalar
                    firsts[Int(mark.cls)] += 1
                }
                result.append(contentsOf: ordered)
            }
            run.removeAll(keepingCapacity: true)
        }
        for scalar in string.unicodeScalars {
            let cls = runClass(scalar)
            if cls == 0 {
                flush()
                result.append(scalar)
            } else {
                run.append((cls, run.count, scalar))
            }
        }
        flush()
        return String(result)
    }

    /// Whether two identifiers are `==`; `String`s, `String?`s,
    /// `Substring`s and `Character`s, alone or in `AnyHashable`s, through
    /// ``stringsEqual(_:_:)`` (linear time, whatever their marks).
    @inlinable
    static func equal<ID: Equatable>(_ a: ID, _ b: ID) -> Bool {
        if ID.self == String.self {
            return stringsEqual(unsafeBitCast(a, to: String.self), unsafeBitCast(b, to: String.self))
        }
        if ID.self == Substring.self {
            return substringsEqual(unsafeBitCast(a, to: Substring.self), unsafeBitCast(b, to: Substring.self))
        }
        if ID.self == Character.self {
            return textEqual(unsafeBitCast(a, to: Character.self), unsafeBitCast(b, to: Character.self))
        }
        if ID.self == String?.self {
            switch (unsafeBitCast(a, to: String?.self), unsafeBitCast(b, to: String?.self)) {
            case (let x?, let y?): return stringsEqual(x, y)
            case (nil, nil): return true
            default: return false
            }
        }
        if ID.self == AnyHashable.self {
            return anyHashablesEqual(unsafeBitCast(a, to: AnyHashable.self), unsafeBitCast(b, to: AnyHashable.self))
        }
        return a == b
    }

    /// `a == b` for arrays: the same storage, or the same count and every
    /// element ``equal(_:_:)`` (strings in linear time); the standard
    /// library's `==` on arrays, which also takes one storage as equal.
    @inlinable
    static func arraysEqual<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Bool {
        guard a.count == b.count else { return false }
        let sameStorage = a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
        }
        if sameStorage { return true }
        for k in a.indices where !equal(a[k], b[k]) { return false }
        return true
    }

    /// `a == b` for a changeset's data: arrays of `String`s, `Substring`s
    /// or `Character`s element by element (``arraysEqual(_:_:)``), other
    /// data as ``equal(_:_:)`` compares it (a Box, or arrays of sections,
    /// through their own linear-time `==`).
    @usableFromInline
    static func dataEqual<Data: Equatable>(_ a: Data, _ b: Data) -> Bool {
        if Data.self == [String].self {
            return arraysEqual(unsafeBitCast(a, to: [String].self), unsafeBitCast(b, to: [String].self))
        }
        if Data.self == [Substring].self {
            return arraysEqual(unsafeBitCast(a, to: [Substring].self), unsafeBitCast(b, to: [Substring].self))
        }
        if Data.self == [Character].self {
            return arraysEqual(unsafeBitCast(a, to: [Character].self), unsafeBitCast(b, to: [Character].self))
        }
        return equal(a, b)
    }

    /// The text of `value` when it holds a `String`, `Substring` or
    /// `Character`; nil otherwise.
    @usableFromInline
    static func text(in value: AnyHashable) -> String? {
        let base = value.base
        let type = Swift.type(of: base)
        if type == String.self { return base as? String }
        if type == Substring.self { return (base as? Substring).map(String.init) }
        if type == Character.self { return (base as? Character).map(String.init) }
        return nil
    }

    /// `a == b` for text held other than as a `String`: as strings,
    /// through ``stringsEqual(_:_:)``, when either is long enough to hold
    /// a long run of marks. (One `Character` may: "a" and any number of
    /// marks is one grapheme.)
    @usableFromInline
    static func textEqual<Text: Equatable & CustomStringConvertible>(_ a: Text, _ b: Text) -> Bool {
        let (x, y) = (a.description, b.description)
        if x.utf8.count < canonicalOrderMinimumLength && y.utf8.count < canonicalOrderMinimumLength { return a == b }
        return stringsEqual(x, y)
    }

    /// `a == b` for substrings, without copying them when both are
    /// shorter than ``canonicalOrderMinimumLength`` bytes or their bytes
    /// are the same; otherwise as strings, through ``stringsEqual(_:_:)``.
    @usableFromInline
    static func substringsEqual(_ a: Substring, _ b: Substring) -> Bool {
        let count = a.utf8.count
        let otherCount = b.utf8.count
        if count < canonicalOrderMinimumLength && otherCount < canonicalOrderMinimumLength { return a == b }
        if count == otherCount && sameBytes(a.utf8, b.utf8, count: count) { return true }
        return stringsEqual(String(a), String(b))
    }

    /// `a == b`; two values of one text type (``text(in:)``) through
    /// ``stringsEqual(_:_:)`` (values of different types are never `==` in
    /// an `AnyHashable`).
    @usableFromInline
    static func anyHashablesEqual(_ a: AnyHashable, _ b: AnyHashable) -> Bool {
        if let s = text(in: a), let t = text(in: b) {
            return Swift.type(of: a.base) == Swift.type(of: b.base) && stringsEqual(s, t)
        }
        return a == b
    }

    /// `a == b` in linear time. Strings longer than 15 UTF-8 bytes are
    /// first tried as equal bytes (the same scalars are canonically
    /// equivalent), which skips the standard library's general comparison
    /// for the usual pair, with equal hashes; bytes that differ go to `==`,
    /// through ``linearForm(_:)`` when either string is long enough to
    /// hold a long run of marks. Shorter strings are usually stored inline,
    /// where `==` itself starts by comparing the bits.
    @inlinable @inline(__always)
    static func stringsEqual(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        let otherCount = b.utf8.count
        if count > 15 && count == otherCount && sameBytes(a.utf8, b.utf8, count: count) { return true }
        if count < canonicalOrderMinimumLength && otherCount < canonicalOrderMinimumLength { return a == b }
        return longStringsEqual(a, b)
    }

    /// Whether the UTF-8 bytes `a` and `b`, `count` (at least 1) each,
    /// are the same, read in place; false when either is not contiguous.
    @inlinable @inline(__always)
    static func sameBytes<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B, count: Int) -> Bool {
        let same = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in memcmp(x.baseAddress!, y.baseAddress!, count) == 0 }
        }
        return same == true
    }

    /// `a == b` for strings, one of them at least
    /// ``canonicalOrderMinimumLength`` bytes long, whose bytes differ.
    @usableFromInline
    static func longStringsEqual(_ a: String, _ b: String) -> Bool {
        linearForm(a) == linearForm(b)
    }
}
