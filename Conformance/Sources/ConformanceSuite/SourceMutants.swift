import Foundation

/// What `make mutation` found for one app: its source-level score and where each surviving
/// mutant acts, as `scripts/mutation` writes it to `.build/mutation/<app>.json`.
///
/// The HTML report shows it in the app's contract, beside the machine mutants the run made.
public struct SourceMutants: Hashable, Sendable, Codable {
  /// One mutant: the file and line it changes, and the line as mutated.
  public struct Mutant: Hashable, Sendable, Codable {
    /// The file, from the repository's root.
    public var path: String
    /// The line changed, from 1.
    public var line: Int
    /// The line as the mutant has it.
    public var mutated: String
    /// Why the app declares it equivalent, for one that is.
    public var reason: String?
  }

  /// The app (the contract's name).
  public var app: String
  /// What was sampled: `seed 1, sample 60`, or the lines changed since a commit.
  public var scope: String
  /// Mutants killed by the contract.
  public var killed: Int
  /// Mutants judged: killed and survived, the declared equivalent left out.
  public var judged: Int
  /// Mutants no check killed: each a rule the contract misses.
  public var survivors: [Mutant]
  /// Mutants that survived and are declared equivalent, with the reason.
  public var equivalent: [Mutant]
  /// The low end of the strength's 90% interval (Wilson), in percent; `nil` in results
  /// written before intervals were.
  public var intervalLow: Double?
  /// The high end of the strength's 90% interval, in percent.
  public var intervalHigh: Double?
  /// Whether the sample ran out of mutants before it had as many as asked for.
  public var poolSpent: Bool?

  /// The strength in percent: killed of judged (`nil` when nothing was judged).
  public var strength: Double? {
    judged == 0 ? nil : Double(killed) * 100 / Double(judged)
  }

  /// The strength as the report prints it: `87% (26 of 30 killed, 90% interval 73–94%)`, as
  /// `make mutation` does; without an interval for results written before intervals were.
  public var summary: String {
    guard let strength else { return "- (0 of 0 killed)" }
    var text = "\(Int(strength.rounded()))% (\(killed) of \(judged) killed"
    if let intervalLow, let intervalHigh {
      text += ", 90% interval \(Int(intervalLow.rounded()))–\(Int(intervalHigh.rounded()))%"
    }
    return text + ")"
  }

  /// The results in `folder`, by app: each `<app>.json` that reads as one; a missing folder
  /// is no results.
  ///
  /// - Parameter folder: Where `make mutation` wrote them (`.build/mutation`).
  /// - Returns: The results, by app.
  public static func read(from folder: String) -> [String: SourceMutants] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var found: [String: SourceMutants] = [:]
    for name in names.sorted() where name.hasSuffix(".json") {
      guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)"),
        let results = try? decoder.decode(SourceMutants.self, from: data)
      else { continue }
      found[results.app] = results
    }
    return found
  }
}
