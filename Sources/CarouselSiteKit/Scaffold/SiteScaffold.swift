import Foundation

/// The files of a new site that builds as it is: a commented config, a feed in the chosen
/// format, images (samples, or the user's photos), a `.gitignore`, and optionally the default
/// theme's templates to edit.
public struct SiteScaffold: Sendable {
    public var title = "My slideshow"
    public var feedFormat = ScaffoldFeedFormat.json
    /// A folder of the user's photos to make the feed from, instead of the samples.
    public var photosFolder: URL?
    /// Copy the default theme into `templates/` for full control.
    public var includeTheme = false

    public init() {}

    /// The image file extensions `--from-folder` picks up.
    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg"]

    /// Every file to create in `site`, by relative path.
    public func files(for site: URL) throws(Diagnostic) -> [(path: String, content: SiteOutput.Content)] {
        var files: [(String, SiteOutput.Content)] = []
        var entries: [ScaffoldEntry] = []
        if let photosFolder {
            let (photoEntries, photoFiles) = try photos(from: photosFolder, site: site)
            entries = photoEntries
            files += photoFiles
        } else {
            for sample in SampleImages.all {
                files.append(("images/\(sample.fileName)", .bytes(Data(sample.svg.utf8))))
                entries.append(ScaffoldEntry(image: "images/\(sample.fileName)", title: sample.title, caption: sample.caption))
            }
        }
        files.append((ConfigLoader.fileName, .bytes(Data(config.utf8))))
        files.append((feedFormat.fileName, .bytes(Data(FeedWriter.write(entries, as: feedFormat, title: title).utf8))))
        files.append((".gitignore", .bytes(Data("# Written by carousel-site build: the generated site and the download cache.\n_site/\n.cache/\n".utf8))))
        if includeTheme {
            for (path, text) in Theme.standard.files.sorted(by: { $0.key < $1.key }) where path != "README.md" {
                files.append(("\(Theme.overrideFolder)/\(path)", .bytes(Data(text.utf8))))
            }
        }
        return files
    }

    var config: String {
        """
        // carousel-site configuration. Every key is optional; the README lists them all.
        {
          // The site's title: the page title and the carousel's accessible name.
          "title": \(FeedWriter.jsonString(title)),
          // The slides: a JSON, JSON Feed, RSS, Atom or property-list feed, a path or an http(s) URL.
          "feed": "\(feedFormat.fileName)",
          // Milliseconds between slides while the carousel plays by itself.
          "interval": 5000,
          "theme": {
            // The frame every slide is shown in, and how images fill it: "cover" or "contain".
            "aspectRatio": "16 / 9",
            "objectFit": "cover",
            // Captions over the image ("overlay") or under it ("below").
            "captionPosition": "overlay"
          }
        }

        """
    }

    /// Feed entries for the images in `folder`, in natural file-name order ("2.jpg" before
    /// "10.jpg"), captioned with the description embedded in the file or else the file's name.
    /// Photos inside the site are referenced where they are; others are copied into `images/`.
    func photos(from folder: URL, site: URL) throws(Diagnostic) -> ([ScaffoldEntry], [(String, SiteOutput.Content)]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .error("cannot read the photo folder '\(folder.path)'")
        }
        let photos = names.filter { Self.photoExtensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        guard !photos.isEmpty else {
            throw .error("no images in '\(folder.path)'", notes: ["'--from-folder' takes a folder of .jpg, .png, .gif, .webp, .avif or .svg files"])
        }
        let sitePath = site.standardizedFileURL.resolvingSymlinksInPath().path
        let folderPath = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let inside = folderPath.hasPrefix(sitePath + "/")
        var entries: [ScaffoldEntry] = []
        var files: [(String, SiteOutput.Content)] = []
        for name in photos {
            let file = folder.appendingPathComponent(name)
            let image: String
            if inside {
                image = String(folderPath.dropFirst(sitePath.count + 1)) + "/" + name
            } else {
                image = "images/\(name)"
                files.append((image, .file(file)))
            }
            let bytes = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
            let description = EmbeddedDescription.read(bytes)
            entries.append(ScaffoldEntry(image: image, title: description ?? Self.caption(fromFileName: name), caption: nil))
        }
        return (entries, files)
    }

    /// "IMG_0042.jpg" → "IMG 0042", "beach-at_dawn.jpg" → "Beach at dawn".
    static func caption(fromFileName name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        let words = stem.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
            .split(separator: " ").joined(separator: " ")
        guard let first = words.first else { return stem }
        return first.uppercased() + words.dropFirst()
    }
}
