import Foundation

extension SQLitePlanDatabase {
  /// Where the database lives when no path is given, per the XDG base directory spec.
  ///
  /// `$XDG_DATA_HOME/trails/trails.sqlite` when `XDG_DATA_HOME` is set to an absolute path,
  /// else `$HOME/.local/share/trails/trails.sqlite` (the user's home folder when `HOME` is
  /// unset). The folder is created by ``init(path:access:)``, not here.
  ///
  /// - Parameter environment: The environment variables; the process's by default.
  /// - Returns: The database file's path.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let dataHome: URL
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
    } else {
      let home =
        environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      dataHome = home.appendingPathComponent(".local/share", isDirectory: true)
    }
    return dataHome.appendingPathComponent("trails/trails.sqlite").path
  }
}
