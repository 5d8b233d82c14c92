import Foundation

/// Runs a program to its end, as a CI job would: stdin empty, no terminal; its status, stdout
/// and stderr.
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

  /// Runs `executable` with `arguments` (in `directory`, with `environment` when given, else
  /// this process's), without a terminal to open (``DetachedProcess``).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    in directory: String? = nil
  ) throws -> Result {
    let result = try DetachedProcess.run(
      executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
      in: directory)
    return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
  }
}
