// JSON for batches, stages and staged changesets. The keys are part of
// BoxDiff's stable format: servers that drive a UI send them.

/// The JSON keys of a ``BatchUpdate`` (its property names) and of a
/// ``Changeset``, which adds `data` beside them.
enum BatchUpdateCodingKeys: String, CodingKey {
    case data
    case sectionDeleted, sectionInserted, sectionUpdated, sectionMoved
    case elementDeleted, elementInserted, elementUpdated, elementMoved, elementReconfigured
}

extension BatchUpdate: Codable {
    /// Decodes an object whose keys are the list names (`sectionDeleted`,
    /// `sectionInserted`, `sectionUpdated`, `sectionMoved`,
    /// `elementDeleted`, `elementInserted`, `elementUpdated`,
    /// `elementMoved`, `elementReconfigured`); a missing key is an empty
    /// list, other keys are ignored. No index may be negative, of a section
    /// (a `DecodingError.dataCorrupted` naming its list) or of a path (see
    /// ``ElementPath``).
    public init(from decoder: any Decoder) throws {
        try self.init(lists: decoder.container(keyedBy: BatchUpdateCodingKeys.self))
    }

    /// Encodes the non-empty lists under their property names, e.g.
    /// `{"sectionDeleted":[2],"elementMoved":[{"source":{"section":0,"element":1},"target":{"section":0,"element":0}}]}`;
    /// an empty batch is `{}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BatchUpdateCodingKeys.self)
        try encodeLists(into: &container)
    }

    /// Reads the lists from `container`, missing ones as empty.
    init(lists container: KeyedDecodingContainer<BatchUpdateCodingKeys>) throws {
        func list<T: Decodable>(_ key: BatchUpdateCodingKeys) throws -> [T] {
            try container.decodeIfPresent([T].self, forKey: key) ?? []
        }
        // Section indices are plain integers: checked here, as a path's
        // decoder checks its own (no view has a section -1, and the
        // updater hands section lists to the view as `IndexSet`s).
        func sections(_ key: BatchUpdateCodingKeys) throws -> [Int] {
            let values: [Int] = try list(key)
            if let bad = values.first(where: { $0 < 0 }) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "negative section index \(bad)")
            }
            return values
        }
        func moves() throws -> [Move<Int>] {
            let values: [Move<Int>] = try list(.sectionMoved)
            if let bad = values.first(where: { $0.source < 0 || $0.destination < 0 }) {
                throw DecodingError.dataCorruptedError(
                    forKey: .sectionMoved, in: container, debugDescription: "negative section index in move \(bad)")
            }
            return values
        }
        self.init(
            sectionDeleted: try sections(.sectionDeleted), sectionInserted: try sections(.sectionInserted),
            sectionUpdated: try sections(.sectionUpdated), sectionMoved: try moves(),
            elementDeleted: try list(.elementDeleted), elementInserted: try list(.elementInserted),
            elementUpdated: try list(.elementUpdated), elementMoved: try list(.elementMoved),
            elementReconfigured: try list(.elementReconfigured))
    }

    /// Writes the non-empty lists into `container`.
    func encodeLists(into container: inout KeyedEncodingContainer<BatchUpdateCodingKeys>) throws {
        func list<T: Encodable>(_ values: [T], _ key: BatchUpdateCodingKeys) throws {
            if !values.isEmpty { try container.encode(values, forKey: key) }
        }
        try list(sectionDeleted, .sectionDeleted)
        try list(sectionInserted, .sectionInserted)
        try list(sectionUpdated, .sectionUpdated)
        try list(sectionMoved, .sectionMoved)
        try list(elementDeleted, .elementDeleted)
        try list(elementInserted, .elementInserted)
        try list(elementUpdated, .elementUpdated)
        try list(elementMoved, .elementMoved)
        try list(elementReconfigured, .elementReconfigured)
    }
}

extension Changeset: Codable where Data: Codable {
    /// Decodes an object with the stage's `data` (required) beside the
    /// ``BatchUpdate`` list keys (missing lists are empty), DifferenceKit's
    /// layout: `{"data":[…],"elementDeleted":[{"section":0,"element":3}]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: BatchUpdateCodingKeys.self)
        self.init(
            data: try container.decode(Data.self, forKey: .data),
            batchUpdate: try BatchUpdate(lists: container))
    }

    /// Encodes `data` and the non-empty call lists in one object, e.g.
    /// `{"data":["a","c"],"elementDeleted":[{"section":0,"element":1}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BatchUpdateCodingKeys.self)
        try container.encode(data, forKey: .data)
        try batchUpdate.encodeLists(into: &container)
    }
}

extension StagedChangeset: Codable where Data: Codable {
    /// The JSON keys of a staged changeset.
    enum CodingKeys: String, CodingKey {
        case stages
        case reloadsEverything
        case isMinimal
    }

    /// Decodes `{"stages":[…],"reloadsEverything":false,"isMinimal":true}`:
    /// `stages` is required, `reloadsEverything` defaults to false and
    /// `isMinimal` to true. A plan to reload everything needs a stage, whose
    /// data is the target (a `DecodingError.dataCorrupted` otherwise).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stages = try container.decode([Changeset<Data>].self, forKey: .stages)
        let reloadsEverything = try container.decodeIfPresent(Bool.self, forKey: .reloadsEverything) ?? false
        if reloadsEverything && stages.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .stages, in: container,
                debugDescription: "a plan to reload everything without a stage holding the target data")
        }
        self.init(
            stages, reloadsEverything: reloadsEverything,
            isMinimal: try container.decodeIfPresent(Bool.self, forKey: .isMinimal) ?? true)
    }

    /// Encodes all three keys: `stages` (each a ``Changeset``),
    /// `reloadsEverything` and `isMinimal`. A plan to reload everything
    /// without a stage (which `removeLast()` can leave) throws
    /// `EncodingError.invalidValue`, as the decoder rejects it.
    public func encode(to encoder: any Encoder) throws {
        if reloadsEverything && stages.isEmpty {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "a plan to reload everything without a stage holding the target data"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stages, forKey: .stages)
        try container.encode(reloadsEverything, forKey: .reloadsEverything)
        try container.encode(isMinimal, forKey: .isMinimal)
    }
}
