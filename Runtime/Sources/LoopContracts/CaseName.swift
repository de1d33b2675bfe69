/// The name of an enum value's case, as written in the source: `pageLoaded` for
/// `.pageLoaded(request, page)`.
enum CaseName {
  /// The case name of `value`; for a value that is not an enum, its description.
  static func of<Value>(_ value: Value) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, let label = mirror.children.first?.label {
      return label
    }
    // A case without a payload has no children; it prints as its name.
    return String(describing: value)
  }
}
