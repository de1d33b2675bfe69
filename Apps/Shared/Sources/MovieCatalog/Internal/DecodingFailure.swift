import Foundation

/// Describes, in one line, why a body did not decode: what was wrong and where.
///
/// `DecodingError`'s own description is a multi-line dump of its context; a user (and a test)
/// needs the field and the problem: `expected Int at results[0].id`, `missing "results"`,
/// `the body is empty`, `the body is not valid JSON (it begins "<!DOCTYPE html>")`.
enum DecodingFailure {
  /// One line for `error`, thrown while decoding `body`.
  ///
  /// - Parameters:
  ///   - error: What the decoder threw.
  ///   - body: The bytes it was decoding, to tell an empty or non-JSON body apart.
  /// - Returns: What was wrong, without a trailing period.
  static func describe(_ error: any Error, body: Data) -> String {
    if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      return "the body is empty"
    }
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(location(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "expected \(type) at \(location(context.codingPath)), found null"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(location(context.codingPath))"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "the body is not valid JSON (it begins \"\(beginning(of: body))\")"
    case .dataCorrupted(let context):
      return "\(context.debugDescription) at \(location(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }

  /// A coding path written as a JSON path: `results[0].id`, or `the top level`.
  static func location(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top level" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// The first few characters of `body`, on one line, for naming what arrived instead of JSON.
  private static func beginning(of body: Data) -> String {
    let text = String(decoding: body.prefix(200), as: UTF8.self)
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return words.count > 40 ? words.prefix(40) + "..." : words
  }
}
