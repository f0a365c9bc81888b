package dev.gpudra.nvml;

import java.util.Locale;
import java.util.Map;

/**
 * What NVML says a GPU needs before it is fit for new work ({@code nvmlDeviceGpuRecoveryAction_t},
 * read through the field {@code NVML_FI_DEV_GET_GPU_RECOVERY_ACTION}, drivers 565 and newer). The
 * driver sets it with the errors it reports and clears it to {@link #NONE} once the GPU recovered
 * (a reset, a reboot). A code this class does not name is kept as read.
 *
 * @param code NVML's value: 0 none, 1 GPU reset, 2 node reboot, 3 drain P2P, 4 drain and reset, 5
 *     recover the IMEX domain, 6 PCIe bus reset, 7 system reboot
 */
public record RecoveryAction(int code) {
  public static final RecoveryAction NONE = new RecoveryAction(0);
  public static final RecoveryAction GPU_RESET = new RecoveryAction(1);
  public static final RecoveryAction NODE_REBOOT = new RecoveryAction(2);
  public static final RecoveryAction DRAIN_P2P = new RecoveryAction(3);
  public static final RecoveryAction DRAIN_AND_RESET = new RecoveryAction(4);
  public static final RecoveryAction RECOVER_IMEX_DOMAIN = new RecoveryAction(5);
  public static final RecoveryAction BUS_RESET = new RecoveryAction(6);
  public static final RecoveryAction SYSTEM_REBOOT = new RecoveryAction(7);

  /** NVML's names, without the {@code GPU_RECOVERY_ACTION_} prefix. */
  private static final Map<Integer, String> NAMES =
      Map.of(
          0, "NONE",
          1, "GPU_RESET",
          2, "NODE_REBOOT",
          3, "DRAIN_P2P",
          4, "DRAIN_AND_RESET",
          5, "RECOVER_IMEX_DOMAIN",
          6, "BUS_RESET",
          7, "SYSTEM_REBOOT");

  public RecoveryAction {
    if (code < 0) {
      throw new IllegalArgumentException("a recovery action code is >= 0, got " + code);
    }
  }

  /** NVML's name, e.g. {@code GPU_RESET}, or {@code UNKNOWN_9} for a code it did not have. */
  public String label() {
    return NAMES.getOrDefault(code, "UNKNOWN_" + code);
  }

  /**
   * Reads a name as {@link #label()} writes it (any case, {@code -} for {@code _}) or a code.
   *
   * @throws IllegalArgumentException naming the text and the names it may be
   */
  public static RecoveryAction parse(String text) {
    String name = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
    if (name.matches("[0-9]{1,9}")) {
      return new RecoveryAction(Integer.parseInt(name));
    }
    return NAMES.entrySet().stream()
        .filter(e -> e.getValue().equals(name))
        .map(e -> new RecoveryAction(e.getKey()))
        .findFirst()
        .orElseThrow(() ->
            new IllegalArgumentException(
                "'"
                    + text
                    + "' is no GPU recovery action; want a code or one of "
                    + NAMES.values().stream().sorted().toList()));
  }

  @Override
  public String toString() {
    return label();
  }
}
