import Foundation

let status = await CommandLineTool().run(Array(CommandLine.arguments.dropFirst()))
exit(status)
