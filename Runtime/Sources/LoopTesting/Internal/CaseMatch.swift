/// Matches an enum value against one of its cases, named by the case's constructor.
enum CaseMatch {
  /// The payload of `value` when `value` is of the case `embed` makes, else `nil`.
  ///
  /// The payload is taken out by reflection and put back with `embed`: only the case whose
  /// constructor rebuilds the same value matches, even when two cases carry the same type.
  static func payload<Value: Equatable, Payload>(
    of value: Value, madeBy embed: (Payload) -> Value
  ) -> Payload? {
    guard let child = Mirror(reflecting: value).children.first,
      let payload = child.value as? Payload
    else { return nil }
    return embed(payload) == value ? payload : nil
  }
}
