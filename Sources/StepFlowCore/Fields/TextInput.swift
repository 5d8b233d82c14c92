import StepFlowText

/// One line of editable text with a cursor that sits between graphemes.
///
/// The text is kept as graphemes (`Character`s), so the cursor never splits a letter from its
/// accents, an emoji from its modifiers, or a flag in two. Typed and pasted text is cleaned:
/// line breaks and tabs become spaces and control characters are dropped. `maxLength` (in
/// graphemes) stops typing; text set from outside with ``replace(with:)`` is kept whole so that
/// validation can report it.
///
/// ```swift
/// var input = TextInput("Oslo", maxLength: 20)
/// input.moveToStart()
/// input.insert("Gamle ")   // "Gamle Oslo", cursor before "O"
/// ```
package struct TextInput: Hashable, Sendable {
  /// The text's graphemes.
  package private(set) var graphemes: [Character]
  /// The cursor: the number of graphemes before it, `0...graphemes.count`.
  package private(set) var cursor: Int
  /// The most graphemes typing may produce; `nil` for no limit.
  package let maxLength: Int?
  /// Whether line breaks are kept (a multi-line field): typed and pasted text keeps its
  /// newlines (CR LF and CR become LF) and a tab becomes four spaces.
  package let keepsNewlines: Bool

  /// Text with the cursor at its end.
  package init(_ text: String = "", maxLength: Int? = nil, keepsNewlines: Bool = false) {
    graphemes = Array(text)
    cursor = graphemes.count
    self.maxLength = maxLength
    self.keepsNewlines = keepsNewlines
  }

  /// The text.
  package var text: String { String(graphemes) }
  /// Whether there is no text.
  package var isEmpty: Bool { graphemes.isEmpty }

  /// Replaces the whole text (from `set FIELD=VALUE` or a saved state) and puts the cursor at its
  /// end.
  ///
  /// The text is kept as it is, even beyond `maxLength`.
  package mutating func replace(with text: String) {
    graphemes = Array(text)
    cursor = graphemes.count
  }

  /// Inserts text at the cursor and moves the cursor after it.
  ///
  /// The text is cleaned first (see ``cleaned(_:)``). When the result would be longer than
  /// `maxLength`, only the graphemes that fit are inserted.
  /// - Returns: whether all of the cleaned text was inserted.
  @discardableResult
  package mutating func insert(_ text: String) -> Bool {
    let clean = Self.cleaned(text, keepingNewlines: keepsNewlines)
    guard !clean.isEmpty else { return true }
    let prefix = String(graphemes[..<cursor])
    let suffix = String(graphemes[cursor...])
    let countBefore = graphemes.count
    rebuild(prefix: prefix + clean, suffix: suffix)
    guard let maxLength, graphemes.count > maxLength else { return true }
    // Too long: insert only as many graphemes as there was room for.
    let room = max(0, maxLength - countBefore)
    rebuild(prefix: prefix + String(Array(clean).prefix(room)), suffix: suffix)
    return false
  }

  /// Inserts pasted text: the same as ``insert(_:)``, named for the key that brings it.
  @discardableResult
  package mutating func paste(_ text: String) -> Bool { insert(text) }

  /// Deletes the grapheme before the cursor (Backspace).
  package mutating func deleteBackward() {
    guard cursor > 0 else { return }
    rebuild(prefix: String(graphemes[..<(cursor - 1)]), suffix: String(graphemes[cursor...]))
  }

  /// Deletes the grapheme after the cursor (Delete).
  package mutating func deleteForward() {
    guard cursor < graphemes.count else { return }
    rebuild(prefix: String(graphemes[..<cursor]), suffix: String(graphemes[(cursor + 1)...]))
  }

  /// Deletes everything before the cursor (Ctrl-U).
  package mutating func deleteToStart() {
    rebuild(prefix: "", suffix: String(graphemes[cursor...]))
  }

  /// Deletes everything after the cursor (Ctrl-K).
  package mutating func deleteToEnd() {
    graphemes.removeSubrange(cursor...)
  }

  /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
  package mutating func deleteWordBackward() {
    var start = cursor
    while start > 0, graphemes[start - 1] == " " { start -= 1 }
    while start > 0, graphemes[start - 1] != " " { start -= 1 }
    rebuild(prefix: String(graphemes[..<start]), suffix: String(graphemes[cursor...]))
  }

  /// Puts the cursor before grapheme `index` (clamped to the text).
  package mutating func moveCursor(to index: Int) { cursor = min(max(0, index), graphemes.count) }

  /// Moves the cursor one grapheme left (←).
  package mutating func moveLeft() { cursor = max(0, cursor - 1) }
  /// Moves the cursor one grapheme right (→).
  package mutating func moveRight() { cursor = min(graphemes.count, cursor + 1) }
  /// Moves the cursor before the first grapheme (Home, Ctrl-A).
  package mutating func moveToStart() { cursor = 0 }
  /// Moves the cursor after the last grapheme (End, Ctrl-E).
  package mutating func moveToEnd() { cursor = graphemes.count }

  /// Applies an editing key.
  ///
  /// Printable characters and pastes insert; Backspace, Delete, ←, →, Home, End and Ctrl-A,
  /// Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W edit or move. These are consumed even when they change
  /// nothing (Backspace at the start must not make the flow go back a step). Every other key
  /// (↑, ↓, Enter, Tab, Esc, …) is ignored.
  package mutating func handle(_ key: Key) -> KeyOutcome {
    switch key {
    case .character(let character):
      guard !Self.cleaned(String(character), keepingNewlines: keepsNewlines).isEmpty else {
        return .ignored
      }
      insert(String(character))
    case .paste(let text): paste(text)
    case .backspace: deleteBackward()
    case .delete: deleteForward()
    case .left: moveLeft()
    case .right: moveRight()
    case .home, .ctrl("a"): moveToStart()
    case .end, .ctrl("e"): moveToEnd()
    case .ctrl("u"): deleteToStart()
    case .ctrl("k"): deleteToEnd()
    case .ctrl("w"): deleteWordBackward()
    default: return .ignored
    }
    return .handled
  }

  /// Text made fit for one line: CR LF, CR, LF, the Unicode line and paragraph separators and
  /// tabs become one space each; other control characters (C0, DEL, C1) and bidirectional
  /// overrides are dropped.
  ///
  /// With `keepingNewlines` (a multi-line field) the breaks become `\n` instead, and a tab
  /// four spaces.
  package static func cleaned(_ text: String, keepingNewlines: Bool = false) -> String {
    let scalars = text.unicodeScalars
    guard scalars.contains(where: { Sanitizer.isUnsafe($0) || isBreak($0) }) else { return text }
    var out = String.UnicodeScalarView()
    var previous: Unicode.Scalar? = nil
    for scalar in scalars {
      defer { previous = scalar }
      if scalar == "\n", previous == "\r" { continue }
      if isBreak(scalar) {
        if !keepingNewlines {
          out.append(" ")
        } else if scalar == "\t" {
          out.append(contentsOf: "    ".unicodeScalars)
        } else {
          out.append("\n")
        }
      } else if !Sanitizer.isUnsafe(scalar) {
        out.append(scalar)
      }
    }
    return String(out)
  }

  private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// Sets the text to `prefix + suffix` and the cursor to the end of `prefix`, counted in the
  /// graphemes of the joined text: where the two join into one grapheme (an accent typed after
  /// its letter) the cursor goes after it.
  private mutating func rebuild(prefix: String, suffix: String) {
    let boundary = prefix.utf8.count
    let joined = prefix + suffix
    var result: [Character] = []
    var offset = 0
    var newCursor = 0
    for character in joined {
      if offset < boundary { newCursor += 1 }
      offset += character.utf8.count
      result.append(character)
    }
    graphemes = result
    cursor = newCursor
  }
}
