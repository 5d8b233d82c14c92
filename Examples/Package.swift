// swift-tools-version:6.0
import PackageDescription

// A program that uses StepFlow as a package dependency, the way a user's program does: Signup
// imports StepFlow and, for the command line of `stepflow run`, StepFlowCommandLine (both
// modules of the StepFlow product). It also has its own module named ArgumentParser and its
// own ExitCode type: StepFlow's public API must not clash with names as common as those (its
// argument parser and exit codes are package-internal). LineCount gives a step work to do: a
// closure that reads a file with its progress on the step's screen. Delivery, Rating and
// Purchase are the three seed examples as an adopter writes them (docs/library.md).
let package = Package(
  name: "stepflow-examples",
  dependencies: [.package(name: "stepflow", path: "..")],
  targets: [
    .target(name: "ArgumentParser", path: "Sources/ArgumentParser"),
    .executableTarget(
      name: "Signup",
      dependencies: [.product(name: "StepFlow", package: "stepflow"), "ArgumentParser"],
      path: "Sources/Signup"),
    .executableTarget(
      name: "Progress", dependencies: [.product(name: "StepFlow", package: "stepflow")],
      path: "Sources/Progress"),
    .executableTarget(
      name: "LineCount", dependencies: [.product(name: "StepFlow", package: "stepflow")],
      path: "Sources/LineCount"),
    .executableTarget(
      name: "Delivery", dependencies: [.product(name: "StepFlow", package: "stepflow")],
      path: "Sources/Delivery"),
    .executableTarget(
      name: "Rating", dependencies: [.product(name: "StepFlow", package: "stepflow")],
      path: "Sources/Rating"),
    .executableTarget(
      name: "Purchase", dependencies: [.product(name: "StepFlow", package: "stepflow")],
      path: "Sources/Purchase"),
  ],
  swiftLanguageModes: [.v6]
)
