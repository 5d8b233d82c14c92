// swift-tools-version:6.0
import PackageDescription

// The layers, each importing only the ones below it (ARCHITECTURE.md has the picture;
// scripts/check-imports.sh checks it): StepFlowText → StepFlowJSON → StepFlowCore →
// StepFlowRender → StepFlowTerminal, StepFlowWizards → StepFlow → StepFlowCommandLine →
// StepFlowCLI → stepflow.
let package = Package(
  name: "stepflow",
  products: [
    // What programs import: `StepFlow` (flows, the runner) and, for the command line of
    // `stepflow run` in a program of its own, `StepFlowCommandLine`.
    .library(name: "StepFlow", targets: ["StepFlow", "StepFlowCommandLine"]),
    .executable(name: "stepflow", targets: ["stepflow"]),
    .executable(name: "stepflow-bench", targets: ["StepFlowBench"]),
  ],
  targets: [
    // Text from outside made safe to show (the sanitizer), display width, did-you-mean,
    // quoting for messages.
    .target(name: "StepFlowText"),
    // JSON5 parsing with located errors, JSON values and writer.
    .target(name: "StepFlowJSON", dependencies: ["StepFlowText"]),
    // The pure model: steps, commands, the update, fields and validation, keys, appearance.
    .target(name: "StepFlowCore", dependencies: ["StepFlowText", "StepFlowJSON"]),
    // Cells, canvas, components, animation: drawing without a terminal.
    .target(name: "StepFlowRender", dependencies: ["StepFlowText", "StepFlowCore"]),
    // The only code that touches the system: tty, termios, signals, files, the frame writer.
    .target(
      name: "StepFlowTerminal", dependencies: ["StepFlowText", "StepFlowCore", "StepFlowRender"]),
    // Wizard files (JSON5) into flow definitions, answers files, the schema toolkit.
    .target(
      name: "StepFlowWizards", dependencies: ["StepFlowText", "StepFlowJSON", "StepFlowCore"]),
    // What programs import: MultiSteps, the program that runs a flow (interactive, scripted,
    // plain), driven by typed settings.
    .target(
      name: "StepFlow",
      dependencies: [
        "StepFlowText", "StepFlowJSON", "StepFlowCore", "StepFlowRender", "StepFlowTerminal",
        "StepFlowWizards",
      ]),
    // The command line of `run`: the argument parser, run's options table, argv into settings,
    // MultiSteps.run(_:) for a program's own flow.
    .target(
      name: "StepFlowCommandLine", dependencies: ["StepFlow", "StepFlowText", "StepFlowTerminal"]),
    // The stepflow commands: run/rate/list/validate/gauge/help, the catalogue of wizards and
    // their loading from disk, the built-in flows.
    .target(
      name: "StepFlowCLI",
      dependencies: [
        "StepFlowCommandLine", "StepFlow", "StepFlowText", "StepFlowJSON", "StepFlowCore",
        "StepFlowRender", "StepFlowTerminal", "StepFlowWizards",
      ]),
    // The program. Its release build links the Swift runtime in (-static-stdlib, as `make
    // install` does), so that starting it loads libc, libm and libstdc++ instead of nine shared
    // libraries, and exports none of its own symbols (the runtime's dladdr at start reads every
    // exported one): README, "Speed". Only this executable has the flags; a package that
    // depends on stepflow uses its library products, which have none (SwiftPM refuses unsafe
    // flags in a dependency's targets that a build uses).
    .executableTarget(
      name: "stepflow", dependencies: ["StepFlowCLI"],
      linkerSettings: [
        .unsafeFlags(
          ["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
      ]),
    .executableTarget(
      name: "StepFlowBench",
      dependencies: [
        "StepFlow", "StepFlowCLI", "StepFlowText", "StepFlowTerminal", "StepFlowWizards",
      ],
      path: "Sources/StepFlowBench"),
    // A program of its own for the end-to-end tests, using only StepFlow's public API as an
    // adopter's program does: typed run options, the command line, the public screen.
    .executableTarget(
      name: "stepflow-probe", dependencies: ["StepFlow", "StepFlowCommandLine"],
      path: "Tests/StepFlowProbe"),
    .target(
      name: "StepFlowTestSupport",
      dependencies: ["StepFlow", "StepFlowText", "StepFlowCore", "StepFlowTerminal"],
      path: "Tests/StepFlowTestSupport"),
    // The tests mirror the targets: each tests one layer through the layers below it.
    .testTarget(name: "StepFlowTextTests", dependencies: ["StepFlowText"]),
    .testTarget(
      name: "StepFlowJSONTests",
      dependencies: ["StepFlowJSON", "StepFlowText", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowCoreTests",
      dependencies: ["StepFlowCore", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowRenderTests",
      dependencies: ["StepFlowRender", "StepFlowCore", "StepFlowText", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowTerminalTests",
      dependencies: [
        "StepFlowTerminal", "StepFlowRender", "StepFlowCore", "StepFlowTestSupport",
      ]),
    .testTarget(
      name: "StepFlowWizardsTests",
      dependencies: ["StepFlowWizards", "StepFlowCore", "StepFlowJSON", "StepFlowTestSupport"]),
    .testTarget(
      name: "StepFlowTests",
      dependencies: [
        "StepFlow", "StepFlowCommandLine", "StepFlowCLI", "StepFlowJSON", "StepFlowCore",
        "StepFlowTerminal", "StepFlowWizards", "StepFlowTestSupport",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "StepFlowCLITests",
      dependencies: [
        "stepflow", "stepflow-probe", "StepFlow", "StepFlowCommandLine", "StepFlowCLI",
        "StepFlowJSON", "StepFlowCore", "StepFlowTerminal", "StepFlowWizards",
        "StepFlowTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Each file imports the modules whose members it uses (SE-0444): the imports of a file say
// what it depends on, and scripts/check-imports.sh can judge them.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("MemberImportVisibility")
    ]
}
