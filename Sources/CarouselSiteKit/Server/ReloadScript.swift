/// The script `serve` adds to every HTML page, and how it is added.
///
/// The script listens to `LiveReload.eventsPath`. It knows the version its page was served with
/// from its own URL (`?v=`), so a rebuild that finishes between serving the page and opening the
/// stream still reloads it. Diagnostics are shown with `textContent` only, never parsed as HTML,
/// and styled through the CSSOM, which a `style-src` policy without `'unsafe-inline'` allows.
enum ReloadScript {
    static let source = """
        // Added by `carousel-site serve` only; built sites never contain it.
        (function () {
          "use strict";
          var script = document.currentScript;
          var served = script && new URL(script.src).searchParams.get("v");
          var overlay = null;

          function show(text) {
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "carousel-build-errors";
              overlay.setAttribute("role", "alert");
              Object.assign(overlay.style, {
                position: "fixed", inset: "0", zIndex: "2147483647", margin: "0", padding: "2em",
                overflow: "auto", background: "rgba(24, 8, 8, 0.94)", color: "#ffd7d7",
                font: "14px/1.5 ui-monospace, Menlo, Consolas, monospace", whiteSpace: "pre-wrap"
              });
              document.body.appendChild(overlay);
            }
            overlay.textContent = "carousel-site: the last build failed; showing the last good site\\n\\n" + text;
          }

          function hide() {
            if (overlay) { overlay.remove(); overlay = null; }
          }

          var events = new EventSource("\(LiveReload.eventsPath)");
          // Lets people and tests see that the page is listening for rebuilds.
          events.addEventListener("open", function () {
            document.documentElement.setAttribute("data-live-reload", "connected");
          });
          events.addEventListener("status", function (event) {
            var status = JSON.parse(event.data);
            if (status.errors) { show(status.errors); return; }
            hide();
            if (served !== status.version) { events.close(); location.reload(); }
          });
        })();

        """

    /// Adds the script tag before `</head>`, else before `</body>`, else at the end.
    static func inject(into html: [UInt8], version: String) -> [UInt8] {
        // Versions are base-36 digits and dots; anything else is dropped so the attribute stays intact.
        let safeVersion = version.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
        let tag = Array("<script src=\"\(LiveReload.scriptPath)?v=\(safeVersion)\" defer></script>".utf8)
        var result = html
        let position = firstIndex(of: "</head", in: html) ?? firstIndex(of: "</body", in: html) ?? html.endIndex
        result.insert(contentsOf: tag, at: position)
        return result
    }

    /// The first place where `needle` (lowercase ASCII) occurs, compared without regard to case.
    private static func firstIndex(of needle: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if zip(bytes[start...], pattern).allSatisfy({ $0.asciiLowercased == $1 }) { return start }
        }
        return nil
    }
}
