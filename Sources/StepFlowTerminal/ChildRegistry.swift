import Glibc

/// The process groups of the running children, in fixed slots a signal handler can read: when
/// stepflow itself dies of a crash, the fatal-signal handler kills them before the process ends
/// (``killAll()``), so not even a crash leaves a command running.
package enum ChildRegistry {
  /// The most children that may run at once (a task, a field's commands, those still in their
  /// grace period after SIGTERM): one more is refused rather than run unwatched.
  package static let capacity = 32

  private static func withSlots<R>(_ body: (UnsafeMutablePointer<pid_t>) -> R) -> R {
    withUnsafeMutablePointer(to: &childSlots) {
      $0.withMemoryRebound(to: pid_t.self, capacity: capacity, body)
    }
  }

  /// Whether one more child can be registered (a slot is free).
  package static var hasRoom: Bool {
    withSlots { slots in (0..<capacity).contains { slots[$0] == 0 } }
  }

  /// Registers a child's process group; `false` when every slot is taken (see ``hasRoom``).
  @discardableResult
  package static func add(_ pid: pid_t) -> Bool {
    withSlots { slots in
      for i in 0..<capacity where slots[i] == 0 {
        slots[i] = pid
        return true
      }
      return false
    }
  }

  package static func remove(_ pid: pid_t) {
    withSlots { slots in
      for i in 0..<capacity where slots[i] == pid { slots[i] = 0 }
    }
  }

  /// SIGKILL to every registered group.
  ///
  /// Async-signal-safe: reads the slots and calls `kill`.
  package static func killAll() {
    withSlots { slots in
      for i in 0..<capacity where slots[i] > 1 { _ = kill(-slots[i], SIGKILL) }
    }
  }
}

// Written by the main thread only; read by the fatal-signal handler. A tuple of constants is
// initialized statically (no lazy initialization that a signal handler could run into).
nonisolated(unsafe) private var childSlots:
  (
    pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t,
    pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t, pid_t,
    pid_t, pid_t, pid_t, pid_t, pid_t, pid_t
  ) = (
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0
  )
