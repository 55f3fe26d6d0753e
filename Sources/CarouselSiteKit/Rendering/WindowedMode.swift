/// Decides which carousel a show's page gets: the default one, with every slide in the markup,
/// or the windowed one (`carousel-windowed.js`), with three slide views filled from a JSON block.
///
/// Every slide in the markup costs the browser parsing, style and layout at start-up, and a
/// dot each; three views cost the same whatever the length, plus parsing the JSON.
enum WindowedMode {
    /// The most slides a show has and still gets the default carousel.
    ///
    /// Measured in headless Chromium with `Benchmarks/scale-browser.py` (navigation start to
    /// DOMContentLoaded, when the deferred runtime has mounted; medians of five loads on a busy
    /// 2-core machine, so ±30 ms is noise):
    ///
    ///     slides   default: start-up, elements    windowed: start-up, elements
    ///        100            111 ms,     938                 131 ms,     51
    ///        150            149 ms,   1,388                 144 ms,     51
    ///        200            144 ms,   1,838                 116 ms,     51
    ///        500            152 ms,   4,538                  95 ms,     51
    ///      1,000            398 ms,   9,038                  97 ms,     51
    ///     10,000          1,599 ms,  90,038                 152 ms,     51
    ///
    /// The windowed page costs the same at any length; the default page grows by nine elements a
    /// slide. Up to about 150 slides the two start equally fast within the noise, and the default
    /// page stays under 1,400 elements, where page audits (Lighthouse's DOM size) start to fail a
    /// page; past it the default page is larger than that and no faster. So the default carousel,
    /// with its dots and every slide present without script, serves shows of up to 150 slides.
    static let threshold = 150

    /// Whether `show`, with `count` slides, gets the windowed carousel: the show's `windowed`
    /// option when set, else the measured threshold.
    static func applies(to options: ShowOptions, count: Int) -> Bool {
        options.windowed ?? (count > threshold)
    }
}
