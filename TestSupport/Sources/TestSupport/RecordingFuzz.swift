import Foundation
import LoopRecording

/// Replays mutated copies of a recording and checks that each one either replays,
/// fails its replay with one message naming the file, or is refused by the reader with one
/// line naming the file; never a crash.
///
/// A version 2 file (JSON Lines) is mutated a line at a time: each mutant changes one line
/// as ``PayloadMutation`` changes a JSON body, and every tenth cuts the whole file at a
/// random byte, as a killed recording leaves it. A version 1 file is mutated whole.
///
/// ```swift
/// let outcomes = try await RecordingFuzz.run(body, count: 1_000, seed: 19) { data, path in
///   try await contract.replay(data, from: path).failure?.message
/// }
/// #expect(outcomes.refused > 100)
/// ```
public enum RecordingFuzz {
  /// How the mutated recordings fared.
  public struct Outcomes: Sendable, CustomStringConvertible {
    /// Mutants that replayed as recorded (the mutation hit nothing the replay compares).
    public var replayed = 0
    /// Mutants whose replay failed, with a message naming the file.
    public var failed = 0
    /// Mutants the reader refused, with one line naming the file.
    public var refused = 0
    /// Mutants whose failure did not name the file, or took more than one line to refuse:
    /// each is a bug, described with its case.
    public var wrong: [String] = []

    /// The counts, for a failure message.
    public var description: String {
      "\(replayed) replayed, \(failed) failed their replay, \(refused) refused, "
        + "\(wrong.count) wrong: \(wrong.prefix(3))"
    }
  }

  /// Replays `count` mutants of `recording` with `replay`.
  ///
  /// - Parameters:
  ///   - recording: A well-formed recording file's bytes.
  ///   - count: How many mutants.
  ///   - seed: The mutations' seed: the same seed gives the same mutants.
  ///   - replay: Replays a file's bytes under a name; returns the failure message, or `nil`
  ///     when it replayed, and throws the reader's refusal.
  /// - Returns: The outcomes.
  /// - Throws: When `recording` is not JSON.
  public static func run(
    _ recording: Data, count: Int, seed: UInt64,
    replay: (Data, String) async throws(RecordingFileError) -> String?
  ) async throws -> Outcomes {
    var outcomes = Outcomes()
    var lines = recording.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
    if lines.last?.isEmpty == true { lines.removeLast() }
    let isLines = lines.count > 1 && (try? JSONSerialization.jsonObject(with: lines[0])) != nil
    let bases =
      isLines ? lines.enumerated().map { ("\($0.offset)", $0.element) } : [("recording", recording)]
    var generator = SeededGenerator(seed: seed)
    for var mutation in try PayloadMutation.cases(from: bases, count: count, seed: seed) {
      if isLines, let line = Int(mutation.base) {
        if mutation.index % 10 == 9 {
          mutation.body = recording.prefix(Int.random(in: 0..<recording.count, using: &generator))
        } else {
          var mutated = lines
          mutated[line] = mutation.body
          mutation.body = Data(mutated.joined(separator: [0x0A])) + [0x0A]
        }
      }
      let path = "mutant-\(mutation.index).json"
      do {
        if let message = try await replay(mutation.body, path) {
          outcomes.failed += 1
          if !message.hasPrefix("replay of \(path) failed") {
            outcomes.wrong.append("\(mutation): \(message)")
          }
        } else {
          outcomes.replayed += 1
        }
      } catch {
        outcomes.refused += 1
        if error.path != path || !error.description.hasPrefix("\(path): ")
          || error.description.contains("\n")
        {
          outcomes.wrong.append("\(mutation): \(error)")
        }
      }
    }
    return outcomes
  }
}
