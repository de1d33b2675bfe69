import CommandLineParsing
import Foundation
import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `--record FILE` may write.
///
/// A regular file, or a path that does not exist yet in a folder that does. A symlink is followed to what it finally names, and that is written
/// (the link stays a link); a device, a FIFO, a socket or a folder is refused, so a recording
/// never lands on `/dev/stdout` or replaces a pipe with a file.
enum RecordTarget {
  /// What a path names, when it is not something a recording may replace.
  enum Refusal: Error, Equatable {
    case notAFile(path: String, kind: String, via: String?)
    case openDescriptor(path: String, kind: String)
    case missingFolder(path: String, folder: String)
    case symlinkLoop(String)

    var message: String {
      switch self {
      case .notAFile(let path, let kind, let via?):
        "--record \(via) is a symlink to \(path), \(kind), not a regular file; give the path "
          + "of a file (a new one is created)"
      case .notAFile(let path, let kind, nil):
        "--record \(path) is \(kind), not a regular file; give the path of a file (a new one "
          + "is created)"
      case .openDescriptor(let path, let kind):
        "--record \(path) is an open file descriptor (\(kind)), not a file that can be "
          + "replaced; give the path of a file (a new one is created)"
      case .missingFolder(let path, let folder):
        "--record \(path): the folder \(folder) does not exist"
      case .symlinkLoop(let path):
        "--record \(path) is a symlink that leads nowhere (a loop, or too many links)"
      }
    }
  }

  /// The file to write for `path`: `path` itself, or the file its symlinks lead to.
  ///
  /// - Parameter path: What `--record` names.
  /// - Returns: The path to write.
  /// - Throws: ``Refusal`` when it names something that is not a regular file, or a new file
  ///   in a folder that does not exist.
  static func resolve(_ path: String) throws(Refusal) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        // Nothing there yet: written new, in a folder that must exist.
        let folder = URL(fileURLWithPath: current).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
          isDirectory.boolValue
        else { throw .missingFolder(path: current, folder: folder) }
        return current
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        return current
      case S_IFLNK:
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
        else { throw .symlinkLoop(path) }
        // /dev/stdout and the like lead into /proc: to an open descriptor, not a file path.
        if target.hasPrefix("/proc/") || target.hasPrefix("/dev/fd/") {
          var opened = stat()
          let kind = stat(path, &opened) == 0 ? kind(opened.st_mode) : "closed"
          throw .openDescriptor(path: path, kind: kind)
        }
        current =
          target.hasPrefix("/")
          ? target
          : URL(fileURLWithPath: current).deletingLastPathComponent()
            .appendingPathComponent(target).path
      default:
        throw .notAFile(path: current, kind: kind(info.st_mode), via: current == path ? nil : path)
      }
    }
    throw .symlinkLoop(path)
  }

  /// What a file mode names, with its article: `a directory`, `a character device`.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symlink"
    default: "an unknown kind of file"
    }
  }
}
