/// Ctrl-E in a multi-line text: the text to hand to `$VISUAL` / `$EDITOR`, asked for by the
/// pure update and carried out by the screen (``FlowState/editRequest``), which gives the
/// terminal to the editor and takes it back.
public struct EditRequest: Equatable, Sendable {
  /// The field the text belongs to.
  public var fieldID: String
  /// The text as it is now.
  public var text: String

  /// A request to edit `text`, the answer of field `fieldID`.
  public init(fieldID: String, text: String) {
    self.fieldID = fieldID
    self.text = text
  }
}

/// How an editor run ended.
public enum EditResult: Equatable, Sendable {
  /// The editor exited with status 0; this is the file's text (one newline the editor added
  /// at the end removed).
  case edited(String)
  /// It did not run, or failed: why, in words; the field keeps its text.
  case failed(String)
}
