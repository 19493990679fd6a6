/// "a" and `count` combining marks of U+0301 (class 230) and U+0316
/// (220), for the tests of long runs of marks, which the standard library
/// sorts by insertion (quadratic in the run's inversions).
///
/// Crafted: the two alternating from U+0301 (`swapped`: from U+0316; the
/// two spellings are `==`), about `count`²/8 inversions. The control
/// (`crafted` false): one U+0301 before the U+0316s and the other U+0301s
/// after them (`swapped`: one U+0301 among the U+0316s' last; `==` too),
/// out of order too, so that BoxDiff orders both alike, but by a few
/// marks, which the standard library's insertion sort moves in linear
/// time.
public func markedString(_ count: Int, crafted: Bool, swapped: Bool = false) -> String {
    let (acute, grave): (Unicode.Scalar, Unicode.Scalar) = ("\u{301}", "\u{316}")
    var scalars = String.UnicodeScalarView()
    scalars.append("a")
    if crafted {
        for i in 0..<count { scalars.append((i % 2 == 0) != swapped ? acute : grave) }
    } else {
        let half = count / 2
        var marks = [acute] + Array(repeating: grave, count: half) + Array(repeating: acute, count: count - half - 1)
        if swapped { marks.swapAt(0, half - 1) }
        scalars.append(contentsOf: marks)
    }
    return String(scalars)
}

/// "row" and 300 pairs of marks: U+0301 then U+0316 (`a`), U+0316 then
/// U+0301 (`b`, `==` to `a` with other bytes), and `a` with one mark more
/// (`c`, not `==` to either).
public func respelledRows() -> (a: String, b: String, c: String) {
    var a = "row"
    var b = "row"
    for _ in 0..<300 {
        a.unicodeScalars.append(contentsOf: ["\u{301}", "\u{316}"] as [Unicode.Scalar])
        b.unicodeScalars.append(contentsOf: ["\u{316}", "\u{301}"] as [Unicode.Scalar])
    }
    return (a, b, a + "\u{327}")
}
