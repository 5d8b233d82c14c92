import ArgumentParser
import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// A sign-up flow written as one enum: ids from the case names, titles from the ids.
enum Signup: FlowSteps {
  case account, profile, confirm

  /// Addresses that have an account already.
  static let taken: Set = ["admin@example.com"]

  // Declarations that never throw: a mistake in one fails the run at start, naming the field.
  static let email = FieldSpec.text(
    "email", "E-mail", placeholder: "ann@example.com", required: true, check: .email
  ) { value in
    // The program's own check, after the built-in rules: shown under the field, Next refused.
    guard case .text(let address) = value else { return nil }
    return taken.contains(address.lowercased()) ? "is taken — sign in instead" : nil
  }
  static let name = FieldSpec.text("name", "Your name", placeholder: "Ann", required: true)
  /// A check that waits: on Next, a spinner and the time show while the (simulated) directory
  /// is asked; the verdict is kept for the value, x stops it, and a refusal is shown under the
  /// field like any other.
  static let nickname = FieldSpec.text("nickname", "Nickname", placeholder: "annie")
    .validatingAsync { value in
      guard case .text(let nickname) = value else { return nil }
      return await Directory.isTaken(nickname) ? "is taken — try another" : nil
    }

  var icon: Icon? {
    switch self {
    case .account: return .symbol("person.crop.circle")
    case .profile: return .symbol("doc.text")
    case .confirm: return .symbol("checkmark.circle")
    }
  }

  var fields: [FieldSpec] {
    switch self {
    case .account: return [Self.email]
    case .profile: return [Self.name, Self.nickname]
    case .confirm: return []
    }
  }

  /// A check across the profile's answers: messages by field id, shown under that field.
  var check: StepCheck? {
    guard self == .profile else { return nil }
    return StepCheck { answers in
      guard let nickname = answers["nickname"], nickname == answers["name"] else { return [:] }
      return ["nickname": "must differ from your name"]
    }
  }

  static var flowTitle: String { "Sign up" }
}

/// A stand-in for a server the program would ask: it takes a moment to answer.
enum Directory {
  static let nicknames: Set = ["admin", "root", "annie"]

  static func isTaken(_ nickname: String) async -> Bool {
    try? await Task.sleep(for: .milliseconds(200))
    return nicknames.contains(nickname.lowercased())
  }
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
