package dev.gpudra.kit.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Sha256Test {
  static IntStream sizes() {
    return IntStream.of(0, 1, 55, 56, 63, 64, 65, 1000, 65_536, 333_333);
  }

  @ParameterizedTest(name = "{0} bytes")
  @MethodSource("sizes")
  @DisplayName("libcrypto's SHA-256 is the JDK's, whatever the length (block and padding edges)")
  void nativeIsTheJdks(int size) {
    Sha256 sha = Sha256.load();
    assumeTrue(sha.isNative(), "libcrypto is not loadable here");
    byte[] data = new byte[size];
    new Random(size).nextBytes(data);
    assertThat(sha.hex(data)).isEqualTo(Sha256.jdk().hex(data));
  }

  @Test
  @DisplayName("both give FIPS 180-2's digests of the empty input and of abc")
  void knownDigests() {
    for (Sha256 sha : new Sha256[] {Sha256.jdk(), Sha256.load()}) {
      assertThat(sha.hex(new byte[0]))
          .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
      assertThat(sha.hex("abc".getBytes(StandardCharsets.US_ASCII)))
          .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
  }
}
