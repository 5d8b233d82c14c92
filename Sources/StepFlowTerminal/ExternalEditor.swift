import Glibc
import StepFlowCore
import StepFlowText

/// What a program asks to edit in an editor that takes the terminal over (Ctrl-E in a
/// multi-line text).
package struct ExternalEdit: Equatable, Sendable {
  /// The text to start with.
  package var text: String
  /// The editor as `$VISUAL` or `$EDITOR` gives it: a command line for `/bin/sh` (`vim`,
  /// `code --wait`), run with the file's name as its one argument.
  package var editor: String
  /// Where the temporary file goes (`$TMPDIR`, else `/tmp`).
  package var folder: String
  /// The most bytes read back; a larger file is refused and the text kept.
  package var limit: Int

  package init(text: String, editor: String, folder: String, limit: Int) {
    self.text = text
    self.editor = editor
    self.folder = folder
    self.limit = limit
  }

  /// The request for `text`, from an environment: `$VISUAL`, else `$EDITOR`, else `vi`.
  package static func from(
    text: String, environment: [String: String], limit: Int
  ) -> ExternalEdit {
    func set(_ name: String) -> String? {
      environment[name].flatMap { FieldSpec.trimmed($0).isEmpty ? nil : $0 }
    }
    let folder = set("TMPDIR") ?? "/tmp"
    return ExternalEdit(
      text: text, editor: set("VISUAL") ?? set("EDITOR") ?? "vi", folder: folder, limit: limit)
  }
}

/// Runs an editor on a temporary file, with the terminal as its input and output.
///
/// The file is made with `mkstemps` (mode 0600: only the user can read it), holds the text,
/// and is removed whatever happens. The editor runs as `/bin/sh -c '<editor> "$1"' sh FILE`
/// (as git runs `$EDITOR`): the editor variable may have arguments, and the file's name is
/// an argument, never shell code; the text never reaches a shell at all. The child has every
/// signal at its default action and stays in stepflow's process group, in the foreground,
/// so that the terminal is its to read. While it runs, stepflow waits; a signal that would
/// end stepflow (SIGTERM, SIGHUP…) stops the editor first (SIGTERM, then SIGKILL), so no
/// editor outlives it.
package enum ExternalEditor {
  /// How a run ended, and the signals that came meanwhile that the caller still has to
  /// handle (a resize, a signal to end on).
  package struct Outcome {
    package var result: EditResult
    package var signals: [Int32]
  }

  /// Runs the editor on `edit.text` with `terminal` as its stdin, stdout and stderr.
  /// - Parameters:
  ///   - edit: The editor to run and the text to hand it.
  ///   - terminal: The terminal's file descriptor, given to the editor.
  ///   - signals: the session's signal pipe, watched while the editor runs.
  /// - Returns: The edited text (or why there is none) and the signals that came meanwhile.
  package static func run(_ edit: ExternalEdit, terminal: Int32, signals: SignalPipe) -> Outcome {
    let editorName = Self.name(of: edit.editor)
    var template = Array((edit.folder + "/stepflow-XXXXXX.txt").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemps(base, 4)
    }
    guard fd >= 0 else {
      return Outcome(
        result: .failed(
          "cannot make a temporary file in \(Sanitizer.sanitize(edit.folder)) for the editor"
            + " (\(Platform.lastErrorDescription)); the text is kept"),
        signals: [])
    }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    _ = fchmod(fd, 0o600)
    let bytes = Array(edit.text.utf8)
    let written = Platform.write(fd, bytes)
    close(fd)
    guard written else {
      return Outcome(
        result: .failed("cannot write the temporary file for the editor; the text is kept"),
        signals: [])
    }
    let pid: pid_t
    switch spawn(edit.editor, file: path, terminal: terminal) {
    case .failure(let why): return Outcome(result: .failed(why.message), signals: [])
    case .success(let child): pid = child
    }
    let (status, pending) = wait(for: pid, signals: signals)
    guard let status else {
      return Outcome(result: .failed("the editor was stopped; the text is kept"), signals: pending)
    }
    if status.exited, status.code == 127 {
      return Outcome(
        result: .failed(
          "\(editorName) was not found; set $VISUAL or $EDITOR (the text is kept)"),
        signals: pending)
    }
    if status.exited, status.code != 0 {
      return Outcome(
        result: .failed(
          "\(editorName) exited with status \(status.code) (the text is kept)"),
        signals: pending)
    }
    if !status.exited {
      return Outcome(
        result: .failed(
          "\(editorName) was ended by signal \(status.code) (the text is kept)"),
        signals: pending)
    }
    let read: [UInt8]
    do throws(Platform.FileError) {
      read = try Platform.readFile(path, limit: edit.limit)
    } catch {
      return Outcome(
        result: .failed(
          "the edited text cannot be read back (\(error.description)); the text is kept"),
        signals: pending)
    }
    var text = String(decoding: read, as: UTF8.self)
    // Editors end a file with a newline the text did not have.
    if text.hasSuffix("\n"), !edit.text.hasSuffix("\n") { text.removeLast() }
    return Outcome(result: .edited(text), signals: pending)
  }

  /// The editor as messages name it: the last part of its command's first word
  /// (`/usr/bin/vim -u NONE` is `vim`), sanitized.
  static func name(of command: String) -> String {
    let word = FieldSpec.trimmed(command).split(separator: " ").first.map(String.init) ?? command
    let last = word.split(separator: "/").last.map(String.init) ?? word
    return Sanitizer.sanitize(last.isEmpty ? command : last)
  }

  /// How a child ended: its exit code, or (not `exited`) the signal that ended it.
  struct Status {
    var exited: Bool
    var code: Int32
  }

  /// Starts `/bin/sh -c '<editor> "$1"' sh FILE` on the terminal.
  private static func spawn(_ editor: String, file: String, terminal: Int32) -> Result<
    pid_t, EditFailure
  > {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for target: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, terminal, target) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in SignalPipe.handled + [SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    let script: String = editor + " \"$1\""
    let words: [String] = ["sh", "-c", script, "sh", file]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    guard result == 0 else {
      return .failure(
        EditFailure(
          "cannot start /bin/sh for the editor (\(String(cString: strerror(result)))); the text is kept"
        ))
    }
    return .success(pid)
  }

  /// Waits for the child, watching the signal pipe: the keyboard's signals (Ctrl-C, Ctrl-\,
  /// Ctrl-Z) reach the editor too and are the editor's; a signal that ends stepflow ends the
  /// editor first.
  ///
  /// Returns the status (`nil` when stepflow stopped it) and the signals left for the caller.
  private static func wait(for pid: pid_t, signals: SignalPipe) -> (Status?, [Int32]) {
    var pending: [Int32] = []
    var stopping: Duration? = nil
    while true {
      var status: Int32 = 0
      let done = Platform.retryingInterrupts { waitpid(pid, &status, WNOHANG | WUNTRACED) }
      if done == pid, status & 0xFF == 0x7F {
        // Stopped (Ctrl-Z in the editor): stepflow is the job the shell sees, not the
        // editor, which would wait for ever; it goes on instead.
        kill(pid, SIGCONT)
        continue
      }
      if done == pid {
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : status & 0x7F
        return (stopping == nil ? Status(exited: exited, code: code) : nil, pending)
      }
      if done < 0 { return (nil, pending) }
      _ = Platform.waitUntilReady(signals.readFD, for: POLLIN, milliseconds: 50)
      for signal in signals.drain() {
        switch signal {
        case SIGINT, SIGQUIT, SIGTSTP, SIGCONT: continue
        case _ where SignalPipe.terminating.contains(signal):
          pending.append(signal)
          if stopping == nil {
            stopping = Platform.monotonicNow()
            kill(pid, SIGTERM)
          }
        default: pending.append(signal)
        }
      }
      if let since = stopping, Platform.monotonicNow() - since > .seconds(2) { kill(pid, SIGKILL) }
    }
  }

  struct EditFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }
}
