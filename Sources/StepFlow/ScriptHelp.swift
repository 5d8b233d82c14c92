import StepFlowCore

/// The script commands and keys, as `stepflow help keys` and a person typing `help` see them.
package enum ScriptHelp {
  package static let commands = """
    Script commands (--commands, --script, stdin) and keys:
      next                  → l n Space       go to the next step and reach it
      previous              ← h p             go to the previous step, keep progress
      back                  Backspace b       undo the current step, go to the previous one
      tap N                 1…9               revisit reached step N (rating: rate N)
      rate N                                  rate N (rating flows)
      reset                 r                 start over
      tab N|next|previous   Tab Shift-Tab     select a tab
      type TEXT             typing            type into the focused field
      set FIELD=VALUE                         fill a field by id
      enter                 Enter             activate; finish on the last step
      finish                                  finish (only on the last step)
      tick MS                                 let MS milliseconds pass (animations, progress)
      quit                  q Esc             cancel (exit 1); Ctrl-C interrupts (exit 130)
                            ↑ ↓               move the focus: fields, tab bar, buttons
                            ?                 show the keys
    In a text field, letters are typed: Esc leaves the field first, then q and ? work again.

    """
}
