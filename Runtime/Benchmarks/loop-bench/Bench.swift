import Foundation
import LoopSynchronization

/// Helpers shared by the workloads: repetition, medians, units and optimizer barriers.
enum Bench {
  /// Runs `body` once as a warm-up, then `runs` times, and returns the measured results.
  ///
  /// - Parameters:
  ///   - runs: How many measured runs to make.
  ///   - body: One run of a workload.
  /// - Returns: The results of the measured runs, in order.
  static func repeated<Result>(
    _ runs: Int,
    _ body: () async throws -> Result
  ) async rethrows -> [Result] {
    _ = try await body()
    var results: [Result] = []
    for _ in 0..<runs {
      results.append(try await body())
    }
    return results
  }

  /// Runs this executable again with `arguments`, waits for it, and returns what it printed
  /// on standard output: a measurement in a fresh process (B4, B13), where the memory a
  /// previous run freed cannot make the next one look smaller.
  ///
  /// - Parameters:
  ///   - arguments: The child's arguments.
  ///   - workload: The workload's name, for the error.
  /// - Returns: The child's standard output.
  /// - Throws: ``BenchError`` when the child exits with a status other than 0.
  static func child(_ arguments: [String], for workload: String) throws -> String {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "\(workload) child exited with status \(process.terminationStatus) and printed "
          + text.debugDescription)
    }
    return text
  }

  /// The median of `values`: the middle one, or the mean of the two middle ones.
  ///
  /// - Parameter values: At least one value.
  /// - Returns: The median.
  static func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "the median of no values")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count.isMultiple(of: 2) {
      return (sorted[middle - 1] + sorted[middle]) / 2
    }
    return sorted[middle]
  }

  /// The 1-, 5- and 15-minute load averages from `/proc/loadavg`, to judge how quiet the
  /// machine was; empty when unreadable.
  static func loadAverage() -> [Double] {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return []
    }
    return text.split(separator: " ").prefix(3).compactMap { Double($0) }
  }

  /// Rounds `value` to `places` decimal places, for a report people read.
  static func rounded(_ value: Double, places: Int = 2) -> Double {
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
  }

  /// Where ``blackHole(_:)`` writes: a side effect the optimizer must keep.
  private static let sink = Atomic<Int>(0)

  /// Consumes `value` so that the work computing it cannot be deleted.
  ///
  /// The store to an atomic is an observable side effect, and the function is opaque to the
  /// optimizer (`@_optimize(none)`, never inlined), so it cannot prove the value unused.
  @_optimize(none)
  @inline(never)
  static func blackHole(_ value: Int) {
    sink.store(value, ordering: .relaxed)
  }

  /// Returns `value` unchanged, hiding from the optimizer what it is.
  ///
  /// Used on the reducer in B1: without it the optimizer could inline the counter's closure
  /// and fold a million increments into one addition. With it, every event is a real call
  /// through the ``Reducer`` value, as it is inside a store.
  @_optimize(none)
  @inline(never)
  static func opaque<Value>(_ value: Value) -> Value {
    value
  }
}

extension Duration {
  /// The duration in nanoseconds, as a floating-point number.
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
