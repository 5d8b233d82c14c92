import Glibc
import StepFlowText

// The terminal layer is written for Linux and its C library (Glibc): termios, poll, signals,
// /dev/tty. Other systems are not supported, and say so at build time rather than half work.
#if !os(Linux)
  #error("stepflow's terminal layer supports Linux (Glibc) only")
#endif

/// The first failure of a write to standard output (written by the main thread only).
nonisolated(unsafe) private var standardOutputFailureReason: String?

/// Every call to the operating system that is not about the terminal itself: the environment,
/// files, standard streams, the monotonic clock.
///
/// The rest of the library stays pure and testable.
package enum Platform {
  /// The process's arguments, without the program's name, read from their bytes: one that is
  /// not UTF-8 (a Latin-1 file name) is held by ``SystemText`` so that it opens as given.
  package static func arguments() -> [String] {
    (1..<Int(CommandLine.argc)).map { i in
      guard let argument = CommandLine.unsafeArgv[i] else { return "" }
      return argument.withMemoryRebound(to: UInt8.self, capacity: strlen(argument) + 1) {
        SystemText.string(UnsafeBufferPointer(start: $0, count: strlen(argument)))
      }
    }
  }

  /// The process environment as a dictionary.
  package static func environment() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    // Room for every variable at once: no table grown and rehashed on the way (start-up).
    var result = [String: String](minimumCapacity: count)
    var pointer = environ
    while let entry = pointer.pointee {
      // Split at the first "=" byte (comparing bytes, not characters: this runs at start-up).
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
      if let equals = bytes.firstIndex(of: 0x3D) {
        result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
          decoding: bytes[(equals + 1)...], as: UTF8.self)
      }
      pointer += 1
    }
    return result
  }

  /// Whether a file descriptor is a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The controlling terminal, `/dev/tty`, opened for reading and writing lines (blocking, as a
  /// person types them), whatever stdin and stdout are; `nil` when there is none (a CI job, a
  /// process without a controlling terminal).
  ///
  /// The caller closes it.
  package static func openControllingTerminal() -> Int32? {
    let fd = retryingInterrupts { open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    guard isatty(fd) == 1 else {
      close(fd)
      return nil
    }
    return fd
  }

  /// Closes a descriptor this process opened.
  package static func closeDescriptor(_ fd: Int32) { _ = close(fd) }

  /// Calls a system call again for as long as it fails with `EINTR` (a signal arrived while it
  /// waited): the one retry loop of the library.
  ///
  /// Other failures come back as they are, with `errno` set.
  @inlinable
  package static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// Waits in `poll` until `fd` is ready for `events` (`POLLIN`, `POLLOUT`) — instead of
  /// spinning on `EAGAIN` when a descriptor another program made non-blocking is not ready.
  /// - Parameters:
  ///   - fd: The descriptor.
  ///   - events: What to wait for.
  ///   - milliseconds: The longest wait; `-1` for ever.
  /// - Returns: `false` when the time ran out or the descriptor failed.
  package static func waitUntilReady(_ fd: Int32, for events: Int32, milliseconds: Int32 = -1)
    -> Bool
  {
    var request = pollfd(fd: fd, events: Int16(events), revents: 0)
    let ready = retryingInterrupts { poll(&request, 1, milliseconds) }
    return ready > 0 && request.revents & Int16(POLLERR | POLLNVAL) == 0
  }

  /// Why the last failed system call failed, as the system says it (`No space left on device`).
  package static var lastErrorDescription: String { String(cString: strerror(errno)) }

  /// Whether the last failed call only found a non-blocking descriptor not ready.
  package static var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

  /// Writes all of `bytes` to a file descriptor, retrying after interruptions and short writes,
  /// and waiting (not spinning) while a non-blocking descriptor is full.
  /// - Returns: `false` when the descriptor is closed or broken (a reader went away).
  @discardableResult
  package static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = retryingInterrupts {
        bytes.withUnsafeBytes { raw in
          // Never nil here: the loop runs only while bytes remain.
          guard let base = raw.baseAddress else { return -1 }
          return Glibc.write(fd, base + offset, raw.count - offset)
        }
      }
      if n < 0 {
        if wouldBlock, waitUntilReady(fd, for: POLLOUT) { continue }
        return false
      }
      offset += n
    }
    return true
  }

  /// Writes text to standard output; a failure is remembered (``standardOutputFailure``).
  package static func writeStdout(_ text: String) {
    if !write(1, Array(text.utf8)), standardOutputFailureReason == nil {
      standardOutputFailureReason = lastErrorDescription
    }
  }

  /// Why a write to standard output failed (the first failure), or `nil`: a full disk
  /// (`>/dev/full`), a closed stdout (`>&-`), a pipe whose reader left while SIGPIPE is ignored.
  package static var standardOutputFailure: String? { standardOutputFailureReason }

  /// Makes sure descriptors 0, 1 and 2 are open: a closed one gets `/dev/null` opened read-only, so
  /// that no file the program opens later lands there (the result would be written into a state
  /// file), while writes to it still fail as they would on a closed descriptor (EBADF).
  ///
  /// Call it first thing.
  package static func reserveStandardDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0, opened != fd {
        // A lower descriptor was taken meanwhile (cannot happen in order 0, 1, 2): keep it
        // that way rather than guess.
        close(opened)
      }
    }
  }

  /// Writes text to standard error, every control character but the line breaks shown
  /// escaped: messages quote what users and files gave, and none of it may reach a terminal raw.
  package static func writeStderr(_ text: String) {
    write(2, Array(Sanitizer.sanitizeLines(text).utf8))
  }

  /// The current directory.
  package static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return SystemText.string(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
  }

  /// Time on the monotonic clock, for measuring and for the interactive loop.
  package static func monotonicNow() -> Duration {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
  }

  /// Ends the process at once with an exit code (after the caller has restored the terminal).
  package static func exitProcess(_ code: Int32) -> Never { exit(code) }
}
