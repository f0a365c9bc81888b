package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.MigProfileConstant;
import dev.gpudra.nvml.MigProfileNames;
import dev.gpudra.nvml.MigResources;
import dev.gpudra.nvml.Placement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a model's {@code migProfiles} table. Names are not written in the table: they are derived
 * from the memory size and the GPU's total, as go-nvlib derives them from real NVML.
 */
final class MigTableParser {
  private static final Set<String> KEYS =
      Set.of(
          "constant",
          "id",
          "instanceCount",
          "multiprocessors",
          "copyEngines",
          "decoders",
          "encoders",
          "jpegEngines",
          "ofaEngines",
          "memoryMiB",
          "placements");
  private static final Set<String> PLACEMENT_KEYS = Set.of("size", "starts");

  List<MigProfile> parse(List<ProfileNode> rows, long totalMemoryBytes) {
    List<MigProfile> profiles = new ArrayList<>();
    Set<MigProfileConstant> constants = new HashSet<>();
    Set<Integer> ids = new HashSet<>();
    for (ProfileNode row : rows) {
      MigProfile profile = profile(row, totalMemoryBytes);
      if (!constants.add(MigProfileConstant.fromNvml(profile.constant()).orElseThrow())) {
        throw row.required("constant").fail("constant listed twice");
      }
      if (!ids.add(profile.id())) {
        throw row.required("id").fail("profile id " + profile.id() + " listed twice");
      }
      profiles.add(profile);
    }
    profiles.sort(Comparator.comparingInt(MigProfile::constant));
    return List.copyOf(profiles);
  }

  private MigProfile profile(ProfileNode row, long totalMemoryBytes) {
    row.allowOnly(KEYS);
    MigProfileConstant constant = row.required("constant").as(MigProfileConstant::parse);
    MigResources resources =
        new MigResources(
            row.required("multiprocessors").intValue(),
            row.required("copyEngines").intValue(),
            row.required("decoders").intValue(),
            row.required("encoders").intValue(),
            row.required("jpegEngines").intValue(),
            row.required("ofaEngines").intValue(),
            row.required("memoryMiB").intValue());
    if ((resources.memoryMiB() << 20) > totalMemoryBytes) {
      throw row.required("memoryMiB").fail("larger than the GPU's memory");
    }
    String name =
        MigProfileNames.name(constant, constant.slices(), resources.memoryMiB(), totalMemoryBytes);
    int instanceCount = row.required("instanceCount").intValue();
    if (instanceCount < 1) {
      throw row.required("instanceCount").fail("must be at least 1");
    }
    List<Placement> placements = placements(row.required("placements"));
    return new MigProfile(
        constant.nvmlValue(),
        row.required("id").intValue(),
        name,
        constant.slices(),
        instanceCount,
        resources,
        placements);
  }

  private List<Placement> placements(ProfileNode node) {
    node.allowOnly(PLACEMENT_KEYS);
    ProfileNode sizeNode = node.required("size");
    int size = sizeNode.intValue();
    if (size < 1) {
      throw sizeNode.fail("must be at least 1");
    }
    List<Placement> placements = new ArrayList<>();
    Set<Integer> starts = new HashSet<>();
    for (ProfileNode start : node.list("starts")) {
      if (!starts.add(start.intValue())) {
        throw start.fail("placement start " + start.intValue() + " listed twice");
      }
      placements.add(new Placement(start.intValue(), size));
    }
    if (placements.isEmpty()) {
      throw node.required("starts").fail("needs at least one placement start");
    }
    return List.copyOf(placements);
  }
}
