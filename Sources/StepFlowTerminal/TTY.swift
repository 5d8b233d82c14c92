import Glibc

/// Why the interactive terminal could not be used; `description` is a sentence for a person.
package struct TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The terminal: `/dev/tty`, a path, or `descriptor N`.
  package let device: String
  /// What was being done, as a verb phrase (`open`, `read the settings of`).
  package let operation: String
  /// Why it failed (the system's message).
  package let reason: String

  package init(device: String, operation: String, reason: String) {
    self.device = device
    self.operation = operation
    self.reason = reason
  }

  package var description: String {
    var text = "cannot \(operation) the terminal \(device): \(reason)"
    if device == "/dev/tty" && operation == "open" {
      text += " (no controlling terminal; run in a terminal, or use --plain)"
    }
    return text
  }

  /// An error for the failed system call that just set `errno`.
  package static func system(_ device: String, _ operation: String) -> TerminalError {
    TerminalError(device: device, operation: operation, reason: Platform.lastErrorDescription)
  }
}

/// Which terminal an interactive session draws on and reads keys from.
package enum TerminalDevice: Equatable, Sendable {
  /// The process's controlling terminal, `/dev/tty`, whatever stdin and stdout are.
  case controlling
  /// A terminal device by path (a pseudo-terminal's slave in tests).
  case path(String)
  /// An open descriptor of a terminal; it is not closed, and its file status flags are restored.
  case descriptor(Int32)

  /// How messages name it: `/dev/tty`, the path, or `descriptor N`.
  package var name: String {
    switch self {
    case .controlling: return "/dev/tty"
    case .path(let path): return path
    case .descriptor(let fd): return "descriptor \(fd)"
    }
  }
}

/// An open terminal: non-blocking reads, writes that wait for room, the window size.
package struct TTY {
  package let fd: Int32
  /// How errors name it.
  package let name: String
  private let ownsDescriptor: Bool
  /// The descriptor's file status flags before it was made non-blocking.
  private let originalFlags: Int32

  /// Opens a terminal and makes its reads non-blocking.
  /// - Throws: when it cannot be opened or is not a terminal.
  package static func open(_ device: TerminalDevice) throws(TerminalError) -> TTY {
    let fd: Int32
    let name = device.name
    let owns: Bool
    switch device {
    case .controlling, .path:
      fd = Glibc.open(name, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
      guard fd >= 0 else { throw .system(name, "open") }
      owns = true
    case .descriptor(let given):
      fd = given
      owns = false
    }
    guard isatty(fd) == 1 else {
      if owns { _ = Glibc.close(fd) }
      throw TerminalError(device: name, operation: "use", reason: "it is not a terminal")
    }
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    return TTY(fd: fd, name: name, ownsDescriptor: owns, originalFlags: flags)
  }

  /// Closes the terminal (or, for a borrowed descriptor, restores its flags).
  package func close() {
    if ownsDescriptor {
      _ = Glibc.close(fd)
    } else if originalFlags >= 0 {
      _ = fcntl(fd, F_SETFL, originalFlags)
    }
  }

  /// Makes reads block (for a program the terminal is handed to, which shares the open
  /// descriptor: an editor reading a non-blocking terminal would see no input) or return at
  /// once again.
  package func setBlocking(_ blocking: Bool) {
    let flags = fcntl(fd, F_GETFL)
    guard flags >= 0 else { return }
    _ = fcntl(fd, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
  }

  /// Throws away what was typed and not read yet.
  package func discardInput() {
    _ = tcflush(fd, TCIFLUSH)
  }

  /// The window size in columns and rows; 80×24 when the terminal does not know it.
  package func size() -> (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// What one non-blocking read got.
  package enum ReadResult: Equatable {
    /// This many bytes were read into the buffer.
    case bytes(Int)
    /// Nothing is waiting.
    case empty
    /// The terminal hung up or failed.
    case closed
  }

  /// Reads what is waiting, without blocking.
  package func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    let n = Platform.retryingInterrupts { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    if n > 0 { return .bytes(n) }
    // With VMIN 1 and O_NONBLOCK, 0 means end of file: the terminal hung up.
    if n == 0 { return .closed }
    return Platform.wouldBlock ? .empty : .closed
  }

  /// How a write ended.
  package enum WriteResult: Equatable {
    case written
    /// A signal arrived while the terminal was not taking bytes; the first `written` bytes are
    /// written, the rest not. The screen must be repainted (or the rest written).
    case interrupted(written: Int)
    /// The terminal hung up or failed.
    case failed
  }

  /// Writes all of `bytes`, waiting (in poll) while the terminal is not taking more.
  ///
  /// - Parameters:
  ///   - bytes: What to write.
  ///   - interruptFD: a descriptor that, when readable, ends the wait (the signal pipe), so a
  ///     signal is handled even while a slow terminal holds the output back.
  ///   - patience: how long to wait in total for room, in milliseconds; `-1` for ever.
  /// - Returns: Whether everything was written, or why not.
  package func write(_ bytes: [UInt8], interruptFD: Int32 = -1, patience: Int32 = -1) -> WriteResult
  {
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return .written }
      var offset = 0
      while offset < raw.count {
        let n = Platform.retryingInterrupts { Glibc.write(fd, base + offset, raw.count - offset) }
        if n > 0 {
          offset += n
          continue
        }
        guard n < 0, Platform.wouldBlock else { return .failed }
        var fds = [
          pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
          pollfd(fd: interruptFD, events: Int16(POLLIN), revents: 0),
        ]
        // An interrupted wait is a signal: its byte is in the pipe, and the write stops for it.
        let ready = poll(&fds, interruptFD >= 0 ? 2 : 1, patience)
        if ready == 0 { return .failed }
        if ready < 0 { return errno == EINTR ? .interrupted(written: offset) : .failed }
        if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .failed }
        if fds[0].revents & Int16(POLLOUT) == 0 && fds[1].revents != 0 {
          return .interrupted(written: offset)
        }
      }
      return .written
    }
  }
}
