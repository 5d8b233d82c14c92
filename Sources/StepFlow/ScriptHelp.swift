/// The script commands and keys, as `stepflow help keys` and a person typing `help` see them.
package enum ScriptHelp {
  package static let commands = """
    Script commands (--commands, --script, stdin):
      next                  go to the next step and reach it
      previous              go to the previous step, keep progress
      back                  undo the current step, go to the previous one
      tap N                 revisit reached step N (rating: rate N)
      rate N                rate N (rating flows)
      reset                 start over
      tab N|next|previous   select a tab
      type TEXT             type into the focused field
      set FIELD=VALUE       fill a field by id
      enter                 activate; finish on the last step
      finish                finish (only on the last step)
      tick MS               let MS milliseconds pass (animations, progress)
      quit                  cancel (exit 1)
      retry                 run the step's task again
      skip                  pass by the step's optional task that did not succeed
      stop                  stop the step's running task
      press KEY             press a key as on the terminal: tab, shift-tab, enter, esc, up, down,
                            left, right, space, backspace, home, end, ctrl-a…y (not ctrl-c),
                            f1…f12, or a character
                            (press q asks first once something is answered, as the key does)

    """
}
