/// The one table of key bindings.
///
/// The key handling, the hint line, the `?` overlay, `stepflow help keys` and the README's keys
/// table all come from it. A key does what the first binding that takes it, where the focus is,
/// says.
package enum KeyBindings {
  private static func keys(_ list: Key...) -> [KeyPattern] { list.map { .key($0) } }
  private static func chars(_ text: String) -> [KeyPattern] {
    text.map { .key(.character($0)) }
  }

  private static let cursorKeys = keys(
    .left, .right, .home, .end, .backspace, .delete, .ctrl("a"), .ctrl("e"), .ctrl("u"),
    .ctrl("k"), .ctrl("w"))

  package static let table: [KeyBinding] = [
    KeyBinding(chars("y"), .confirm, "yes: quit or start over", hint: "yes", in: [.prompt]),
    KeyBinding(chars("n") + keys(.escape), .dismiss, "no: carry on", hint: "no", in: [.prompt]),
    KeyBinding(
      keys(.up, .down, .pageUp, .pageDown, .home, .end) + chars(" "), .scrollLog,
      "scroll the output (Space: a page down)", hint: "scroll",
      label: "↑ ↓ PageUp PageDown Home End Space", in: [.logPane]),
    KeyBinding(
      chars("lq") + keys(.escape, .enter), .closeLog, "close the output pane", hint: "close",
      in: [.logPane]),
    KeyBinding(
      chars("l"), .openLog, "show the task's whole output (the last 1 MiB)", hint: "output",
      in: [.taskRunning, .taskFailed, .taskDone]),
    KeyBinding(chars("x"), .command(.stop), "stop the task", hint: "stop", in: [.taskRunning]),
    KeyBinding(
      keys(.enter), .openLog, "show the output while it runs (it goes on)", in: [.taskRunning]),
    KeyBinding(
      keys(.left, .right, .tab, .backTab), .switchTaskAction, "choose Retry, Back, Skip or Quit",
      hint: "choose", label: "← → Tab", in: [.taskFailed]),
    KeyBinding(
      keys(.enter) + chars(" "), .taskAction(nil), "press the chosen button", hint: "press",
      in: [.taskFailed]),
    KeyBinding(chars("r"), .taskAction(.retry), "retry the task", in: [.taskFailed]),
    KeyBinding(
      chars("s"), .taskAction(.skip), "skip the task (when it is optional)", in: [.taskFailed]),
    KeyBinding([.printable], .edit, "type (q, n, ? and digits too)", in: FocusContext.typed),
    KeyBinding(
      cursorKeys, .edit, "move the cursor, delete (Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W too)",
      label: "← → Home End Backspace Delete", in: [.textField, .numberField, .pathField]),
    KeyBinding(keys(.enter), .edit, "a new line", in: [.multilineText]),
    KeyBinding(
      keys(.ctrl("d")), .submit, "accept the text: next field (on the last one, next step)",
      hint: "accept", in: [.multilineText]),
    KeyBinding(
      keys(.ctrl("e")), .openEditor, "edit the text in $VISUAL or $EDITOR", hint: "editor",
      in: [.multilineText]),
    KeyBinding(
      keys(.up, .down), .vertical, "the line above / below (past the first / last: the focus)",
      in: [.multilineText]),
    KeyBinding(keys(.pageUp, .pageDown), .edit, "a page up / down", in: [.multilineText]),
    KeyBinding(
      cursorKeys.filter { $0 != .key(.ctrl("e")) }, .edit,
      "move the cursor (Home, End: in the line), delete (Ctrl-A, Ctrl-U, Ctrl-K, Ctrl-W too)",
      label: "← → Home End Backspace Delete", in: [.multilineText]),
    KeyBinding(
      keys(.up, .down), .edit, "one step up / down (within the range)", hint: "step",
      in: [.numberField]),
    KeyBinding(keys(.pageUp, .pageDown), .edit, "ten steps up / down", in: [.numberField]),
    KeyBinding(
      keys(.tab), .edit, "complete the path (several: show them)", hint: "complete",
      in: [.pathField]),
    KeyBinding(
      keys(.up, .down), .edit, "change the part under the cursor (empty: today)",
      hint: "change", in: [.dateField]),
    KeyBinding(
      [.printable], .edit, "type the digits (- / : next part, t today)", in: [.dateField]),
    KeyBinding(
      cursorKeys, .edit, "move, empty a digit (Ctrl-U: the whole date)",
      label: "← → Home End Backspace Delete", in: [.dateField]),
    KeyBinding(
      keys(.up, .down), .vertical, "move the highlight (past the ends: the focus)",
      hint: "choose", in: FocusContext.lists),
    KeyBinding(
      chars(" "), .edit, "select the highlighted option, stay", in: [.choiceList, .choiceRow]),
    KeyBinding(
      chars(" "), .edit, "select or unselect the highlighted option", hint: "select",
      in: [.multiList]),
    KeyBinding(
      keys(.enter), .pick, "pick the highlighted option and go on", hint: "pick",
      in: [.choiceList]),
    KeyBinding(
      keys(.ctrl("a")), .edit, "select all or none (of those the filter shows)",
      hint: "all", in: [.multiList]),
    KeyBinding(
      keys(.pageUp, .pageDown, .home, .end), .edit, "a page up / down, the first / last option",
      in: FocusContext.lists),
    KeyBinding(chars("?"), .help, "show or hide this help", hint: "keys", in: FocusContext.lists),
    KeyBinding(
      [.printable], .edit, "filter the list (fuzzy; digits too)", hint: "to filter",
      in: FocusContext.lists),
    KeyBinding(keys(.backspace), .edit, "edit the filter", in: FocusContext.lists),
    KeyBinding(
      keys(.escape), .clearOrLeave, "clear the filter; without one, leave the field",
      hint: "clear / leave", in: FocusContext.lists),
    KeyBinding(keys(.left, .right), .edit, "choose an option", hint: "choose", in: [.choiceRow]),
    KeyBinding([.digit], .edit, "choose option N", in: [.choiceRow]),
    KeyBinding(
      keys(.left, .right) + chars(" ynYN"), .edit, "yes / no (Space toggles)", hint: "yes/no",
      label: "← → Space y n", in: [.confirm]),
    KeyBinding(
      keys(.left, .right), .edit, "one star less / more", hint: "stars", in: [.ratingField]),
    KeyBinding(
      [.digit] + keys(.home, .end), .edit, "rate N (Home, End: fewest, most)",
      in: [.ratingField]),
    KeyBinding(keys(.left, .right), .switchTab, "switch tab", hint: "switch tab", in: [.tabBar]),
    KeyBinding(
      keys(.up, .down), .vertical, "move the focus (fields, tab bar, buttons)",
      in: [
        .textField, .pathField, .choiceRow, .confirm, .ratingField, .tabBar, .buttons, .taskDone,
        .screen,
      ]),
    KeyBinding(
      keys(.enter), .submit, "next field; on the last one, next step (last step: finish)",
      hint: "next field",
      in: FocusContext.fields.filter { $0 != .choiceList && $0 != .multilineText } + [.tabBar]),
    KeyBinding(
      keys(.enter), .command(.enter), "press the focused button (last step: finish)",
      hint: "next", in: [.buttons, .taskDone]),
    KeyBinding(
      keys(.enter), .command(.enter), "next step (last step: finish)", hint: "next",
      in: [.noFocus, .screen]),
    KeyBinding(
      keys(.tab, .backTab), .cycleFocus, "next / previous field, tab bar, button (wraps)",
      hint: "focus", in: FocusContext.controls),
    KeyBinding(
      keys(.escape), .leaveField, "leave the field (then q, ? and r work)", hint: "leave field",
      in: FocusContext.fields.filter { !FocusContext.lists.contains($0) }),
    KeyBinding([.digit], .digit, "rate N", hint: "rate", in: [.stars]),
    KeyBinding(keys(.left, .right), .step, "one star less / more", hint: "stars", in: [.stars]),
    KeyBinding(chars("ln "), .command(.next), "one star more", in: [.stars]),
    KeyBinding(chars("hp"), .command(.previous), "one star less", in: [.stars]),
    KeyBinding(
      keys(.backspace) + chars("b"), .command(.back), "take a star back", in: [.stars]),
    KeyBinding(keys(.enter), .command(.enter), "done", hint: "done", in: [.stars]),
    KeyBinding(
      keys(.left, .right), .switchButton,
      "Back / Next; past them: previous / next step",
      hint: "button", in: [.buttons, .taskDone]),
    KeyBinding(
      keys(.left, .right), .step, "previous / next step", hint: "step", in: [.noFocus, .screen]),
    KeyBinding(
      chars(" "), .command(.enter), "press the focused button (last step: finish)",
      in: [.buttons, .taskDone]),
    KeyBinding(chars(" "), .command(.next), "next step", in: [.noFocus]),
    KeyBinding(chars("ln"), .command(.next), "next step", in: FocusContext.notText),
    KeyBinding(
      chars("hp"), .command(.previous), "previous step (keeps progress)",
      in: FocusContext.notText),
    KeyBinding(
      keys(.backspace) + chars("b"), .command(.back), "back: undo the current step",
      hint: "back", in: FocusContext.notText),
    KeyBinding([.digit], .digit, "revisit reached step N", in: FocusContext.notText),
    KeyBinding(
      chars("r"), .command(.reset), "start over (asks first once something is answered)",
      hint: "start over", in: FocusContext.notText + [.stars]),
    KeyBinding(
      chars("q") + keys(.escape), .command(.quit),
      "cancel, exit 1 (asks first once something is answered)", hint: "quit",
      in: FocusContext.notText + [.stars]),
    KeyBinding(
      chars("?"), .help, "show or hide this help", hint: "keys",
      in: FocusContext.notText + [.stars, .logPane]),
    KeyBinding(
      keys(.ctrl("c")), .interrupt, "interrupt (exit 130)",
      in: FocusContext.allCases),
  ]
}
