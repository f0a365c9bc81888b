package dev.gpudra.gpu.mps;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how this node's MPS daemons run.
 *
 * @param namespace the driver's namespace, where the Deployments are made
 * @param nodeName the node their pods are pinned to
 * @param image the driver's image (IMAGE_NAME), which runs {@code gpu-dra mps-control-daemon}
 * @param hostDriverRoot the host's driver root, mounted at {@code /driver-root} in the daemon
 * @param readyWait how long a prepare waits for a daemon before its retryable error
 * @param stopWait how long an unprepare waits for a daemon's pod to go before it unmounts
 * @param pod how the pods pull the image and which account they run as
 */
public record MpsNode(
    String namespace,
    String nodeName,
    String image,
    Path hostDriverRoot,
    Duration readyWait,
    Duration stopWait,
    MpsPod pod) {
  public static final Duration READY_WAIT = Duration.ofSeconds(20);
  public static final Duration STOP_WAIT = Duration.ofSeconds(30);

  public MpsNode {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(image, "image");
    Objects.requireNonNull(hostDriverRoot, "hostDriverRoot");
    Objects.requireNonNull(readyWait, "readyWait");
    Objects.requireNonNull(stopWait, "stopWait");
    Objects.requireNonNull(pod, "pod");
  }
}
