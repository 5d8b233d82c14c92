import StepFlowCLI

StepFlowCLI.exit(StepFlowCLI.main(Array(CommandLine.arguments.dropFirst())))
