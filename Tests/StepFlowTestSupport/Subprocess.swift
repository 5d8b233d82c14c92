import Foundation

/// Runs a program to its end, as a shell would: stdin empty; its status, stdout and stderr.
public enum Subprocess {
  /// What a program printed, and how it exited.
  public struct Result: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written on stdout.
    public let stdout: String
    /// Everything written on stderr.
    public let stderr: String
  }

  /// Runs `executable` with `arguments` (in `directory`, with `environment` when given).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    in directory: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle.nullDevice
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Both pipes are read at once, so that a child filling one is never blocked on it.
    nonisolated(unsafe) var err = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      err = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}
