import Foundation
import Glibc
import StepFlowTerminal

/// Runs a program to its end in a session of its own, without a controlling terminal, as a CI
/// job runs it: stdin a pipe given `input`, stdout and stderr read into strings.
///
/// stepflow is interactive on `/dev/tty` whenever it can open one, whatever stdin is (a pipe:
/// `cat install.sh | bash`). A test that means "no terminal" must therefore not hand the child
/// the terminal `swift test` was started from: `setsid` leaves it none, so `/dev/tty` cannot be
/// opened, exactly as in a CI job. (Foundation's `Process` keeps the caller's session.)
public enum DetachedProcess {
  /// How the program ended and what it wrote.
  public struct Result: Sendable {
    /// The exit status, or 128+n when signal n ended it.
    public let status: Int32
    /// Everything written on stdout.
    public let stdout: String
    /// Everything written on stderr.
    public let stderr: String
  }

  /// The program could not be started.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, and why.
    public let description: String
  }

  /// Runs `executable` with `arguments` and exactly `environment`, in `directory` when given.
  ///
  /// The exit status is the program's, or 128+n when signal n ended it (as a shell shows it).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    in directory: String? = nil, input: String = ""
  ) throws -> Result {
    // A child that stops reading its stdin must make a write fail (EPIPE), not end the tests.
    signal(SIGPIPE, SIG_IGN)
    var stdinFDs: [Int32] = [-1, -1]
    var stdoutFDs: [Int32] = [-1, -1]
    var stderrFDs: [Int32] = [-1, -1]
    guard pipe(&stdinFDs) == 0, pipe(&stdoutFDs) == 0, pipe(&stderrFDs) == 0 else {
      throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
    }
    for fd in stdinFDs + stdoutFDs + stderrFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinFDs[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutFDs[1], 1)
    posix_spawn_file_actions_adddup2(&actions, stderrFDs[1], 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    ProcessSpawn.setOwnSession(&attributes)

    // posix_spawn_file_actions_addchdir_np is not imported into Swift: a shell changes the
    // folder, then becomes the program.
    let command =
      directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] }
      ?? [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    close(stdinFDs[0])
    close(stdoutFDs[1])
    close(stderrFDs[1])
    guard spawned == 0 else {
      close(stdinFDs[1])
      close(stdoutFDs[0])
      close(stderrFDs[0])
      throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
    }

    // Input written and both outputs read at once, so that neither side waits on a full pipe.
    var pending = Array(input.utf8)[...]
    var writer: Int32 = stdinFDs[1]
    if pending.isEmpty {
      close(writer)
      writer = -1
    } else {
      _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
    }
    var out: [UInt8] = []
    var err: [UInt8] = []
    var readers: [Int32] = [stdoutFDs[0], stderrFDs[0]]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !readers.isEmpty || writer >= 0 {
      var fds = readers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if writer >= 0 { fds.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
      guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
        if errno == EINTR { continue }
        break
      }
      for entry in fds where entry.revents != 0 {
        if entry.fd == writer {
          let written = pending.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
          if written > 0 { pending = pending.dropFirst(written) }
          if written < 0 && errno == EAGAIN { continue }
          if pending.isEmpty || written < 0 {
            // Done, or the child closed its stdin (EPIPE): nothing more to give it.
            close(writer)
            writer = -1
          }
          continue
        }
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          if entry.fd == stdoutFDs[0] {
            out += buffer[0..<count]
          } else {
            err += buffer[0..<count]
          }
        } else if count == 0 || errno != EINTR {
          close(entry.fd)
          readers.removeAll { $0 == entry.fd }
        }
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code: Int32
    if status & 0x7F == 0 {
      code = (status >> 8) & 0xFF
    } else {
      code = 128 + (status & 0x7F)
    }
    return Result(
      status: code, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}
