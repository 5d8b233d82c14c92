import StepFlowCore

// Bracketed paste: collected up to its terminator, bounded, and never a trap.
extension KeyDecoder {
  /// Bracketed paste cannot take the terminal hostage: a paste whose `CSI 201~` never comes
  /// (a cut connection, a hostile program that printed `CSI 200~` back at the terminal) would
  /// otherwise swallow every key that follows, Ctrl-C too.
  ///
  /// - The Ctrl-C byte (0x03) ends a paste: what was pasted so far is delivered as `.paste`,
  ///   then `.ctrl("c")`, which interrupts the run. Terminals strip C0 controls from pastes
  ///   (xterm's `allowPasteControls` is off by default), so 0x03 inside a paste is the person
  ///   pressing Ctrl-C; a paste that really held one interrupts, which is the safe side.
  /// - A paste keeps at most ``maximumPasteLength`` bytes (1 MiB); the rest, up to the terminator, is
  ///   dropped, so an endless paste costs no memory.
  ///
  /// There is no time limit: the decoder knows no time, and Ctrl-C is always the way out.
  mutating func pasteByte(_ byte: UInt8, into keys: inout [Key]) {
    if byte == 0x03 {
      keep(Self.pasteTerminator[0..<terminatorMatched])
      if !pasted.isEmpty { keys.append(.paste(Self.pasteText(pasted))) }
      keys.append(.ctrl("c"))
      pasted.removeAll(keepingCapacity: false)
      terminatorMatched = 0
      state = .ground
      return
    }
    if byte == Self.pasteTerminator[terminatorMatched] {
      terminatorMatched += 1
      if terminatorMatched == Self.pasteTerminator.count {
        keys.append(.paste(Self.pasteText(pasted)))
        pasted.removeAll(keepingCapacity: false)
        terminatorMatched = 0
        state = .ground
      }
      return
    }
    // A partial match was text after all; ESC is only the terminator's first byte, so the
    // current byte can at most start a new match.
    keep(Self.pasteTerminator[0..<terminatorMatched])
    if byte == 0x1B {
      terminatorMatched = 1
    } else {
      terminatorMatched = 0
      keep(CollectionOfOne(byte))
    }
  }

  /// Adds pasted bytes, as far as ``maximumPasteLength`` allows.
  private mutating func keep(_ bytes: some Collection<UInt8>) {
    let room = pasteLimit - pasted.count
    guard room > 0 else { return }
    pasted.append(contentsOf: bytes.prefix(room))
  }

  /// Pasted bytes as text, with the terminal's CR and CR LF line ends made `\n`.
  private static func pasteText(_ bytes: [UInt8]) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x0D {
        normalized.append(0x0A)
        if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
      } else {
        normalized.append(bytes[i])
      }
      i += 1
    }
    return String(decoding: normalized, as: UTF8.self)
  }
}
