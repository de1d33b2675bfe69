/// Renders any value compactly on one line, the way ``StateDiff`` shows it.
///
/// The shapes follow Swift source, without module prefixes:
///
/// - structs and classes: `Movie(id: 1, title: "Dune")` (a class includes its superclasses'
///   stored properties, base class first);
/// - enums: `.idle`, `.loading(page: 2)`, `.loaded(3)`;
/// - optionals: the wrapped value, or `nil`;
/// - tuples: `(x: 1, y: 2)`, `(1, "a")`;
/// - arrays and other collections: `[1, 2]`;
/// - sets: `Set(["a", "b"])`, members sorted by their rendering;
/// - dictionaries: `["a": 1, "b": 2]`, keys sorted by their rendering; `[:]` when empty;
/// - everything else (numbers, strings, booleans...): `String(reflecting:)`, so strings are
///   quoted and escaped.
///
/// A struct, class or enum that describes itself (`CustomStringConvertible` or
/// `CustomDebugStringConvertible`) is shown the way it describes itself: `2.0 seconds` rather
/// than `Duration(_low: ..., _high: ...)`.
///
/// A class instance met again while rendering its own properties is a cycle; it renders as
/// `Node(<cycle>)` instead of recursing for ever.
enum ValueRendering {
  /// Renders `value` on one line.
  ///
  /// - Parameters:
  ///   - value: The value to render.
  ///   - objects: The class instances already being rendered further up the same path; one
  ///     of them met again is rendered as a cycle.
  /// - Returns: The compact rendering.
  static func render(_ value: Any, visiting objects: Set<ObjectIdentifier> = []) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return render(wrapped.value, visiting: objects)
    case .collection:
      let elements = mirror.children.map { render($0.value, visiting: objects) }
      return "[" + elements.joined(separator: ", ") + "]"
    case .set:
      let members = mirror.children.map { render($0.value, visiting: objects) }.sorted()
      return "Set([" + members.joined(separator: ", ") + "])"
    case .dictionary:
      return renderDictionary(mirror, visiting: objects)
    case .tuple:
      return "(" + renderFields(Array(mirror.children), visiting: objects) + ")"
    case .enum:
      return renderEnum(value, mirror, visiting: objects)
    case .class:
      guard !describesItself(value), let object = identity(of: value) else {
        return renderComposite(value, mirror, visiting: objects)
      }
      guard !objects.contains(object) else { return "\(typeName(of: value))(<cycle>)" }
      return renderComposite(value, mirror, visiting: objects.union([object]))
    default:
      return renderComposite(value, mirror, visiting: objects)
    }
  }

  /// The identity of `value` when it is a class instance, or `nil` for any other value.
  ///
  /// The type is checked first: `as AnyObject` would box a value type (one with a custom
  /// mirror styled as a class) in a temporary object whose identity means nothing.
  static func identity(of value: Any) -> ObjectIdentifier? {
    guard type(of: value) is AnyClass else { return nil }
    return ObjectIdentifier(value as AnyObject)
  }

  /// Whether `value` chose its own description rather than the default reflection.
  static func describesItself(_ value: Any) -> Bool {
    value is any CustomStringConvertible || value is any CustomDebugStringConvertible
  }

  /// Whether `value` is best compared as a whole: it describes itself, and every stored
  /// property is an implementation detail (`_low`, `_high` in `Duration`).
  static func isOpaque(_ value: Any, children: [Mirror.Child]) -> Bool {
    describesItself(value) && !children.isEmpty
      && children.allSatisfy { $0.label?.hasPrefix("_") ?? false }
  }

  /// The key and value of one dictionary entry, or `nil` when the entry has another shape (a
  /// custom mirror).
  static func keyAndValue(of entry: Any) -> (key: Any, value: Any)? {
    let parts = Array(Mirror(reflecting: entry).children)
    guard parts.count == 2 else { return nil }
    return (parts[0].value, parts[1].value)
  }

  private static func typeName(of value: Any) -> String {
    String(describing: type(of: value))
  }

  private static func renderComposite(
    _ value: Any, _ mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> String {
    if describesItself(value) { return String(reflecting: value) }
    let children = mirror.allChildren
    if children.isEmpty && mirror.displayStyle == nil { return String(reflecting: value) }
    return typeName(of: value) + "(" + renderFields(children, visiting: objects) + ")"
  }

  private static func renderEnum(
    _ value: Any, _ mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> String {
    if describesItself(value) { return String(reflecting: value) }
    guard let payload = mirror.children.first, let name = payload.label else {
      return "." + String(describing: value)
    }
    if Mirror(reflecting: payload.value).displayStyle == .tuple {
      return "." + name + render(payload.value, visiting: objects)
    }
    return "." + name + "(" + render(payload.value, visiting: objects) + ")"
  }

  private static func renderDictionary(
    _ mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> String {
    let entries = mirror.children.map { child in
      guard let entry = keyAndValue(of: child.value) else {
        return (key: render(child.value, visiting: objects), rendered: nil as String?)
      }
      let key = render(entry.key, visiting: objects)
      return (key: key, rendered: key + ": " + render(entry.value, visiting: objects))
    }
    guard !entries.isEmpty else { return "[:]" }
    let sorted = entries.sorted { $0.key < $1.key }.map { $0.rendered ?? $0.key }
    return "[" + sorted.joined(separator: ", ") + "]"
  }

  private static func renderFields(
    _ children: [Mirror.Child], visiting objects: Set<ObjectIdentifier>
  ) -> String {
    children.map { child in
      let rendered = render(child.value, visiting: objects)
      guard let label = child.label, !label.hasPrefix(".") else { return rendered }
      return label + ": " + rendered
    }.joined(separator: ", ")
  }
}

extension Mirror {
  /// The stored properties of the reflected value, including those its superclasses declare
  /// (base class first), which `children` leaves out.
  var allChildren: [Mirror.Child] {
    var mirrors = [self]
    while let superclass = mirrors[mirrors.count - 1].superclassMirror {
      mirrors.append(superclass)
    }
    return mirrors.reversed().flatMap { Array($0.children) }
  }
}
