package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Placement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a GPU group's {@code migDevices}, checking each against the model's MIG table the way the
 * driver would refuse to create it: a known profile, one of its placements, no more instances than
 * it allows, no shared memory slice, and no more compute slices than the GPU has.
 */
final class MigDeviceParser {
  private static final Set<String> KEYS = Set.of("profile", "placement");

  List<MigDeviceSpec> parse(List<ProfileNode> rows, List<MigProfile> table) {
    Map<String, MigProfile> byName =
        table.stream().collect(Collectors.toMap(MigProfile::name, p -> p));
    int computeSlices = table.stream().mapToInt(MigProfile::sliceCount).max().orElse(0);
    List<MigDeviceSpec> devices = new ArrayList<>();
    Map<String, Integer> instances = new HashMap<>();
    int slicesUsed = 0;
    for (int i = 0; i < rows.size(); i++) {
      ProfileNode row = rows.get(i);
      MigDeviceSpec device = device(row, byName);
      int count = instances.merge(device.profile().name(), 1, Integer::sum);
      if (count > device.profile().instanceCount()) {
        throw row.fail(
            "more than "
                + device.profile().instanceCount()
                + " instances of "
                + device.profile().name());
      }
      for (int j = 0; j < devices.size(); j++) {
        MigDeviceSpec other = devices.get(j);
        if (device.overlaps(other)) {
          throw row.required("placement")
              .fail(describe(device) + " overlaps " + describe(other) + " (migDevices[" + j + "])");
        }
      }
      slicesUsed += device.profile().sliceCount();
      if (slicesUsed > computeSlices) {
        throw row.fail(
            "the devices need " + slicesUsed + " compute slices, the GPU has " + computeSlices);
      }
      devices.add(device);
    }
    return List.copyOf(devices);
  }

  private MigDeviceSpec device(ProfileNode row, Map<String, MigProfile> byName) {
    row.allowOnly(KEYS);
    ProfileNode nameNode = row.required("profile");
    MigProfile profile = byName.get(nameNode.text());
    if (profile == null) {
      throw nameNode.fail(
          "unknown MIG profile "
              + nameNode.text()
              + " (known: "
              + String.join(", ", byName.keySet().stream().sorted().toList())
              + ")");
    }
    ProfileNode placementNode = row.required("placement");
    int start = placementNode.intValue();
    Placement placement =
        profile.placements().stream()
            .filter(p -> p.start() == start)
            .findFirst()
            .orElseThrow(() ->
                placementNode.fail(
                    start
                        + " is not a valid placement for "
                        + profile.name()
                        + " (valid: "
                        + profile.placements().stream()
                            .map(p -> String.valueOf(p.start()))
                            .collect(Collectors.joining(", "))
                        + ")"));
    return new MigDeviceSpec(profile, placement);
  }

  private static String describe(MigDeviceSpec device) {
    return device.profile().name() + " at " + device.placement();
  }
}
