import Testing

@testable import CommandLineParsing

struct ParsedArgumentsTests {
  private func parse(_ spec: CommandSpec, _ arguments: String...) throws -> ParsedArguments {
    try #require(try spec.parse(arguments).arguments)
  }

  @Test func typedValueConvertsWhenTheTextFits() throws {
    let parsed = try parse(Specs.movies, "--pages", "12", "--source", "live")
    #expect(try parsed.value("pages", as: Int.self) == 12)
    #expect(try parsed.value("pages", as: Double.self) == 12)
    #expect(try parsed.value("source", as: Source.self) == .live)
    #expect(try parsed.value("source", as: String.self) == "live")
  }

  @Test func typedValueUsesTheDefaultWhenTheOptionIsAbsent() throws {
    let parsed = try parse(Specs.movies)
    #expect(try parsed.value("pages", as: Int.self) == 1)
    #expect(try parsed.value("source", as: Source.self) == nil)
  }

  @Test func typedValueIsAUsageErrorNamingTheOptionWhenTheTextDoesNotFit() throws {
    let parsed = try parse(Specs.movies, "--pages", "x", "--source", "web")
    #expect(
      throws: UsageError("--pages expects an integer, got 'x'", usage: "usage: movies [options]")
    ) {
      try parsed.value("pages", as: Int.self)
    }
    #expect(
      throws: UsageError("--pages expects a number, got 'x'", usage: "usage: movies [options]")
    ) {
      try parsed.value("pages", as: Double.self)
    }
    #expect(
      throws: UsageError(
        "--source expects one of 'fixtures', 'live', got 'web'", usage: "usage: movies [options]")
    ) {
      try parsed.value("source", as: Source.self)
    }
  }

  @Test func aCheckedValueIsRefusedQuotingTheTextAsTyped() throws {
    let usage = "usage: movies [options]"
    let rate = { (text: String) throws -> Double? in
      try self.parse(Specs.movies, "--pages", text).value(
        "pages", as: Double.self, where: (0...1).contains, expecting: "a fraction from 0 to 1")
    }
    #expect(try rate("0.25") == 0.25)
    // Read as 2.0, refused as typed: what the user wrote is what they look for.
    for text in ["2", "1e3", "x", "-0.5"] {
      #expect(
        throws: UsageError("--pages expects a fraction from 0 to 1, got '\(text)'", usage: usage)
      ) { try rate(text) }
    }
    #expect(
      throws: UsageError("--pages expects an integer from 1 to 9, got '010'", usage: usage)
    ) { try self.parse(Specs.movies, "--pages", "010").value("pages", as: Int.self, in: 1...9) }
  }

  @Test func typedPositionalIsAUsageErrorNamingTheArgumentWhenTheTextDoesNotFit() throws {
    let parsed = try parse(Specs.trails, "plan", "add", "ben")
    #expect(try parsed.positional(named: "trail", as: String.self) == "ben")
    #expect(
      throws: UsageError(
        "<trail> expects an integer, got 'ben'", usage: "usage: trails plan add [options] <trail>")
    ) {
      try parsed.positional(named: "trail", as: Int.self)
    }
  }

  @Test func positionalIsNilWhenAnOptionalOneIsLeftOut() throws {
    let parsed = try parse(Specs.search)
    #expect(parsed.positional(0) == nil)
    #expect(parsed.positional(named: "query") == nil)
    #expect(try parsed.positional(named: "query", as: Int.self) == nil)
    #expect(try parse(Specs.search, "dune").positional(named: "query") == "dune")
  }

  @Test func infiniteOrNaNIsRejectedWhenReadAsADouble() throws {
    let parsed = try parse(Specs.movies, "--source", "nan")
    #expect(throws: UsageError.self) { try parsed.value("source", as: Double.self) }
  }
}
