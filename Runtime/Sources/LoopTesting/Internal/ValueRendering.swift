/// Renders any value the way every failure shows it: compactly on one line (``StateDiff``,
/// events), or laid out on several lines when it is too wide (states in failure messages and
/// contract reports).
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
package enum ValueRendering {
  /// Renders `value` on one line.
  ///
  /// - Parameters:
  ///   - value: The value to render.
  ///   - objects: The class instances already being rendered further up the same path; one
  ///     of them met again is rendered as a cycle.
  /// - Returns: The compact rendering.
  package static func render(_ value: Any, visiting objects: Set<ObjectIdentifier> = []) -> String {
    document(value, visiting: objects).line
  }

  /// Renders `value` for a failure message, on several lines when it is too wide.
  ///
  /// On one line when it fits in `width` columns after `indent` spaces, else one field (or
  /// element) per line, indented by two more spaces, recursively. Every field is shown; a collection too long for its lines shows its
  /// first elements and how many more there are.
  ///
  /// - Parameters:
  ///   - value: The value to render.
  ///   - indent: The column the rendering starts at; later lines are indented from it.
  ///   - width: The columns a line may take.
  ///   - objects: The class instances already being rendered further up the same path.
  /// - Returns: The rendering, lines joined by newlines (no trailing newline).
  package static func block(
    _ value: Any, indent: Int = 0, width: Int = 100, visiting objects: Set<ObjectIdentifier> = []
  ) -> String {
    document(value, visiting: objects).layout(indent: indent, width: width)
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

  /// The shape of `value`'s rendering, before it is laid out on lines.
  static func document(_ value: Any, visiting objects: Set<ObjectIdentifier>) -> RenderedValue {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return .text("nil") }
      return document(wrapped.value, visiting: objects)
    case .collection:
      return .group(
        open: "[", close: "]",
        items: mirror.children.map { (nil, document($0.value, visiting: objects)) },
        isCollection: true)
    case .set:
      let members = mirror.children.map { document($0.value, visiting: objects) }
        .sorted { $0.line < $1.line }
      return .group(
        open: "Set([", close: "])", items: members.map { (nil, $0) }, isCollection: true)
    case .dictionary:
      return dictionary(mirror, visiting: objects)
    case .tuple:
      return .group(open: "(", close: ")", items: fields(Array(mirror.children), visiting: objects))
    case .enum:
      return enumCase(value, mirror, visiting: objects)
    case .class:
      guard !describesItself(value), let object = identity(of: value) else {
        return composite(value, mirror, visiting: objects)
      }
      guard !objects.contains(object) else { return .text("\(typeName(of: value))(<cycle>)") }
      return composite(value, mirror, visiting: objects.union([object]))
    default:
      return composite(value, mirror, visiting: objects)
    }
  }

  private static func composite(
    _ value: Any, _ mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> RenderedValue {
    if describesItself(value) { return .text(String(reflecting: value)) }
    let children = mirror.allChildren
    if children.isEmpty && mirror.displayStyle == nil { return .text(String(reflecting: value)) }
    return .group(
      open: typeName(of: value) + "(", close: ")", items: fields(children, visiting: objects))
  }

  private static func enumCase(
    _ value: Any, _ mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> RenderedValue {
    if describesItself(value) { return .text(String(reflecting: value)) }
    guard let payload = mirror.children.first, let name = payload.label else {
      return .text("." + String(describing: value))
    }
    let inner = document(payload.value, visiting: objects)
    if Mirror(reflecting: payload.value).displayStyle == .tuple {
      return inner.prefixed(by: "." + name)
    }
    return .group(open: "." + name + "(", close: ")", items: [(nil, inner)])
  }

  private static func dictionary(
    _ mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> RenderedValue {
    let entries = mirror.children.map { child -> (key: String, item: RenderedValue) in
      guard let entry = keyAndValue(of: child.value) else {
        let key = document(child.value, visiting: objects)
        return (key.line, key)
      }
      let key = document(entry.key, visiting: objects).line
      return (key, document(entry.value, visiting: objects).prefixed(by: key + ": "))
    }
    guard !entries.isEmpty else { return .text("[:]") }
    return .group(
      open: "[", close: "]", items: entries.sorted { $0.key < $1.key }.map { (nil, $0.item) },
      isCollection: true)
  }

  private static func fields(
    _ children: [Mirror.Child], visiting objects: Set<ObjectIdentifier>
  ) -> [(String?, RenderedValue)] {
    children.map { child in
      let rendered = document(child.value, visiting: objects)
      guard let label = child.label, !label.hasPrefix(".") else { return (nil, rendered) }
      return (label, rendered)
    }
  }
}

/// A value's rendering as a tree: text, or a bracketed group of labelled items, laid out on
/// one line or on several.
package indirect enum RenderedValue: Sendable {
  /// Text that is never broken.
  case text(String)
  /// `open`, the items separated by commas, `close`: a struct's fields, a collection's
  /// elements. A collection's elements may be folded when they do not fit.
  case group(
    open: String, close: String, items: [(label: String?, value: RenderedValue)],
    isCollection: Bool = false)

  /// How many elements of a long collection a multi-line layout shows before folding.
  static let shownElements = 10

  /// The rendering on one line.
  var line: String {
    switch self {
    case .text(let text):
      return text
    case .group(let open, let close, let items, _):
      let inner = items.map { label, value in (label.map { $0 + ": " } ?? "") + value.line }
      return open + inner.joined(separator: ", ") + close
    }
  }

  /// The same rendering with `prefix` in front: a case name before its payload's tuple, a key
  /// before its value.
  func prefixed(by prefix: String) -> RenderedValue {
    switch self {
    case .text(let text): .text(prefix + text)
    case .group(let open, let close, let items, let isCollection):
      .group(open: prefix + open, close: close, items: items, isCollection: isCollection)
    }
  }

  /// The rendering laid out from column `indent`, after `lead` characters already on its
  /// first line: one line when it fits in `width`, else one item per line, each indented two
  /// spaces more; a collection longer than ``shownElements`` shows that many and a line
  /// counting the rest.
  func layout(indent: Int, lead: Int = 0, width: Int) -> String {
    let flat = line
    guard case .group(let open, let close, let items, let isCollection) = self,
      indent + lead + flat.count > width, !items.isEmpty
    else { return flat }
    let pad = String(repeating: " ", count: indent + 2)
    var shown = items
    var folded = 0
    if isCollection, items.count > Self.shownElements {
      shown = Array(items.prefix(Self.shownElements))
      folded = items.count - Self.shownElements
    }
    var lines = [open]
    for (offset, (label, value)) in shown.enumerated() {
      let head = label.map { $0 + ": " } ?? ""
      let isLast = offset == shown.count - 1 && folded == 0
      lines.append(
        pad + head + value.layout(indent: indent + 2, lead: head.count, width: width)
          + (isLast ? "" : ","))
    }
    if folded > 0 {
      lines.append(pad + "… \(folded) more (\(items.count) in all)")
    }
    lines.append(String(repeating: " ", count: indent) + close)
    return lines.joined(separator: "\n")
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
