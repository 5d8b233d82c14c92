/// Where the focus is, as far as keys are concerned: what a key does depends on it.
package enum FocusContext: String, CaseIterable, Hashable, Sendable {
  /// A text field of one line: letters are typed.
  case textField
  /// A text field of several lines: letters and Enter are typed.
  case multilineText
  /// A number field: typed, ↑/↓ step it.
  case numberField
  /// A path field: typed, Tab completes.
  case pathField
  /// A date field: digits fill it, ↑/↓ change a part.
  case dateField
  /// A choice field drawn as a list: letters filter it.
  case choiceList
  /// A multichoice field: letters filter it, Space toggles.
  case multiList
  /// A choice field drawn as a row of options.
  case choiceRow
  /// A yes/no field.
  case confirm
  /// A rating field (stars inside a form).
  case ratingField
  /// The tab bar of a step with tabs.
  case tabBar
  /// The Back or Next button.
  case buttons
  /// Nothing has the focus (a step without fields, or after Esc left a field).
  case noFocus
  /// A rating flow (`stepflow rate`): the stars.
  case stars
  /// The y/n question asked before quitting or starting over.
  case prompt
  /// A step's task is running.
  case taskRunning
  /// A step's task failed or was stopped: its outcome's buttons (Retry, Back, Skip, Quit).
  case taskFailed
  /// A step whose task has run and is done, the focus on the buttons (or nothing): `l`
  /// shows its output.
  case taskDone
  /// The whole output of a task, in a pane over the screen.
  case logPane
  /// A step's own screen (a program's view that takes keys): its keys first, then these.
  case screen

  /// The context's name in help and the README.
  package var title: String {
    switch self {
    case .textField: return "text field"
    case .multilineText: return "multi-line text"
    case .numberField: return "number field"
    case .pathField: return "path field"
    case .dateField: return "date field"
    case .choiceList: return "choice list"
    case .multiList: return "multichoice list"
    case .choiceRow: return "option row"
    case .confirm: return "yes/no field"
    case .ratingField: return "rating field"
    case .tabBar: return "tab bar"
    case .buttons: return "buttons"
    case .noFocus: return "no focus"
    case .stars: return "rating"
    case .prompt: return "y/n prompt"
    case .taskRunning: return "running task"
    case .taskFailed: return "failed task"
    case .taskDone: return "task done"
    case .logPane: return "output pane"
    case .screen: return "step screen"
    }
  }

  /// The fields where letters are typed as text.
  package static let typed: [FocusContext] = [.textField, .multilineText, .numberField, .pathField]
  /// The lists, where letters filter.
  package static let lists: [FocusContext] = [.choiceList, .multiList]
  /// The contexts of a focused field.
  package static let fields: [FocusContext] =
    typed + [.dateField] + lists + [.choiceRow, .confirm, .ratingField]
  /// Everything that can hold the focus on a step: fields, the tab bar, the buttons.
  package static let controls: [FocusContext] = fields + [.tabBar, .buttons, .taskDone, .screen]
  /// Every step context where letters are not typed or filtered: there they are commands.
  package static let notText: [FocusContext] = [
    .choiceRow, .confirm, .ratingField, .tabBar, .buttons, .noFocus, .taskRunning, .taskFailed,
    .taskDone, .screen,
  ]

  /// Whether letters are text here (typed, or a list's filter): `q` does not quit.
  package var takesLetters: Bool {
    Self.typed.contains(self) || self == .dateField || Self.lists.contains(self)
  }
}

/// Which keys a binding takes.
package enum KeyPattern: Hashable, Sendable {
  /// One key.
  case key(Key)
  /// Any printable character, or a paste.
  case printable
  /// A digit.
  case digit

  /// Whether a key is one of the pattern's.
  package func matches(_ key: Key) -> Bool {
    switch (self, key) {
    case (.key(let own), _): return own == key
    case (.printable, .paste): return true
    case (.printable, .character(let c)):
      return !c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    case (.digit, .character(let c)): return c.isASCII && c.isWholeNumber
    default: return false
    }
  }

  /// The key as help writes it: `←`, `Enter`, `Shift-Tab`, `q` (`<-` with ASCII glyphs).
  package func label(ascii: Bool = false) -> String {
    switch self {
    case .printable: return "letters"
    case .digit: return "1-9"
    case .key(let key): return key.label(ascii: ascii)
    }
  }
}

/// What a key does; the key itself gives the direction (← or →, Tab or Shift-Tab, ↑ or ↓).
package enum KeyAction: Equatable, Sendable {
  /// The focused field takes the key: types, moves the cursor, the highlight or the stars.
  case edit
  /// ↑/↓: the highlight of a list, then the focus (fields, tab bar, buttons), not wrapping.
  case vertical
  /// Enter in a choice list: select the highlighted option, then as `submit`.
  case pick
  /// Enter on a field or the tab bar: focus the next field; on the last one, the step's Enter.
  case submit
  /// Tab / Shift-Tab: the next / previous control, wrapping around.
  case cycleFocus
  /// Esc on a field: nothing has the focus any more (buttons: Next has it).
  case leaveField
  /// Esc in a list: clears its filter; without one, as `leaveField`.
  case clearOrLeave
  /// Ctrl-E in a multi-line text: hand the text to `$VISUAL` / `$EDITOR` (the screen does it).
  case openEditor
  /// ←/→ on the tab bar: the previous / next tab.
  case switchTab
  /// ←/→ on the buttons: the button on that side (← on Next: Back, → on Back: Next); past
  /// the row's end, the step on that side (→ on Next: next, ← on Back: previous).
  case switchButton
  /// → or ← as `next` or `previous`.
  case step
  /// A flow command.
  case command(Command)
  /// A digit: `tap N` (rating flows: `rate N`).
  case digit
  /// Show or hide the key help.
  case help
  /// y in the prompt: do what was asked.
  case confirm
  /// n or Esc in the prompt: carry on.
  case dismiss
  /// Ctrl-C: the terminal session ends the run with 130 (the flow never sees it).
  case interrupt
  /// Show the task's whole output (the screen's pane).
  case openLog
  /// Press a button of a failed task's outcome (`nil`: the focused one).
  case taskAction(TaskAction?)
  /// ←/→, Tab on a failed task's outcome: the button on that side.
  case switchTaskAction
  /// Scroll the output pane (the key says how far); `nil`: close it.
  case scrollLog
  /// Close the output pane.
  case closeLog
}

/// One line of the key table: which keys, what they do, where, and the short form for the hint
/// line at the bottom of the screen.
package struct KeyBinding: Equatable, Sendable {
  package let keys: [KeyPattern]
  package let action: KeyAction
  /// What the keys do, for the `?` overlay, `stepflow help keys` and the README.
  package let help: String
  /// The words after the keys on the hint line (`nil`: not on it).
  package let hint: String?
  /// Where the binding applies.
  package let contexts: [FocusContext]
  /// The keys' label when it is not their list (`letters`, the cursor keys).
  package let label: String?

  package init(
    _ keys: [KeyPattern], _ action: KeyAction, _ help: String, hint: String? = nil,
    label: String? = nil, in contexts: [FocusContext]
  ) {
    self.keys = keys
    self.action = action
    self.help = help
    self.hint = hint
    self.label = label
    self.contexts = contexts
  }

  /// The keys as one label: `→ l n Space`.
  package func keysLabel(ascii: Bool = false) -> String {
    label.map { ascii ? Key.asciiArrows($0) : $0 }
      ?? keys.map { $0.label(ascii: ascii) }.joined(separator: " ")
  }
}
