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
  /// The text: the graphemes joined, kept up to date as they change, so that reading it (the
  /// field's answer, after every key) costs nothing.
  package private(set) var text: String
  /// Whether line breaks are kept (a multi-line field): typed and pasted text keeps its
  /// newlines (CR LF and CR become LF) and a tab becomes four spaces.
  package let keepsNewlines: Bool

  /// Text with the cursor at its end.
  package init(_ text: String = "", maxLength: Int? = nil, keepsNewlines: Bool = false) {
    graphemes = Array(text)
    cursor = graphemes.count
    self.maxLength = maxLength
    self.text = text
    self.keepsNewlines = keepsNewlines
  }

  /// Whether there is no text.
  package var isEmpty: Bool { graphemes.isEmpty }

  /// Replaces the whole text (from `set FIELD=VALUE` or a saved state) and puts the cursor at its
  /// end.
  ///
  /// The text is kept as it is, even beyond `maxLength`.
  package mutating func replace(with text: String) {
    graphemes = Array(text)
    cursor = graphemes.count
    self.text = text
  }

  /// Inserts text at the cursor and moves the cursor after it.
  ///
  /// The text is cleaned first (see ``cleaned(_:)``). When the result would be longer than
  /// `maxLength`, only the graphemes that fit are inserted.
  /// - Returns: whether all of the cleaned text was inserted.
  /// - Complexity: at the end of the text (typing), O(k) for k inserted characters — a burst
  ///   of 40,000 typed characters costs 40,000 steps, not 800 million; elsewhere O(n).
  @discardableResult
  package mutating func insert(_ text: String) -> Bool {
    let clean = Self.cleaned(text, keepingNewlines: keepsNewlines)
    guard !clean.isEmpty else { return true }
    if cursor == graphemes.count { return append(clean) }
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

  /// Appends cleaned text at the end, the cursor after it: only the last grapheme can join
  /// with what comes (an accent after its letter, the second half of a flag), so only it and
  /// the new text are split into graphemes again.
  private mutating func append(_ clean: String) -> Bool {
    let last = graphemes.last.map(String.init) ?? ""
    let kept = last.isEmpty ? graphemes.count : graphemes.count - 1
    var piece = clean
    var joined = Array(last + piece)
    var complete = true
    if let maxLength, kept + joined.count > maxLength {
      // Too long: only as many of the text's graphemes as there was room for.
      let room = max(0, maxLength - graphemes.count)
      piece = String(Array(clean).prefix(room))
      joined = Array(last + piece)
      complete = false
    }
    if !last.isEmpty { graphemes.removeLast() }
    graphemes.append(contentsOf: joined)
    text.append(piece)
    cursor = graphemes.count
    return complete
  }

  /// Deletes the grapheme before the cursor (Backspace).
  package mutating func deleteBackward() {
    guard cursor > 0 else { return }
    if cursor == graphemes.count {
      // At the end nothing before it changes: O(1).
      let last = graphemes.removeLast()
      text.unicodeScalars.removeLast(last.unicodeScalars.count)
      cursor -= 1
      return
    }
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
    guard cursor < graphemes.count else { return }
    graphemes.removeSubrange(cursor...)
    text = String(graphemes)
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
  /// tabs become one space each; every other scalar the sanitizer escapes (C0, DEL, C1, the
  /// bidirectional marks, embeddings, overrides and isolates) is dropped.
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
    text = joined
  }
}
