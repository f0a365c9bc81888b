package dev.gpudra.nvml;

import java.util.Arrays;
import java.util.Optional;

/**
 * The {@code NVML_GPU_INSTANCE_PROFILE_*} constants: the argument of {@code
 * nvmlDeviceGetGpuInstanceProfileInfo}, not the device-specific profile ID it returns. Each
 * constant fixes the compute-slice count and the suffix go-nvlib appends to the profile name.
 */
public enum MigProfileConstant {
  SLICE_1(0, "1_SLICE", 1, ""),
  SLICE_2(1, "2_SLICE", 2, ""),
  SLICE_3(2, "3_SLICE", 3, ""),
  SLICE_4(3, "4_SLICE", 4, ""),
  SLICE_7(4, "7_SLICE", 7, ""),
  SLICE_8(5, "8_SLICE", 8, ""),
  SLICE_6(6, "6_SLICE", 6, ""),
  SLICE_1_REV1(7, "1_SLICE_REV1", 1, "+me"),
  SLICE_2_REV1(8, "2_SLICE_REV1", 2, "+me"),
  SLICE_1_REV2(9, "1_SLICE_REV2", 1, ""),
  SLICE_1_GFX(10, "1_SLICE_GFX", 1, "+gfx"),
  SLICE_2_GFX(11, "2_SLICE_GFX", 2, "+gfx"),
  SLICE_4_GFX(12, "4_SLICE_GFX", 4, "+gfx"),
  SLICE_1_NO_ME(13, "1_SLICE_NO_ME", 1, "-me"),
  SLICE_2_NO_ME(14, "2_SLICE_NO_ME", 2, "-me"),
  SLICE_1_ALL_ME(15, "1_SLICE_ALL_ME", 1, "+me.all"),
  SLICE_2_ALL_ME(16, "2_SLICE_ALL_ME", 2, "+me.all"),
  SLICE_3_GFX(17, "3_SLICE_GFX", 3, "+gfx");

  /** {@code NVML_GPU_INSTANCE_PROFILE_COUNT} in the newest nvml.h. */
  public static final int COUNT = 18;

  private final int nvmlValue;
  private final String label;
  private final int slices;
  private final String suffix;

  MigProfileConstant(int nvmlValue, String label, int slices, String suffix) {
    this.nvmlValue = nvmlValue;
    this.label = label;
    this.slices = slices;
    this.suffix = suffix;
  }

  public int nvmlValue() {
    return nvmlValue;
  }

  /** The constant's name without the {@code NVML_GPU_INSTANCE_PROFILE_} prefix. */
  public String label() {
    return label;
  }

  /** Compute slices of a GPU instance of this kind (the G in {@code Ng}). */
  public int slices() {
    return slices;
  }

  /** What go-nvlib appends to the profile name: {@code +me}, {@code -me}, {@code +gfx}... */
  public String suffix() {
    return suffix;
  }

  public static Optional<MigProfileConstant> fromNvml(int value) {
    return Arrays.stream(values()).filter(c -> c.nvmlValue == value).findFirst();
  }

  /** Accepts the label ({@code 1_SLICE_REV1}), with or without the NVML prefix. */
  public static MigProfileConstant parse(String text) {
    String label = text.trim().toUpperCase(java.util.Locale.ROOT);
    String bare = label.replaceFirst("^NVML_GPU_INSTANCE_PROFILE_", "");
    return Arrays.stream(values())
        .filter(c -> c.label.equals(bare))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown MIG profile constant: " + text));
  }
}
