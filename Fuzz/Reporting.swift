// Shared by the fuzz targets that read feeds and configs: whatever a read reports is formatted
// the way the command line prints it, so the printer's excerpt and caret arithmetic runs on
// every location the fuzzer reaches, not only the readers'.

/// Runs `read` with a fresh log, then formats what it threw and what it logged.
func readAndReport(_ read: (DiagnosticLog) throws -> Void) {
    let log = DiagnosticLog()
    let printer = DiagnosticPrinter(colored: true)
    do {
        try read(log)
    } catch let diagnostic as Diagnostic {
        _ = printer.format(diagnostic)
    } catch let error as DiagnosticError {
        for diagnostic in error.diagnostics { _ = printer.format(diagnostic) }
    } catch {}
    for diagnostic in log.diagnostics { _ = printer.format(diagnostic) }
}
