package dev.gpudra.controller.model;

import dev.gpudra.api.computedomain.ImexMode;
import java.util.List;
import java.util.Objects;

/**
 * How the controller runs the domains' daemons.
 *
 * @param namespace the driver's namespace, where DaemonSets and daemon templates go
 * @param image the driver's image (the controller's own, IMAGE_NAME)
 * @param logVerbosity the daemons' LOG_VERBOSITY (klog's scale), also given to them as LOG_LEVEL
 * @param maxNodesPerImexDomain MAX_NODES_PER_IMEX_DOMAIN (18, the NVL72 limit)
 * @param featureGates FEATURE_GATES, passed on as the controller got them
 * @param imagePullSecrets CD_DAEMON_IMAGE_PULL_SECRET_NAMES
 * @param imex who runs the daemons (IMEX_MODE): with {@code hostManaged} the admin does, and the
 *     controller makes none
 */
public record DaemonSettings(
    String namespace,
    String image,
    int logVerbosity,
    int maxNodesPerImexDomain,
    String featureGates,
    List<String> imagePullSecrets,
    ImexMode imex) {
  public static final int MAX_NODES_PER_IMEX_DOMAIN = 18;

  public DaemonSettings {
    Objects.requireNonNull(imex, "imex");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(image, "image");
    Objects.requireNonNull(featureGates, "featureGates");
    imagePullSecrets = List.copyOf(imagePullSecrets);
    if (logVerbosity < 0) {
      throw new IllegalArgumentException(
          "LOG_VERBOSITY_CD_DAEMON must not be negative, got " + logVerbosity);
    }
    if (maxNodesPerImexDomain < 1) {
      throw new IllegalArgumentException(
          "MAX_NODES_PER_IMEX_DOMAIN must be at least 1, got " + maxNodesPerImexDomain);
    }
  }

  public boolean hostManaged() {
    return imex == ImexMode.HOST_MANAGED;
  }
}
