import StepFlowCore

// Escape sequences: CSI and SS3 keys, function keys, and mouse reports (SGR and X10).
extension KeyDecoder {
  mutating func finishCSI(final: UInt8, into keys: inout [Key]) {
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
  static func mouseEvent(code: Int, column: Int, row: Int, released: Bool)
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

  static func ss3Key(_ final: UInt8) -> Key? {
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
}
