import Glibc
import StepFlowText

// Files: reading them whole and bounded, what a path is, and writing one atomically.
extension Platform {
  /// Why a file could not be read or written.
  package struct FileError: Error, Equatable, Sendable {
    package let path: String
    package let reason: String
    /// Whether the file is missing (as opposed to unreadable).
    package let isMissing: Bool
    /// Whether the file was refused for being larger than the limit it was read with (its
    /// data is refused: exit 65, where a file that cannot be read is 66).
    package var isTooLarge = false

    /// `path: reason`, the path with its control characters (a newline too) escaped.
    package var description: String { "\(Sanitizer.sanitize(path)): \(reason)" }
  }

  private static func fileError(_ path: String) -> FileError {
    let code = errno
    let reason = String(cString: strerror(code))
    return FileError(path: path, reason: reason, isMissing: code == ENOENT || code == ENOTDIR)
  }

  /// The bytes of a file, or of standard input for `-`, read in chunks and refused past
  /// `limit` bytes (a regular file at once by its size; a pipe or device such as `/dev/zero`
  /// once `limit` bytes have come), so no input can exhaust memory.
  /// - Throws: ``FileError``: missing, unreadable, a directory, or ``FileError/isTooLarge``.
  package static func readFile(_ path: String, limit: Int = maxFileSize) throws(FileError)
    -> [UInt8]
  {
    let fd: Int32 = path == "-" ? 0 : open(SystemText.cString(path), O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw fileError(path) }
    defer { if fd != 0 { close(fd) } }
    func tooLarge() -> FileError {
      FileError(
        path: path, reason: "larger than \(sizeText(limit)), the most stepflow reads from a file",
        isMissing: false, isTooLarge: true)
    }
    var info = stat()
    if fstat(fd, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR {
        throw FileError(path: path, reason: "is a directory", isMissing: false)
      }
      if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > limit { throw tooLarge() }
    }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = retryingInterrupts {
        buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      }
      if n < 0 {
        if wouldBlock, waitUntilReady(fd, for: POLLIN) { continue }
        throw fileError(path)
      }
      if n == 0 { break }
      guard result.count + n <= limit else { throw tooLarge() }
      result.append(contentsOf: buffer[0..<n])
    }
    return result
  }

  /// Whether a regular file exists at `path`.
  package static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(SystemText.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// The names in a directory (without `.` and `..`), sorted; empty when it cannot be read.
  package static func directoryEntries(_ path: String) -> [String] {
    guard let dir = opendir(SystemText.cString(path)) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      // Named by its bytes (``SystemText``): a name that is not UTF-8 opens again.
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: UInt8.self, capacity: 256) {
          SystemText.string(UnsafeBufferPointer(start: $0, count: strlen($0)))
        }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// What is at a path, without following a symbolic link there.
  package enum PathKind: Equatable, Sendable {
    case missing
    /// A regular file, with its permission bits.
    case regularFile(permissions: UInt32)
    /// Something else: a symbolic link, a directory, a FIFO, a device, a socket; named in words.
    case other(String)
  }

  /// What is at `path` (`lstat`: a symbolic link is reported as one, not followed).
  package static func kind(of path: String) -> PathKind {
    var info = stat()
    guard lstat(SystemText.cString(path), &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile(permissions: UInt32(info.st_mode & 0o7777))
    case S_IFLNK: return .other("a symbolic link")
    case S_IFDIR: return .other("a directory")
    case S_IFIFO: return .other("a FIFO")
    case S_IFCHR, S_IFBLK: return .other("a device")
    case S_IFSOCK: return .other("a socket")
    default: return .other("not a regular file")
    }
  }

  /// Replaces a file's contents so that a crash at any moment leaves either the old or the new
  /// contents: write a temporary file beside it, flush it to disk, rename it over the target,
  /// then flush the directory.
  ///
  /// The temporary file is ``temporaryPrefix(for:)`` and 16 random hexadecimal digits (usually
  /// `PATH.tmp-` and the digits), created with `O_CREAT | O_EXCL | O_NOFOLLOW` (another name is
  /// drawn if it exists), so nobody can plant a file or a symbolic link there beforehand for the
  /// write to follow. It is locked (`flock`) while it is written, which tells
  /// ``removeAbandonedTemporaries(of:)`` it is alive. Its permissions are `permissions`,
  /// narrowed to those of the file it replaces: an existing file's mode is never widened.
  package static func writeFileAtomically(
    _ path: String, _ bytes: [UInt8], permissions: UInt32 = 0o644
  ) throws(FileError) {
    let (directory, _) = split(path)
    var mode = mode_t(permissions & 0o777)
    if case .regularFile(let existing) = kind(of: path) { mode &= mode_t(existing) }
    let prefix = temporaryPrefix(for: path)
    var temporary = ""
    var fd: Int32 = -1
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let hex = String(generator.next() as UInt64, radix: 16)
      temporary = prefix + String(repeating: "0", count: 16 - hex.count) + hex
      fd = open(
        SystemText.cString(temporary), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw fileError(temporary) }
    // Held until the descriptor is closed: a file being written is not abandoned.
    _ = flock(fd, LOCK_EX | LOCK_NB)
    // O_EXCL: the file is new, so it gets `mode` (less the umask), whatever was there before.
    guard write(fd, bytes), fsync(fd) == 0 else {
      let error = fileError(temporary)
      unlink(SystemText.cString(temporary))
      close(fd)
      throw error
    }
    guard rename(SystemText.cString(temporary), SystemText.cString(path)) == 0 else {
      let error = fileError(path)
      unlink(SystemText.cString(temporary))
      close(fd)
      throw error
    }
    // The data is on disk (fsync said so); the lock goes with the descriptor.
    close(fd)
    let dirFD = open(SystemText.cString(directory), O_RDONLY | O_CLOEXEC)
    if dirFD >= 0 {
      fsync(dirFD)
      close(dirFD)
    }
  }

  /// The most bytes a file name may have in the folder of `path` (`NAME_MAX`, 255 on Linux's
  /// file systems).
  private static func nameLimit(in directory: String) -> Int {
    let limit = pathconf(SystemText.cString(directory), Int32(_PC_NAME_MAX))
    return limit > 0 ? limit : 255
  }

  /// The folder and the file name of a path (`.` for a name without a folder), split at the
  /// last `/` byte (so a combining mark after it cannot hide it).
  private static func split(_ path: String) -> (directory: String, name: String) {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
    let directory = slash == bytes.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[bytes.index(after: slash)...]))
  }

  /// What the temporary files of ``writeFileAtomically(_:_:permissions:)`` for `path` start
  /// with, before their 16 hexadecimal digits: `PATH.tmp-`, or — when that name would be
  /// longer than the file system allows (a name of more than 234 bytes) — the name cut to fit.
  package static func temporaryPrefix(for path: String) -> String {
    let (directory, name) = split(path)
    let suffix = ".tmp-"
    let room = nameLimit(in: directory) - suffix.utf8.count - 16
    var kept = name.unicodeScalars[...]
    // Cut whole scalars, so the name stays what it was as far as it goes; sized in the bytes
    // on disk (a byte that is not UTF-8 is one, however it is held).
    var size = SystemText.bytes(name).count
    while size > room, let last = kept.last {
      size -= SystemText.isRawByte(last) ? 1 : String(last).utf8.count
      kept = kept.dropLast()
    }
    let folder = path.utf8.dropLast(name.utf8.count)
    return String(decoding: folder, as: UTF8.self) + String(String.UnicodeScalarView(kept))
      + suffix
  }

  /// Removes the temporary files a write of `path` left when it was killed (`kill -9`, a crash, a
  /// power cut): regular files in its folder named ``temporaryPrefix(for:)`` and 16 hexadecimal
  /// digits that no writer holds locked.
  ///
  /// Links and anything else are left alone.
  package static func removeAbandonedTemporaries(of path: String) {
    let prefix = temporaryPrefix(for: path)
    let (directory, _) = split(prefix + "0")
    let (_, namePrefix) = split(prefix)
    let isHex: (UInt8) -> Bool = {
      ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66)
    }
    for entry in directoryEntries(directory) where entry.hasPrefix(namePrefix) {
      let digits = entry.utf8.dropFirst(namePrefix.utf8.count)
      guard digits.count == 16, digits.allSatisfy(isHex) else { continue }
      let candidate = prefix + String(decoding: digits, as: UTF8.self)
      guard case .regularFile = kind(of: candidate) else { continue }
      let fd = open(SystemText.cString(candidate), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { continue }
      var info = stat()
      if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        flock(fd, LOCK_EX | LOCK_NB) == 0
      {
        unlink(SystemText.cString(candidate))
      }
      close(fd)
    }
  }
}
