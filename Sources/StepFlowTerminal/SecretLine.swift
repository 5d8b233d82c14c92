import Glibc

/// Reads one line from a terminal without showing it: what is typed is never echoed (nor
/// left in the scrollback), as `sudo` and huh's accessible mode read passwords.
///
/// The terminal goes to non-canonical mode with echo and signal keys off for the read, and
/// back to the settings it had on every way out: Enter, Ctrl-D, Ctrl-C (an interrupt, 130),
/// a signal from outside (128 + n, through the signal pipe), a fault or `exit` (the restore
/// of ``TerminalModes``). Backspace removes the last character typed and Ctrl-U the line.
package enum SecretLine {
  /// What reading brought.
  package enum Reading: Equatable, Sendable {
    case line(String)
    /// Ctrl-D on an empty line, or the terminal went away.
    case end
    /// Ctrl-C, or a signal that ends the run: the exit code (128 + n).
    case interrupted(Int32)
    /// No line came within the timeout.
    case timedOut
  }

  /// The longest secret taken; what is typed beyond it is dropped.
  package static let maxLength = 4096

  /// Reads a line from the terminal `fd` with echo off.
  /// - Parameters:
  ///   - fd: The terminal (`/dev/tty`), opened for reading and writing.
  ///   - timeout: The longest wait for the whole line; `nil` for ever.
  /// - Returns: The line typed (without its newline), or how the read ended.
  package static func read(_ fd: Int32, timeout: Duration? = nil) -> Reading {
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return .end }
    var signals: SignalPipe
    do {
      signals = try SignalPipe.install(for: "/dev/tty")
    } catch {
      return .end
    }
    defer { signals.uninstall() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    TerminalModes.enterQuiet(fd, saved: saved, settings: quiet)
    defer { TerminalModes.restore() }
    let deadline = timeout.map { Platform.monotonicNow() + $0 }
    var typed: [UInt8] = []
    // An escape sequence (an arrow, a function key) is skipped: 1 after ESC, 2 inside CSI/SS3.
    var escape = 0
    // One byte a read: what is typed after the newline (the next answers, typed ahead) stays
    // in the terminal for whoever reads next, rather than being read here and lost.
    var buffer = [UInt8](repeating: 0, count: 1)
    while true {
      var wait: Int32 = -1
      if let deadline {
        let left = deadline - Platform.monotonicNow()
        if left <= .zero { return .timedOut }
        let (seconds, attoseconds) = left.components
        wait = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      }
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
      ]
      let ready = Platform.retryingInterrupts { poll(&fds, 2, wait) }
      if ready < 0 { return .end }
      if fds[1].revents != 0 {
        for signal in signals.drain()
        where SignalPipe.terminating.contains(signal) {
          return .interrupted(128 + signal)
        }
      }
      guard fds[0].revents != 0 else { continue }
      let n = Platform.retryingInterrupts {
        buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      }
      if n <= 0 { return .end }
      for byte in buffer[0..<n] {
        if escape == 1 {
          escape = byte == 0x5B || byte == 0x4F ? 2 : 0
          continue
        }
        if escape == 2 {
          if (0x40...0x7E).contains(byte) { escape = 0 }
          continue
        }
        switch byte {
        case 0x1B:
          escape = 1
        case 0x0D, 0x0A:
          return .line(String(decoding: typed, as: UTF8.self))
        case 0x03:
          return .interrupted(128 + SIGINT)
        case 0x04 where typed.isEmpty:
          return .end
        case 0x7F, 0x08:
          // The last character: its UTF-8 continuation bytes, then its first byte.
          while let last = typed.last, last & 0xC0 == 0x80 { typed.removeLast() }
          if !typed.isEmpty { typed.removeLast() }
        case 0x15:
          typed.removeAll()
        case 0x00..<0x20:
          // Other control keys (arrows arrive as ESC sequences) are not part of a secret.
          continue
        default:
          if typed.count < maxLength { typed.append(byte) }
        }
      }
    }
  }
}
