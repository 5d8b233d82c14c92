import StepFlowCore
import StepFlowRender
import StepFlowText

/// Plain mode on a terminal as a conversation: one question a line, the line typed is the
/// answer, and commands start with `:` so that no answer is read as one.
///
/// It decides what to ask and what a typed line means; ``FlowRunner`` reads the lines and runs
/// what it says through the script runner (the same update, rules and tasks as every run).
/// - A field: `E-mail (required, e.g. ann@example.com):`, a choice's options numbered above
///   it; the line is the answer (a choice by number, id or title; several numbers or names
///   separated by commas; y/n for a confirm); an empty line keeps the value shown in
///   brackets, or moves on when nothing is needed.
/// - A step's tabs: which tab, by number or title.
/// - The end of a step: what Enter does (`Next: Your plan`, `Run: Build`, `Finish`).
/// - `:back`, `:next`, `:quit`, `:help`… — any script command after a `:`; `::text`
///   answers `:text`.
package struct PlainConversation: Sendable {
  /// What is being asked.
  package enum Question: Equatable, Sendable {
    /// A field of the step (`tab` is the tab it is on, if it is on one).
    case field(FieldSpec, tab: Int?)
    /// Which of the step's tabs.
    case tab
    /// The step's questions are done: what Enter does next.
    case proceed(FlowMachine.EnterEffect)
    /// A rating flow: how many stars.
    case rating(max: Int)
    /// The y/n question of quit or reset.
    case confirmation
    /// The step's command failed: Enter retries it; `others` are the other ways on (Back where
    /// there is a step before, Skip for an optional command, Quit), as its buttons offer them.
    case taskFailed(others: [TaskAction])

    /// The field asked, and the tab it is on (`nil`: not a field's question).
    package var field: (spec: FieldSpec, tab: Int?)? {
      if case .field(let spec, let tab) = self { return (spec, tab) }
      return nil
    }
  }

  /// What a typed line means.
  package enum Reply: Equatable, Sendable {
    /// Give the field this text, as `set FIELD=TEXT` does.
    case answer(field: String, text: String)
    /// Keep the value and go on to the next question.
    case keep
    /// Run this command (navigation, finishing, a tab, a command typed after `:`).
    case command(String)
    /// Say this and ask the same question again.
    case again(String)
    /// The conversation's help.
    case help
  }

  /// The step the questions are about, and how far they have got on it.
  private var step: Int?
  private var position = 0

  package init() {}

  /// Whether the flow has moved to another step since the last question (its words are
  /// then said before the next question); the questions start again there.
  package mutating func arrived(_ state: FlowState) -> Bool {
    let current = state.progression.current
    guard current != step else { return false }
    step = current
    position = 0
    return true
  }

  /// Starts the step's questions again (after Next refused, or a command changed the step).
  package mutating func restartStep() { position = 0 }

  /// The flow started over: the step it is on is told again and asked from its first question,
  /// as on arriving there.
  package mutating func startOver() {
    step = nil
    position = 0
  }

  /// The questions of the current step, in the order the screen has them: its own fields,
  /// its tabs, the chosen tab's fields; then what Enter does.
  package func questions(_ program: FlowProgram) -> [Question] {
    let state = program.state
    if state.pendingConfirmation != nil { return [.confirmation] }
    if program.flow.navigation == .rating {
      return [.rating(max: program.flow.steps.count)]
    }
    var list: [Question] = []
    if let editor = state.editor {
      // The fields a step's screen answers are asked too, first, as the screen comes first.
      list += (editor.screenForm.fields + editor.form.fields).map { .field($0.spec, tab: nil) }
      if !editor.tabForms.isEmpty {
        list.append(.tab)
        list += (editor.tabForm?.fields ?? []).map { .field($0.spec, tab: editor.selectedTab) }
      }
    }
    if let current = state.progression.current,
      FlowMachine.taskPhase(ofStep: current, state, program.flow) == .failed
    {
      let actions = FlowMachine.taskActions(ofStep: current, state, program.flow)
      list.append(.taskFailed(others: actions.filter { $0 != .retry }))
    } else {
      list.append(.proceed(FlowMachine.enterEffect(state, program.flow)))
    }
    return list
  }

  /// The question to ask now.
  package func current(_ program: FlowProgram) -> Question {
    let list = questions(program)
    return list[min(position, list.count - 1)]
  }

  /// Goes on to the next question of the step.
  package mutating func advance() { position += 1 }

  /// Whether the question asked now is the last of its step's questions before Enter's.
  package func isLastField(_ program: FlowProgram) -> Bool {
    let list = questions(program)
    return position + 1 < list.count && list.count >= 2
      && { if case .proceed = list[position + 1] { return true } else { return false } }()
  }

  /// The question in words: a choice's options numbered, then the prompt line (no newline
  /// after it: the answer is typed there).
  package func prompt(_ question: Question, _ program: FlowProgram) -> String {
    switch question {
    case .confirmation:
      return (program.state.pendingConfirmation?.question ?? "y/n") + ": "
    case .rating(let max):
      let rated = program.state.rating > 0 ? " [\(program.state.rating)]" : ""
      return "Rating (1 to \(max))\(rated): "
    case .tab:
      let step = program.flow.steps[program.state.editor?.step ?? 0]
      let selected = program.state.editor?.selectedTab ?? 0
      var lines = step.tabs.enumerated().map { "  \($0.offset + 1)) \($0.element.title)" }
      let name = step.tabsField.flatMap { id in step.allFields.first { $0.id == id }?.label }
      lines.append("\(name ?? step.title) [\(step.tabs[selected].title)]: ")
      return lines.joined(separator: "\n")
    case .taskFailed(let others):
      let name = program.state.progression.current.map { FlowMachine.taskName($0, program.flow) }
      let ways = others.map { ":" + $0.rawValue }.joined(separator: ", ")
      return "\(name ?? "The step's command") failed: Enter retries, or \(ways): "
    case .proceed(let effect):
      switch effect {
      case .nextStep:
        let next = nextStepTitle(program).map { "Next: \($0)" } ?? "Next"
        return "\(next) (Enter): "
      case .finish: return "Finish (Enter): "
      case .runTask:
        let name = program.state.progression.current.map {
          FlowMachine.taskName($0, program.flow)
        }
        return "Run: \(name ?? "the step's command") (Enter): "
      case .back: return "Back (Enter): "
      case .nextField: return "Next (Enter): "
      }
    case .field(let spec, let tab):
      var lines = Self.optionLines(spec.kind.options)
      var notes = [spec.requiredWords].compactMap { $0 }
      if let help = spec.help { notes.append(help) }
      switch spec.kind {
      case .text(let placeholder, _, _):
        // The field's own help says its rule in the author's words, when it has one.
        if spec.help == nil, let length = spec.lengthWords { notes.append(length) }
        if !placeholder.isEmpty { notes.append("e.g. " + placeholder) }
      case .confirm: notes.append("y/n")
      case .multichoice: notes.append("numbers or names, separated by commas")
      case .rating(let max): notes.append("1 to \(max)")
      case .date(let rules): notes.append(rules.formatWords)
      case .number(let rules): if let range = rules.rangeWords { notes.append(range) }
      default: break
      }
      // A help text that says a rule again is said once.
      var said: [String] = []
      for note in notes where !said.contains(note) { said.append(note) }
      var line = spec.label + (said.isEmpty ? "" : " (" + said.joined(separator: ", ") + ")")
      if let shown = shownValue(spec, tab: tab, program) { line += " [\(shown)]" }
      lines.append(line + ": ")
      return lines.joined(separator: "\n")
    }
  }

  /// A list's options numbered as a question shows them (`  2) Team`), at most
  /// ``FlowRunner/listedOptions`` of them; the rest are chosen by name.
  package static func optionLines(_ options: [ChoiceOption]) -> [String] {
    var lines = options.prefix(FlowRunner.listedOptions).enumerated().map { i, option in
      "  \(i + 1)) " + option.title + (option.disabledReason.map { " (\($0))" } ?? "")
    }
    if options.count > FlowRunner.listedOptions {
      lines.append("  … and \(options.count - FlowRunner.listedOptions) more: type one's name")
    }
    return lines
  }

  /// The field being asked, as the step's editor holds it now (on its tab, if it is on one).
  private func field(_ spec: FieldSpec, tab: Int?, _ program: FlowProgram) -> Field? {
    program.state.editor?.form(holding: spec.id, tab: tab)?.fields.first { $0.id == spec.id }
  }

  /// The value a field has now as a `set` command takes it (`""`: none).
  package func valueText(_ spec: FieldSpec, tab: Int?, _ program: FlowProgram) -> String {
    field(spec, tab: tab, program)?.value?.dataText ?? ""
  }

  /// The value a field has now, as the brackets show it (`nil`: none); a secure field's is
  /// never shown.
  private func shownValue(_ spec: FieldSpec, tab: Int?, _ program: FlowProgram) -> String? {
    guard let value = field(spec, tab: tab, program)?.value else { return nil }
    if case .text(_, true, _) = spec.kind { return "hidden" }
    if case .choices(let ids) = value, ids.isEmpty { return nil }
    if value == .text("") { return nil }
    return spec.readableText(value)
  }

  private func nextStepTitle(_ program: FlowProgram) -> String? {
    guard let current = program.state.progression.current else { return nil }
    let answers = program.state.answers
    for index in (current + 1)..<program.flow.steps.count
    where program.flow.steps[index].when?.holds(answers: answers) ?? true {
      return program.flow.resolvedStep(index, answers: answers).title
    }
    return nil
  }

  /// What `line` means as the answer to `question`.
  package func reply(to line: String, for question: Question, _ program: FlowProgram) -> Reply {
    let typed = line.hasSuffix("\r") ? String(line.dropLast()) : line
    let word = FieldSpec.trimmed(typed)
    // A command: `:back`, `:quit`, `:set email=a@b.co` …; `::x` is the answer `:x`.
    if word.hasPrefix("::") {
      return answerReply(String(word.dropFirst()), for: question, program)
    }
    if word.hasPrefix(":") {
      let command = FieldSpec.trimmed(String(word.dropFirst()))
      if command.isEmpty || command == "help" || command == "?" { return .help }
      return .command(command)
    }
    return answerReply(typed, for: question, program)
  }

  private func answerReply(_ typed: String, for question: Question, _ program: FlowProgram)
    -> Reply
  {
    let word = FieldSpec.trimmed(typed).lowercased()
    switch question {
    case .confirmation:
      if ["y", "yes"].contains(word) { return .command("press y") }
      if ["n", "no"].contains(word) { return .command("press n") }
      return .again("answer y or n")
    case .rating(let max):
      if word.isEmpty, program.state.rating > 0 { return .command("enter") }
      guard let n = Int(word), (1...max).contains(n) else {
        return .again("type a number from 1 to \(max)")
      }
      return .command("rate \(n)")
    case .proceed(let effect):
      guard word.isEmpty else {
        return .again("press Enter to go on, or type a command after \":\" (:help lists them)")
      }
      switch effect {
      case .finish: return .command("finish")
      case .nextStep: return .command("next")
      case .runTask, .back, .nextField: return .command("enter")
      }
    case .taskFailed(let others):
      guard word.isEmpty else {
        let ways = others.map { ":" + $0.rawValue }
        let listed = ways.dropLast().joined(separator: ", ") + (ways.count > 1 ? " or " : "")
        return .again("press Enter to run it again, or type " + listed + (ways.last ?? ""))
      }
      return .command("retry")
    case .tab:
      guard !word.isEmpty else { return .keep }
      let step = program.flow.steps[program.state.editor?.step ?? 0]
      if let n = Int(word), (1...step.tabs.count).contains(n) { return .command("tab \(n)") }
      if let i = step.tabs.firstIndex(where: {
        $0.title.lowercased() == word || $0.id.lowercased() == word
      }) {
        return .command("tab \(i + 1)")
      }
      let names = step.tabs.map(\.title)
      return .again(
        "no tab \(quoted(typed))" + Suggestions.hint(for: typed, in: names)
          + "; type a number from 1 to \(step.tabs.count) or a name: "
          + names.joined(separator: ", "))
    case .field(let spec, _):
      if word.isEmpty { return .keep }
      return .answer(field: spec.id, text: Self.answerText(typed, for: spec))
    }
  }

  /// What a typed line means for a field: a choice's option by its number; a multichoice's
  /// numbers or names, separated by commas, as option ids; anything else as typed.
  package static func answerText(_ line: String, for spec: FieldSpec) -> String {
    let options = spec.kind.options
    guard !options.isEmpty else { return line }
    func id(_ item: Substring) -> String {
      let trimmed = FieldSpec.trimmed(String(item))
      // An option whose id is the text itself wins over the numbering (ids "1", "2" …).
      if options.contains(where: { $0.id == trimmed }) { return trimmed }
      if let n = Int(trimmed), n >= 1, n <= options.count { return options[n - 1].id }
      return trimmed
    }
    switch spec.kind {
    case .choice: return id(Substring(line))
    case .multichoice: return line.split(separator: ",").map(id).joined(separator: ",")
    default: return line
    }
  }

  /// The problem of a field's value now, if any: after an answer was given to it, or what an
  /// empty line means (going on, or that it needs an answer).
  package func problem(_ spec: FieldSpec, tab: Int?, _ program: FlowProgram) -> String? {
    field(spec, tab: tab, program)?.validate(in: program.state.context)?.message(for: .unicode)
  }

  /// The conversation's help: how to answer, and the commands.
  package static let help = """
    Type the answer to the question and press Enter. An empty line keeps the value
    in [brackets], or goes on when nothing is needed. A choice takes its number or
    its name (several, separated by commas, where several may be picked); yes/no
    takes y or n. Commands start with ":" so that no answer is taken for one:
      :back       undo this step and go back    :next     on to the next step
      :previous   look at the step before       :finish   finish (on the last step)
      :tab N      choose tab N                  :quit     give up (asks first)
      :retry :skip :stop   a step's command     :help     this help
      :set ID=VALUE        answer any field of the step by its id
    An answer that starts with ":" is typed with two: "::30" answers ":30".

    """
}
