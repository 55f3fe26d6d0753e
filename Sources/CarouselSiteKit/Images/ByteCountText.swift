/// Sizes, durations and rates written the way messages and the progress line show them:
/// decimal units (1 MB = 1,000,000 bytes, as `ls -h --si` and browsers' devtools).
enum ByteCountText {
    static func bytes(_ count: Int) -> String {
        let units = ["bytes", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        // Move up a unit while the number has four or more digits.
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return count == 1 ? "1 byte" : "\(count) bytes" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(units[unit])" : "\(rounded) \(units[unit])"
    }

    static func rate(bytesPerSecond: Double) -> String {
        // A rate over a near-zero interval can pass Int's range: no real link reaches 1 PB/s.
        bytes(Int(bytesPerSecond.isFinite ? min(max(bytesPerSecond, 0), 1e15) : 0)) + "/s"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
    }
}
