package dev.gpudra.demo;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.nvml.RecoveryAction;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A scenario's {@code gpu-events.yaml}: what the simulated GPUs report before its pods are created
 * (an XID on a device), so that a scenario can show what the plugin does about it.
 *
 * @param xids XID errors, in order
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record GpuEvents(List<Xid> xids) {
  public static final GpuEvents NONE = new GpuEvents(List.of());

  public GpuEvents {
    xids = List.copyOf(xids == null ? List.of() : xids);
  }

  /**
   * @param node the demo node
   * @param device a device of that node, e.g. {@code gpu-7}: the XID is on its physical GPU
   * @param xid the XID code, e.g. 79
   * @param recoveryAction the NVML recovery action the driver sets with it ({@code GPU_RESET},
   *     {@code none}, ...), or null for the one NVIDIA's XID catalog asks for
   */
  public record Xid(String node, String device, long xid, String recoveryAction) {
    public Xid {
      Objects.requireNonNull(node, "gpu-events.yaml: xids[].node");
      Objects.requireNonNull(device, "gpu-events.yaml: xids[].device");
      try {
        action(recoveryAction);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "gpu-events.yaml: xids[].recoveryAction: " + e.getMessage(), e);
      }
    }

    /** The driver's own recovery action for the XID. */
    public Xid(String node, String device, long xid) {
      this(node, device, xid, null);
    }

    /** The recovery action set with the XID, or empty for the driver's own. */
    public Optional<RecoveryAction> action() {
      return action(recoveryAction);
    }

    private static Optional<RecoveryAction> action(String text) {
      return Optional.ofNullable(text).map(RecoveryAction::parse);
    }

    /** Whether {@code nodeName}'s slices show this XID as a taint of its device. */
    public boolean tainted(List<ResourceSlice> slices, String nodeName) {
      String value = Long.toString(xid);
      return slices.stream()
          .filter(s -> nodeName.equals(s.getSpec().getNodeName()))
          .flatMap(s -> s.getSpec().getDevices().stream())
          .filter(d -> d.getName().equals(device) && d.getTaints() != null)
          .flatMap(d -> d.getTaints().stream())
          .anyMatch(t -> value.equals(t.getValue()));
    }
  }

  static GpuEvents parse(String yaml) {
    try {
      return new ObjectMapper(new YAMLFactory()).readValue(yaml, GpuEvents.class);
    } catch (IOException e) {
      throw new UncheckedIOException("invalid gpu-events.yaml", e);
    }
  }
}
