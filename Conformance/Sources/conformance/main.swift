// conformance: checks every registered contract against the shared fixtures and prints one
// table, or JSON, or JUnit XML. The last line is `conformance: N passed, M failed`; the exit
// status is 1 on any failure and 2 on bad arguments.

await ConformanceCommand.main()
