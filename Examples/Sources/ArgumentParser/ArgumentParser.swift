/// A stand-in for swift-argument-parser: a module and types with the same names as the ones a
/// real program would import next to StepFlow.
public struct ArgumentParser: Sendable {
  /// The arguments, without the program name.
  public var arguments: [String]

  /// A parser of `arguments`.
  public init(_ arguments: [String]) { self.arguments = arguments }

  /// Whether `--name` was given.
  public func has(_ name: String) -> Bool { arguments.contains(name) }
}

/// The program's own exit codes.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case notFinished = 3
}
