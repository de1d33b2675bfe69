import TestSupport
import Testing

struct JSONKeyRuleTests {
  @Test func recordsWithTheSameKeysAndNullsForTheUnknownPass() throws {
    let documents = [
      #"{"days": [{"max_c": 3.5, "min_c": null}, {"max_c": null, "min_c": 1}], "error": null}"#,
      #"{"days": [], "error": "HTTP 503"}"#,
    ]
    #expect(try JSONKeyRule.violations(inDocuments: documents) == [])
  }

  @Test func aKeyLeftOutIsNamedWithItsPathAtEveryLevel() throws {
    let nested = #"{"days": [{"max_c": 3.5, "min_c": 1}, {"min_c": 2}]}"#
    #expect(
      try JSONKeyRule.violations(inDocuments: [nested])
        == ["$.days[].max_c: missing in 1 of 2 records"])

    let acrossDocuments = [#"[{"id": 1, "year": 2001}]"#, #"[{"id": 2}]"#]
    #expect(
      try JSONKeyRule.violations(inDocuments: acrossDocuments)
        == ["$[].year: missing in 1 of 2 records"])
    #expect(
      try JSONKeyRule.violations(inDocuments: [#"{"a": {"b": 1}}"#, #"{"a": {"c": 1}}"#])
        == ["$.a.b: missing in 1 of 2 records", "$.a.c: missing in 1 of 2 records"])
  }
}
