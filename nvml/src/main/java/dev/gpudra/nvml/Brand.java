package dev.gpudra.nvml;

import java.util.Arrays;

/** NVML brand types, with the strings go-nvlib (and so NVIDIA's DRA driver) publishes. */
public enum Brand {
  UNKNOWN(0, "Unknown"),
  QUADRO(1, "Quadro"),
  TESLA(2, "Tesla"),
  NVS(3, "NVS"),
  GRID(4, "Grid"),
  GEFORCE(5, "GeForce"),
  TITAN(6, "Titan"),
  NVIDIA_VAPPS(7, "NvidiaVApps"),
  NVIDIA_VPC(8, "NvidiaVPC"),
  NVIDIA_VCS(9, "NvidiaVCS"),
  NVIDIA_VWS(10, "NvidiaVWS"),
  NVIDIA_CLOUD_GAMING(11, "NvidiaCloudGaming"),
  QUADRO_RTX(12, "QuadroRTX"),
  NVIDIA_RTX(13, "NvidiaRTX"),
  NVIDIA(14, "Nvidia"),
  GEFORCE_RTX(15, "GeForceRTX"),
  TITAN_RTX(16, "TitanRTX");

  private final int nvmlValue;
  private final String label;

  Brand(int nvmlValue, String label) {
    this.nvmlValue = nvmlValue;
    this.label = label;
  }

  public int nvmlValue() {
    return nvmlValue;
  }

  /** The attribute value published for this brand. */
  public String label() {
    return label;
  }

  public static Brand fromNvml(int value) {
    return Arrays.stream(values()).filter(b -> b.nvmlValue == value).findFirst().orElse(UNKNOWN);
  }

  /** Accepts the published label or the enum name, case-insensitively. */
  public static Brand parse(String text) {
    return Arrays.stream(values())
        .filter(b -> b.label.equalsIgnoreCase(text) || b.name().equalsIgnoreCase(text))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown GPU brand: " + text));
  }
}
