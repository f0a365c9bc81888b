package dev.gpudra.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * One run of both plugins whose slices are compared: a mock GPU profile and the flags both get.
 *
 * @param id the fixture's name: the profile, then {@code +<variant>} for flags beyond the defaults
 * @param profile the mock profile ({@code driver-root-<profile>})
 * @param flags NVIDIA's flags, which ours takes too
 */
record SliceCase(String id, String profile, List<String> flags) {
  SliceCase {
    flags = List.copyOf(flags);
  }

  /**
   * The variants beyond each profile with its default gates, as NVIDIA's chart sets them. Not
   * DynamicMIG: NVIDIA's mock NVML answers NOT_SUPPORTED for a GPU's virtualization mode, and
   * NVIDIA's plugin then refuses to start.
   */
  private static final List<SliceCase> VARIANTS =
      List.of(
          new SliceCase(
              "h100+consumable-shares-memory",
              "h100",
              List.of("--feature-gates=ConsumableShares=true", "--consumable-shares=memory")),
          new SliceCase(
              "l40s+consumable-shares-4",
              "l40s",
              List.of("--feature-gates=ConsumableShares=true", "--consumable-shares=4")),
          new SliceCase(
              "b200+consumable-shares-unlimited",
              "b200",
              List.of("--feature-gates=ConsumableShares=true", "--consumable-shares=unlimited")));

  /** Every profile with the default gates, then the variants, sorted by id. */
  static List<SliceCase> all(List<String> profiles) {
    List<SliceCase> cases = new ArrayList<>();
    profiles.forEach(p -> cases.add(new SliceCase(p, p, List.of())));
    cases.addAll(VARIANTS);
    return cases.stream().sorted(java.util.Comparator.comparing(SliceCase::id)).toList();
  }

  /** What the fixture's header says of the flags. */
  String describeFlags() {
    return flags.isEmpty() ? "default feature gates" : String.join(" ", flags);
  }

  @Override
  public String toString() {
    return id;
  }
}
