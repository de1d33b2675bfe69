extension Trails {
  /// A link into the planner: `trails://region/<id>`, `trails://trail/<id>` or `trails://plan`.
  ///
  /// Parsing and printing round-trip: a link printed parses back to itself, and a link
  /// written as it prints (lower case: the canonical form) prints back exactly as written.
  /// The scheme and the host (`region`, `trail`, `plan`) are case-insensitive, as RFC 3986
  /// makes them for every URL, so `TRAILS://Plan` opens the plan and prints as
  /// `trails://plan`; ids are case-sensitive.
  ///
  /// ```swift
  /// let link = Trails.DeepLink("trails://trail/gull-point-loop")  // .trail("gull-point-loop")
  /// let printed = link?.description  // "trails://trail/gull-point-loop"
  /// ```
  ///
  /// Ids are kebab-case: lowercase ASCII letters and digits in words joined by single hyphens.
  /// Parsing checks the shape only; whether the id exists is the catalog's business, and
  /// opening a link to an unknown id sets ``State/problem``.
  public enum DeepLink: Hashable, Sendable, LosslessStringConvertible {
    /// A region, by id.
    case region(String)
    /// A trail, by id.
    case trail(String)
    /// The plan tab, at its root.
    case plan

    /// The scheme and the slashes every link starts with.
    public static let prefix = "trails://"

    /// Parses a link, or returns `nil` when it is not one of the three shapes.
    ///
    /// No query, fragment, trailing slash, upper-case id or other scheme is accepted.
    ///
    /// - Parameter description: Text such as `"trails://region/silver-coast"`.
    public init?(_ description: String) {
      guard description.prefix(Self.prefix.count).lowercased() == Self.prefix else { return nil }
      let rest = description.dropFirst(Self.prefix.count)
      if rest.lowercased() == "plan" {
        self = .plan
        return
      }
      let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, Self.isID(parts[1]) else { return nil }
      switch parts[0].lowercased() {
      case "region": self = .region(String(parts[1]))
      case "trail": self = .trail(String(parts[1]))
      default: return nil
      }
    }

    /// The link as text: `trails://region/<id>`, `trails://trail/<id>` or `trails://plan`.
    public var description: String {
      switch self {
      case .region(let id): Self.prefix + "region/" + id
      case .trail(let id): Self.prefix + "trail/" + id
      case .plan: Self.prefix + "plan"
      }
    }

    /// Whether `text` is a kebab-case id: `[a-z0-9]+(-[a-z0-9]+)*`.
    static func isID(_ text: Substring) -> Bool {
      let words = text.split(separator: "-", omittingEmptySubsequences: false)
      return words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
      }
    }
  }
}
