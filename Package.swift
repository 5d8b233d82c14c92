// swift-tools-version:6.0
import PackageDescription

// The layers, each importing only the ones before it (ARCHITECTURE.md):
// StepFlowJSON → StepFlowCore → StepFlowRender → StepFlowTerminal, StepFlowWizards → StepFlow →
// StepFlowCLI → stepflow.
let package = Package(
  name: "stepflow",
  products: [
    .library(name: "StepFlow", targets: ["StepFlow"]),
    .executable(name: "stepflow", targets: ["stepflow"]),
    .executable(name: "stepflow-bench", targets: ["StepFlowBench"]),
  ],
  targets: [
    // JSON5 parsing with located errors, JSON values and writer, the schema toolkit, diagnostics.
    .target(name: "StepFlowJSON"),
    // The pure model: steps, commands, the update, fields and validation, keys, appearance.
    .target(name: "StepFlowCore", dependencies: ["StepFlowJSON"]),
    // Cells, canvas, display width, components, animation: drawing without a terminal.
    .target(
      name: "StepFlowRender", dependencies: ["StepFlowCore"], linkerSettings: [.linkedLibrary("m")]
    ),
    // The only code that touches the system: tty, termios, signals, files, the frame writer.
    .target(
      name: "StepFlowTerminal", dependencies: ["StepFlowJSON", "StepFlowCore", "StepFlowRender"]),
    // Wizard files (JSON5) into flow definitions, answers files.
    .target(name: "StepFlowWizards", dependencies: ["StepFlowCore", "StepFlowJSON"]),
    // What users import: MultiSteps, the program that runs a flow (interactive, scripted, plain).
    .target(
      name: "StepFlow",
      dependencies: [
        "StepFlowJSON", "StepFlowCore", "StepFlowRender", "StepFlowTerminal", "StepFlowWizards",
      ]),
    // The command line: commands, help, list/validate/gauge, the built-in flows.
    .target(
      name: "StepFlowCLI",
      dependencies: ["StepFlow", "StepFlowJSON", "StepFlowTerminal", "StepFlowWizards"]),
    .executableTarget(name: "stepflow", dependencies: ["StepFlowCLI"]),
    .executableTarget(
      name: "StepFlowBench",
      dependencies: [
        "StepFlow", "StepFlowCLI", "StepFlowJSON", "StepFlowTerminal", "StepFlowWizards",
      ],
      path: "Sources/StepFlowBench"),
    .target(
      name: "StepFlowTestSupport",
      dependencies: [
        "StepFlow", "StepFlowCLI", "StepFlowJSON", "StepFlowTerminal", "StepFlowWizards",
      ],
      path: "Tests/StepFlowTestSupport"),
    // The tests mirror the targets: each tests one layer through the layers below it.
    .testTarget(name: "StepFlowJSONTests", dependencies: ["StepFlowJSON", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowCoreTests",
      dependencies: ["StepFlowCore", "StepFlowJSON", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowRenderTests",
      dependencies: ["StepFlowRender", "StepFlowCore", "StepFlowJSON", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowTerminalTests",
      dependencies: ["StepFlowTerminal", "StepFlowRender", "StepFlowCore", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowWizardsTests",
      dependencies: ["StepFlowWizards", "StepFlowCore", "StepFlowJSON", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowTests",
      dependencies: [
        "StepFlow", "StepFlowCLI", "StepFlowJSON", "StepFlowTerminal", "StepFlowWizards",
        "StepFlowTestSupport",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "StepFlowCLITests",
      dependencies: [
        "stepflow", "StepFlow", "StepFlowCLI", "StepFlowJSON", "StepFlowTerminal",
        "StepFlowWizards",
        "StepFlowTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
