/// A growable run of bytes that the frame writer appends to one byte at a time.
///
/// `Array.append` checks that the array's storage is uniquely referenced on every call (a call
/// into the runtime); a frame appends a few bytes per changed cell, so those checks were a large
/// share of the time to write a frame. This buffer owns its memory alone and frees it when it
/// goes away (it cannot be copied).
package struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes appended.
  package private(set) var count = 0

  package init(capacity: Int) {
    self.capacity = max(64, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  @inline(__always)
  package mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toAtLeast: count + 1) }
    base[count] = byte
    count &+= 1
  }

  package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  package mutating func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Appends a positive number in decimal.
  package mutating func appendNumber(_ n: Int) {
    var divisor = 1
    while divisor <= n / 10 { divisor *= 10 }
    var rest = n
    while divisor > 0 {
      append(0x30 + UInt8(truncatingIfNeeded: rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// The bytes, optionally between a prefix and a suffix, as an array.
  package func array(prefix: [UInt8] = [], suffix: [UInt8] = []) -> [UInt8] {
    guard count > 0 || !prefix.isEmpty || !suffix.isEmpty else { return [] }
    var result: [UInt8] = []
    result.reserveCapacity(prefix.count + count + suffix.count)
    result.append(contentsOf: prefix)
    result.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    result.append(contentsOf: suffix)
    return result
  }

  private mutating func grow(toAtLeast minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
