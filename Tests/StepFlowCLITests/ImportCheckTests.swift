import Foundation
import StepFlowTestSupport
import Testing

/// `scripts/check-imports.sh`, run on small trees in a temporary folder: it must catch an import
/// the layers forbid in every form Swift writes one, and pass what they allow.
@Suite struct ImportCheckTests {
  /// Runs the script on a package made of `files` (path → text); its exit status and stderr.
  private func check(_ files: [String: String]) throws -> (status: Int32, stderr: String) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("stepflow-imports-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for (path, text) in files {
      let url = URL(fileURLWithPath: root + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let result = try Subprocess.run(
      "/bin/bash", [Repository.root + "/scripts/check-imports.sh", root])
    return (result.status, result.stderr)
  }

  /// Every way of writing an import, with `MODULE` where the module goes.
  static let forms = [
    "import MODULE",
    "  import MODULE",
    "public import MODULE",
    "package import MODULE",
    "internal import MODULE",
    "private import MODULE",
    "fileprivate import MODULE",
    "@_exported import MODULE",
    "@_exported public import MODULE",
    "@testable import MODULE",
    "@preconcurrency internal import MODULE",
    "@_spi(Private) import MODULE",
    "import struct MODULE.Thing",
    "import func MODULE.thing",
    "import MODULE.Submodule",
    "let x = 1; import MODULE",
  ]

  @Test(arguments: forms)
  func aForbiddenImportIsCaughtInEveryForm(_ form: String) throws {
    // A system module below Terminal, and a layer importing upwards.
    let glibc = try check([
      "Sources/StepFlowCore/Pure.swift": form.replacing("MODULE", with: "Glibc") + "\n"
    ])
    #expect(glibc.status == 1, "\(form)")
    #expect(glibc.stderr.contains("Sources/StepFlowCore/Pure.swift (StepFlowCore) imports Glibc"))
    let upwards = try check([
      "Sources/StepFlowJSON/Value.swift": form.replacing("MODULE", with: "StepFlowTerminal") + "\n"
    ])
    #expect(upwards.status == 1, "\(form)")
    #expect(upwards.stderr.contains("(StepFlowJSON) imports StepFlowTerminal"))
    let foundation = try check([
      "Sources/StepFlow/Run.swift": form.replacing("MODULE", with: "Foundation") + "\n"
    ])
    #expect(foundation.status == 1, "\(form)")
    #expect(foundation.stderr.contains("imports Foundation"))
  }

  @Test(arguments: forms)
  func anAllowedImportPassesInEveryForm(_ form: String) throws {
    let result = try check([
      "Sources/StepFlowTerminal/Platform.swift": form.replacing("MODULE", with: "Glibc") + "\n",
      "Sources/StepFlowCore/Model.swift": form.replacing("MODULE", with: "StepFlowText") + "\n"
        + "// import Glibc in a comment is no import\nlet text = \"import Glibc\"\n",
    ])
    #expect(result.status == 0, "\(form): \(result.stderr)")
  }

  @Test func aTargetTheScriptDoesNotKnowIsReported() throws {
    let result = try check(["Sources/StepFlowExtra/Extra.swift": "import StepFlowCore\n"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Sources/StepFlowExtra/ is a target"))
  }

  @Test func theRepositoryFollowsTheRules() throws {
    let result = try Subprocess.run("/bin/bash", [Repository.root + "/scripts/check-imports.sh"])
    #expect(result.status == 0, "\(result.stderr)")
  }
}
