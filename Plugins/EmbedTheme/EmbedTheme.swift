import Foundation
import PackagePlugin

/// Runs `ThemeEmbedder` over the package's `Templates/` folder before the engine compiles, so the
/// default theme travels inside the binary and `carousel-site` works from any working directory.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [themeFolder.path, output.path],
                inputFiles: themeFiles(in: themeFolder),
                outputFiles: [output]
            )
        ]
    }

    /// Every regular file under the theme folder, so that editing any of them re-runs the embedder.
    private func themeFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}
