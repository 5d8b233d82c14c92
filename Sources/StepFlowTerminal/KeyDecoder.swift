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

  enum State: Sendable {
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

  var state = State.ground
  /// The bytes of the CSI/SS3 sequence or the UTF-8 character being collected.
  var sequence: [UInt8] = []
  /// The pasted bytes collected so far.
  var pasted: [UInt8] = []
  /// How many bytes of the paste terminator `ESC [ 2 0 1 ~` were matched.
  var terminatorMatched = 0
  static let pasteTerminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The most bytes a paste keeps (``maximumPasteLength`` unless a test asks for less).
  let pasteLimit: Int

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
