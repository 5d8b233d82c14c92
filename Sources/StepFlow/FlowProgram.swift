import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

/// A running flow: the pure state machine plus what the screen needs over time (transitions,
/// messages, the navigation bar's and the tabs' animations, the stages of an automatic run).
///
/// Keys, script commands and ticks all go through it, on a terminal and in a script alike — one
/// program for every mode. What a key does is decided by the pure update
/// (``FlowMachine/handleKey(_:state:flow:)``), the help overlay and the y/n question included.
package struct FlowProgram: TerminalProgram {
  package let flow: FlowDefinition
  package let options: FlowOptions
  package private(set) var state: FlowState
  /// The last refusal or notice, shown on the screen until the next command.
  package private(set) var message: String?
  /// The terminal's size, from its resize events (`nil` before the first, and in scripts).
  package private(set) var screenSize: (width: Int, height: Int)?
  package var transition: StepTransition?
  /// The navigation bar: the previous step under the current one.
  package private(set) var navigationBar: NavigationBar
  /// The current step's tab bar, if it has tabs.
  package private(set) var tabs: Tabs?
  /// The state before the last tab change, whose tab content slides out.
  package var tabOutgoing: FlowState?
  /// Whether steps with a progress stage run it and advance by themselves (`--auto`): each
  /// time such a step is reached, by a key, a script command or an earlier stage.
  package var isAutomatic: Bool { options.auto }
  /// The steps whose stage ran to its end while they stayed reached: shown full, not run
  /// again (un-reaching a step with Back, or starting over, forgets it).
  package private(set) var completedStages: Set<Int> = []
  /// The progress indicators of the stages, in an automatic run.
  package var stages = StageProgress()
  /// The steps' tasks as the screen shows them, the effects they ask for, the output pane.
  package private(set) var tasks = TaskScreen()
  /// The canvases the frames are drawn into, again and again (copies share them).
  package let canvasPool = CanvasPool()

  package init(flow: FlowDefinition, options: FlowOptions, state: FlowState? = nil) {
    self.flow = flow
    self.options = options
    var start = state ?? FlowState(flow: flow, context: options.context)
    start.automatic = options.auto
    // The first step's task starts here when it starts on arrival.
    let fresh = start
    FlowMachine.arrive(&start, flow)
    self.state = start
    minimumHeight = FlowProgram.minimumHeight(of: flow, position: options.position)
    navigationBar = NavigationBar(
      items: FlowProgram.navigationItems(flow: flow, state: start, theme: options.theme),
      duration: options.transitionDuration)
    tabs = FlowProgram.tabBar(flow: flow, state: start, duration: options.transitionDuration)
    updateStage(at: .zero)
    tasks.collect(from: fresh, to: start, flow: flow, at: .zero)
  }

  /// In an automatic run, after the current step may have changed: the stage of a step just
  /// reached starts, or shows full when it completed before; a stage whose step was left is
  /// dismissed.
  private mutating func updateStage(at now: Duration) {
    guard isAutomatic else { return }
    let current = state.progression.current
    completedStages = completedStages.filter { state.progression.isReached($0) }
    if let shown = stages.shown, shown == current { return }
    stages.dismissAll(at: now)
    guard let current, let stage = flow.steps[current].progress else { return }
    let theme = flow.theme(forStep: current)
    if completedStages.contains(current) {
      stages.showCompleted(step: current, stage: stage, theme: theme, at: now)
    } else {
      stages.start(step: current, stage: stage, theme: theme, at: now)
    }
  }

  /// The navigation bar's stack for a state.
  ///
  /// The previous step (for the back title) under the current one; a rating shows the flow's
  /// title. Each tint is the step's accent under the user's theme.
  package static func navigationItems(
    flow: FlowDefinition, state: FlowState, theme preset: ThemePreset = .standard
  ) -> [NavigationItem] {
    let theme = preset.apply(to: flow.theme(forStep: state.progression.current))
    guard flow.navigation != .rating, let current = state.progression.current else {
      return [NavigationItem(title: flow.title, tint: theme.accent)]
    }
    func item(_ index: Int) -> NavigationItem {
      let step = flow.resolvedStep(index, answers: state.answers)
      return NavigationItem(
        title: step.title, prompt: step.prompt, largeTitle: step.largeTitle,
        tint: preset.apply(to: flow.theme(forStep: index)).accent)
    }
    // The back title is the step `previous` goes to: the nearest earlier step that is shown.
    let previous = (0..<current).last { FlowMachine.isShown($0, flow, state.answers) }
    return previous.map { [item($0), item(current)] } ?? [item(current)]
  }

  /// The smallest screen a flow is drawn on: 30×11, the compact layout (see ``minimumHeight``);
  /// every built-in flow and wizard is whole at 40×12 and usable below it, its forms scrolling.
  ///
  /// Smaller, the "terminal too small" screen says how to quit.
  package static let compactMinimum = (width: 30, height: 11)

  package var minimumSize: (width: Int, height: Int) { Self.compactMinimum }

  /// Whether the terminal is smaller than ``minimumSize`` or larger than
  /// ``TerminalSession/maximumSize`` (the session shows the "terminal too small" or "too
  /// large" screen then, and only quitting acts).
  package var isTooSmall: Bool {
    guard let screenSize else { return false }
    let most = TerminalSession.maximumSize
    // Too large is shown the same way: a notice and how to quit, never the flow.
    return screenSize.width < minimumSize.width || screenSize.height < minimumSize.height
      || screenSize.width > most.width || screenSize.height > most.height
  }

  /// `q` quits unless a text field has the focus (there it is typed); while the y/n question
  /// is asked, the question (the too-small screen shows it instead of the flow).
  package var quitHint: String {
    if let asked = state.pendingConfirmation { return asked.question }
    guard let editor = state.editor else { return "q or Ctrl-C to quit" }
    let field: Field?
    switch editor.focus {
    case .field(let i): field = editor.form.fields.indices.contains(i) ? editor.form.fields[i] : nil
    case .tabField(let i):
      field = editor.tabForm?.fields.indices.contains(i) == true ? editor.tabForm?.fields[i] : nil
    default: field = nil
    }
    if let field, field.focusContext.takesLetters { return "Ctrl-C to quit" }
    return "q or Ctrl-C to quit"
  }

  /// The fewest rows that show every step whole in the full layout: the tallest navigation bar, the
  /// strip, the least of a step's screen (a tab bar and a field, a field, or the status), the
  /// buttons and the footer.
  ///
  /// Measured once. Shorter screens get the compact layout
  /// (``FlowView/isCompact(program:height:)``).
  package let minimumHeight: Int

  package static func minimumHeight(of flow: FlowDefinition, position: ExtraContentPosition?) -> Int
  {
    var bar = 2
    var asks = false
    var hasTabs = false
    for step in flow.steps {
      bar = max(bar, 2 + (step.prompt == nil ? 0 : 1) + (step.largeTitle == nil ? 0 : 1))
      asks = asks || !step.fields.isEmpty
      hasTabs = hasTabs || !step.tabs.isEmpty
    }
    let strip = StepStrip(
      flow: flow, progression: Progression(count: flow.steps.count), position: position,
      theme: flow.theme, glyphs: .unicode
    ).height
    let content = hasTabs ? 7 : asks ? 4 : 4
    let buttons = flow.navigation == .buttons ? 2 : 0
    return bar + 1 + strip + 1 + content + buttons + 2
  }

  /// Applies a command at a moment: a transition under way jumps to its end first, so nothing
  /// typed during an animation is lost.
  @discardableResult
  package mutating func apply(_ command: Command, at now: Duration) -> Outcome {
    if case .press(let key) = command {
      return press(key, at: now) ?? .refused("\(key.label()) does nothing here")
    }
    if case .tick = command {
      advanceAutomatically(to: now)
      stages.advance(to: now)
      tasks.advance(to: now)
      if let t = transition, t.timing.isFinished(at: now) { transition = nil }
      return .changed
    }
    transition = nil
    return perform(command, at: now)
  }

  /// Asks the y/n question before quitting or starting over (plain mode's typed `quit` and
  /// `reset`; the keys ask through the pure update).
  package mutating func ask(_ confirmation: Confirmation) {
    state.pendingConfirmation = confirmation
    message = nil
  }

  /// Where the focus is for the keys: the prompt while one is asked, else the step's focus.
  package var focusContext: FocusContext { FlowMachine.focusContext(of: state, flow: flow) }

  /// A key, from the terminal or a script's `press`: it does what the pure update says
  /// (``FlowMachine/handleKey(_:state:flow:)``); the screen follows.
  /// - Returns: what it did; `nil` when the key means nothing here.
  @discardableResult
  package mutating func press(_ key: Key, at now: Duration) -> Outcome? {
    if !state.showsHelp, KeyBindings.binding(for: key, in: focusContext)?.action == .edit {
      // An edit changes the focused field only: no snapshot of the state to leave (holding
      // one made the edit copy the field's text, at every key of a burst of typing).
      transition = nil
      let outcome = FlowMachine.handleKey(key, state: &state, flow: flow)
      if let outcome { react(to: outcome, leaving: state, at: now) }
      return outcome
    }
    let before = stateBeforeChange()
    // The key that closes the help does nothing else; any other ends a transition under way
    // (first: the state it keeps would make the key copy what it changes).
    if !before.showsHelp { transition = nil }
    var outcome = FlowMachine.handleKey(key, state: &state, flow: flow)
    if before.showsHelp { return outcome }
    if state.editRequest != nil, !options.handsOverTerminal {
      // Ctrl-E asked for an editor; without a terminal to give it there is none.
      state.editRequest = nil
      outcome = .refused(
        "Ctrl-E opens $VISUAL or $EDITOR on a terminal; here, give the text with set FIELD=TEXT")
    }
    // The output pane scrolls on the screen's side: the pure update only knows it is open.
    if before.showsLog, let binding = KeyBindings.binding(for: key, in: .logPane),
      binding.action == .scrollLog
    {
      tasks.scroll(
        key, step: state.progression.current ?? 0, rows: max(1, (screenSize?.height ?? 24) - 2))
    }
    guard let outcome, !state.showsHelp else { return outcome }
    react(to: outcome, leaving: before, at: now)
    return outcome
  }

  /// Whether the terminal is with the editor now (between ``takeHandOver()`` and its end).
  private var editorRunning = false

  /// The text Ctrl-E asked to edit, once, for the loop to hand the terminal over.
  package mutating func takeHandOver() -> ExternalEdit? {
    guard !editorRunning, let request = state.editRequest else { return nil }
    editorRunning = true
    return ExternalEdit.from(
      text: request.text, environment: options.context.environment,
      limit: 4 * Field.maxTextLength)
  }

  /// The editor is done: its text goes into the field, or the message says why it does not.
  private mutating func edited(_ result: EditResult, at now: Duration) {
    editorRunning = false
    let before = stateBeforeChange()
    let outcome = FlowMachine.finishEdit(result, state: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
  }

  private mutating func perform(_ command: Command, at now: Duration) -> Outcome {
    let before = stateBeforeChange()
    let outcome = FlowMachine.apply(command, to: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
    return outcome
  }

  /// The state before a change, as ``react(to:leaving:at:)`` needs it: all of it but the
  /// answers and the parked editors, which it takes from the state after the change.
  ///
  /// A copy that shared those would make the change copy them when it writes one (a move
  /// parks an editor and unparks another, a key writes an answer): a cost that grows with the
  /// steps visited and the answers given. The screen a transition leaves shows the answers as
  /// they are after the move (a move changes none that the step it leaves shows) and no parked
  /// editor.
  /// - Complexity: O(1).
  private func stateBeforeChange() -> FlowState {
    var before = state
    before.answers = [:]
    before.parkedEditors = [:]
    return before
  }

  /// What the screen does after a change: messages, transitions, the bar and the tabs, the
  /// tasks' effects.
  private mutating func react(
    to outcome: Outcome, leaving stateBefore: FlowState, at now: Duration
  ) {
    var before = stateBefore
    before.answers = state.answers
    tasks.collect(from: before, to: state, flow: flow, at: now)
    tasks.forget { state.progression.isReached($0) }
    // A pane that opens follows the end.
    if state.showsLog, !before.showsLog { tasks.logTop = nil }
    switch outcome {
    case .refused(let text):
      message = text
    case .startedOver(let from, let to):
      // Starting over runs every stage again, the first step's too.
      completedStages = []
      stages.dismissAll(at: now)
      moved(from: from, to: to, direction: .backward, leaving: before, at: now)
    case .moved(let from, let to, let direction):
      moved(from: from, to: to, direction: direction, leaving: before, at: now)
    case .tabChanged(_, let to):
      message = nil
      let animate = options.animate
      tabs?.select(to, animated: animate, at: now)
      tabOutgoing = before
    default:
      message = nil
    }
    tabs?.isFocused = state.editor?.focus == .tabBar
    updateStage(at: now)
  }

  /// After a step change: the push transition, the navigation bar, the new step's tab bar.
  private mutating func moved(
    from: Int?, to: Int?, direction: Direction, leaving before: FlowState, at now: Duration
  ) {
    message = nil
    if from != to {
      if options.animate {
        transition = StepTransition(
          from: before, direction: direction,
          timing: Transition(start: now, duration: options.transitionDuration))
      }
      navigationBar.setItems(
        FlowProgram.navigationItems(flow: flow, state: state, theme: options.theme),
        direction: direction == .forward ? .fromTrailing : .fromLeading,
        animated: options.animate, at: now)
    }
    tabs = FlowProgram.tabBar(flow: flow, state: state, duration: options.transitionDuration)
    tabOutgoing = nil
  }

  /// The tab bar of the current step, if it has tabs.
  package static func tabBar(flow: FlowDefinition, state: FlowState, duration: Duration) -> Tabs? {
    guard let current = state.progression.current, !flow.steps[current].tabs.isEmpty else {
      return nil
    }
    return Tabs(
      titles: flow.resolvedStep(current, answers: state.answers).tabs.map(\.title),
      selectedIndex: state.selectedTab(ofStep: current),
      isFocused: state.editor?.focus == .tabBar, duration: duration)
  }

  /// In an automatic run, moves on from every step whose progress stage has run its time, each
  /// stage starting where the previous one ended.
  ///
  /// A step that refuses to be left (its fields) stays, its stage shown full.
  private mutating func advanceAutomatically(to now: Duration) {
    while isAutomatic, state.status == .running, let current = state.progression.current,
      let running = stages.running, running.step == current,
      now >= running.start + running.duration
    {
      let end = running.start + running.duration
      stages.advance(to: end)
      stages.end(at: end)
      completedStages.insert(current)
      // Moving on starts the next step's stage at `end`; staying shows this one full.
      _ = perform(.next, at: end)
    }
  }

  // MARK: Mouse

  /// How long a press on the strip is held to be the seed's long press (start over).
  package static let longPress: Duration = .milliseconds(600)

  /// A press on a step of the strip not yet released: released sooner than ``longPress`` it
  /// taps the step; held that long, it starts over.
  package private(set) var heldStep: (index: Int, since: Duration, fired: Bool)?

  /// What a click at a column and row of the screen lands on, as the screen is drawn now.
  package func clickTarget(atColumn column: Int, row: Int) -> ClickTarget? {
    guard let size = screenSize else { return nil }
    var still = self
    still.transition = nil
    let hits = HitMap()
    var view = FlowView(program: still, now: .zero)
    view.hits = hits
    _ = view.render(width: size.width, height: size.height)
    return hits.target(atColumn: column, row: row)
  }

  /// A mouse event: a click on a step taps it (on release; held, it starts over); anywhere
  /// else in a flow driven by taps it is Enter; on a button it presses it, on a tab selects
  /// it, on a field focuses it and on an option, a star or yes/no sets it; the wheel is ↑/↓
  /// where the focus is (a list's highlight, the form).
  /// - Returns: what it did; `nil` when it means nothing here.
  @discardableResult
  package mutating func mouse(_ event: MouseEvent, at now: Duration) -> Outcome? {
    guard screenSize != nil, !isTooSmall, state.status == .running else { return nil }
    if state.showsHelp {
      // A click closes the help, as any key does.
      guard case .press = event.action else { return nil }
      return press(.escape, at: now)
    }
    // While y/n is asked, only its keys answer.
    guard state.pendingConfirmation == nil else { return nil }
    switch event.action {
    case .press(.left):
      heldStep = nil
      guard let target = clickTarget(atColumn: event.column, row: event.row) else {
        // A flow driven by taps (the delivery) advances on a tap anywhere, as Enter does.
        return flow.navigation == .tap ? press(.enter, at: now) : nil
      }
      if case .step(let index) = target {
        heldStep = (index, now, false)
        return .changed
      }
      return click(target, at: now)
    case .release:
      guard let held = heldStep else { return nil }
      heldStep = nil
      return held.fired ? .changed : click(.step(held.index), at: now)
    case .wheelUp:
      return press(.up, at: now)
    case .wheelDown:
      return press(.down, at: now)
    default:
      return nil
    }
  }

  /// Does what a click means, through the pure update.
  private mutating func click(_ target: ClickTarget, at now: Duration) -> Outcome {
    transition = nil
    let before = stateBeforeChange()
    let outcome = FlowMachine.click(target, state: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
    return outcome
  }

  /// A press on the strip held for ``longPress``: starts over (asking first once something is
  /// answered).
  private mutating func holdStep(at now: Duration) {
    guard let held = heldStep, !held.fired, now - held.since >= Self.longPress else { return }
    heldStep = (held.index, held.since, true)
    let before = stateBeforeChange()
    let outcome = FlowMachine.longPress(state: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
  }

  // MARK: TerminalProgram

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
          KeyBindings.binding(for: keys[end], in: .textField)?.action == .edit
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
      if let binding = KeyBindings.binding(for: key, in: focusContext),
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
    case .options, .check:
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
    return FlowView(program: self, now: now).render(width: width, height: height)
  }

  package func nextDeadline(after now: Duration) -> Duration? {
    var deadlines: [Duration] = []
    if let t = transition, let next = t.timing.nextDeadline(after: now) { deadlines.append(next) }
    if let next = navigationBar.nextDeadline(after: now) { deadlines.append(next) }
    if let next = tabs?.nextDeadline(after: now) { deadlines.append(next) }
    if let held = heldStep, !held.fired { deadlines.append(held.since + Self.longPress) }
    if state.status == .running, let running = stages.running,
      running.step == state.progression.current
    {
      deadlines.append(min(running.start + running.duration, now + .milliseconds(50)))
    }
    if let next = stages.nextDeadline(after: now) { deadlines.append(next) }
    if let next = tasks.nextDeadline(after: now) { deadlines.append(next) }
    return deadlines.min()
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
    case nil: return "none"
    }
  }

  /// The current screen in words, for plain mode and screen readers: where the flow stands,
  /// the navigation bar, what the step shows, the tab bar, the fields and the buttons — no
  /// redraws, one line each.
  package func accessibleText() -> [String] {
    let glyphs = Glyphs.for(options.glyphs)
    let custom = StepScreenContext(
      now: .zero, answers: state.answers, theme: flow.theme, glyphs: glyphs, colorDepth: .none,
      rating: state.rating)
    var lines = [
      StepStrip.describe(flow: flow, progression: state.progression, answers: state.answers)
    ]
    guard let current = state.progression.current else {
      lines += StepView.blockLines(
        flow.resolvedBlocks(answers: state.answers), rating: state.rating, context: custom)
      if let message { lines.append(message) }
      return lines.map { Symbols.asciiSafe(Sanitizer.sanitize($0), style: glyphs.style) }
    }
    let step = flow.resolvedStep(current, answers: state.answers)
    if flow.navigation != .rating { lines.append(navigationBar.accessibleText) }
    lines += StepView.blockLines(
      step.blocks + flow.resolvedBlocks(answers: state.answers), rating: state.rating,
      context: custom)
    if step.blocks.contains(.summary) || flow.blocks.contains(.summary) {
      lines += StepView(flow: flow, state: state, theme: flow.theme, glyphs: glyphs).summaryLines()
    }
    if let editor = state.editor {
      lines += editor.form.accessibleLines(glyphs: glyphs, context: state.context)
      if let tabs, let tabForm = editor.tabForm {
        lines.append(step.title + " — " + tabs.accessibleText)
        lines += StepView.blockLines(
          step.tabs[editor.selectedTab].blocks, rating: state.rating, context: custom)
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
    if let editor = state.editor {
      lines.append("Focus: " + FlowProgram.focusText(editor))
    }
    if let line = fieldTaskLine(at: .zero, glyphs: glyphs, plain: true) { lines.append(line) }
    if let message { lines.append(message) }
    if let asked = state.pendingConfirmation { lines.append(asked.question) }
    // Text from wizard files and answers: never a raw control character.
    return lines.map { Symbols.asciiSafe(Sanitizer.sanitize($0), style: glyphs.style) }
  }
}
