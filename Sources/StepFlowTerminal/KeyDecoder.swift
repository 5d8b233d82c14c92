import StepFlowCore

/// Turns the bytes a terminal sends into ``Key``s: UTF-8 text, control keys, CSI and SS3
/// sequences, bracketed paste.
///
/// A pure value: feed it whatever `read()` returned, in any pieces, and it returns the keys that
/// are complete. A sequence split across reads completes on a later feed. An `ESC` on its own is
/// ambiguous (Esc, the start of Alt-key, or the start of an arrow's sequence), so the decoder
/// holds it back; when ``isAwaitingMoreBytes`` is true and no byte arrived for
/// ``escapeTimeout``, the loop calls ``flush()``, which decides (a lone `ESC` is `.escape`,
/// `ESC x` is `.alt("x")`).
///
/// Mouse reports (SGR 1006 `CSI < b;x;y M/m`, and the older X10 `CSI M b x y`) become
/// ``Key/mouse(_:)``; focus events and every other CSI sequence are consumed and ignored; a sequence
/// longer than ``maximumSequenceLength`` bytes is dropped without being stored, up to its final
/// byte (or the next byte that cannot belong to it, or ``flush()``), so input never stalls and
/// memory stays bounded. Invalid UTF-8 is dropped byte by byte.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B])        // []        (ESC [ … may be an arrow)
/// decoder.feed([0x41])              // [.up]
/// decoder.feed([0x1B])              // []        (isAwaitingMoreBytes == true)
/// decoder.flush()                   // [.escape] (after escapeTimeout without more bytes)
/// ```
/// - Complexity: O(n) in the bytes fed; no byte is looked at twice.
package struct KeyDecoder: Sendable {
  /// How long the loop waits after an incomplete escape sequence before calling ``flush()``.
  package static let escapeTimeout: Duration = .milliseconds(30)
  /// Sequences longer than this (in bytes after `ESC`) are dropped.
  package static let maximumSequenceLength = 64
  /// A bracketed paste keeps at most this many bytes (1 MiB); the rest is dropped.
  package static let maximumPasteLength = 1 << 20

  private enum State: Sendable {
    case ground
    /// After `ESC`.
    case escape
    /// After `ESC [`; parameter and intermediate bytes are in `sequence`.
    case csi
    /// After `ESC O`; digits and `;` (old modifier forms) are in `sequence`.
    case ss3
    /// Inside a UTF-8 sequence: `remaining` continuation bytes to come.
    case utf8(remaining: Int, alt: Bool)
    /// Skipping the rest of a CSI sequence that grew too long, up to its final byte.
    case discard
    /// Skipping the three raw bytes of an X10 mouse report (`CSI M b x y`).
    case mouse(remaining: Int)
    /// Inside a bracketed paste, up to `CSI 201~`.
    case paste
  }

  private var state = State.ground
  /// The bytes of the CSI/SS3 sequence or the UTF-8 character being collected.
  private var sequence: [UInt8] = []
  /// The pasted bytes collected so far.
  private var pasted: [UInt8] = []
  /// How many bytes of the paste terminator `ESC [ 2 0 1 ~` were matched.
  private var terminatorMatched = 0
  private static let pasteTerminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The most bytes a paste keeps (``maximumPasteLength`` unless a test asks for less).
  private let pasteLimit: Int

  package init(maximumPasteLength: Int = KeyDecoder.maximumPasteLength) {
    pasteLimit = maximumPasteLength
  }

  /// Whether bytes are held back that only more input (or ``flush()``) can resolve: an `ESC`, an
  /// unfinished escape sequence or an unfinished UTF-8 character.
  ///
  /// A paste in progress does not count: it always ends with its terminator.
  package var isAwaitingMoreBytes: Bool {
    switch state {
    case .ground, .paste: return false
    default: return true
    }
  }

  /// Decodes more bytes.
  /// - Returns: the keys completed by these bytes, in order.
  package mutating func feed(_ bytes: some Collection<UInt8>) -> [Key] {
    var keys: [Key] = []
    keys.reserveCapacity(bytes.count)
    for byte in bytes {
      consume(byte, into: &keys)
    }
    return keys
  }

  /// Resolves whatever is held back because no more bytes came: a lone `ESC` becomes `.escape`,
  /// `ESC [` and `ESC O` become Alt-`[` and Alt-`O`; a longer unfinished sequence or an unfinished
  /// UTF-8 character is dropped.
  package mutating func flush() -> [Key] {
    var keys: [Key] = []
    switch state {
    case .escape:
      keys.append(.escape)
    case .csi where sequence.isEmpty:
      keys.append(.alt("["))
    case .ss3 where sequence.isEmpty:
      keys.append(.alt("O"))
    case .ground, .paste:
      return []
    default:
      break
    }
    state = .ground
    sequence.removeAll(keepingCapacity: true)
    return keys
  }

  private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
    switch state {
    case .ground:
      ground(byte, into: &keys)
    case .escape:
      afterEscape(byte, into: &keys)
    case .csi:
      if byte >= 0x40 && byte <= 0x7E {
        state = .ground
        finishCSI(final: byte, into: &keys)
        sequence.removeAll(keepingCapacity: true)
      } else if byte >= 0x20 && byte <= 0x3F {
        collect(byte)
      } else {
        // Not part of a CSI sequence: abandon the sequence and read the byte afresh.
        abandonSequence()
        ground(byte, into: &keys)
      }
    case .ss3:
      if byte >= 0x30 && byte <= 0x3B {
        collect(byte)
      } else if byte >= 0x40 && byte <= 0x7E {
        state = .ground
        sequence.removeAll(keepingCapacity: true)
        if let key = Self.ss3Key(byte) { keys.append(key) }
      } else {
        abandonSequence()
        ground(byte, into: &keys)
      }
    case .utf8(let remaining, let alt):
      guard byte & 0xC0 == 0x80, Self.isValidSecondByte(byte, after: sequence) else {
        abandonSequence()
        ground(byte, into: &keys)
        return
      }
      sequence.append(byte)
      if remaining > 1 {
        state = .utf8(remaining: remaining - 1, alt: alt)
      } else {
        state = .ground
        if let scalar = Self.decodeScalar(sequence) {
          emit(Character(scalar), alt: alt, into: &keys)
        }
        sequence.removeAll(keepingCapacity: true)
      }
    case .discard:
      if byte >= 0x40 && byte <= 0x7E {
        state = .ground
      } else if !(byte >= 0x20 && byte <= 0x3F) {
        state = .ground
        ground(byte, into: &keys)
      }
    case .mouse(let remaining):
      sequence.append(byte)
      guard remaining == 1 else {
        state = .mouse(remaining: remaining - 1)
        return
      }
      state = .ground
      // X10 mouse: button, column and row, each + 32, the position counted from 1.
      let code = Int(sequence[0]) - 32
      if code >= 0,
        let event = Self.mouseEvent(
          code: code, column: Int(sequence[1]) - 33, row: Int(sequence[2]) - 33,
          released: code & 3 == 3)
      {
        keys.append(.mouse(event))
      }
      sequence.removeAll(keepingCapacity: true)
    case .paste:
      pasteByte(byte, into: &keys)
    }
  }

  private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case 0x1B: state = .escape
    case 0x0D, 0x0A: keys.append(.enter)
    case 0x09: keys.append(.tab)
    case 0x7F, 0x08: keys.append(.backspace)
    case 0x01...0x1A: keys.append(.ctrl(Character(UnicodeScalar(byte + 0x60))))
    case 0x20...0x7E: keys.append(.character(Character(UnicodeScalar(byte))))
    case 0xC2...0xDF: startUTF8(byte, remaining: 1, alt: false)
    case 0xE0...0xEF: startUTF8(byte, remaining: 2, alt: false)
    case 0xF0...0xF4: startUTF8(byte, remaining: 3, alt: false)
    default: break  // NUL, FS…US, stray continuation bytes, invalid lead bytes.
    }
  }

  private mutating func afterEscape(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case 0x5B:  // [
      state = .csi
    case 0x4F:  // O
      state = .ss3
    case 0x1B:
      // ESC ESC: the first is a key of its own; the second may start something.
      keys.append(.escape)
    case 0x20...0x7E:
      state = .ground
      keys.append(.alt(Character(UnicodeScalar(byte))))
    case 0xC2...0xDF: startUTF8(byte, remaining: 1, alt: true)
    case 0xE0...0xEF: startUTF8(byte, remaining: 2, alt: true)
    case 0xF0...0xF4: startUTF8(byte, remaining: 3, alt: true)
    default:
      // ESC before a control key (Alt-Enter, Alt-Backspace): Esc, then the key.
      state = .ground
      keys.append(.escape)
      ground(byte, into: &keys)
    }
  }

  private mutating func startUTF8(_ byte: UInt8, remaining: Int, alt: Bool) {
    sequence.removeAll(keepingCapacity: true)
    sequence.append(byte)
    state = .utf8(remaining: remaining, alt: alt)
  }

  private mutating func collect(_ byte: UInt8) {
    if sequence.count >= Self.maximumSequenceLength {
      abandonSequence()
      state = .discard
    } else {
      sequence.append(byte)
    }
  }

  private mutating func abandonSequence() {
    state = .ground
    sequence.removeAll(keepingCapacity: true)
  }

  /// Appends a character, joining it to the previous one when together they are one grapheme
  /// (a combining accent, an emoji modifier, the second half of a flag).
  private func emit(_ character: Character, alt: Bool, into keys: inout [Key]) {
    if alt {
      keys.append(.alt(character))
      return
    }
    if case .character(let previous) = keys.last {
      var joined = String(previous)
      joined.unicodeScalars.append(contentsOf: character.unicodeScalars)
      if joined.count == 1, let only = joined.first {
        keys[keys.count - 1] = .character(only)
        return
      }
    }
    keys.append(.character(character))
  }

  private mutating func finishCSI(final: UInt8, into keys: inout [Key]) {
    if sequence.first == 0x3C, final == 0x4D || final == 0x6D {
      // SGR mouse: `CSI < button ; column ; row M` (pressed, moved) or `m` (released).
      if let event = Self.sgrMouse(sequence.dropFirst(), released: final == 0x6D) {
        keys.append(.mouse(event))
      }
      return
    }
    let hasPrivatePrefix = sequence.first.map { $0 >= 0x3C && $0 <= 0x3F } ?? false
    if hasPrivatePrefix { return }  // Replies (`?`, `>`, `=`) and the rest: ignored.
    switch final {
    case 0x41: keys.append(.up)
    case 0x42: keys.append(.down)
    case 0x43: keys.append(.right)
    case 0x44: keys.append(.left)
    case 0x48: keys.append(.home)
    case 0x46: keys.append(.end)
    case 0x5A: keys.append(.backTab)
    case 0x50, 0x51, 0x52, 0x53:
      // Modified F1–F4 (`CSI 1;2P`); a bare `CSI R` with other parameters is a cursor report.
      if sequence.isEmpty || firstParameter() == 1 { keys.append(.function(Int(final) - 0x4F)) }
    case 0x4D where sequence.isEmpty:
      state = .mouse(remaining: 3)  // X10 mouse: three raw bytes follow.
      sequence.removeAll(keepingCapacity: true)
    case 0x7E:
      tildeKey(firstParameter(), into: &keys)
    default:
      break  // Focus in/out (`I`, `O`), keypad begin (`E`), anything else: ignored.
    }
  }

  /// The parameters of an SGR mouse report (after `<`): `button;column;row`.
  private static func sgrMouse(_ parameters: ArraySlice<UInt8>, released: Bool) -> MouseEvent? {
    var numbers: [Int] = []
    var value = 0
    var digits = 0
    for byte in parameters {
      if byte == 0x3B {
        guard digits > 0 else { return nil }
        numbers.append(value)
        value = 0
        digits = 0
      } else if byte >= 0x30 && byte <= 0x39, digits < 6 {
        value = value * 10 + Int(byte - 0x30)
        digits += 1
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    numbers.append(value)
    guard numbers.count == 3 else { return nil }
    return mouseEvent(
      code: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1, released: released)
  }

  /// A mouse event from a report's button code: the button in the low two bits, then Shift
  /// (4), Alt (8), Control (16), motion (32) and the wheel (64).
  private static func mouseEvent(code: Int, column: Int, row: Int, released: Bool)
    -> MouseEvent?
  {
    guard column >= 0, row >= 0 else { return nil }
    let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
    let button = buttons[code & 3]
    let action: MouseEvent.Action
    if code & 64 != 0 {
      switch code & 3 {
      case 0: action = .wheelUp
      case 1: action = .wheelDown
      default: return nil  // Sideways wheels.
      }
    } else if released {
      action = .release(button ?? .left)
    } else if code & 32 != 0 {
      guard let button else { return nil }  // Moving with no button held.
      action = .drag(button)
    } else {
      guard let button else { return nil }
      action = .press(button)
    }
    return MouseEvent(
      action, column: column, row: row, shift: code & 4 != 0, alt: code & 8 != 0,
      control: code & 16 != 0)
  }

  private mutating func tildeKey(_ number: Int?, into keys: inout [Key]) {
    guard let number else { return }
    switch number {
    case 1, 7: keys.append(.home)
    case 4, 8: keys.append(.end)
    case 2: keys.append(.insert)
    case 3: keys.append(.delete)
    case 5: keys.append(.pageUp)
    case 6: keys.append(.pageDown)
    case 11...15: keys.append(.function(number - 10))
    case 17...21: keys.append(.function(number - 11))
    case 23, 24: keys.append(.function(number - 12))
    case 200:
      state = .paste
      pasted.removeAll(keepingCapacity: true)
      terminatorMatched = 0
    default: break  // 201 outside a paste, and unknown numbers.
    }
  }

  /// The first numeric parameter of the collected CSI sequence.
  private func firstParameter() -> Int? {
    var value = 0
    var digits = 0
    for byte in sequence {
      guard byte >= 0x30 && byte <= 0x39 else { break }
      value = value * 10 + Int(byte - 0x30)
      digits += 1
      if digits > 6 { return nil }
    }
    return digits == 0 ? nil : value
  }

  private static func ss3Key(_ final: UInt8) -> Key? {
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x4D: return .enter  // keypad Enter
    case 0x50, 0x51, 0x52, 0x53: return .function(Int(final) - 0x4F)
    default: return nil
    }
  }

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
  private mutating func pasteByte(_ byte: UInt8, into keys: inout [Key]) {
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

  /// Rejects overlong forms, surrogates and code points above U+10FFFF at the second byte.
  private static func isValidSecondByte(_ byte: UInt8, after sequence: [UInt8]) -> Bool {
    guard sequence.count == 1 else { return true }
    switch sequence[0] {
    case 0xE0: return byte >= 0xA0
    case 0xED: return byte <= 0x9F
    case 0xF0: return byte >= 0x90
    case 0xF4: return byte <= 0x8F
    default: return true
    }
  }

  private static func decodeScalar(_ bytes: [UInt8]) -> Unicode.Scalar? {
    var value: UInt32
    switch bytes.count {
    case 2: value = UInt32(bytes[0] & 0x1F)
    case 3: value = UInt32(bytes[0] & 0x0F)
    case 4: value = UInt32(bytes[0] & 0x07)
    default: return nil
    }
    for byte in bytes.dropFirst() {
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return Unicode.Scalar(value)
  }
}
