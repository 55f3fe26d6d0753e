import CZlib
import Foundation

/// gzip compression through the system zlib, at the highest level, with a zero timestamp in the
/// header so the same input always gives the same bytes (reproducible output).
enum Gzip {
    static func compress(_ data: Data) -> Data {
        var stream = z_stream()
        // 15 window bits + 16 selects the gzip wrapper; 9 is the memory level zlib's gzip uses.
        guard deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            fatalError("zlib refused its own default parameters")
        }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)  // + room for the gzip header and trailer
        var input = data
        let written: Int = input.withUnsafeMutableBytes { inputBuffer in
            output.withUnsafeMutableBytes { outputBuffer in
                stream.next_in = inputBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outputBuffer.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflateBound guarantees room for the whole stream")
                return Int(stream.total_out)
            }
        }
        return output.prefix(written)
    }
}
