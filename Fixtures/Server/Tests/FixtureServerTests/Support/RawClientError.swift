/// A failure of the raw client, naming what it was doing.
struct RawClientError: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String
}
