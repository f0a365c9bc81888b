package dev.gpudra.demo;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A scenario's {@code expect.yaml}: how each of its pods should end.
 *
 * @param pods one entry per pod
 * @param sameDevices true when every pod must end with the same devices (a shared claim)
 * @param freeGpus true when the scenario needs GPUs of its node that no earlier scenario holds: it
 *     runs first, as those whose GPUs report events do (a real kube-scheduler places the others at
 *     random among equal nodes)
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record Expectation(List<Pod> pods, boolean sameDevices, boolean freeGpus) {

  public Expectation {
    pods = List.copyOf(pods == null ? List.of() : pods);
  }

  public Expectation(List<Pod> pods, boolean sameDevices) {
    this(pods, sameDevices, false);
  }

  /**
   * @param name pod name
   * @param phase {@code Running}, {@code Pending}, or {@code Evicted} (deleted by the
   *     device-taint-eviction controller for a DeviceTaintRule created after it)
   * @param node the node it must run on (null: any); where several nodes fit it, any of those
   * @param devices how many devices its claims hold (null: not checked)
   * @param sameAttribute an attribute all its devices must share (null: none)
   * @param requests the allocation results' request names, e.g. {@code gpu/any-gpu} (null: any)
   * @param unschedulable for a pending pod: the allocator's reason on every node, e.g. {@code
   *     not-enough-devices}
   * @param timeSlice the time slice every GPU of the pod must have been set to, e.g. {@code Long}
   *     (null: not checked)
   * @param computeMode the compute mode every GPU of the pod must have been set to, e.g. {@code
   *     EXCLUSIVE_PROCESS} (null: not checked)
   * @param mpsDaemon true when its node must run a ready MPS control daemon for its claims
   * @param imexChannel true when a container must get IMEX channel 0 (a ComputeDomain's channel on
   *     a node in a clique)
   * @param env environment variables every container must have set, e.g. {@code
   *     NVIDIA_VISIBLE_DEVICES} from a device plugin (null: not checked)
   * @param driver the driver every allocated device must come from, e.g. {@code gpu.nvidia.com}
   *     (null: not checked)
   * @param deviceStatus the {@code Ready} status every GPU of the pod must show in its claim's
   *     {@code status.devices} (ClaimDeviceStatus), e.g. {@code "False"} for an unhealthy GPU
   *     (null: not checked)
   * @param metadata attributes every container must read from its device metadata files
   *     (DeviceMetadata) for each GPU of the pod, as its ResourceSlice publishes them, e.g. {@code
   *     uuid} (null: not checked)
   */
  public record Pod(
      String name,
      String phase,
      String node,
      Integer devices,
      String sameAttribute,
      List<String> requests,
      String unschedulable,
      String timeSlice,
      String computeMode,
      boolean mpsDaemon,
      boolean imexChannel,
      List<String> env,
      String driver,
      String deviceStatus,
      List<String> metadata) {

    public boolean running() {
      return "Running".equals(phase);
    }
  }

  static Expectation parse(String yaml) {
    try {
      return new ObjectMapper(new YAMLFactory()).readValue(yaml, Expectation.class);
    } catch (IOException e) {
      throw new UncheckedIOException("invalid expect.yaml", e);
    }
  }
}
