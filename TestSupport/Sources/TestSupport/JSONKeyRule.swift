import Foundation

/// The rule every app's `--json` follows (docs/ARCHITECTURE.md, "JSON output"): every key
/// present, `null` when unknown, so records of one kind all have the same keys.
///
/// Records of one kind are the elements of one array, the documents of one command, and,
/// one level down, the values under one key of those records (`null`s aside); at every
/// level their objects must have equal key sets.
///
/// ```swift
/// let runs = try await trailIDs.asyncMap { try await trails("trail", $0, "--json").stdout }
/// #expect(try JSONKeyRule.violations(inDocuments: runs) == [])
/// ```
public enum JSONKeyRule {
  /// Where `documents`, JSON texts of one kind, break the rule: one line per path whose
  /// objects differ, naming the keys some of them lack.
  ///
  /// - Parameter documents: The JSON texts, such as the standard output of several runs.
  /// - Returns: The violations, such as `$.forecast[].max_c: missing in 2 of 49 records`;
  ///   empty when the rule holds.
  /// - Throws: When a text is not JSON.
  public static func violations(inDocuments documents: [String]) throws -> [String] {
    let values = try documents.map { text in
      try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
    return violations(values, path: "$")
  }

  /// The violations among `records`, values of one kind found at `path`.
  private static func violations(_ records: [Any], path: String) -> [String] {
    var found: [String] = []
    let objects = records.compactMap { $0 as? [String: Any] }
    if !objects.isEmpty {
      let keys = objects.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
      for key in keys.sorted() {
        let missing = objects.filter { $0[key] == nil }.count
        if missing > 0 {
          found.append("\(path).\(key): missing in \(missing) of \(objects.count) records")
        }
        let values = objects.compactMap { $0[key] }.filter { !($0 is NSNull) }
        found += violations(values, path: "\(path).\(key)")
      }
    }
    let elements = records.compactMap { $0 as? [Any] }.flatMap { $0 }
    if !elements.isEmpty { found += violations(elements, path: "\(path)[]") }
    return found
  }
}
