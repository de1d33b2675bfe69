// The names of the last minor version, kept for one more so code written against them compiles,
// with a fix-it to the new name (CHANGELOG.md, "Deprecated"). They are left out of the
// documentation, where they would only make the links to the current forms ambiguous.

extension TestStore {
  /// Waits until the *current* state satisfies `predicate`: the old name of
  /// ``waitForCurrentState(timeout:_:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - timeout: How long the store may go without any change before the wait fails.
  ///   - predicate: The state to wait for.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  @_documentation(visibility: internal)
  @available(*, deprecated, renamed: "waitForCurrentState(timeout:_:fileID:filePath:line:column:)")
  public func waitUntil(
    timeout: Duration = .seconds(1),
    _ predicate: (State) -> Bool,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await waitForCurrentState(
      timeout: timeout, predicate, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
