package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every conformance suite starts from: the checkout's fixtures and {@code differences.yaml},
 * NVIDIA's peer, and which difference entries the cases of one suite met, so that an entry no case
 * meets fails the suite.
 *
 * @param fixtures {@code conformance/nvidia-0.5}
 * @param differences {@code conformance/differences.yaml}
 */
record Kit(Fixtures fixtures, Differences differences, Usage usage) {
  static Kit ofCheckout() {
    Fixtures fixtures = Fixtures.ofCheckout();
    return new Kit(
        fixtures,
        Differences.read(fixtures.dir().getParent().resolve("differences.yaml")),
        new Usage(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet()));
  }

  /** {@code conformance/}: the module's directory. */
  Path dir() {
    return fixtures.dir().getParent();
  }

  /** NVIDIA's peer, unpacked; the suite is skipped where {@code shared/} is missing. */
  NvidiaPeer peer() {
    Optional<NvidiaPeer> unpacked = NvidiaPeer.ofShared(dir());
    assumeTrue(unpacked.isPresent(), "no NVIDIA peer in shared/ (gpu-dra.shared)");
    return unpacked.get();
  }

  /**
   * The entries the passed cases met, and the cases that passed.
   *
   * @param used entries that explained some diff
   * @param ran case ids
   */
  record Usage(Set<Differences.Entry> used, Set<String> ran) {
    void passed(String caseId, Collection<Differences.Entry> explaining) {
      used.addAll(explaining);
      ran.add(caseId);
    }

    /** Once every case passed, each entry must have been met by one. */
    void assertNoStale(List<Differences.Entry> entries, Collection<String> cases, String what) {
      if (ran.containsAll(cases)) {
        assertThat(entries)
            .as("%s entries of differences.yaml no case shows: remove them", what)
            .allMatch(used::contains);
      }
    }
  }
}
