import Foundation
import StepFlowTestSupport
import Testing

/// `stepflow completions bash|zsh|fish`, driven in the real shells: bash through `complete`'s
/// function with `COMP_WORDS` set as bash sets them, zsh through its completion system on a
/// pseudo-terminal (`zpty`), fish through `complete -C`. (`.ci/run` installs zsh and fish.)
@Suite struct CompletionTests {
  static func installed(_ program: String) -> Bool {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].contains {
      FileManager.default.isExecutableFile(atPath: $0 + program)
    }
  }

  /// A folder with the completion script of `shell`, a wizard and a few files, and an
  /// environment whose PATH finds this build's stepflow.
  static func workspace(_ shell: String) throws -> (folder: String, env: [String: String]) {
    let folder = try WizardCommandTests.folder([
      "wizards/greet.json": SearchPathTests.wizard("greet", title: "Greet"),
      "answers.json": "{}",
      "notes.txt": "",
    ])
    let script = try Stepflow.run(["completions", shell])
    #expect(script.status == 0, "\(script.stderr)")
    try script.stdout.write(
      toFile: folder + "/completion." + shell, atomically: true, encoding: .utf8)
    let bin = (Stepflow.binaryPath as NSString).deletingLastPathComponent
    let env = Stepflow.environment([
      "PATH": bin + ":/usr/bin:/bin", "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
    ])
    return (folder, env)
  }

  /// What bash's completion function offers for a command line whose last word is being typed.
  static func bash(_ words: [String], in space: (folder: String, env: [String: String])) throws
    -> [String]
  {
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let driver = """
      source ./completion.bash
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _stepflow
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let r = try Stepflow.run(
      ["--norc", "--noprofile", "-c", driver], environment: space.env,
      currentDirectory: space.folder, executable: "/bin/bash")
    #expect(r.status == 0, "\(r.stderr)")
    return r.lines.filter { !$0.isEmpty }
  }

  @Test func bashCompletesCommandsOptionsValuesFlowsAndFiles() throws {
    let space = try Self.workspace("bash")
    let commands = try Self.bash(["stepflow", ""], in: space)
    for command in [
      "run", "rate", "ask", "gauge", "list", "validate", "completions", "man", "help",
    ] {
      #expect(commands.contains(command), "\(commands)")
    }
    #expect(try Self.bash(["stepflow", "r"], in: space).sorted() == ["rate", "run"])
    #expect(
      try Self.bash(["stepflow", "run", "--co"], in: space).sorted() == ["--color", "--commands"])
    #expect(
      try Self.bash(["stepflow", "run", "--color", ""], in: space) == ["auto", "always", "never"])
    #expect(try Self.bash(["stepflow", "rate", "--glyphs", "u"], in: space) == ["unicode"])
    #expect(
      try Self.bash(["stepflow", "run", "--output", ""], in: space).sorted() == [
        "json", "none", "text",
      ])
    #expect(try Self.bash(["stepflow", "run", "--position", "o"], in: space) == ["ontop"])
    #expect(try Self.bash(["stepflow", "run", "--theme", "dr"], in: space) == ["dracula"])
    // Commands and options main gained after the scripts were first written: nothing was added
    // for them but their tables.
    #expect(try Self.bash(["stepflow", "run", "--inl"], in: space) == ["--inline"])
    #expect(try Self.bash(["stepflow", "ask", "multi"], in: space) == ["multichoice"])
    #expect(
      try Self.bash(["stepflow", "ask", "path", "P", "--kind", "d"], in: space) == ["directory"])
    // Every option of ask, whatever the kind (the parser names the ones that do not fit).
    #expect(
      try Self.bash(["stepflow", "ask", "choice", "Pick", "--st"], in: space).sorted() == [
        "--stars", "--step", "--style",
      ])
    let flows = try Self.bash(["stepflow", "run", ""], in: space)
    for flow in ["delivery", "purchase", "rating", "greet", "answers.json", "wizards"] {
      #expect(flows.contains(flow), "\(flows)")
    }
    #expect(!flows.contains("notes.txt"))
    #expect(
      try Self.bash(["stepflow", "run", "purchase", "--answers", "an"], in: space) == [
        "answers.json"
      ])
    #expect(try Self.bash(["stepflow", "completions", ""], in: space) == ["bash", "zsh", "fish"])
    #expect(try Self.bash(["stepflow", "help", "th"], in: space) == ["themes"])
    #expect(try Self.bash(["stepflow", "gauge", "--sp"], in: space) == ["--spinner"])
    #expect(try Self.bash(["stepflow", "gauge", "--bar", "--", "bas"], in: space).contains("bash"))
    #expect(try Self.bash(["stepflow", "validate", "answ"], in: space) == ["answers.json"])
    // Nothing to offer for a free value.
    #expect(try Self.bash(["stepflow", "run", "--width", ""], in: space) == [])
  }

  /// What zsh's completion system offers: a zsh on a pseudo-terminal (zpty) with the script on
  /// its `fpath`, Tab pressed after `line`; every match `compadd` is given is printed.
  static func zsh(_ line: String, in space: (folder: String, env: [String: String])) throws
    -> [String]
  {
    try FileManager.default.createDirectory(
      atPath: space.folder + "/zfunc", withIntermediateDirectories: true)
    if !FileManager.default.fileExists(atPath: space.folder + "/zfunc/_stepflow") {
      try FileManager.default.copyItem(
        atPath: space.folder + "/completion.zsh", toPath: space.folder + "/zfunc/_stepflow")
    }
    let driver = #"""
      zmodload zsh/zpty
      zpty z zsh -f -i
      zpty -w z "PROMPT='> '; cd ${(q)PWD}"
      zpty -w z "fpath=(${(q)PWD}/zfunc \$fpath); autoload -Uz compinit; compinit -u -D"
      zpty -w z 'compadd() { if [[ " $* " == *" -"[OAD]" "* ]]; then builtin compadd "$@"; return; fi; local -a __m; builtin compadd -O __m "$@"; print -rl -- "${(@)__m/#/MATCH:}"; builtin compadd "$@"; }'
      zpty -w z '__finished() { print -r -- "DONE""HERE"; exit; }; comppostfuncs=(__finished)'
      zpty -w z 'bindkey "^I" complete-word'
      zpty -w z "$1"$'\t'
      out=""; integer n=0
      while (( n < 400 )); do
        if zpty -r -t z chunk; then out+=$chunk; [[ $out == *DONEHERE* ]] && break
        else sleep 0.05; (( n++ )); fi
      done
      print -r -- $out
      zpty -d z
      """#
    let r = try Stepflow.run(
      ["-f", "-c", driver, "zsh", line], environment: space.env, currentDirectory: space.folder,
      executable: "/usr/bin/zsh")
    #expect(r.stdout.contains("DONEHERE"), "zsh never finished completing: \(r.stdout) \(r.stderr)")
    return r.stdout.split(whereSeparator: \.isNewline).compactMap { line in
      guard let range = line.range(of: "MATCH:") else { return nil }
      return String(line[range.upperBound...])
    }
  }

  @Test(.enabled(if: installed("zsh"))) func zshCompletesCommandsOptionsValuesFlowsAndFiles()
    throws
  {
    let space = try Self.workspace("zsh")
    let commands = try Self.zsh("stepflow ", in: space)
    for command in [
      "run", "rate", "ask", "gauge", "list", "validate", "completions", "man", "help",
    ] {
      #expect(commands.contains(command), "\(commands)")
    }
    let options = try Self.zsh("stepflow run --co", in: space)
    #expect(options.contains("--color") && options.contains("--commands"), "\(options)")
    #expect(
      try Self.zsh("stepflow run --color ", in: space).sorted() == ["always", "auto", "never"])
    #expect(try Self.zsh("stepflow run --theme dr", in: space) == ["dracula"])
    #expect(try Self.zsh("stepflow ask multi", in: space) == ["multichoice"])
    #expect(
      try Self.zsh("stepflow ask choice Pick --style ", in: space).sorted() == ["list", "tabs"])
    let flows = try Self.zsh("stepflow run ", in: space)
    for flow in ["delivery", "greet", "answers.json"] { #expect(flows.contains(flow), "\(flows)") }
    #expect(try Self.zsh("stepflow completions ", in: space).sorted() == ["bash", "fish", "zsh"])
    #expect(try Self.zsh("stepflow run purchase --answers an", in: space).contains("answers.json"))
  }

  /// What fish offers (`complete -C`), each match without its description.
  static func fish(_ line: String, in space: (folder: String, env: [String: String])) throws
    -> [String]
  {
    let r = try Stepflow.run(
      ["--no-config", "-c", "source ./completion.fish; complete -C \(quotedForFish(line))"],
      environment: space.env, currentDirectory: space.folder, executable: "/usr/bin/fish")
    #expect(r.status == 0, "\(r.stderr)")
    return r.lines.map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") }
  }

  static func quotedForFish(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      + "'"
  }

  @Test(.enabled(if: installed("fish"))) func fishCompletesCommandsOptionsValuesFlowsAndFiles()
    throws
  {
    let space = try Self.workspace("fish")
    let commands = try Self.fish("stepflow ", in: space)
    for command in [
      "run", "rate", "ask", "gauge", "list", "validate", "completions", "man", "help",
    ] {
      #expect(commands.contains(command), "\(commands)")
    }
    #expect(try Self.fish("stepflow run --co", in: space).sorted() == ["--color", "--commands"])
    #expect(
      try Self.fish("stepflow run --color ", in: space).sorted() == ["always", "auto", "never"])
    #expect(try Self.fish("stepflow run --theme dr", in: space) == ["dracula"])
    #expect(try Self.fish("stepflow ask multi", in: space) == ["multichoice"])
    #expect(try Self.fish("stepflow ask text Name --check ", in: space).contains("luhn"))
    #expect(try Self.fish("stepflow run --no-in", in: space) == ["--no-input"])
    let flows = try Self.fish("stepflow run ", in: space)
    for flow in ["delivery", "greet", "answers.json"] { #expect(flows.contains(flow), "\(flows)") }
    #expect(try Self.fish("stepflow completions ", in: space).sorted() == ["bash", "fish", "zsh"])
    #expect(try Self.fish("stepflow run purchase --answers an", in: space) == ["answers.json"])
  }

  @Test func anUnknownShellIsAUsageErrorWithASuggestion() throws {
    let r = try Stepflow.run(["completions", "zhs"])
    #expect(r.status == 64)
    #expect(
      r.stderr.contains("unknown shell \"zhs\" (did you mean \"zsh\"?); shells: bash, zsh, fish"))
    let none = try Stepflow.run(["completions"])
    #expect(none.status == 64)
  }
}
