package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.AddressingMode;
import dev.gpudra.nvml.Architecture;
import dev.gpudra.nvml.Brand;
import dev.gpudra.nvml.ComputeCapability;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import java.util.List;
import java.util.Set;

/** Reads one entry of {@code gpus}, after its {@code model} defaults have been merged in. */
final class GroupParser {
  static final Set<String> KEYS =
      Set.of(
          "count",
          "model",
          "name",
          "brand",
          "architecture",
          "computeCapability",
          "memoryMiB",
          "pciDeviceId",
          "migMode",
          "addressingMode",
          "migProfiles",
          "migDevices",
          "fabric");

  private final MigTableParser migTable = new MigTableParser();
  private final MigDeviceParser migDevices = new MigDeviceParser();
  private final FabricParser fabric = new FabricParser();

  GpuGroup parse(ProfileNode group) {
    group.allowOnly(KEYS);
    ProfileNode countNode = group.required("count");
    if (countNode.intValue() < 1 || countNode.intValue() > ProfileParser.MAX_GPUS) {
      throw countNode.fail("must be between 1 and " + ProfileParser.MAX_GPUS);
    }
    GpuModel model = model(group);
    MigMode migMode = group.required("migMode").as(text -> EnumNames.parse(MigMode.class, text));
    checkMigMode(group, migMode, model);
    List<ProfileNode> deviceRows = group.list("migDevices");
    if (!deviceRows.isEmpty() && migMode != MigMode.ENABLED) {
      throw group
          .required("migDevices")
          .fail(
              "only allowed when migMode is Enabled (migMode: " + EnumNames.display(migMode) + ")");
    }
    AddressingMode addressing =
        group
            .optional("addressingMode")
            .map(n -> n.as(text -> EnumNames.parse(AddressingMode.class, text)))
            .orElse(AddressingMode.NOT_SUPPORTED);
    return new GpuGroup(
        countNode.intValue(),
        model,
        migMode,
        addressing,
        migDevices.parse(deviceRows, model.migProfiles()),
        fabric.parse(group.optional("fabric")));
  }

  private GpuModel model(ProfileNode group) {
    String name = group.required("name").text();
    var brand = group.required("brand").as(Brand::parse);
    var architecture = group.required("architecture").as(Architecture::parse);
    var capability = group.required("computeCapability").as(ComputeCapability::parse);
    ProfileNode memoryNode = group.required("memoryMiB");
    long memoryMiB = memoryNode.longValue();
    if (memoryMiB <= 0) {
      throw memoryNode.fail("must be positive");
    }
    long pciDeviceId = pciDeviceId(group.required("pciDeviceId"));
    List<MigProfile> profiles = migTable.parse(group.list("migProfiles"), memoryMiB << 20);
    return new GpuModel(name, brand, architecture, capability, memoryMiB, pciDeviceId, profiles);
  }

  private static void checkMigMode(ProfileNode group, MigMode mode, GpuModel model) {
    boolean hasTable = !model.migProfiles().isEmpty();
    if (mode == MigMode.NOT_SUPPORTED && hasTable) {
      throw group.required("migProfiles").fail("must be empty when migMode is NotSupported");
    }
    if (mode != MigMode.NOT_SUPPORTED && !hasTable) {
      throw group
          .required("migMode")
          .fail(EnumNames.display(mode) + " needs a migProfiles table (or migMode NotSupported)");
    }
  }

  private static long pciDeviceId(ProfileNode node) {
    if (node.node().isIntegralNumber()) {
      return node.longValue();
    }
    return node.as(text -> {
      if (!text.matches("0[xX][0-9a-fA-F]{1,8}")) {
        throw new IllegalArgumentException("'" + text + "' is not a 32-bit hex ID like 0x20B010DE");
      }
      return Long.parseLong(text.substring(2), 16);
    });
  }
}
