/// The header fields of a request or response, in the order they were sent.
///
/// Lookups ignore the case of names, as HTTP requires; a name may appear more than once.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add(name: "Retry-After", value: "1")
/// headers["retry-after"]  // "1"
/// ```
public struct HTTPHeaders: Hashable, Sendable {
  /// Every field, in order.
  public private(set) var fields: [HTTPHeaderField]

  /// Creates a set of header fields.
  ///
  /// - Parameter fields: The fields, in order; none by default.
  public init(_ fields: [HTTPHeaderField] = []) {
    self.fields = fields
  }

  /// The value of the first field called `name`, ignoring case, or `nil` when there is none.
  ///
  /// - Parameter name: A field name, such as `authorization`.
  public subscript(name: String) -> String? {
    fields.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The values of every field called `name`, ignoring case, in order.
  ///
  /// - Parameter name: A field name, such as `content-length`.
  /// - Returns: The values; empty when there is no such field.
  public func values(for name: String) -> [String] {
    let wanted = name.lowercased()
    return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
  }

  /// Appends a field, keeping any others of the same name.
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The field value.
  public mutating func add(name: String, value: String) {
    fields.append(HTTPHeaderField(name: name, value: value))
  }
}
