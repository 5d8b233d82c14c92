import Glibc
import StepFlowTerminal

/// A pseudo-terminal for end-to-end tests: a program runs on its slave side as on a real
/// terminal (its controlling terminal, so `/dev/tty` is the pty), the test types on the master
/// side and reads the screen through a ``TerminalModel``.
///
/// Every wait has a timeout, and a child still running when the terminal is dropped is killed,
/// so a broken program fails a test instead of hanging it. The parent keeps a descriptor of the
/// slave open, so the terminal's settings can be read before, during and after the child runs.
///
/// ```swift
/// let pty = try PseudoTerminal(width: 80, height: 24)
/// let before = pty.settings()
/// try pty.spawn(stepflowPath, arguments: ["run", "purchase"], stdout: .pipe)
/// #expect(pty.waitForText("Order Received"))
/// pty.send("q")
/// #expect(pty.waitForExit() == .exited(1))
/// #expect(pty.settings().differences(from: before) == [])
/// #expect(String(decoding: pty.capturedStdout, as: UTF8.self).hasPrefix("{"))
/// ```
public final class PseudoTerminal {
  /// The test's side: what is written here is typed; what the program draws is read here.
  public private(set) var masterFD: Int32
  /// The device the program runs on (`/dev/pts/N`).
  public let slavePath: String
  private let slaveFD: Int32
  /// The screen as the bytes read so far have drawn it.
  public private(set) var model: TerminalModel
  /// Every byte the program wrote to the terminal.
  public private(set) var output: [UInt8] = []
  /// What the program wrote to stdout, when it was spawned with `stdout: .pipe`.
  public private(set) var capturedStdout: [UInt8] = []
  /// The spawned child, until it has been waited for.
  public private(set) var childPID: pid_t?
  private var stdoutPipe: Int32 = -1

  /// Where a spawned program's stdout goes.
  public enum StdoutDestination: Sendable {
    /// The terminal, like stdin and stderr.
    case terminal
    /// A pipe read into ``capturedStdout`` (as in `x=$(stepflow run …)`).
    case pipe
  }

  /// How a child ended.
  public enum ExitStatus: Equatable, Sendable {
    case exited(Int32)
    case signaled(Int32)
    /// It did not end in time and was killed.
    case timedOut
  }

  /// What went wrong setting up the pseudo-terminal or the child.
  public struct Failure: Error, CustomStringConvertible {
    /// The call that failed.
    public let operation: String
    /// Why, as `strerror` says it.
    public let reason: String
    /// `operation: reason`.
    public var description: String { "\(operation): \(reason)" }

    init(_ operation: String, code: Int32 = errno) {
      self.operation = operation
      reason = String(cString: strerror(code))
    }
  }

  /// Opens a pseudo-terminal of the given size.
  public init(width: Int = 80, height: Int = 24) throws(Failure) {
    let pty = try PTYFunctions.load()
    let master = pty.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure("posix_openpt") }
    guard pty.grantpt(master) == 0, pty.unlockpt(master) == 0 else {
      let failure = Failure("grantpt/unlockpt")
      close(master)
      throw failure
    }
    var name = [CChar](repeating: 0, count: 128)
    guard pty.ptsname(master, &name, name.count) == 0 else {
      let failure = Failure("ptsname_r")
      close(master)
      throw failure
    }
    let path = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      let failure = Failure("open \(path)")
      close(master)
      throw failure
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    masterFD = master
    slaveFD = slave
    slavePath = path
    model = TerminalModel(width: width, height: height)
    setWindowSize(width: width, height: height)
  }

  deinit {
    if let pid = childPID {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    if stdoutPipe >= 0 { close(stdoutPipe) }
    close(slaveFD)
    if masterFD >= 0 { close(masterFD) }
  }

  // MARK: Size

  /// Whether the model re-wraps its rows when the window gets narrower, as VTE, kitty, iTerm2
  /// and tmux do (``TerminalModel/reflows``); by default it cuts them, as xterm does.
  public var reflows: Bool {
    get { model.reflows }
    set { model.reflows = newValue }
  }

  /// Changes the terminal's size; the program running on it receives SIGWINCH.
  public func resize(width: Int, height: Int) {
    model.resize(width: width, height: height)
    setWindowSize(width: width, height: height)
  }

  private func setWindowSize(width: Int, height: Int) {
    var size = winsize(
      ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0,
      ws_ypixel: 0)
    _ = ioctl(masterFD, UInt(TIOCSWINSZ), &size)
  }

  // MARK: The child

  /// Starts `executable` in a new session whose controlling terminal is this pty: stdin and
  /// stderr (and stdout unless `.pipe`) are the slave, signals have their default actions.
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments.
  ///   - environment: The child's whole environment (nothing is inherited).
  ///   - stdout: Where its stdout goes: the terminal or a pipe.
  /// - Throws: A ``Failure`` when the child cannot be started.
  public func spawn(
    _ executable: String, arguments: [String] = [], environment: [String: String] = [:],
    stdout: StdoutDestination = .terminal
  ) throws(Failure) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // After setsid, the first terminal the child opens becomes its controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    var pipeFDs: [Int32] = [-1, -1]
    if stdout == .pipe {
      guard pipe(&pipeFDs) == 0 else { throw Failure("pipe") }
      _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
      posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
    }
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    ProcessSpawn.setOwnSession(&attributes)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    if stdout == .pipe {
      close(pipeFDs[1])
      if result == 0 {
        _ = fcntl(pipeFDs[0], F_SETFL, fcntl(pipeFDs[0], F_GETFL) | O_NONBLOCK)
        stdoutPipe = pipeFDs[0]
      } else {
        close(pipeFDs[0])
      }
    }
    guard result == 0 else { throw Failure("posix_spawn \(executable)", code: result) }
    childPID = pid
  }

  /// Closes the master side, as closing a terminal window does: the program's terminal hangs up
  /// (reads see end of file, writes fail).
  ///
  /// Nothing more can be typed or read afterwards.
  public func hangUp() {
    guard masterFD >= 0 else { return }
    close(masterFD)
    masterFD = -1
  }

  /// Sends a signal to the child.
  public func signal(_ signal: Int32) {
    if let pid = childPID { kill(pid, signal) }
  }

  /// Waits for the child to end, reading its output meanwhile (so it never blocks on a full
  /// terminal); kills it when `timeout` passes first.
  public func waitForExit(timeout: Duration = .seconds(5)) -> ExitStatus {
    guard let pid = childPID else { return .timedOut }
    let end = Platform.monotonicNow() + timeout
    var status: Int32 = 0
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { break }
      if done < 0 && errno != EINTR { return .timedOut }
      if Platform.monotonicNow() >= end {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        childPID = nil
        return .timedOut
      }
      read(timeout: .milliseconds(5))
    }
    childPID = nil
    // What it wrote just before ending.
    while read(timeout: .milliseconds(20)) > 0 {}
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }

  // MARK: Typing and reading

  /// Types bytes on the terminal.
  public func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(masterFD, $0.baseAddress, $0.count) }
      if n > 0 {
        offset += n
      } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
        read(timeout: .milliseconds(5))  // The program may be waiting for us to read.
      } else {
        return
      }
    }
  }

  /// Types text on the terminal.
  public func send(_ text: String) { send(Array(text.utf8)) }

  /// Waits up to `timeout` for output, then reads all that is there into ``output``, the
  /// model and ``capturedStdout``.
  /// - Returns: the number of bytes read from the terminal.
  @discardableResult
  public func read(timeout: Duration) -> Int {
    var fds = [pollfd(fd: masterFD, events: Int16(POLLIN), revents: 0)]
    if stdoutPipe >= 0 { fds.append(pollfd(fd: stdoutPipe, events: Int16(POLLIN), revents: 0)) }
    let milliseconds =
      Int32(timeout.components.seconds * 1000)
      + Int32(timeout.components.attoseconds / 1_000_000_000_000_000)
    guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return 0 }
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(masterFD, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      output += buffer[0..<n]
      model.apply(buffer[0..<n])
      total += n
    }
    if stdoutPipe >= 0 {
      while true {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(stdoutPipe, $0.baseAddress, $0.count) }
        guard n > 0 else { break }
        capturedStdout += buffer[0..<n]
      }
    }
    return total
  }

  /// Reads until `condition` holds or `timeout` passes.
  /// - Returns: whether the condition held.
  @discardableResult
  public func waitFor(
    timeout: Duration = .seconds(5), _ condition: (PseudoTerminal) -> Bool
  ) -> Bool {
    let end = Platform.monotonicNow() + timeout
    while !condition(self) {
      if Platform.monotonicNow() >= end { return false }
      read(timeout: .milliseconds(10))
    }
    return true
  }

  /// Reads until some row of the screen contains `text`, or `timeout` passes.
  @discardableResult
  public func waitForText(_ text: String, timeout: Duration = .seconds(5)) -> Bool {
    waitFor(timeout: timeout) { $0.model.contains(text) }
  }

  // MARK: Settings

  /// The terminal's current settings (termios), read from the parent's slave descriptor.
  public func settings() -> TerminalSettings {
    var raw = termios()
    tcgetattr(slaveFD, &raw)
    return TerminalSettings(raw)
  }
}

/// The POSIX pseudo-terminal functions.
///
/// Glibc declares them only for `_XOPEN_SOURCE`, which Swift's Glibc module is not built with, so
/// they are looked up in the C library by name.
private struct PTYFunctions {
  let openpt: @convention(c) (Int32) -> Int32
  let grantpt: @convention(c) (Int32) -> Int32
  let unlockpt: @convention(c) (Int32) -> Int32
  let ptsname: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  static func load() throws(PseudoTerminal.Failure) -> PTYFunctions {
    let library = dlopen(nil, RTLD_NOW)
    func find(_ name: String) throws(PseudoTerminal.Failure) -> UnsafeMutableRawPointer {
      guard let symbol = dlsym(library, name) else {
        throw PseudoTerminal.Failure("dlsym \(name)", code: ENOSYS)
      }
      return symbol
    }
    typealias Unary = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    return PTYFunctions(
      openpt: unsafeBitCast(try find("posix_openpt"), to: Unary.self),
      grantpt: unsafeBitCast(try find("grantpt"), to: Unary.self),
      unlockpt: unsafeBitCast(try find("unlockpt"), to: Unary.self),
      ptsname: unsafeBitCast(try find("ptsname_r"), to: Name.self))
  }
}

/// A terminal's termios settings, comparable field by field.
public struct TerminalSettings: Equatable, Sendable {
  /// `c_iflag`.
  public var inputFlags: UInt32
  /// `c_oflag`.
  public var outputFlags: UInt32
  /// `c_cflag`.
  public var controlFlags: UInt32
  /// `c_lflag`.
  public var localFlags: UInt32
  /// The control characters (VINTR, VMIN, VTIME, …).
  public var controlCharacters: [UInt8]
  /// `c_ispeed`.
  public var inputSpeed: UInt32
  /// `c_ospeed`.
  public var outputSpeed: UInt32

  /// The settings of `raw`.
  public init(_ raw: termios) {
    var copy = raw
    inputFlags = raw.c_iflag
    outputFlags = raw.c_oflag
    controlFlags = raw.c_cflag
    localFlags = raw.c_lflag
    controlCharacters = withUnsafeBytes(of: &copy.c_cc) { Array($0) }
    inputSpeed = cfgetispeed(&copy)
    outputSpeed = cfgetospeed(&copy)
  }

  /// The fields that differ, described (`lflag: 0x8a3b, expected 0x8a31`); empty when equal.
  public func differences(from expected: TerminalSettings) -> [String] {
    func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
    var result: [String] = []
    let flags = [
      ("iflag", inputFlags, expected.inputFlags), ("oflag", outputFlags, expected.outputFlags),
      ("cflag", controlFlags, expected.controlFlags), ("lflag", localFlags, expected.localFlags),
      ("ispeed", inputSpeed, expected.inputSpeed), ("ospeed", outputSpeed, expected.outputSpeed),
    ]
    for (name, have, want) in flags where have != want {
      result.append("\(name): \(hex(have)), expected \(hex(want))")
    }
    for (i, (have, want)) in zip(controlCharacters, expected.controlCharacters).enumerated()
    where have != want {
      result.append("c_cc[\(i)]: \(have), expected \(want)")
    }
    return result
  }
}
