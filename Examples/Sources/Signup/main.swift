import ArgumentParser
import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// A sign-up flow written as one enum: ids from the case names, titles from the ids.
enum Signup: FlowSteps {
  case account, profile, confirm

  static let email = try? FieldSpec(
    id: "email", label: "E-mail", kind: .text(placeholder: "ann@example.com"), required: true,
    check: .email)
  static let name = try? FieldSpec(
    id: "name", label: "Your name", kind: .text(placeholder: "Ann"), required: true)

  var icon: Icon? {
    switch self {
    case .account: return .symbol("person.crop.circle")
    case .profile: return .symbol("doc.text")
    case .confirm: return .symbol("checkmark.circle")
    }
  }

  var fields: [FieldSpec] {
    switch self {
    case .account: return [Self.email].compactMap { $0 }
    case .profile: return [Self.name].compactMap { $0 }
    case .confirm: return []
    }
  }

  static var flowTitle: String { "Sign up" }
}

// The whole `stepflow run` command line works here: keys on a terminal, --commands, --frames…
let parser = ArgumentParser(Array(CommandLine.arguments.dropFirst()))
let result = MultiSteps<Signup>.runFromCommandLine(parser.arguments)

// The typed result: the enum's cases, not strings.
if result.isFinished, result.current == .confirm, case .text(let email)? = result.answers["email"] {
  print("signed up: \(email), \(result.reached.count) steps")
}
let code: ExitCode = result.isFinished ? .success : .notFinished
exit(result.exitCode == 0 ? code.rawValue : result.exitCode)
