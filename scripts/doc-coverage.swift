// Lists the public and open declarations of the library sources that have
// no doc comment, from the symbol graphs the documentation build extracts
// (scripts/docs.sh runs it after the build); extensions are exempt (their
// members carry the comments). Exits 1 when there is one.
//
//   swift scripts/doc-coverage.swift SOURCES_DIR SYMBOLS.json...
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let sources = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write("usage: doc-coverage.swift SOURCES_DIR SYMBOLS.json...\n".data(using: .utf8)!)
    exit(2)
}
let root = URL(fileURLWithPath: sources).standardizedFileURL.path + "/"
var missing: [String] = []
var checked = 0
for file in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: file),
        let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else {
        FileHandle.standardError.write("doc coverage: cannot read \(file)\n".data(using: .utf8)!)
        exit(2)
    }
    for symbol in symbols {
        guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open",
            let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String,
            let path = URL(string: uri)?.standardizedFileURL.path, path.hasPrefix(root)
        else { continue }
        let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?"
        if kind == "swift.extension" { continue }
        checked += 1
        let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [Any] ?? []
        if lines.isEmpty {
            let name = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? "?"
            let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
            missing.append("\(path.dropFirst(root.count)):\(line): \(kind) \(name) has no doc comment")
        }
    }
}
for entry in Set(missing).sorted() { print(entry) }
if !missing.isEmpty {
    FileHandle.standardError.write(
        "doc coverage: \(Set(missing).count) of \(checked) public symbols undocumented\n".data(using: .utf8)!)
    exit(1)
}
print("doc coverage: all \(checked) public symbols declared in \(sources) have a doc comment")
