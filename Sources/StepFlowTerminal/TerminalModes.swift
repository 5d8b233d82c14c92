import Glibc

/// How a session uses the screen.
package enum ScreenMode: String, Equatable, Sendable, CaseIterable {
  /// The alternate screen, all of it; the shell's screen comes back untouched afterwards.
  case fullscreen
  /// The rows below the cursor on the main screen, as many as the program needs; what it
  /// leaves there (a one-line record) stays in the scrollback.
  case inline
}

/// Raw mode and the screen modes of an interactive session, and the one restore that undoes
/// them on every way out.
///
/// ``enter(_:mode:)`` saves the terminal's settings, switches to raw mode (no echo, no line
/// editing, no signals from keys: Ctrl-C and Ctrl-Z arrive as bytes, no flow control, no CR→NL,
/// no output processing; reads return at once) and sends ``enterSequence``: the alternate screen
/// (full screen only), hidden cursor, autowrap off, bracketed paste on.
///
/// ``restore()`` sends ``restoreSequence`` (inline: ``inlineRestoreSequence``, then the bytes
/// that take the cursor below the drawn rows, ``setInlineTail(_:)``) and puts the saved settings
/// back. It is idempotent and async-signal-safe (no allocation, only `poll`, `write` and
/// `tcsetattr`), so the same restore runs when the session ends, when it suspends, at `exit`
/// (registered with `atexit`) and from the handlers of fatal signals.
package enum TerminalModes {
  /// Alternate screen, hide the cursor, autowrap off, bracketed paste on.
  package static let enterSequence: [UInt8] = Array(
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h".utf8)

  /// Mouse reporting on: presses, releases and the wheel (1000), in SGR form (1006).
  package static let mouseOnSequence: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1006h".utf8)

  /// CAN (ends any escape sequence a cut-off frame left open), end synchronized output, reset
  /// styles, mouse reporting off (whether or not it was on: turning it off is harmless),
  /// bracketed paste off, autowrap on, show the cursor, leave the alternate screen.
  package static let restoreSequence: [UInt8] = Array(
    ("\u{18}\u{1B}[?2026l\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?7h"
      + "\u{1B}[?25h\u{1B}[?1049l").utf8)

  /// Inline: hide the cursor, autowrap off, bracketed paste on (the main screen stays).
  package static let inlineEnterSequence: [UInt8] = Array(
    "\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h".utf8)

  /// Inline: as ``restoreSequence`` without leaving the alternate screen (never entered: leaving
  /// it would move the cursor to where `?1049h` last saved it).
  package static let inlineRestoreSequence: [UInt8] = Array(
    ("\u{18}\u{1B}[?2026l\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?7h"
      + "\u{1B}[?25h").utf8)

  /// The most bytes ``setInlineTail(_:)`` keeps.
  package static let inlineTailCapacity = 32

  /// Inline: the bytes the restore sends after ``inlineRestoreSequence`` — from the cursor to the
  /// line below the drawn rows (``FrameWriter/tailBytes``); empty once the session put its record
  /// there itself.
  ///
  /// Longer than ``inlineTailCapacity``, nothing is kept.
  package static func setInlineTail(_ bytes: [UInt8]) {
    let state = restoreStorage
    let count = bytes.count <= inlineTailCapacity ? bytes.count : 0
    // The count last: a handler that runs meanwhile sends nothing rather than half a move.
    state.pointee.tailCount = 0
    withUnsafeMutableBytes(of: &state.pointee.tail) { raw in
      for i in 0..<count { raw[i] = bytes[i] }
    }
    state.pointee.tailCount = count
  }

  /// Whether the modes are entered and not yet restored.
  package static var isActive: Bool { restoreStorage.pointee.active }

  /// Saves the terminal's settings, enters raw mode and sends ``enterSequence`` (inline:
  /// ``inlineEnterSequence``), then ``mouseOnSequence`` when `mouse`.
  /// - Throws: when the settings cannot be read or changed.
  package static func enter(
    _ tty: TTY, mode: ScreenMode = .fullscreen, mouse: Bool = false
  ) throws(TerminalError) {
    var saved = termios()
    guard tcgetattr(tty.fd, &saved) == 0 else { throw .system(tty.name, "read the settings of") }
    var raw = rawSettings(from: saved)
    guard tcsetattr(tty.fd, TCSADRAIN, &raw) == 0 else {
      throw .system(tty.name, "switch to raw mode")
    }
    restoreStorage.pointee.saved = saved
    restoreStorage.pointee.fd = tty.fd
    restoreStorage.pointee.inline = mode == .inline
    restoreStorage.pointee.quiet = false
    restoreStorage.pointee.tailCount = 0
    restoreStorage.pointee.active = true
    restoreStorage.pointee.mouse = mouse
    registerAtExit()
    _ = tty.write(
      (mode == .inline ? inlineEnterSequence : enterSequence) + (mouse ? mouseOnSequence : []),
      patience: 1000)
  }

  /// Changes the terminal's settings to `settings` without any screen mode (a secret read with
  /// echo off, ``SecretLine``), `saved` being what ``restore(draining:)`` puts back — on
  /// every way out, as for a session.
  package static func enterQuiet(_ fd: Int32, saved: termios, settings: termios) {
    var quiet = settings
    restoreStorage.pointee.saved = saved
    restoreStorage.pointee.fd = fd
    restoreStorage.pointee.inline = false
    restoreStorage.pointee.quiet = true
    restoreStorage.pointee.mouse = false
    restoreStorage.pointee.tailCount = 0
    restoreStorage.pointee.active = true
    registerAtExit()
    _ = tcsetattr(fd, TCSADRAIN, &quiet)
  }

  /// Enters raw mode and the screen modes again without saving the settings (after the process
  /// was stopped and continued by someone else, whose shell may have changed them).
  package static func reapply(_ tty: TTY) {
    guard restoreStorage.pointee.active else { return }
    var raw = rawSettings(from: restoreStorage.pointee.saved)
    _ = tcsetattr(tty.fd, TCSADRAIN, &raw)
    let mouse = restoreStorage.pointee.mouse
    _ = tty.write(
      (restoreStorage.pointee.inline ? inlineEnterSequence : enterSequence)
        + (mouse ? mouseOnSequence : []), patience: 1000)
  }

  /// What a program run on the terminal may leave behind that stepflow does not use, put back
  /// to the terminal's defaults: mouse reports off (every mode), cursor keys and keypad in
  /// normal mode, the scroll region the whole screen, origin mode and insert mode off, the
  /// ASCII character set, styles reset.
  package static let sanitizeSequence: [UInt8] = Array(
    ("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1005l\u{1B}[?1006l\u{1B}[?1015l"
      + "\u{1B}[?1l\u{1B}>\u{1B}[r\u{1B}[?6l\u{1B}[4l\u{1B}(B\u{1B}[0m").utf8)

  /// Saves the cursor's place (`DECSC`), and goes back to it (`DECRC`).
  package static let saveCursor: [UInt8] = [0x1B, 0x37]
  package static let restoreCursor: [UInt8] = [0x1B, 0x38]

  /// Takes the terminal back after a program stepflow handed it to (an editor): raw mode
  /// again from the settings saved at the start — never from what the program left, which
  /// may be anything — the modes it may have changed put back (``sanitizeSequence``), then
  /// stepflow's own (``enterSequence``; inline, ``inlineEnterSequence``).
  package static func resume(_ tty: TTY) throws(TerminalError) {
    var raw = rawSettings(from: restoreStorage.pointee.saved)
    guard tcsetattr(tty.fd, TCSADRAIN, &raw) == 0 else {
      throw .system(tty.name, "switch back to raw mode")
    }
    restoreStorage.pointee.active = true
    // Inline, the cursor goes back to where the rows started (saved before the hand-over):
    // the scroll region's reset has just sent it to the top-left corner.
    let own =
      restoreStorage.pointee.inline ? restoreCursor + inlineEnterSequence : enterSequence
    _ = tty.write(sanitizeSequence + own, patience: 1000)
  }

  /// Undoes ``enter(_:)``; does nothing when it is already undone.
  ///
  /// - Parameter draining: wait until the output is sent before changing the settings
  ///   (`TCSADRAIN`); the fatal-signal path passes `false` so that it cannot block.
  package static func restore(draining: Bool = true) {
    guard restoreStorage.pointee.active else { return }
    restoreStorage.pointee.active = false
    let fd = restoreStorage.pointee.fd
    let inline = restoreStorage.pointee.inline
    if !restoreStorage.pointee.quiet {
      (inline ? inlineRestoreSequence : restoreSequence).withUnsafeBytes { raw in
        writeAll(fd, raw)
      }
    }
    if inline {
      let count = restoreStorage.pointee.tailCount
      restoreStorage.pointee.tailCount = 0
      withUnsafeBytes(of: &restoreStorage.pointee.tail) { raw in
        writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[0..<count]))
      }
    }
    _ = tcsetattr(fd, draining ? TCSADRAIN : TCSANOW, &restoreStorage.pointee.saved)
  }

  /// Writes every byte, waiting at most a second in all for a terminal that takes none
  /// (async-signal-safe: no allocation).
  private static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) {
    guard let base = raw.baseAddress else { return }
    var offset = 0
    var waits = 0
    while offset < raw.count {
      let n = Platform.retryingInterrupts { write(fd, base + offset, raw.count - offset) }
      if n > 0 {
        offset += n
      } else if n < 0 && Platform.wouldBlock && waits < 10 {
        // A terminal that takes nothing for a second is not waited for any longer.
        _ = Platform.waitUntilReady(fd, for: POLLOUT, milliseconds: 100)
        waits += 1
      } else {
        break
      }
    }
  }

  /// The raw-mode version of `settings`.
  package static func rawSettings(from settings: termios) -> termios {
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    // Reads with O_NONBLOCK return what is there; 0 bytes then means the terminal hung up.
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    return raw
  }

  private static func registerAtExit() {
    guard !restoreStorage.pointee.atExitRegistered else { return }
    restoreStorage.pointee.atExitRegistered = true
    atexit { TerminalModes.restore(draining: false) }
  }
}

/// What ``TerminalModes/restore(draining:)`` needs, in one place a signal handler can read
/// without allocating or locking.
private struct RestoreState {
  var fd: Int32 = -1
  var saved = termios()
  var active = false
  /// Whether mouse reporting was turned on (and must be again after a stop).
  var mouse = false
  var atExitRegistered = false
  /// Inline: no alternate screen to leave; `tail` brings the cursor below the rows.
  var inline = false
  /// Only settings were changed (a secret read): no sequence to send back.
  var quiet = false
  var tailCount = 0
  var tail: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
}

// Shared with signal handlers and `atexit`, which cannot be given context: plain global state,
// written only by the thread that runs the session. It lives on the heap, allocated once:
// Swift 6.3.1's release build emitted a statically initialized `RestoreState` global 3 bytes
// short (63 of 66), so `active` read a neighbour's byte and was true before any session — every
// interactive run fell back to the line-based mode. A pointer global is 8 bytes and cannot be
// cut short. (It is first used by `enter`, before any handler that reads it is installed.)
nonisolated(unsafe) private let restoreStorage: UnsafeMutablePointer<RestoreState> = {
  let storage = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
  storage.initialize(to: RestoreState())
  return storage
}()
