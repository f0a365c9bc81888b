package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.slices.PoolLayout;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.VersionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where shared counters go depends on the API server, as NVIDIA's plugin decides it from discovery:
 * Kubernetes 1.35 and newer want them in slices of their own.
 */
final class ServerVersion {
  private static final Logger log = LoggerFactory.getLogger(ServerVersion.class);

  private ServerVersion() {}

  static PoolLayout.Counters counters(KubernetesClient client, Inventory inventory) {
    if (!PoolLayout.partitioned(inventory.devices())) {
      return PoolLayout.Counters.APART; // no counters to place
    }
    try {
      VersionInfo version = client.getKubernetesVersion();
      int minor = Integer.parseInt(version.getMinor().replaceAll("[^0-9].*$", ""));
      int major = Integer.parseInt(version.getMajor().replaceAll("[^0-9].*$", ""));
      boolean apart = major > 1 || minor >= 35;
      log.info(
          "API server {}.{}: shared counters {}",
          major,
          minor,
          apart ? "in slices of their own" : "beside each GPU's devices");
      return apart ? PoolLayout.Counters.APART : PoolLayout.Counters.BESIDE_DEVICES;
    } catch (KubernetesClientException | NumberFormatException | NullPointerException e) {
      throw new IllegalStateException(
          "DynamicMIG: cannot read the API server's version, which decides how shared counters"
              + " are published: "
              + e.getMessage(),
          e);
    }
  }
}
