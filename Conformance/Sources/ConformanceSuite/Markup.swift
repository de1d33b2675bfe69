/// Text for the markup the reports write: JUnit's XML, the HTML page and the HTML-like labels
/// of Graphviz diagrams, which all read the same five entities.
enum Markup {
  /// `text` with `&`, `<`, `>`, `"` and `'` written as entities.
  static func escaped(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
