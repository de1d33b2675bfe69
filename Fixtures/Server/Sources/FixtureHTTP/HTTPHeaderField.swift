/// One header line of a request or response: a name and its value, as they were sent.
///
/// Names compare case-insensitively where ``HTTPHeaders`` looks them up; the field keeps the
/// spelling it arrived with.
public struct HTTPHeaderField: Hashable, Sendable {
  /// The field name, such as `Content-Length`.
  public var name: String
  /// The field value, without the whitespace around it.
  public var value: String

  /// Creates a header field.
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The field value.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
