print("stepflow")
