import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// A flow whose middle step does real work: it counts the lines of a file.
///
/// The first step asks for the file; the work reads it in pieces, with its progress, a message
/// and a log line a piece on the step's screen. q and Ctrl-C cancel it; a file that cannot be
/// read fails the step (Retry, Back, Quit).
enum LineCount: FlowSteps {
  case pick, count, done

  static let file = FieldSpec.declared(
    id: "file", label: "File", kind: .path(PathRules(kind: .file, mustExist: true)),
    required: true)

  var fields: [FieldSpec] { self == .pick ? [Self.file] : [] }

  var work: StepWork? { self == .count ? Self.counting : nil }

  /// Why the file could not be read, as the step shows it.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  static let counting = StepWork { work in
    let path = work.answers["file"]?.dataText ?? ""
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(reason())") }
    defer { close(fd) }
    var info = stat()
    let size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    work.message("Counting the lines of \(path)")
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var lines = 0
    var bytes = 0
    while true {
      try Task.checkCancellation()  // q and Ctrl-C cancel the work
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else { throw ReadError(description: "cannot read \(path): \(reason())") }
      if n == 0 { break }
      lines += buffer[..<n].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      bytes += n
      if size > 0 { work.progress(Double(bytes) / Double(size)) }
      work.log("\(bytes) bytes read, \(lines) lines so far")
    }
    return ["lines": .number(lines), "bytes": .number(bytes)]
  }

  static func reason() -> String { String(cString: strerror(errno)) }

  static var flowTitle: String { "Line count" }
}

// The command line of `stepflow run`: a terminal shows the screen, --commands runs a script
// (the command after `enter` waits until the work has ended).
let result = MultiSteps<LineCount>.runFromCommandLine()
if result.isFinished, let lines = result.answers.number("lines"),
  let bytes = result.answers.number("bytes"), let file = result.answers.text("file")
{
  print("\(file): \(lines) lines, \(bytes) bytes")
}
exit(result.exitCode)
