// Bento's composition operators, with Bento's precedences, so that
//
//     Box.empty
//         |-+ Section(id: "a", header: "A")
//         |---+ Node(id: 1, component: "one")
//         |---+ Node(id: 2, component: "two")
//
// reads as `Box.empty |-+ (Section(...) |---+ Node(...) |---+ Node(...))`,
// and `|---+ 1 <> "one"` as `|---+ (1 <> "one")`.
//
// Every operator takes its left side `consuming`: in a chain, the left
// side is the previous operator's unshared result, so rows are appended in
// place (amortized O(1) each), never copied.

/// Composing a row from an identity and a component: `<>` (binds tighter
/// than the concatenation operators, as in Bento).
precedencegroup ComposingPrecedence {
    associativity: left
    higherThan: NodeConcatenationPrecedence
}

/// Appending rows: `|---+`, `|---?`, `|---*`.
precedencegroup NodeConcatenationPrecedence {
    associativity: left
    higherThan: SectionConcatenationPrecedence
}

/// Appending sections: `|-+`, `|-?`.
precedencegroup SectionConcatenationPrecedence {
    associativity: left
    higherThan: AdditionPrecedence
}

/// Appends a section to a Box.
infix operator |-+ : SectionConcatenationPrecedence
/// Appends an optional section (or an `.iff` one) to a Box.
infix operator |-? : SectionConcatenationPrecedence
/// Appends a row to a section, or to the last section of a Box.
infix operator |---+ : NodeConcatenationPrecedence
/// Appends an optional row (or an `.iff` one).
infix operator |---? : NodeConcatenationPrecedence
/// Appends many rows.
infix operator |---* : NodeConcatenationPrecedence
/// Makes a row: `id <> component` (see ``Node``).
infix operator <> : ComposingPrecedence

extension Box {
    /// `box |-+ section`: ``appending(section:)-(Section<SectionID,RowID>)``.
    public static func |-+ (lhs: consuming Box, rhs: Section<SectionID, RowID>) -> Box {
        lhs.append(section: rhs)
        return lhs
    }

    /// `box |-? section`: appends the section when it is not `nil`; with
    /// `.iff(condition) { Section(...) }`, when the condition holds.
    public static func |-? (lhs: consuming Box, rhs: Section<SectionID, RowID>?) -> Box {
        if let rhs { lhs.append(section: rhs) }
        return lhs
    }

    /// `box |---+ node`: appends to the last section.
    /// - Precondition: the Box has a section.
    public static func |---+ (lhs: consuming Box, rhs: Node<RowID>) -> Box {
        lhs.append(node: rhs)
        return lhs
    }

    /// `box |---? node`: appends to the last section when `node` is not `nil`.
    /// - Precondition: the Box has a section when `node` is not `nil` (a
    ///   true `.iff` on a Box without sections stops the program).
    public static func |---? (lhs: consuming Box, rhs: Node<RowID>?) -> Box {
        if let rhs { lhs.append(node: rhs) }
        return lhs
    }

    /// `box |---* nodes`: appends `nodes` to the last section.
    /// - Precondition: the Box has a section (unless `nodes` is empty).
    public static func |---* (lhs: consuming Box, rhs: [Node<RowID>]) -> Box {
        lhs.append(nodes: rhs)
        return lhs
    }
}

extension Section {
    /// `section |---+ node`: ``appending(node:)-(Node<RowID>)``.
    ///
    /// In a loop, `section = section |---+ node` copies the rows on each
    /// step, also in release builds (unlike `box = box |---+ node`): the
    /// caller's copy stays alive during the call. 10,000 rows took 1.1 s
    /// and 80,000 took 59 s (release); write
    /// `section = (consume section) |---+ node` or `section.append(node:)`.
    public static func |---+ (lhs: consuming Section, rhs: Node<RowID>) -> Section {
        lhs.append(node: rhs)
        return lhs
    }

    /// `section |---? node`: appends the row when it is not `nil`; with
    /// `.iff(condition) { Node(...) }`, when the condition holds.
    public static func |---? (lhs: consuming Section, rhs: Node<RowID>?) -> Section {
        if let rhs { lhs.append(node: rhs) }
        return lhs
    }

    /// `section |---? nodes`: appends the rows when they are not `nil`.
    public static func |---? (lhs: consuming Section, rhs: [Node<RowID>]?) -> Section {
        if let rhs { lhs.append(nodes: rhs) }
        return lhs
    }

    /// `section |---* nodes`: appends all of `nodes`.
    public static func |---* (lhs: consuming Section, rhs: [Node<RowID>]) -> Section {
        lhs.append(nodes: rhs)
        return lhs
    }
}

extension Optional {
    /// `generator(value)` when `optional` holds a value, else `nil`:
    /// Bento's `.some`, for a section or row made from an optional.
    ///
    /// ```swift
    /// let box = Box<Int, Int>.empty
    ///     |-? .some(user) { user in Section(id: 1, header: Component(user.name)) }
    /// ```
    public static func some<Value>(_ optional: Value?, _ generator: (Value) throws -> Wrapped) rethrows -> Wrapped? {
        guard let value = optional else { return nil }
        return try generator(value)
    }

    /// `generator()` when `condition` holds, else `nil`: Bento's `.iff`, for
    /// conditional sections and rows.
    ///
    /// ```swift
    /// let box = Box<Int, Int>.empty
    ///     |-? .iff(isLoggedIn) { Section(id: 1, header: "Account") }
    /// ```
    public static func iff(_ condition: Bool, _ generator: () throws -> Wrapped) rethrows -> Wrapped? {
        condition ? try generator() : nil
    }

    /// `value` when `condition` holds, else `nil` (`value` is only
    /// evaluated then).
    public static func iff(_ condition: Bool, _ value: @autoclosure () throws -> Wrapped) rethrows -> Wrapped? {
        condition ? try value() : nil
    }
}
