/// Small illustrations that `init` puts in a new site, so it builds and shows a working carousel
/// before the user adds a single photo. They are SVG: a few hundred bytes each, sharp at any size,
/// and written by the tool itself rather than shipped as binary files.
enum SampleImages {
    struct Sample {
        var fileName: String
        var title: String
        var caption: String
        var svg: String
    }

    static let all: [Sample] = [
        sample("sunrise.svg", "Sunrise", "Replace these samples with your own photos", sky: ("#ffb347", "#ff6f61"), ground: "#5d4157", sun: "#fff3b0"),
        sample("ocean.svg", "Ocean", "Captions and links come from the feed", sky: ("#89f7fe", "#66a6ff"), ground: "#1e3c72", sun: "#ffffff"),
        sample("forest.svg", "Forest", "Drag, swipe, or use the dots and arrow keys", sky: ("#d4fc79", "#96e6a1"), ground: "#134e5e", sun: "#fdfbfb"),
    ]

    /// A landscape: a two-colour sky, a sun and two hills, at 1600×900 (16:9, the default frame).
    private static func sample(_ fileName: String, _ title: String, _ caption: String, sky: (String, String), ground: String, sun: String) -> Sample {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
            <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(sky.0)"/><stop offset="1" stop-color="\(sky.1)"/></linearGradient></defs>
            <rect width="1600" height="900" fill="url(#sky)"/>
            <circle cx="1150" cy="330" r="120" fill="\(sun)" opacity="0.9"/>
            <path d="M0 640 Q400 470 800 620 T1600 580 V900 H0 Z" fill="\(ground)" opacity="0.55"/>
            <path d="M0 760 Q500 600 1000 740 T1600 720 V900 H0 Z" fill="\(ground)"/>
            </svg>

            """
        return Sample(fileName: fileName, title: title, caption: caption, svg: svg)
    }
}
