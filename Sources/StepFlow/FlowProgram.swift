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
  package internal(set) var state: FlowState
  /// The last refusal or notice, shown on the screen until the next command.
  package internal(set) var message: String?
  /// The terminal's size, from its resize events (`nil` before the first, and in scripts).
  package internal(set) var screenSize: (width: Int, height: Int)?
  package var transition: StepTransition?
  /// The navigation bar: the previous step under the current one.
  package internal(set) var navigationBar: NavigationBar
  /// The current step's tab bar, if it has tabs.
  package internal(set) var tabs: Tabs?
  /// The state before the last tab change, whose tab content slides out.
  package var tabOutgoing: FlowState?
  /// Whether steps with a progress stage run it and advance by themselves (`--auto`): each
  /// time such a step is reached, by a key, a script command or an earlier stage.
  package var isAutomatic: Bool { options.auto }
  /// The steps whose stage ran to its end while they stayed reached: shown full, not run
  /// again (un-reaching a step with Back, or starting over, forgets it).
  package internal(set) var completedStages: Set<Int> = []
  /// The progress indicators of the stages, in an automatic run.
  package var stages = StageProgress()
  /// The steps' tasks as the screen shows them, the effects they ask for, the output pane.
  package internal(set) var tasks = TaskScreen()
  /// A press on a step of the strip not yet released: released sooner than ``longPress`` it
  /// taps the step; held that long, it starts over.
  package internal(set) var heldStep: (index: Int, since: Duration, fired: Bool)?
  /// The canvases the frames are drawn into, again and again (copies share them).
  package var canvasPool = CanvasPool()
  /// The canvases a step slide draws its two screens into: given back when the slide is
  /// over, taken again by the next one (a run makes many moves).
  package var screenPool = CanvasPool()
  /// The last frame drawn with the step standing still: the slide that leaves the step takes
  /// the screen it leaves from there (copies share it).
  package var standingFrame = StandingFrame()
  /// The slide that ended at the last tick: the frame after it is drawn over its last frame
  /// (``FlowView``), and its screens go back to ``screenPool`` when the next move begins.
  package var finishedSlide: StepTransition?
  /// Counts the changes (``react(to:leaving:answersKept:at:)``): a frame of a slide is drawn
  /// over the one before only while this stays the same.
  package private(set) var revision = 0
  /// When the current step came on the screen (``StepScreenContext/shownAt``), and when the
  /// step a slide leaves had (its screen is drawn as it stood).
  package internal(set) var shownAt = Duration.zero
  package internal(set) var leftShownAt = Duration.zero

  package init(flow: FlowDefinition, options: FlowOptions, state: FlowState? = nil) {
    self.flow = flow
    self.options = options
    var start = state ?? FlowState(flow: flow, context: options.context)
    start.automatic = options.auto
    start.keyRemaps = options.keys
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
      // Asked in place: a copy of the transition copies the state it leaves.
      if transition?.timing.isFinished(at: now) == true {
        finishedSlide = transition
        transition = nil
      }
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
    if !state.showsHelp,
      KeyBindings.binding(for: key, in: focusContext, remaps: state.keyRemaps)?.action == .edit
    {
      // An edit changes the focused field only: no snapshot of the state to leave (holding
      // one made the edit copy the field's text, at every key of a burst of typing).
      transition = nil
      let outcome = FlowMachine.handleKey(key, state: &state, flow: flow)
      if let outcome { react(to: outcome, leaving: state, at: now) }
      return outcome
    }
    // `y` to "Start over?" replaces the answers: the screen left shows them as they were.
    let before = stateBeforeChange(keepingAnswers: state.pendingConfirmation == .reset)
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
    if before.showsLog,
      let binding = KeyBindings.binding(for: key, in: .logPane, remaps: state.keyRemaps),
      binding.action == .scrollLog
    {
      tasks.scroll(
        key, step: state.progression.current ?? 0, rows: max(1, (screenSize?.height ?? 24) - 2))
    }
    guard let outcome, !state.showsHelp else { return outcome }
    react(
      to: outcome, leaving: before, answersKept: before.pendingConfirmation == .reset, at: now)
    return outcome
  }

  /// Whether the terminal is with the editor now (between ``takeHandOver()`` and its end).
  var editorRunning = false

  /// The text Ctrl-E asked to edit, once, for the loop to hand the terminal over.
  package mutating func takeHandOver() -> ExternalEdit? {
    guard !editorRunning, let request = state.editRequest else { return nil }
    editorRunning = true
    return ExternalEdit.from(
      text: request.text, environment: options.context.environment,
      limit: 4 * Field.maxTextLength)
  }

  /// The editor is done: its text goes into the field, or the message says why it does not.
  mutating func edited(_ result: EditResult, at now: Duration) {
    editorRunning = false
    let before = stateBeforeChange()
    let outcome = FlowMachine.finishEdit(result, state: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
  }

  mutating func perform(_ command: Command, at now: Duration) -> Outcome {
    let before = stateBeforeChange(keepingAnswers: command == .reset)
    let outcome = FlowMachine.apply(command, to: &state, flow: flow)
    react(to: outcome, leaving: before, answersKept: command == .reset, at: now)
    return outcome
  }

  /// The state before a change, as ``react(to:leaving:answersKept:at:)`` needs it: all of it
  /// but the parked editors and — unless `keepingAnswers` — the answers, which it then takes
  /// from the state after the change.
  ///
  /// A copy that shared those would make the change copy them when it writes one (a move
  /// parks an editor and unparks another, a key writes an answer): a cost that grows with the
  /// steps visited and the answers given. A move changes no answer the step it leaves shows
  /// (its fields show the editor, which Next writes to the answers) but starting over, which
  /// replaces them all: that change keeps them (`keepingAnswers`), at no cost, as the new
  /// state never writes into the old answers.
  /// - Complexity: O(1).
  func stateBeforeChange(keepingAnswers: Bool = false) -> FlowState {
    var before = state
    if !keepingAnswers { before.answers = [:] }
    before.parkedEditors = [:]
    return before
  }

  /// What the screen does after a change: messages, transitions, the bar and the tabs, the
  /// tasks' effects.
  mutating func react(
    to outcome: Outcome, leaving stateBefore: FlowState, answersKept: Bool = false,
    at now: Duration
  ) {
    revision &+= 1
    var before = stateBefore
    if !answersKept { before.answers = state.answers }
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
      // A start over on the first step shows it anew too.
      if from == to { (leftShownAt, shownAt) = (shownAt, now) }
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
      (leftShownAt, shownAt) = (shownAt, now)
      // The slide before gives its screens back to the pool before this one takes them.
      finishedSlide = nil
      if options.animate {
        // The change that made this move counted itself already.
        transition = StepTransition(
          from: before, direction: direction,
          timing: Transition(start: now, duration: options.transitionDuration),
          canvases: SlideCanvases(pool: screenPool), fromRevision: revision &- 1)
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
}
