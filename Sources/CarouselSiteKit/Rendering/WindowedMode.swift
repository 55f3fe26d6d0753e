/// Decides which carousel a show's page gets: the default one, with every slide in the markup,
/// or the windowed one (`carousel-windowed.js`), with three slide views filled from a JSON block.
///
/// Every slide in the markup costs the browser parsing, style and layout at start-up, and a
/// dot each; three views cost the same whatever the length, plus parsing the JSON.
enum WindowedMode {
    /// The most slides a show has and still gets the default carousel.
    ///
    /// Measured in headless Chromium with `Benchmarks/scale-browser.sh` (page load to the
    /// carousel running, medians of five loads, 1280×800): the default page of 100 slides starts
    /// in about the same time as the windowed one, while at 1,000 slides it takes several times
    /// longer and holds over 10,000 DOM nodes against the windowed page's ~60 (a DOM over about
    /// 1,400 nodes is where page-quality audits start to flag a page). A show of 200 slides has
    /// about 2,000 nodes in default mode, just past that line, so shows longer than this get
    /// the windowed mode.
    static let threshold = 150

    /// Whether `show`, with `count` slides, gets the windowed carousel: the show's `windowed`
    /// option when set, else the measured threshold.
    static func applies(to options: ShowOptions, count: Int) -> Bool {
        options.windowed ?? (count > threshold)
    }
}
