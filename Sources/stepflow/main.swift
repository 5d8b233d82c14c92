import StepFlow

Platform.exitProcess(StepFlowCLI.main(Array(CommandLine.arguments.dropFirst())))
