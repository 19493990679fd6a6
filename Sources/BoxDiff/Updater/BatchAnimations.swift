/// The animation of each kind of call in a batch, for a view whose
/// inserts, deletes and reloads each take one (`UITableView`'s
/// `deleteSections(_:with:)`, `insertRows(at:with:)` and the like; moves
/// take none).
///
/// Every kind reads as ``animation`` until it is given an animation of its
/// own, so one value serves both of DifferenceKit's table-view calls:
/// `reload(using:with:…)`, one animation for every kind, and
/// `reload(using:deleteSectionsAnimation:…)`, one per kind. A kind set on
/// its own keeps its animation when ``animation`` changes later; two
/// values are equal when their ``animation`` and their kinds set on their
/// own are.
///
/// ```swift
/// var animations = BatchAnimations(UITableView.RowAnimation.fade)
/// animations.insertRows = .right
/// animations.deleteRows  // .fade
/// animations.animation = .none
/// animations.deleteRows  // .none
/// animations.insertRows  // .right
/// ```
public struct BatchAnimations<Animation> {
    /// The animation of every kind not given one of its own.
    public var animation: Animation

    // The kinds given an animation of their own; `nil` reads as `animation`.
    private var ownDeleteSections: Animation?
    private var ownInsertSections: Animation?
    private var ownReloadSections: Animation?
    private var ownDeleteRows: Animation?
    private var ownInsertRows: Animation?
    private var ownReloadRows: Animation?

    /// Animations that are `animation` for every kind, except the kinds
    /// given one here (a `nil` kind follows ``animation``).
    public init(
        _ animation: Animation,
        deleteSections: Animation? = nil,
        insertSections: Animation? = nil,
        reloadSections: Animation? = nil,
        deleteRows: Animation? = nil,
        insertRows: Animation? = nil,
        reloadRows: Animation? = nil
    ) {
        self.animation = animation
        ownDeleteSections = deleteSections
        ownInsertSections = insertSections
        ownReloadSections = reloadSections
        ownDeleteRows = deleteRows
        ownInsertRows = insertRows
        ownReloadRows = reloadRows
    }

    /// The animation of section deletes; ``animation`` until set.
    public var deleteSections: Animation {
        get { ownDeleteSections ?? animation }
        set { ownDeleteSections = newValue }
    }

    /// The animation of section inserts; ``animation`` until set.
    public var insertSections: Animation {
        get { ownInsertSections ?? animation }
        set { ownInsertSections = newValue }
    }

    /// The animation of section reloads; ``animation`` until set.
    public var reloadSections: Animation {
        get { ownReloadSections ?? animation }
        set { ownReloadSections = newValue }
    }

    /// The animation of row deletes; ``animation`` until set.
    public var deleteRows: Animation {
        get { ownDeleteRows ?? animation }
        set { ownDeleteRows = newValue }
    }

    /// The animation of row inserts; ``animation`` until set.
    public var insertRows: Animation {
        get { ownInsertRows ?? animation }
        set { ownInsertRows = newValue }
    }

    /// The animation of row reloads (and of reconfigures where the system
    /// has none, which become reloads); ``animation`` until set.
    public var reloadRows: Animation {
        get { ownReloadRows ?? animation }
        set { ownReloadRows = newValue }
    }
}

extension BatchAnimations: Equatable where Animation: Equatable {}

extension BatchAnimations: Hashable where Animation: Hashable {}

extension BatchAnimations: Sendable where Animation: Sendable {}
