/// A response read off a raw socket.
struct RawResponse {
  /// The status code of the status line.
  let status: Int
  /// The header fields, names lowercased.
  let headers: [String: String]
  /// The body: `Content-Length` bytes.
  let body: [UInt8]
}
