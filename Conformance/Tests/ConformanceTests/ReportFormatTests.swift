import ConformanceSuite
import Foundation
import LoopContracts
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The three report formats, on a dial that keeps its contract and one that does not.
struct ReportFormatTests {
  private func run(_ contracts: [AnyContract]) async -> ConformanceRun {
    await ConformanceRun.run(
      contracts, with: ContractRunner(options: .init(exploration: .init(depth: 4, seed: 3))))
  }

  @Test func theTextTableEndsWithTheSummaryLineWhenEveryContractPasses() async throws {
    let text = TextReport(useColor: false).render(
      await run([AnyContract(Dial.contract(broken: false))]))
    let lines = text.split(separator: "\n").map(String.init)

    try #require(lines.count > 1, "expected a header and a row, got:\n\(text)")
    #expect(lines.first?.hasPrefix("app ") == true)
    #expect(lines[1].hasPrefix("dial "))
    #expect(lines[1].contains("1/1") && lines[1].hasSuffix("pass"))
    #expect(lines.last == "conformance: 3 passed, 0 failed")
    #expect(!text.contains("\u{1B}["))
  }

  @Test func anExplorationThatReachedItsLimitSaysWhichAndWhereInEveryFormat() async throws {
    let run = await ConformanceRun.run(
      [AnyContract(Dial.contract(broken: false))],
      with: ContractRunner(options: .init(exploration: .init(depth: 4, maxStates: 2, seed: 3))))
    let limit = try #require(run.reports.first?.exploration.limitReached)
    #expect(limit.limit == "maxStates" && limit.value == 2)

    let text = TextReport(useColor: false).render(run)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("dial ") })
    #expect(row.contains(" states, ") && row.contains("steps/s, limit"), "\(row)")
    #expect(
      text.contains(
        "  dial: stopped at maxStates (2 states) in depth \(limit.depth): states at depth "
          + "\(limit.depth) and deeper were not all searched; lower --depth, or raise --max-states"
      ), "\(text)")
    #expect(text.contains("explored states are kept as 64-bit fingerprints: the chance that two"))
    #expect(JSONReport.render(run).contains("\"limit_reached\" : {"))
    #expect(
      HTMLReport.render(run, diagrams: [:]).contains("Stopped at maxStates (2 states) in depth"))
  }

  @Test func theTextTableListsEachFailureWhenAContractFails() async {
    let text = TextReport(useColor: true).render(
      await run([AnyContract(Dial.contract(broken: true))]))

    #expect(text.contains("broken-dial: 3 failure(s)"))
    #expect(text.contains("row high --turn--> low is never exercised"))
    #expect(text.contains("example \"off turns to low\": the reducer does not produce"))
    #expect(text.contains("undeclared move high --turn--> off"))
    #expect(text.contains("\u{1B}[31;1mFAIL"))
    #expect(text.hasSuffix("conformance: 1 passed, 2 failed\n"))
  }

  @Test func anEmptyRegistrySaysSoPlainly() async {
    let text = TextReport(useColor: false).render(await run([]))
    #expect(text.hasPrefix("conformance: no contracts are registered yet"))
    #expect(text.hasSuffix("conformance: 0 passed, 0 failed\n"))
  }

  @Test func theJSONReportCarriesTheExplorationFigures() async throws {
    let json = JSONReport.render(await run([AnyContract(Dial.contract(broken: false))]))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let contracts = try #require(object["contracts"] as? [[String: Any]])
    let exploration = try #require(contracts.first?["exploration"] as? [String: Any])

    #expect(object["passed"] as? Int == 3)
    #expect(exploration["states_explored"] as? Int == 3)
    #expect((exploration["steps"] as? Int ?? 0) > 0)
    #expect(exploration["steps_per_second"] is Double)
  }

  @Test func theJUnitReportIsWellFormedXMLWithOneFailurePerFailedCheck() async throws {
    let xml = JUnitReport.render(
      await run([
        AnyContract(Dial.contract(broken: false)), AnyContract(Dial.contract(broken: true)),
      ]))
    let document = try XMLDocument(data: Data(xml.utf8))
    let root = try #require(document.rootElement())

    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["dial", "broken-dial"])
    let failures = try root.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 2)
  }

  @Test func withMutantsTheTableHasAStrengthColumnAndNamesEachSurvivorInOneSentence() async {
    let run = await ConformanceRun.run(
      [AnyContract(Dial.contract(broken: false))],
      with: ContractRunner(options: .init(exploration: .init(depth: 4, seed: 3), mutate: true)))
    let text = TextReport(useColor: false).render(run)

    // The dial's one event kind ignored is killed; it has no effects or clock, so the four
    // runtime mutants survive.
    #expect(text.contains("machine mutants"))
    #expect(text.contains("1/5 (20%)"))
    #expect(text.contains("dial: 4 mutant(s) survived"))
    #expect(
      text.contains(
        "  - nothing in the dial contract notices when every effect event is delivered twice"))
    #expect(
      run.machineMutantShortfalls(below: 100) == [
        "dial: machine mutants 1/5 (20%) is below 100.0%"
      ])
    #expect(run.machineMutantShortfalls(below: 20).isEmpty)

    let xml = JUnitReport.render(run)
    #expect(
      xml.contains(#"classname="dial.machine mutants" name="`turn` is ignored by the reducer""#))
    #expect(xml.components(separatedBy: "<failure").count - 1 == 4)
  }

  /// A contract that fails without any mutant gets no strength figure: every mutant would be
  /// "killed" by its own failures.
  @Test func aContractThatFailsGetsNoMachineMutantFigure() async {
    let run = await ConformanceRun.run(
      [AnyContract(Dial.contract(broken: true))],
      with: ContractRunner(options: .init(exploration: .init(depth: 4, seed: 3), mutate: true)))
    let text = TextReport(useColor: false).render(run)

    #expect(text.contains("not run"))
    #expect(!text.contains("(100%)"))
    #expect(
      run.machineMutantShortfalls(below: 100) == [
        "broken-dial: the contract fails, so no mutant was run (see above)"
      ])
  }
}
