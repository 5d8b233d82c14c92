import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

extension FlowProgram {
  /// Keys that arrived together: a run of printable characters typed into a text field is
  /// inserted at once (a burst of typing without bracketed paste costs as much as a paste of
  /// it), every other key goes through ``handle(_:at:)``; a key that asks for the editor ends
  /// the keys.
  package mutating func handle(keys: [Key], at now: Duration) -> ProgramAction {
    var index = keys.startIndex
    while index < keys.endIndex {
      if !isTooSmall, !state.showsHelp, state.pendingConfirmation == nil,
        state.status == .running, focusContext == .textField
      {
        var typed = ""
        var end = index
        while end < keys.endIndex, case .character(let character) = keys[end],
          KeyBindings.binding(for: keys[end], in: .textField, remaps: state.keyRemaps)?.action
            == .edit
        {
          typed.append(character)
          end += 1
        }
        if end > index + 1 {
          transition = nil
          if let outcome = FlowMachine.perform(
            .edit, key: .paste(typed), state: &state, flow: flow)
          {
            react(to: outcome, leaving: state, at: now)
          }
          index = end
          continue
        }
      }
      if case .exit(let code) = handle(.key(keys[index]), at: now) { return .exit(code) }
      index += 1
      // Ctrl-E asked for the editor: the terminal goes to it now, and what was typed after
      // Ctrl-E in the same read is dropped, as the input the editor leaves unread is.
      if state.editRequest != nil, !editorRunning { break }
    }
    return statusAction
  }

  /// What the loop does after an event: go on, or exit with the flow's code.
  private var statusAction: ProgramAction {
    switch state.status {
    case .running: return .continue
    case .finished: return .exit(ExitCode.finished)
    case .cancelled: return .exit(ExitCode.notFinished)
    }
  }

  package mutating func handle(_ event: TerminalEvent, at now: Duration) -> ProgramAction {
    switch event {
    case .key(let key) where isTooSmall:
      // The "terminal too small" screen shows only how to quit (or the y/n question): a key
      // acts only as that says, never on a step the user cannot see.
      if let binding = KeyBindings.binding(for: key, in: focusContext, remaps: state.keyRemaps),
        [.command(.quit), .confirm, .dismiss].contains(binding.action)
      {
        press(key, at: now)
      }
    case .key(.mouse(let event)):
      mouse(event, at: now)
    case .key(let key):
      press(key, at: now)
    case .tick:
      holdStep(at: now)
      apply(.tick(milliseconds: 0), at: now)
    case .resize(let width, let height):
      screenSize = (width, height)
    case .edited(let result):
      edited(result, at: now)
    case .input, .inputClosed:
      break
    case .task(let event):
      receive(event, at: now)
    }
    return statusAction
  }

  /// News of a task: its output and progress for the screen; its end for the state (the
  /// answers it gave, the next step in an automatic run, the effects that follow).
  /// - Returns: what the end did (`nil` for other news, and the end of a run that was
  ///   replaced): a check's refusal, a move.
  @discardableResult
  package mutating func receive(_ event: TaskEvent, at now: Duration) -> Outcome? {
    tasks.receive(event, at: now)
    guard case .ended(let id, let end) = event else { return nil }
    let before = stateBeforeChange()
    switch id.subject {
    case .options, .check, .stepCheck:
      let errors = tasks.fieldRunEnded(id)
      guard
        let outcome = FlowMachine.fieldTaskEnded(
          id, end, errorOutput: errors, state: &state, flow: flow)
      else { return nil }
      if case .changed = outcome { message = nil }
      react(to: outcome, leaving: before, at: now)
      return outcome
    default: break
    }
    guard let outcome = FlowMachine.taskEnded(id, end, state: &state, flow: flow) else {
      return nil
    }
    // The message of a refusal the task's end lifts (the run had not ended) goes with it.
    if case .changed = outcome { message = nil }
    react(to: outcome, leaving: before, at: now)
    return outcome
  }

  package mutating func takeEffects() -> [TaskEffect] { tasks.takeEffects() }

  /// The screen: the wizard's, or a question's rows (at most `height`; `--frames` prints them).
  package func view(width: Int, height: Int, at now: Duration) -> Canvas {
    if options.layout == .question {
      return QuestionView(program: self, now: now).render(width: width, maxHeight: height)
    }
    // A slide's frame that only the slide and the bar change is drawn by the program alone.
    if let canvas = keptSlideFrame(width: width, height: height, at: now) { return canvas }
    return FlowView(program: self, now: now).render(width: width, height: height)
  }

  package func nextDeadline(after now: Duration) -> Duration? {
    // The soonest of them, kept as they come (asked at every frame of an animation).
    var soonest: Duration?
    func consider(_ deadline: Duration?) { soonest = Self.earlier(soonest, deadline) }
    consider(transition?.timing.nextDeadline(after: now))
    consider(navigationBar.nextDeadline(after: now))
    consider(tabs?.nextDeadline(after: now))
    if let held = heldStep, !held.fired { consider(held.since + Self.longPress) }
    if state.status == .running, let running = stages.running,
      running.step == state.progression.current
    {
      consider(min(running.start + running.duration, now + .milliseconds(50)))
    }
    consider(stages.nextDeadline(after: now))
    consider(tasks.nextDeadline(after: now))
    if state.status == .running, !isTooSmall, !state.showsHelp, !state.showsLog {
      consider(screenFrame(after: now))
    }
    return soonest
  }

  /// The soonest frame after `now` that the program's own views on the current step's screen
  /// ask for (``StepScreenView/nextFrame(after:)``: the step's blocks, the flow's and the
  /// selected tab's); `nil` when none of them changes by itself.
  package func screenFrame(after now: Duration) -> Duration? {
    guard let current = state.progression.current else { return nil }
    // The step asked once (this runs at every frame of an animation).
    let step = flow.steps[current]
    var soonest = Self.earlier(
      ScreenBlock.nextFrame(of: step.blocks, after: now, shownAt: shownAt),
      ScreenBlock.nextFrame(of: flow.blocks, after: now, shownAt: shownAt))
    let tabs = step.tabs
    if !tabs.isEmpty, let tab = state.editor?.selectedTab, tabs.indices.contains(tab) {
      soonest = Self.earlier(
        soonest, ScreenBlock.nextFrame(of: tabs[tab].blocks, after: now, shownAt: shownAt))
    }
    return soonest
  }

  /// The earlier of two moments, either of which may be none.
  static func earlier(_ a: Duration?, _ b: Duration?) -> Duration? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
  }

  /// The focus in words for plain mode: `E-mail (paypal_email)`, `tab bar`, `Next button`.
  package static func focusText(_ editor: StepEditor) -> String {
    switch editor.focus {
    case .field, .tabField:
      guard let field = editor.focusedField else { return "none" }
      return "\(field.spec.label) (\(field.id))"
    case .tabBar: return "tab bar"
    case .back: return "Back button"
    case .next: return "Next button"
    case .screen:
      let ids = editor.screenForm.fields.map { "\($0.spec.label) (\($0.id))" }
      return "the step's screen: " + ids.joined(separator: ", ")
    case nil: return "none"
    }
  }

  /// The current screen in words, for plain mode and screen readers: where the flow stands,
  /// the navigation bar, what the step shows, the tab bar, the fields and the buttons — no
  /// redraws, one line each.
  package func accessibleText() -> [String] {
    let glyphs = Glyphs.for(options.glyphs)
    var lines = [
      StepStrip.describe(flow: flow, progression: state.progression, answers: state.answers)
    ]
    guard let current = state.progression.current else {
      lines += blockWords(of: nil)
      if let message { lines.append(message) }
      return lines.map { Symbols.asciiSafe(Sanitizer.sanitize($0), style: glyphs.style) }
    }
    let step = flow.resolvedStep(current, answers: state.answers)
    if flow.navigation != .rating { lines.append(navigationBar.accessibleText) }
    lines += blockWords(of: step)
    if let editor = state.editor {
      lines += editor.form.accessibleLines(glyphs: glyphs, context: state.context)
      if let tabs, let tabForm = editor.tabForm {
        lines.append(step.title + " — " + tabs.accessibleText)
        lines += StepView.blockLines(
          step.tabs[editor.selectedTab].blocks, rating: state.rating, context: wordsContext)
        lines += tabForm.accessibleLines(glyphs: glyphs, context: state.context)
      }
    }
    let task = taskDrawing(at: .zero, theme: flow.theme, glyphs: glyphs)
    if let task {
      lines += taskLines(task)
    }
    if let actions = task?.actions {
      lines.append(actions.accessibleText)
    } else if let editor = state.editor, flow.navigation == .buttons, task?.phase != .running {
      var nextTitle = state.progression.isAtLastStep ? "Finish" : "Next"
      if case .ready(let changed)? = task?.phase { nextTitle = changed ? "Run again" : "Run" }
      lines.append(
        ButtonRow(
          backEnabled: state.progression.reachedCount > 1 && current > 0,
          nextTitle: nextTitle, focus: editor.focus, theme: flow.theme, glyphs: glyphs
        ).accessibleText)
    }
    if let actions = task?.actions {
      // A task's buttons take the focus while they show (Enter is the focused one).
      lines.append("Focus: \(actions.selected.title) button")
    } else if let editor = state.editor {
      lines.append("Focus: " + FlowProgram.focusText(editor))
    }
    if let line = fieldTaskLine(at: .zero, glyphs: glyphs, plain: true) { lines.append(line) }
    if let message { lines.append(message) }
    if let asked = state.pendingConfirmation { lines.append(asked.question) }
    // Text from wizard files and answers: never a raw control character.
    return lines.map { Symbols.asciiSafe(Sanitizer.sanitize($0), style: glyphs.style) }
  }
}
