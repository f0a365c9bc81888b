package dev.gpudra.deviceplugin.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.PcieLevel;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Best effort: the whole GPUs NVIDIA's policy prefers")
class BestEffortPolicyTest {
  private static final List<String> ABCD = List.of("a", "b", "c", "d");

  /** Links from a table of pairs ("ab"); pairs not listed are across CPUs without NVLink. */
  private static GpuLinks links(List<String> ids, Map<String, GpuLink> table) {
    return GpuLinks.read(
        ids,
        (a, b) -> {
          GpuLink link = table.get(a + b);
          return link != null ? link : table.getOrDefault(b + a, link(PcieLevel.SYSTEM, 0));
        });
  }

  private static GpuLink link(PcieLevel level, int nvlinks) {
    return new GpuLink(level, nvlinks);
  }

  private static GpuLinks profile(String name) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(name), "n")) {
      Map<String, GpuInfo> byUuid = new java.util.HashMap<>();
      nvml.gpus().forEach(g -> byUuid.put(g.uuid(), g));
      List<String> ids = nvml.gpus().stream().map(GpuInfo::uuid).toList();
      return GpuLinks.read(ids, (a, b) -> nvml.link(byUuid.get(a), byUuid.get(b)));
    }
  }

  @Test
  @DisplayName("the score is the PCIe distance plus 100 per NVLink")
  void scores() {
    assertThat(LinkScore.of(link(PcieLevel.SYSTEM, 0))).isEqualTo(10);
    assertThat(LinkScore.of(link(PcieLevel.NODE, 0))).isEqualTo(20);
    assertThat(LinkScore.of(link(PcieLevel.HOSTBRIDGE, 0))).isEqualTo(30);
    assertThat(LinkScore.of(link(PcieLevel.MULTIPLE, 0))).isEqualTo(40);
    assertThat(LinkScore.of(link(PcieLevel.SINGLE, 0))).isEqualTo(50);
    assertThat(LinkScore.of(link(PcieLevel.INTERNAL, 0))).isEqualTo(60);
    assertThat(LinkScore.of(link(PcieLevel.SYSTEM, 18))).isEqualTo(1810);
  }

  @Test
  @DisplayName("NVLink-bridged pairs win over pairs on one PCIe switch")
  void nvlinkOverPcie() {
    GpuLinks links =
        links(
            ABCD,
            Map.of(
                "ab", link(PcieLevel.SINGLE, 0),
                "cd", link(PcieLevel.SINGLE, 0),
                "ac", link(PcieLevel.SYSTEM, 4),
                "bd", link(PcieLevel.SYSTEM, 4)));
    BestEffortPolicy policy = new BestEffortPolicy(links);

    assertThat(policy.choose(ABCD, List.of(), 2)).containsExactly("a", "c");
    assertThat(policy.choose(ABCD, List.of("b"), 2)).containsExactly("b", "d");
    assertThat(policy.choose(List.of("a", "b", "d"), List.of(), 2)).containsExactly("b", "d");
  }

  @Test
  @DisplayName("on a PCIe-only node (l40s) a pair under one switch wins over GPUs across CPUs")
  void sameSwitchOverCrossCpu() {
    GpuLinks links = profile("l40s");
    List<String> gpus = links.ids();
    BestEffortPolicy policy = new BestEffortPolicy(links);

    assertThat(policy.choose(gpus, List.of(), 2)).containsExactly(gpus.get(0), gpus.get(1));
    assertThat(policy.choose(gpus, List.of(gpus.get(2)), 2))
        .containsExactly(gpus.get(2), gpus.get(3));
    assertThat(policy.choose(List.of(gpus.get(1), gpus.get(2), gpus.get(3)), List.of(), 2))
        .containsExactly(gpus.get(2), gpus.get(3));
  }

  @Test
  @DisplayName("on dgx-h100 every pair has 18 NVLinks, so PCIe breaks the tie: a switch pair")
  void dgxH100() {
    GpuLinks links = profile("dgx-h100");
    List<String> gpus = links.ids();
    BestEffortPolicy policy = new BestEffortPolicy(links);

    assertThat(policy.choose(gpus, List.of(gpus.get(5)), 2))
        .containsExactly(gpus.get(4), gpus.get(5));
    assertThat(policy.choose(gpus, List.of(), 4)).containsExactlyElementsOf(gpus.subList(0, 4));
    assertThat(policy.choose(gpus, List.of(gpus.get(7)), 4))
        .containsExactlyElementsOf(gpus.subList(4, 8));
  }

  @Test
  @DisplayName("the set is chosen so the GPUs left over still pair well, not greedily alone")
  void partitionAware() {
    GpuLinks links =
        links(
            ABCD,
            Map.of(
                "ab", link(PcieLevel.SYSTEM, 1),
                "bc", link(PcieLevel.SINGLE, 1),
                "cd", link(PcieLevel.SYSTEM, 1)));
    // b+c alone scores 150 but leaves a+d at 10; a+b and c+d score 110 each.
    assertThat(new BestEffortPolicy(links).choose(ABCD, List.of(), 2)).containsExactly("a", "b");
  }

  @Test
  @DisplayName("edges: must-include filling the request, too few GPUs, size 0, unknown device")
  void edges() {
    BestEffortPolicy policy = new BestEffortPolicy(links(ABCD, Map.of()));

    assertThat(policy.choose(ABCD, List.of("d", "c"), 2)).containsExactly("d", "c");
    assertThat(policy.choose(List.of("a", "b"), List.of(), 3)).containsExactly("a", "b");
    assertThat(policy.choose(ABCD, List.of(), 0)).isEmpty();
    assertThatThrownBy(() -> policy.choose(List.of("a", "z"), List.of(), 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("z");
  }

  @Test
  @DisplayName("4,000 random requests on 1-24 GPUs: right size, available, must-include kept")
  void randomRequestsAreValid() {
    Random random = new Random(13);
    PcieLevel[] levels = PcieLevel.values();
    for (int round = 0; round < 4_000; round++) {
      int n = 1 + random.nextInt(24);
      List<String> ids = IntStream.range(0, n).mapToObj(i -> "GPU-" + i).toList();
      GpuLinks links =
          GpuLinks.read(
              ids,
              (a, b) ->
                  link(
                      levels[random.nextInt(levels.length)],
                      random.nextInt(3) * random.nextInt(7)));
      List<String> available = new ArrayList<>();
      ids.forEach(id -> {
        if (random.nextInt(4) > 0) {
          available.add(id);
        }
      });
      List<String> must = available.stream().filter(id -> random.nextInt(6) == 0).toList();
      int size = 1 + random.nextInt(n);

      List<String> chosen = new BestEffortPolicy(links).choose(available, must, size);

      assertThat(chosen).doesNotHaveDuplicates().isSubsetOf(available);
      assertThat(chosen).hasSize(Math.min(size, available.size()));
      if (must.size() <= size) {
        assertThat(chosen).containsAll(must);
      } else {
        assertThat(must).containsAll(chosen);
      }
    }
  }

  @Test
  @DisplayName("up to 8 GPUs, the choice scores what a brute-force partition search finds")
  void matchesBruteForce() {
    Random random = new Random(7);
    for (int round = 0; round < 300; round++) {
      int n = 2 + random.nextInt(7);
      List<String> ids = IntStream.range(0, n).mapToObj(i -> "g" + i).toList();
      GpuLinks links =
          GpuLinks.read(
              ids,
              (a, b) ->
                  link(
                      PcieLevel.values()[random.nextInt(6)],
                      random.nextInt(2) * random.nextInt(5)));
      int size = 1 + random.nextInt(n - 1);
      List<String> must = random.nextBoolean() ? List.of(ids.get(random.nextInt(n))) : List.of();

      List<String> chosen = new BestEffortPolicy(links).choose(ids, must, size);

      Set<String> rest = new HashSet<>(ids);
      chosen.forEach(rest::remove);
      int found = setScore(links, chosen) + bestSplit(links, new ArrayList<>(rest), size);
      assertThat(found).isEqualTo(bruteForce(links, ids, must, size));
    }
  }

  @Test
  @DisplayName("fast: every size on 8 and 16 GPUs, and 64 GPUs greedily, well within a second")
  void fast() {
    for (int n : List.of(8, 16, 64)) {
      List<String> ids = IntStream.range(0, n).mapToObj(i -> "GPU-" + i).toList();
      Random random = new Random(n);
      GpuLinks links =
          GpuLinks.read(
              ids, (a, b) -> link(PcieLevel.values()[random.nextInt(6)], random.nextInt(19)));
      BestEffortPolicy policy = new BestEffortPolicy(links);
      for (int size = 1; size <= n; size++) {
        long start = System.nanoTime();
        policy.choose(ids, List.of(), size);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).as("%d GPUs, size %d", n, size).isLessThan(1_000);
      }
    }
  }

  // Brute force: every set holding `must`, plus the best split of what is left.
  private static int bruteForce(GpuLinks links, List<String> ids, List<String> must, int size) {
    int best = -1;
    for (int mask = 0; mask < 1 << ids.size(); mask++) {
      List<String> set = new ArrayList<>();
      List<String> rest = new ArrayList<>();
      for (int i = 0; i < ids.size(); i++) {
        ((mask & (1 << i)) != 0 ? set : rest).add(ids.get(i));
      }
      if (set.size() == size && set.containsAll(must)) {
        best = Math.max(best, setScore(links, set) + bestSplit(links, rest, size));
      }
    }
    return best;
  }

  private static int bestSplit(GpuLinks links, List<String> gpus, int size) {
    if (gpus.size() < size) {
      return 0;
    }
    String first = gpus.getFirst();
    List<String> others = gpus.subList(1, gpus.size());
    int best = gpus.size() % size > 0 ? bestSplit(links, new ArrayList<>(others), size) : 0;
    for (int mask = 0; mask < 1 << others.size(); mask++) {
      if (Integer.bitCount(mask) != size - 1) {
        continue;
      }
      List<String> set = new ArrayList<>(List.of(first));
      List<String> rest = new ArrayList<>();
      for (int i = 0; i < others.size(); i++) {
        ((mask & (1 << i)) != 0 ? set : rest).add(others.get(i));
      }
      best = Math.max(best, setScore(links, set) + bestSplit(links, rest, size));
    }
    return best;
  }

  private static int setScore(GpuLinks links, List<String> set) {
    int total = 0;
    for (int i = 0; i < set.size(); i++) {
      for (int j = i + 1; j < set.size(); j++) {
        total += LinkScore.of(links.between(set.get(i), set.get(j)));
      }
    }
    return total;
  }
}
