import Glibc
import StepFlowCore
import StepFlowRender

// Input: the terminal's bytes read, decoded and delivered as keys, and the input pipe.
extension SessionLoop {

  /// Reads what the terminal has, up to the buffer's size a wake-up, and delivers its keys.
  ///
  /// A terminal hands typed bytes over about 4 KiB a read; reading on until it has no more
  /// (or the buffer is full) puts a burst of typing into one delivery, so a Ctrl-C behind it
  /// is seen before any of the keys are applied, and the burst costs one edit and one frame.
  /// Bounded a wake-up: a terminal that keeps sending cannot keep the loop from its signals
  /// and frames, which come between buffers.
  mutating func readTerminal<P: TerminalProgram>(
    _ program: inout P, _ buffer: inout [UInt8], _ events: Int16
  ) -> Int32? {
    var count = 0
    var closed = false
    reading: while count < buffer.count {
      let result = buffer.withUnsafeMutableBytes {
        tty.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]))
      }
      switch result {
      case .bytes(let n): count += n
      case .empty: break reading
      case .closed:
        closed = true
        break reading
      }
    }
    if count > 0 {
      lastByte = now()
      // A hang-up after the bytes is seen at the next wake-up.
      return deliver(decoder.feed(buffer[0..<count]), &program)
    }
    if closed || events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return ExitCode.hangUp }
    return nil
  }

  /// Hands keys that arrived together to the program, except Ctrl-C and Ctrl-Z.
  ///
  /// Ctrl-C
  /// interrupts at once (exit 130), before anything that came with it is applied: whatever the
  /// input, the answer to Ctrl-C never waits for work. Ctrl-Z suspends after the keys before it.
  mutating func deliver<P: TerminalProgram>(_ keys: [Key], _ program: inout P) -> Int32? {
    guard !keys.isEmpty else { return nil }
    lastKey = now()
    if keys.contains(.ctrl("c")) { return ExitCode.interrupted }
    var start = keys.startIndex
    while let stop = keys[start...].firstIndex(of: .ctrl("z")) {
      if let code = send(keys: keys[start..<stop], &program) { return code }
      if let code = suspend(&program) { return code }
      start = stop + 1
    }
    return send(keys: keys[start...], &program)
  }

  /// Hands keys to the program (see ``TerminalProgram/handle(keys:at:)``) and asks it for its
  /// next deadline.
  mutating func send<P: TerminalProgram>(keys: ArraySlice<Key>, _ program: inout P)
    -> Int32?
  {
    guard !keys.isEmpty else { return nil }
    let t = now()
    needsDraw = true
    if case .exit(let code) = program.handle(keys: Array(keys), at: t) { return code }
    return handled(&program, at: t)
  }

  /// Reads once from the program's input descriptor.
  mutating func readInput<P: TerminalProgram>(
    _ program: inout P, _ buffer: inout [UInt8]
  ) -> Int32? {
    guard let input = program.inputDescriptor else { return nil }
    let n = Platform.retryingInterrupts {
      buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    }
    let event: TerminalEvent
    if n > 0 {
      event = .input(Array(buffer[0..<n]))
    } else if n < 0 && Platform.wouldBlock {
      // Not ready after all: back to poll, which waits for it.
      return nil
    } else {
      inputOpen = false
      event = .inputClosed
    }
    return send(event, &program)
  }

}
