/// SHA-256 (FIPS 180-4), incremental, in plain Swift.
///
/// The image cache names files by the SHA-256 of their bytes and the output names images by it,
/// so the digest must be the standard one (`sha256sum` agrees) and fast enough to hash every
/// downloaded image as it streams in. Feed bytes with `update` in pieces of any size, then call
/// `finalize` once.
///
///     var hasher = SHA256()
///     hasher.update(Array("abc".utf8))
///     hasher.finalize().hexString   // "ba7816bf…"
public struct SHA256: Sendable {
    /// The eight working words, initialised to the first 32 bits of the fractional parts of the
    /// square roots of the first eight primes (FIPS 180-4 §5.3.3).
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes of an incomplete 64-byte block; always fewer than `blockSize` between calls.
    private var pending: [UInt8] = []
    /// Total message length so far, in bytes (the padding encodes it in bits).
    private var length: UInt64 = 0

    /// SHA-256 works on 512-bit blocks.
    private static let blockSize = 64

    public init() {
        pending.reserveCapacity(Self.blockSize)
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    public static func hex(of bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize().hexString
    }

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        length &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(Self.blockSize - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            guard pending.count == Self.blockSize else { return }
            let block = pending
            block.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeBlocks = (buffer.count - offset) / Self.blockSize
        if wholeBlocks > 0 {
            compress(buffer.baseAddress! + offset, blocks: wholeBlocks)
            offset += wholeBlocks * Self.blockSize
        }
        if offset < buffer.count {
            pending.append(contentsOf: buffer[offset...])
        }
    }

    /// Pads the message, processes the last block(s) and returns the 32-byte digest.
    public mutating func finalize() -> Digest {
        let bitLength = length &* 8
        // Padding: a single 1 bit, zeros up to 56 mod 64, then the 64-bit big-endian bit length.
        var tail: [UInt8] = [0x80]
        let afterMarker = (pending.count + 1) % Self.blockSize
        let zeros = afterMarker <= 56 ? 56 - afterMarker : 56 + Self.blockSize - afterMarker
        tail.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let savedLength = length
        tail.withUnsafeBytes { update($0) }
        length = savedLength
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return Digest(bytes: words.flatMap { word in
            [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        })
    }

    /// Processes `blocks` consecutive 64-byte blocks starting at `start` (FIPS 180-4 §6.2.2).
    /// The working state lives in locals for the whole run, which is most of the speed.
    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        Self.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                for blockIndex in 0..<blocks {
                    let block = start + blockIndex * Self.blockSize
                    for index in 0..<16 {
                        schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                    }
                    for index in 16..<64 {
                        let w15 = schedule[index - 15]
                        let w2 = schedule[index - 2]
                        let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                        let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                        schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for index in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ constants[index] &+ schedule[index]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ t2
                    }
                    h0 = h0 &+ a
                    h1 = h1 &+ b
                    h2 = h2 &+ c
                    h3 = h3 &+ d
                    h4 = h4 &+ e
                    h5 = h5 &+ f
                    h6 = h6 &+ g
                    h7 = h7 &+ h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes
    /// (FIPS 180-4 §4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// A finished 256-bit digest.
    public struct Digest: Hashable, Sendable {
        public let bytes: [UInt8]

        /// The digest as 64 lowercase hexadecimal digits, the form used in file names.
        public var hexString: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count * 2)
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0f)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
