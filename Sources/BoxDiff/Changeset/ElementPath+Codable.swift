// JSON for paths and moves. The keys are part of BoxDiff's stable format:
// servers that drive a UI send them.

extension ElementPath: Codable {
    /// The JSON keys of a path: `{"section":0,"element":3}`.
    enum CodingKeys: String, CodingKey {
        case section
        case element
    }

    /// Decodes `{"section":…,"element":…}`; both keys are required and
    /// neither index may be negative (a `DecodingError.dataCorrupted`
    /// otherwise).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let section = try container.decode(Int.self, forKey: .section)
        let element = try container.decode(Int.self, forKey: .element)
        guard section >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .section, in: container, debugDescription: "negative section index \(section)")
        }
        guard element >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .element, in: container, debugDescription: "negative element index \(element)")
        }
        self.init(element: element, section: section)
    }

    /// Encodes `{"section":…,"element":…}` (``row`` under `element`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(section, forKey: .section)
        try container.encode(element, forKey: .element)
    }
}

extension Move: Codable where Index: Codable {
    /// The JSON keys of a move: `{"source":…,"target":…}`.
    enum CodingKeys: String, CodingKey {
        case source
        case target
    }

    /// Decodes `{"source":…,"target":…}`; both keys are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            source: try container.decode(Index.self, forKey: .source),
            target: try container.decode(Index.self, forKey: .target))
    }

    /// Encodes `{"source":…,"target":…}` (``destination`` under `target`):
    /// `{"source":2,"target":0}` for a section,
    /// `{"source":{"section":0,"element":1},"target":{"section":0,"element":0}}`
    /// for a row.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(target, forKey: .target)
    }
}
