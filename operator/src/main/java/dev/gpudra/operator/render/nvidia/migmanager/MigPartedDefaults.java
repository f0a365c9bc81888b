package dev.gpudra.operator.render.nvidia.migmanager;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The MIG geometry of the GPUs gpu-dra knows, from which {@link MigManagerDefaultLayouts} writes
 * the layouts of NVIDIA's {@code default-mig-parted-config}: per GPU family the PCI device IDs
 * ({@code 0x<device><vendor>}, as NVML packs them and mig-parted's {@code device-filter} matches
 * them), each GPU-instance profile with the most instances of it a GPU holds, and the balanced mix.
 *
 * <p>Sources (gpu-dra's facts, not NVIDIA's file): {@code
 * shared/reference/gpu-operator-and-device-plugin.md} §6.3 (per-profile counts and {@code
 * all-balanced} mixes of A100-40GB, A100-80GB/H100-80GB, H200, A30, H100 NVL) and §6.4 (the profile
 * tables); {@code shared/reference/gpu-profiles.md} §1 (the device IDs: A100 SXM4 40GB {@code
 * 0x20B0}, A100 SXM4 80GB {@code 0x20B2}, H100 SXM5 {@code 0x2330}, H100 PCIe {@code 0x2331}, H100
 * NVL {@code 0x2321}, H200 {@code 0x2335}, H200 NVL {@code 0x233B}, A30 {@code 0x20B7}, B200 {@code
 * 0x2901}, GB200 {@code 0x2941}) and §5 (B200's and GB200's profiles and counts), which the {@code
 * nvml} module's models ({@code models/*.yaml}) carry too. H100 PCIe, whose profile table was not
 * collected, takes the H100-80GB row of §6.3; H100 NVL's counts are the Hopper geometry's (its
 * profile IDs are H100's, §5.8 of gpu-profiles.md). The {@code all-balanced} mixes of B200 and
 * GB200 are not in the facts: they are the one every other 7-compute/8-memory-slice GPU here uses
 * (1g x2, 2g x1, 3g x1), B200's and GB200's placements being the same.
 *
 * <p>Not covered, though NVIDIA's shipped file covers them: A100 PCIe 40GB/80GB, A800 and H800,
 * GB300, B300, GH200, RTX PRO 6000 Blackwell and PG506 (gpu-dra's facts hold neither their device
 * IDs nor their profiles). On those GPUs what applies is the MIG manager's own layouts: it
 * generates them from NVML when it starts (ConfigMap {@code <node>-mig-config}) and reads this file
 * only when that finds no profile (drivers that do not report them, such as R535).
 */
final class MigPartedDefaults {
  /** The GPU families, in the order their configs appear in the file. */
  static final List<MigGpu> GPUS =
      List.of(
          new MigGpu(
              "A100-SXM4-40GB",
              List.of("0x20B010DE"),
              List.of(
                  new MigProfileCount("1g.5gb", 7),
                  new MigProfileCount("1g.5gb+me", 1),
                  new MigProfileCount("1g.10gb", 4),
                  new MigProfileCount("2g.10gb", 3),
                  new MigProfileCount("3g.20gb", 2),
                  new MigProfileCount("4g.20gb", 1),
                  new MigProfileCount("7g.40gb", 1)),
              balanced("1g.5gb", "2g.10gb", "3g.20gb")),
          eightSlice(
              "A100-SXM4-80GB, H100 80GB (SXM5, PCIe)",
              List.of("0x20B210DE", "0x233010DE", "0x233110DE"),
              List.of("10gb", "20gb", "40gb", "80gb")),
          eightSlice("H100 NVL", List.of("0x232110DE"), List.of("12gb", "24gb", "47gb", "94gb")),
          eightSlice(
              "H200, H200 NVL",
              List.of("0x233510DE", "0x233B10DE"),
              List.of("18gb", "35gb", "71gb", "141gb")),
          new MigGpu(
              "A30",
              List.of("0x20B710DE"),
              List.of(
                  new MigProfileCount("1g.6gb", 4),
                  new MigProfileCount("1g.6gb+me", 1),
                  new MigProfileCount("2g.12gb", 2),
                  new MigProfileCount("2g.12gb+me", 1),
                  new MigProfileCount("4g.24gb", 1)),
              List.of(new MigProfileCount("1g.6gb", 2), new MigProfileCount("2g.12gb", 1))),
          eightSlice("B200", List.of("0x290110DE"), List.of("23gb", "45gb", "90gb", "180gb")),
          eightSlice("GB200", List.of("0x294110DE"), List.of("23gb", "47gb", "93gb", "186gb")));

  private MigPartedDefaults() {}

  /**
   * A GPU of 7 compute and 8 memory slices (A100-80GB, Hopper, Blackwell): its profiles are named
   * by {@code memory}, the memory of 1, 2, 4 and 8 memory slices; the counts are that geometry's
   * (§6.4).
   */
  private static MigGpu eightSlice(String models, List<String> deviceIds, List<String> memory) {
    String one = memory.get(0);
    String two = memory.get(1);
    String four = memory.get(2);
    String all = memory.get(3);
    return new MigGpu(
        models,
        deviceIds,
        List.of(
            new MigProfileCount("1g." + one, 7),
            new MigProfileCount("1g." + one + "+me", 1),
            new MigProfileCount("1g." + two, 4),
            new MigProfileCount("2g." + two, 3),
            new MigProfileCount("3g." + four, 2),
            new MigProfileCount("4g." + four, 1),
            new MigProfileCount("7g." + all, 1)),
        balanced("1g." + one, "2g." + two, "3g." + four));
  }

  /** Two of the smallest profile, one of the next, one of the half GPU (§6.3's pattern). */
  private static List<MigProfileCount> balanced(String smallest, String twoSlice, String half) {
    return List.of(
        new MigProfileCount(smallest, 2),
        new MigProfileCount(twoSlice, 1),
        new MigProfileCount(half, 1));
  }

  /**
   * One GPU family.
   *
   * @param models the GPUs, for the file's comments
   * @param deviceIds their PCI device IDs, {@code 0x<device><vendor>} in upper case
   * @param profiles each profile with the most instances of it one GPU holds
   * @param balanced the {@code all-balanced} mix
   */
  record MigGpu(
      String models,
      List<String> deviceIds,
      List<MigProfileCount> profiles,
      List<MigProfileCount> balanced) {
    private static final Pattern DEVICE_ID = Pattern.compile("0x[0-9A-F]{4}10DE");

    MigGpu {
      Objects.requireNonNull(models, "models");
      deviceIds = List.copyOf(deviceIds);
      profiles = List.copyOf(profiles);
      balanced = List.copyOf(balanced);
      if (deviceIds.isEmpty() || profiles.isEmpty()) {
        throw new IllegalArgumentException(models + ": no device ID or no profile");
      }
      for (String id : deviceIds) {
        if (!DEVICE_ID.matcher(id).matches()) {
          throw new IllegalArgumentException(models + ": not an NVIDIA PCI device ID: " + id);
        }
      }
    }
  }

  /**
   * A GPU-instance profile and a count of its instances.
   *
   * @param profile mig-parted's name, e.g. {@code 1g.10gb} or {@code 1g.10gb+me}
   * @param count how many
   */
  record MigProfileCount(String profile, int count) {
    private static final Pattern NAME = Pattern.compile("[1-7]g\\.[0-9]+gb(\\+me)?");

    MigProfileCount {
      if (profile == null || !NAME.matcher(profile).matches() || count < 1) {
        throw new IllegalArgumentException("not a MIG profile count: " + profile + " x" + count);
      }
    }

    /** NVIDIA's config name for every GPU holding the most of it: {@code +} becomes {@code .}. */
    String configName() {
      return "all-" + profile.replace('+', '.');
    }
  }
}
