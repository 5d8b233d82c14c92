import Glibc
import StepFlowCore
import StepFlowText

/// Starts one child process the way every command stepflow runs is started: `posix_spawn`,
/// a new session (so its own process group, and no controlling terminal: it can never open
/// `/dev/tty` or get the terminal's signals), stdin from `/dev/null` or a pipe, stdout and
/// stderr into pipes, no other descriptor, every signal at its default action and none blocked.
package enum ProcessSpawn {

  /// Makes a child spawned with `attributes` the leader of a session of its own, with no signal
  /// blocked and every signal at its default action: stepflow ignores SIGPIPE while its screen
  /// is up, and an ignored signal would stay ignored in the child (`yes | head` relies on
  /// SIGPIPE).
  /// - Parameter attributes: initialised spawn attributes.
  package static func setOwnSession(_ attributes: inout posix_spawnattr_t) {
    // POSIX_SPAWN_SETSID (glibc 2.26+; not imported into Swift).
    let setsid: Int32 = 0x80
    posix_spawnattr_setflags(
      &attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigfillset(&defaults)
    sigdelset(&defaults, SIGKILL)
    sigdelset(&defaults, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
  }
  /// A started child: its pid (also its process group's id), a pidfd that becomes readable
  /// when it exits (`-1` where the system has none), and the read ends of its output pipes.
  package struct Child: Sendable {
    package let pid: pid_t
    package let pidfd: Int32
    package let stdout: Int32
    package let stderr: Int32
  }

  /// Why a child could not be started: the shell's exit status for it and the reason.
  package struct Failure: Error, Equatable, Sendable {
    package let exitCode: Int32
    package let reason: String
  }

  /// glibc functions that Swift's Glibc module does not declare (they are `_GNU_SOURCE` or `_np`),
  /// looked up by name once.
  ///
  /// Each is `nil` where the C library lacks it.
  private struct Extras: @unchecked Sendable {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    typealias AddChdir =
      @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?
      ) -> Int32
    typealias AddCloseFrom =
      @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32
      ) -> Int32

    let pipe2: Pipe2?
    let pidfdOpen: PidfdOpen?
    let addChdir: AddChdir?
    let addCloseFrom: AddCloseFrom?

    static let shared: Extras = {
      let library = dlopen(nil, RTLD_NOW)
      func find<F>(_ name: String, as type: F.Type) -> F? {
        guard let symbol = dlsym(library, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
      }
      return Extras(
        pipe2: find("pipe2", as: Pipe2.self),
        pidfdOpen: find("pidfd_open", as: PidfdOpen.self),
        addChdir: find("posix_spawn_file_actions_addchdir_np", as: AddChdir.self),
        addCloseFrom: find("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self))
    }()
  }

  /// `F_SETPIPE_SZ` (Linux): a bigger pipe means fewer reads for a command with much output.
  private static let setPipeSize: Int32 = 1031

  /// A pipe whose two ends are closed on exec (a child gets its end by `dup2`, which clears
  /// the flag on the copy), so no other child ever inherits it: both flags are set as the pipe
  /// is made (`pipe2`), never after, so a command spawned meanwhile by another thread cannot
  /// get it either.
  /// - Parameter nonBlocking: both ends are also non-blocking.
  /// - Returns: the read and write ends, or `nil` when the system has no descriptor left.
  package static func makePipe(nonBlocking: Bool = false) -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [-1, -1]
    if let pipe2 = Extras.shared.pipe2 {
      let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
      guard fds.withUnsafeMutableBufferPointer({ pipe2($0.baseAddress, flags) }) == 0 else {
        return nil
      }
    } else {
      // A C library without pipe2 (none that stepflow is built for): flags set after.
      guard pipe(&fds) == 0 else { return nil }
      for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
      }
    }
    return (fds[0], fds[1])
  }

  /// Starts `launch.arguments` with `environment` (the whole environment of the child).
  /// - Parameters:
  ///   - launch: What to run, and how.
  ///   - environment: The child's whole environment.
  ///   - passThrough: The child writes to stepflow's own stdout and stderr instead of pipes
  ///     (`gauge -- CMD` without a terminal: its output passes through untouched).
  /// - Returns: The child, its process group and its pipes.
  /// - Throws: ``Failure`` when it cannot be started: not found (127), not executable or a
  ///   missing working directory (126), no pipes left (126).
  package static func start(
    _ launch: TaskLaunch, environment: [String: String], passThrough: Bool = false
  ) throws(Failure) -> Child {
    guard let program = launch.arguments.first, !program.isEmpty else {
      throw Failure(
        exitCode: 127, reason: "there is no command to run (the argument list is empty)")
    }
    if let directory = launch.directory {
      var info = stat()
      let found = stat(directory, &info) == 0
      guard found, (info.st_mode & S_IFMT) == S_IFDIR else {
        let what = found ? "is not a directory" : "cannot be used: \(Platform.lastErrorDescription)"
        throw Failure(
          exitCode: 126,
          reason: "the working directory \(Sanitizer.sanitize(directory)) \(what)")
      }
      guard Extras.shared.addChdir != nil else {
        throw Failure(exitCode: 126, reason: "this C library cannot set a working directory")
      }
    }
    if passThrough {
      // The child's 1 and 2 are stepflow's: inherited as they are.
      return try spawn(launch, environment: environment, output: nil)
    }
    guard let out = makePipe() else {
      throw Failure(exitCode: 126, reason: "cannot make a pipe: \(Platform.lastErrorDescription)")
    }
    guard let err = makePipe() else {
      close(out.read)
      close(out.write)
      throw Failure(exitCode: 126, reason: "cannot make a pipe: \(Platform.lastErrorDescription)")
    }
    return try spawn(launch, environment: environment, output: (out, err))
  }

  private static func spawn(
    _ launch: TaskLaunch, environment: [String: String],
    output: (out: (read: Int32, write: Int32), err: (read: Int32, write: Int32))?
  ) throws(Failure) -> Child {
    let program = launch.arguments[0]
    let outputFDs = output.map { [$0.out.read, $0.out.write, $0.err.read, $0.err.write] } ?? []
    var input: (read: Int32, write: Int32)? = nil
    if launch.input != nil {
      input = makePipe()
      if input == nil {
        for fd in outputFDs { close(fd) }
        throw Failure(exitCode: 126, reason: "cannot make a pipe: \(Platform.lastErrorDescription)")
      }
    }
    // A big pipe takes more of a chatty command's output per read; refused sizes are fine.
    if let output { _ = fcntl(output.out.write, setPipeSize, Int32(1 << 20)) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output.out.write, 1)
      posix_spawn_file_actions_adddup2(&actions, output.err.write, 2)
    }
    // Nothing else of stepflow's reaches the child: not the terminal, not a state file.
    if let closeFrom = Extras.shared.addCloseFrom { _ = closeFrom(&actions, 3) }
    if let directory = launch.directory, let addChdir = Extras.shared.addChdir {
      _ = directory.withCString { addChdir(&actions, $0) }
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    setOwnSession(&attributes)

    let argv = launch.arguments.map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    if let output {
      close(output.out.write)
      close(output.err.write)
    }
    if let input { close(input.read) }
    guard result == 0 else {
      if let output {
        close(output.out.read)
        close(output.err.read)
      }
      if let input { close(input.write) }
      throw failure(program: program, code: result)
    }
    if let output {
      for fd in [output.out.read, output.err.read] {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      }
    }
    if let input, let text = launch.input {
      feed(Array(text.utf8), to: input.write)
    }
    let pidfd = Extras.shared.pidfdOpen.map { $0(pid, 0) } ?? -1
    return Child(
      pid: pid, pidfd: pidfd, stdout: output?.out.read ?? -1, stderr: output?.err.read ?? -1)
  }

  /// Writes a command's stdin and closes it.
  ///
  /// The pipe is made big enough first, so the write never waits for the child; what does not fit
  /// (more than the system allows a pipe, 1 MiB by default) is left out.
  private static func feed(_ bytes: [UInt8], to fd: Int32) {
    if bytes.count > 65536 { _ = fcntl(fd, setPipeSize, Int32(clamping: bytes.count)) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let n = Platform.retryingInterrupts { write(fd, base + offset, raw.count - offset) }
        guard n > 0 else { break }
        offset += n
      }
    }
    close(fd)
  }

  /// Why `posix_spawnp` failed, as a shell would report it.
  private static func failure(program: String, code: Int32) -> Failure {
    let name = Sanitizer.sanitize(program)
    switch code {
    case ENOENT:
      return Failure(
        exitCode: 127,
        reason: program.contains("/") ? "\(name): no such file" : "\(name): command not found")
    case EACCES:
      return Failure(exitCode: 126, reason: "\(name): permission denied (not executable)")
    case ENOEXEC:
      return Failure(exitCode: 126, reason: "\(name): not an executable file")
    case ENOTDIR:
      return Failure(exitCode: 127, reason: "\(name): a part of the path is not a directory")
    default:
      return Failure(exitCode: 126, reason: "\(name): \(String(cString: strerror(code)))")
    }
  }

  /// Whether the child has exited, and how, without reaping it (`waitid` with `WNOWAIT`): a
  /// zombie keeps its pid and its process group's id, so signals to the group can never reach
  /// a process stepflow did not start.
  package static func peekExit(_ pid: pid_t) -> TaskOutcome? {
    var info = siginfo_t()
    let result = Platform.retryingInterrupts {
      waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
    }
    guard result == 0 else { return nil }
    // Linux's siginfo_t for SIGCHLD: si_code at 8, si_pid at 16, si_status at 24.
    return withUnsafeBytes(of: &info) { raw -> TaskOutcome? in
      let code = raw.load(fromByteOffset: 8, as: Int32.self)
      let childPID = raw.load(fromByteOffset: 16, as: Int32.self)
      let status = raw.load(fromByteOffset: 24, as: Int32.self)
      guard childPID == pid else { return nil }
      // CLD_EXITED 1, CLD_KILLED 2, CLD_DUMPED 3.
      return code == 1 ? .exited(status) : .signaled(status)
    }
  }

  /// Reaps an exited child (waiting for it, after SIGKILL at the latest).
  package static func reap(_ pid: pid_t) {
    var status: Int32 = 0
    _ = Platform.retryingInterrupts { waitpid(pid, &status, 0) }
  }

  /// Sends a signal to the child's whole process group (its pid: it leads its own session).
  package static func signalGroup(_ pid: pid_t, _ signal: Int32) {
    guard pid > 1 else { return }
    _ = kill(-pid, signal)
  }
}
