import FixtureHTTP

/// Requests and bodies the router tests share.
enum Requests {
  /// A `GET` of `target` with the given header fields.
  static func get(_ target: String, headers: [String: String] = [:]) -> HTTPRequest {
    HTTPRequest(
      target: target,
      headers: HTTPHeaders(
        headers.sorted { $0.key < $1.key }.map { HTTPHeaderField(name: $0.key, value: $0.value) }))
  }

  /// The bytes of `text`, for comparing bodies.
  static func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
  }

  /// The body as text, for failure messages and substring checks.
  static func text(_ body: [UInt8]) -> String {
    String(decoding: body, as: UTF8.self)
  }
}
