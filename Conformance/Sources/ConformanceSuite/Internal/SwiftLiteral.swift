import Foundation

/// A value written as Swift source that makes it again, where Swift can: strings, numbers,
/// booleans, optionals and arrays of them, and enum cases built of those (`.debouncing("star")`).
///
/// A struct is not written: its memberwise initializer is not public. An enum case's argument
/// labels are read from the value's synthesized `Codable` form (`_0` for none), so a type with
/// its own coding, whose form says otherwise, is not written either; the export then reads that
/// value from the recording it embeds.
enum SwiftLiteral {
  /// `value` as Swift source, or `nil` when Swift has no literal for it.
  static func of(_ value: Any) -> String? {
    guard let encodable = value as? any Encodable,
      let data = try? JSONEncoder().encode(encodable),
      let json = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    else { return nil }
    return of(value, json: json)
  }

  private static func of(_ value: Any, json: Any) -> String? {
    switch value {
    case let text as String: return string(text)
    case let flag as Bool: return flag ? "true" : "false"
    case let number as any BinaryInteger: return integer(number)
    case let number as Double: return number.isFinite ? "\(number)" : nil
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return of(wrapped.value, json: json)
    case .collection:
      guard let elements = json as? [Any], elements.count == mirror.children.count else {
        return nil
      }
      var written: [String] = []
      for (child, element) in zip(mirror.children, elements) {
        guard let literal = of(child.value, json: element) else { return nil }
        written.append(literal)
      }
      return "[\(written.joined(separator: ", "))]"
    case .enum:
      return enumCase(value, mirror: mirror, json: json)
    default:
      return nil
    }
  }

  private static func enumCase(_ value: Any, mirror: Mirror, json: Any) -> String? {
    guard let object = json as? [String: Any], object.count == 1,
      let (name, payloadJSON) = object.first, let payload = payloadJSON as? [String: Any],
      isIdentifier(name)
    else { return nil }
    guard let child = mirror.children.first else {
      // A case without a payload: its name, unless the type describes itself otherwise.
      guard payload.isEmpty, !(value is any CustomStringConvertible),
        "\(value)" == name
      else { return nil }
      return ".\(name)"
    }
    guard child.label == name else { return nil }
    let members = Mirror(reflecting: child.value)
    var parts: [(label: String?, value: Any)]
    if members.displayStyle == .tuple {
      parts = members.children.map { member in
        let label = member.label ?? ""
        return (label.hasPrefix(".") || label.isEmpty ? nil : label, member.value)
      }
    } else {
      guard payload.count == 1, let key = payload.keys.first else { return nil }
      parts = [(key == "_0" ? nil : key, child.value)]
    }
    guard parts.count == payload.count else { return nil }
    var arguments: [String] = []
    for (index, part) in parts.enumerated() {
      guard let member = payload[part.label ?? "_\(index)"],
        let literal = of(part.value, json: member)
      else { return nil }
      arguments.append(part.label.map { "\($0): \(literal)" } ?? literal)
    }
    return ".\(name)(\(arguments.joined(separator: ", ")))"
  }

  /// `number` as swift format writes a literal: digits grouped by three with `_` from seven
  /// digits on (`1_394_722`).
  static func integer(_ number: some BinaryInteger) -> String {
    let digits = String(number.magnitude)
    let sign = number < 0 ? "-" : ""
    guard digits.count >= 7 else { return sign + digits }
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { grouped.append("_") }
      grouped.append(digit)
    }
    return sign + grouped
  }

  /// `text` as a Swift string literal.
  static func string(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        literal += "\\u{\(String(scalar.value, radix: 16))}"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// Swift's keywords, which an identifier may not be.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any",
    "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
  ]

  /// Whether `name` is a Swift identifier: ASCII letters, digits and `_`, not starting with a
  /// digit, not a keyword.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !keywords.contains(name) else { return false }
    func letter(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    return letter(first)
      && name.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
  }
}
