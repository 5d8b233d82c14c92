import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

extension FlowRunner {
  /// How a conversation ended, when it did not run to the flow's end.
  package enum ConversationEnd: Equatable, Sendable {
    /// The flow ended (finished, or cancelled by `:quit`).
    case flowEnded
    /// The person gave up (Ctrl-D): a cancel, nothing on stdout.
    case gaveUp
    /// A command ended the run early (a signal while a task ran, a state file that failed):
    /// the caller has its code.
    case stopped
    /// The run must end with this code (a timeout, a signal, a state file that failed).
    case exit(Int32)
  }

  /// The conversation of plain mode on a terminal (``PlainConversation``): each question
  /// told on the terminal, each line read from it — a secure field's with echo off
  /// (``SecretLine``) — and what it means run through the script runner.
  /// - Parameters:
  ///   - terminal: The terminal the person types on.
  ///   - settings: The run's settings (the timeout, the glyphs, where messages go).
  ///   - tell: Writes text on the terminal.
  ///   - program: The flow as it stands now.
  ///   - run: Runs a command; `false` when the run must stop (the caller has the code).
  ///   - refusal: What the last command was refused with, if it was.
  ///   - confirm: Asks y/n instead of running `quit` or `reset` once something is answered;
  ///     whether it asked.
  /// - Returns: How it ended.
  package static func converse(
    terminal: Int32, settings: RunSettings, tell: (String) -> Void,
    program: () -> FlowProgram, run: (Command) -> Bool, refusal: () -> String?,
    confirm: (Command) -> Bool
  ) -> ConversationEnd {
    var conversation = PlainConversation()
    var reader = LineReader(fd: terminal)
    let glyphs = Glyphs.for(settings.glyphs)
    /// Tells text from the wizard and answers, each line made safe to show.
    func say(_ text: String) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        Symbols.asciiSafe(Sanitizer.sanitize(String($0)), style: glyphs.style)
      }
      tell(lines.joined(separator: "\n"))
    }
    /// Runs a command; `nil` when the run must stop, else the refusal (empty when none).
    func perform(_ command: Command) -> String? {
      guard run(command) else { return nil }
      return refusal() ?? ""
    }
    var first = true
    while program().state.status == .running {
      let now = program()
      if conversation.arrived(now.state) {
        say((first ? "" : "\n") + now.conversationIntro().joined(separator: "\n") + "\n")
        first = false
      }
      let question = conversation.current(now)
      say(conversation.prompt(question, now))
      var secure = false
      if case .field(let spec, _) = question, case .text(_, true, _) = spec.kind { secure = true }
      let typed: LineReader.Line
      switch readAnswer(
        secure: secure, terminal: terminal, reader: &reader, timeout: settings.timeout, tell: tell)
      {
      case .read(let read): typed = read
      case .interrupted(let code): return .exit(code)
      }
      let line: String
      switch typed {
      case .line(let text): line = text
      case .end:
        tell("\n")
        return .gaveUp
      case .timedOut:
        tell("\n")
        settings.report("no input for \(settings.timeoutText) seconds")
        return .exit(ExitCode.timeout)
      case .tooLong:
        say(
          "that line is longer than \(Platform.sizeText(Platform.maxLineLength)), the most a line may be\n"
        )
        continue
      }
      switch conversation.reply(to: line, for: question, now) {
      case .help:
        say(PlainConversation.help)
      case .again(let message):
        say(message + "\n")
      case .keep:
        if case .field(let spec, let tab) = question,
          let problem = conversation.problem(spec, tab: tab, now)
        {
          say(problem + "\n")
          continue
        }
        guard advance(&conversation, from: question, program: program, perform: perform, say: say)
        else { return .stopped }
      case .answer(let field, let text):
        let previous = question.field.map { conversation.valueText($0.spec, tab: $0.tab, now) }
        guard let refused = perform(.set(field: field, value: text)) else { return .stopped }
        if !refused.isEmpty {
          say(refused + "\n")
          continue
        }
        if let (spec, tab) = question.field,
          let problem = conversation.problem(spec, tab: tab, program())
        {
          say(problem + "\n")
          // An answer that breaks a rule is not kept: the value before it is the one offered
          // in [brackets] again, and an empty line keeps that (or, with none, goes on).
          if perform(.set(field: field, value: previous ?? "")) == nil { return .stopped }
          continue
        }
        guard advance(&conversation, from: question, program: program, perform: perform, say: say)
        else { return .stopped }
      case .command(let text):
        let command: Command
        do {
          // The one-letter words of plain mode (`:q`, `:n`, `:b`) are their commands.
          command = try Command.parse(Command.shortcuts[text] ?? text)
        } catch {
          // A secret is never shown again, not even a word of it typed as a command by mistake.
          say(
            secure
              ? "that is no command (:help lists them; \"::\" starts an answer with \":\")\n"
              : "\(quoted(":" + text)): \(error.message) (:help lists the commands)\n")
          continue
        }
        // quit and reset ask y/n first once something is answered, as their keys do.
        if confirm(command) { continue }
        let before = program().state.progression.current
        let resets =
          command == .reset
          || (program().state.pendingConfirmation == .reset && command == .press(.character("y")))
        guard let refused = perform(command) else { return .stopped }
        // Started over: the first step is told again and asked from its first question, even
        // when the flow was already on it.
        if resets, refused.isEmpty { conversation.startOver() }
        if !refused.isEmpty { say(refused + "\n") }
        if case .tab = question, case .tab = command { conversation.advance() }
        if program().state.progression.current == before, !refused.isEmpty {
          // Next or Finish refused: the step's questions again, from the first.
          conversation.restartStep()
        }
      }
    }
    return .flowEnded
  }

  /// A line read as the answer to a question, or the signal that came while a secret was read.
  package enum AnswerRead: Equatable, Sendable {
    case read(LineReader.Line)
    /// The run must end with this code (a signal came while echo was off).
    case interrupted(Int32)
  }

  /// Reads the answer to a question: a secure field's on the terminal with echo off
  /// (``SecretLine``), anything else (or a line typed ahead, already read and shown as it was
  /// typed) by `reader`.
  package static func readAnswer(
    secure: Bool, terminal: Int32?, reader: inout LineReader, timeout: Duration?,
    tell: (String) -> Void
  ) -> AnswerRead {
    guard secure, let terminal, !reader.hasBufferedInput else {
      return .read(reader.nextLine(timeout: timeout))
    }
    switch SecretLine.read(terminal, timeout: timeout) {
    case .line(let text):
      tell("\n")  // The Enter of a secret is not echoed.
      return .read(.line(text))
    case .end: return .read(.end)
    case .timedOut: return .read(.timedOut)
    case .interrupted(let code):
      tell("\n")
      return .interrupted(code)
    }
  }

  /// Goes on to the next question once `answered` has its answer.
  ///
  /// After the last field of a step the step goes on at once, when what Enter does next is Next; finishing and running a
  /// command are asked first.
  /// - Returns: `false` when the run must stop.
  private static func advance(
    _ conversation: inout PlainConversation, from answered: PlainConversation.Question,
    program: () -> FlowProgram, perform: (Command) -> String?, say: (String) -> Void
  ) -> Bool {
    conversation.advance()
    guard case .field = answered, case .proceed(.nextStep) = conversation.current(program())
    else { return true }
    guard let refused = perform(.next) else { return false }
    if !refused.isEmpty {
      say(refused + "\n")
      conversation.restartStep()
    }
    return true
  }
}
