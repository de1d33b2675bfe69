import LoopSynchronization

/// The name of an enum value's case, as its declaration spells it.
enum CaseName {
  /// The case name of `value`; for a value that is not an enum, its description.
  ///
  /// The name is read from the type's metadata by the runtime entry point that `Mirror` and
  /// `String(describing:)` use themselves for enums, `swift_EnumCaseName`. Going through
  /// `Mirror` instead copied the case's payload into an `Any` on every call (a page of twenty
  /// movies for `.pageLoaded`), a seventh of a replay's time. Whether a type is an enum is
  /// asked of `Mirror` once per type: an `Optional` is not one here, as it is not to `Mirror`.
  static func of<Value>(_ value: Value) -> String {
    let type = ObjectIdentifier(Value.self)
    let found: Found = names.withLock { names in
      switch names.isEnum[type] {
      case nil: return .unknownType
      case false?: return .notAnEnum
      case true?:
        guard let name = enumCaseName(value) else { return .notAnEnum }
        let address = UInt(bitPattern: name)
        if let text = names.text[address] { return .name(text) }
        let text = String(cString: name)
        names.text[address] = text
        return .name(text)
      }
    }
    switch found {
    case .name(let text):
      return text
    case .notAnEnum:
      return String(describing: value)
    case .unknownType:
      let isEnum = Mirror(reflecting: value).displayStyle == .enum
      names.withLock { $0.isEnum[type] = isEnum }
      return of(value)
    }
  }

  /// What the names knew of a value.
  private enum Found {
    case name(String)
    case notAnEnum
    case unknownType
  }

  /// What is known of the types seen and the names read.
  private struct Names: Sendable {
    /// Whether each type seen is an enum.
    var isEnum: [ObjectIdentifier: Bool] = [:]
    /// Each case name read, by the address where the metadata keeps its text.
    var text: [UInt: String] = [:]
  }

  private static let names = Mutex(Names())
}

/// The runtime's name for `value`'s case, a C string in the type's metadata; `nil` for a
/// value that is not an enum.
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
