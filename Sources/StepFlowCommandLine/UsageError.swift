/// A problem with the command line: what is wrong, and the usage line of the command.
package struct UsageError: Error, Equatable, Sendable {
  package let message: String
  package let usage: String

  package init(_ message: String, usage: String) {
    self.message = message
    self.usage = usage
  }
}
