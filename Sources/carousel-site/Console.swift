import CarouselSiteKit
import Foundation

/// Where the tool's words go: results on standard output, diagnostics and progress on standard
/// error, colour only where a person is looking.
struct Console {
    var quiet = false
    var verbose = false
    var colored: Bool

    init(colorChoice: String? = nil) {
        let environment = ProcessInfo.processInfo.environment
        switch colorChoice {
        case "always": colored = true
        case "never": colored = false
        default: colored = isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }

    func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func progress(_ text: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    func report(_ diagnostics: [Diagnostic]) {
        let printer = DiagnosticPrinter(colored: colored)
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data(printer.format(diagnostic).utf8))
        }
    }

    func error(_ text: String) {
        report([.error(text)])
    }
}
