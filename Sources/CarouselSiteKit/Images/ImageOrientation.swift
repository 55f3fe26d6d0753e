/// Converts turns and mirrors into EXIF orientation codes (1...8), the one vocabulary ImageInfo
/// uses for "how the browser turns this image".
enum ImageOrientation {
    /// The EXIF code for rotating the stored image `quarterTurnsClockwise` times, then mirroring
    /// it about a vertical axis (`0`, left–right) or a horizontal axis (`1`, top–bottom).
    static func exifCode(quarterTurnsClockwise turns: Int, thenMirrorAxis axis: Int?) -> Int {
        // Mirroring top–bottom equals turning twice more, then mirroring left–right.
        switch axis {
        case nil:
            return [1, 6, 3, 8][turns % 4]
        case 0?:
            return [2, 5, 4, 7][turns % 4]
        default:
            return [2, 5, 4, 7][(turns + 2) % 4]
        }
    }
}
