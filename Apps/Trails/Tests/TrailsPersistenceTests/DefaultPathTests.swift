import Foundation
import Testing
import TrailsPersistence

struct DefaultPathTests {
  @Test func xdgDataHomeWinsWhenItIsAnAbsolutePath() {
    let environment = ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"]
    #expect(
      SQLitePlanDatabase.defaultPath(environment: environment) == "/data/me/trails/trails.sqlite")
  }

  @Test func homeLocalShareIsUsedWhenXDGDataHomeIsUnsetEmptyOrRelative() {
    for xdg in [nil, "", "relative/data"] {
      var environment = ["HOME": "/home/me"]
      environment["XDG_DATA_HOME"] = xdg
      #expect(
        SQLitePlanDatabase.defaultPath(environment: environment)
          == "/home/me/.local/share/trails/trails.sqlite")
    }
  }

  @Test func theUsersHomeIsUsedWhenHOMEIsUnset() {
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    let expected = URL(fileURLWithPath: home).appendingPathComponent(
      ".local/share/trails/trails.sqlite"
    ).path
    #expect(SQLitePlanDatabase.defaultPath(environment: [:]) == expected)
  }
}
