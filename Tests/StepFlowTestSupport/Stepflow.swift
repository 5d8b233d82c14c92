import Foundation

/// Runs the built `stepflow` binary the way a shell would: arguments, stdin, environment in;
/// stdout, stderr and the exit status out.
public enum Stepflow {
  /// The built binary, beside the test bundle.
  public static var binaryPath: String { path(of: "stepflow") }

  /// `stepflow-probe`: a program of its own that uses only StepFlow's public API (the run
  /// options, the command line, the public screen), as an adopter's program does.
  public static var probePath: String { path(of: "stepflow-probe") }

  /// A built executable of the package, beside the test bundle.
  public static func path(of executable: String) -> String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = bundle.appendingPathComponent(executable).path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return FileManager.default.currentDirectoryPath + "/.build/debug/" + executable
  }

  /// What a run printed, and how it exited.
  public struct Result: Sendable {
    /// Everything written on stdout.
    public let stdout: String
    /// Everything written on stderr.
    public let stderr: String
    /// The exit status (128+n for signal n).
    public let status: Int32

    /// stdout split into lines, without the empty string after a final newline.
    public var lines: [String] {
      var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      return lines
    }
  }

  /// A clean environment: a UTF-8 locale, no colour hints, a known TERM — plus `extra`.
  public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = ["LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]
    for (k, v) in extra { env[k] = v }
    return env
  }

  /// Runs `stepflow` (or `executable`) with the arguments; stdin is `input` (or empty), never a
  /// terminal, and there is no terminal to open (``DetachedProcess``): a CI job's run.
  public static func run(
    _ arguments: [String], input: String = "", environment: [String: String]? = nil,
    currentDirectory: String? = nil, executable: String? = nil
  ) throws -> Result {
    let result = try DetachedProcess.run(
      executable ?? binaryPath, arguments, environment: environment ?? Self.environment(),
      in: currentDirectory, input: input)
    return Result(stdout: result.stdout, stderr: result.stderr, status: result.status)
  }
}
