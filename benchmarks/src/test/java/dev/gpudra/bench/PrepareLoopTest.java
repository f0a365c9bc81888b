package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrepareLoopTest {
  @DisplayName("concurrent callers share out every claim and never want the same device")
  @ParameterizedTest(name = "{0} claims, {1} devices, {2} callers")
  @CsvSource({"100, 8, 4", "100, 8, 3", "30, 15, 4", "8, 8, 8", "5, 8, 1"})
  void disjointDevices(int claimCount, int devices, int callers) {
    List<ClaimRef> claims =
        IntStream.range(0, claimCount)
            .mapToObj(i -> new ClaimRef("ns", "c-" + i, "uid-" + i))
            .toList();
    Set<Integer> seenDevices = new HashSet<>();
    int total = 0;
    for (int caller = 0; caller < callers; caller++) {
      Set<Integer> mine = new HashSet<>();
      for (ClaimRef claim : PrepareLoop.share(claims, devices, callers, caller)) {
        mine.add(Integer.parseInt(claim.name().substring(2)) % devices);
        total++;
      }
      assertThat(seenDevices).doesNotContainAnyElementsOf(mine);
      seenDevices.addAll(mine);
    }
    assertThat(total).isEqualTo(claimCount);
  }
}
