/// One of `count` parts of a conformance run, so a CI job matrix can share the work.
///
/// The work is a list of units in a fixed order: each contract (in registry order, with its
/// exploration and, under `--mutate`, its machine mutants), then each recording replayed (in
/// path order). Shard `index` of `count` takes the units at positions `index - 1`,
/// `index - 1 + count`, ...: the same units on every machine and every run, whatever the
/// number of workers. ``ConformanceRun/merge(_:)`` puts the parts back in that order, so the
/// merged reports are a single run's but for the times.
public struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Which part, from 1.
  public let index: Int
  /// How many parts.
  public let count: Int

  /// The whole run: one part.
  public static let whole = Shard(validIndex: 1, count: 1)

  private init(validIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Part `index` of `count`, or `nil` unless `1 <= index <= count`.
  ///
  /// - Parameters:
  ///   - index: Which part, from 1.
  ///   - count: How many parts.
  public init?(_ index: Int, of count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.init(validIndex: index, count: count)
  }

  /// Reads `K/N` (`2/3`), or `nil` when it is not one.
  ///
  /// - Parameter text: The text, as `--shard` takes it.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      return nil
    }
    self.init(index, of: count)
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }

  /// The units of `units` this part runs, in their order.
  ///
  /// - Parameter units: Every unit of the run, in the run's order.
  /// - Returns: Those at this part's positions.
  public func part<Unit>(of units: [Unit]) -> [Unit] {
    units.indices.filter { $0 % count == index - 1 }.map { units[$0] }
  }
}
