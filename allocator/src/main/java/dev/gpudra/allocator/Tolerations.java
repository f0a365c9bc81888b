package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Device taints against a request's tolerations (DRADeviceTaints): a {@code NoSchedule} or {@code
 * NoExecute} taint keeps a device from a request that does not tolerate it; {@code None}, and any
 * effect a consumer does not know, do not. The same rules hold for a taint a DeviceTaintRule adds.
 */
public final class Tolerations {
  private Tolerations() {}

  /** The first of the device's taints the tolerations do not tolerate. */
  static Optional<AppliedTaint> untolerated(
      List<AppliedTaint> taints, List<DeviceToleration> tolerations) {
    return taints.stream()
        .filter(t -> schedulingEffect(t.taint()))
        .filter(t -> tolerations.stream().noneMatch(tol -> tolerates(tol, t.taint())))
        .findFirst();
  }

  private static boolean schedulingEffect(DeviceTaint taint) {
    return "NoSchedule".equals(taint.getEffect()) || "NoExecute".equals(taint.getEffect());
  }

  /** Whether {@code toleration} tolerates {@code taint} (key, operator, value and effect). */
  public static boolean tolerates(DeviceToleration toleration, DeviceTaint taint) {
    String effect = toleration.getEffect();
    if (effect != null && !effect.isEmpty() && !effect.equals(taint.getEffect())) {
      return false;
    }
    String key = Objects.toString(toleration.getKey(), "");
    if ("Exists".equals(toleration.getOperator())) {
      return key.isEmpty() || key.equals(taint.getKey());
    }
    return key.equals(taint.getKey())
        && Objects.toString(toleration.getValue(), "")
            .equals(Objects.toString(taint.getValue(), ""));
  }

  /** {@code gpu.nvidia.com/xid=79:NoSchedule}. */
  public static String describe(DeviceTaint taint) {
    return taint.getKey()
        + (taint.getValue() == null || taint.getValue().isEmpty() ? "" : "=" + taint.getValue())
        + ":"
        + taint.getEffect();
  }
}
