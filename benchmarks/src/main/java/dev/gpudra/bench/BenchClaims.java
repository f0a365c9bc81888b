package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Allocated one-device claims, as the scheduler leaves them: created in the API so that the plugin
 * fetches them there, as it does in a cluster.
 */
final class BenchClaims {
  static final String NAMESPACE = "bench";
  static final String REQUEST = "gpu";
  static final String DEVICE_CLASS = "gpu.nvidia.com";

  /** Whether a claim holds its device alone, or shares it as an admin (monitoring) claim. */
  enum Access {
    EXCLUSIVE,
    ADMIN
  }

  private final KubernetesClient client;
  private final String nodeName;

  BenchClaims(KubernetesClient client, String nodeName) {
    this.client = Objects.requireNonNull(client, "client");
    this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
  }

  /**
   * Creates {@code count} claims named {@code <prefix>-<i>}; claim i gets device i modulo the
   * devices, so consecutive claims rotate over them.
   */
  List<ClaimRef> create(String prefix, int count, List<String> devices, Access access) {
    return IntStream.range(0, count)
        .mapToObj(i ->
            create(
                claim(
                    "%s-%05d".formatted(prefix, i),
                    nodeName,
                    devices.get(i % devices.size()),
                    access)))
        .toList();
  }

  /** Creates the claim, then writes its allocation through /status, as the scheduler does. */
  private ClaimRef create(ResourceClaim claim) {
    ResourceClaim created =
        client.resource(new ResourceClaimBuilder(claim).withStatus(null).build()).create();
    client
        .resource(new ResourceClaimBuilder(created).withStatus(claim.getStatus()).build())
        .updateStatus();
    return new ClaimRef(
        created.getMetadata().getNamespace(),
        created.getMetadata().getName(),
        created.getMetadata().getUid());
  }

  /** A claim for one device of the node's pool, with its allocation result. */
  static ResourceClaim claim(String name, String nodeName, String device, Access access) {
    boolean admin = access == Access.ADMIN;
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(NAMESPACE)
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName(REQUEST)
        .withNewExactly()
        .withDeviceClassName(DEVICE_CLASS)
        .withCount(1L)
        .withAdminAccess(admin ? Boolean.TRUE : null)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest(REQUEST)
        .withDriver(PluginLayout.DRIVER)
        .withPool(nodeName)
        .withDevice(device)
        .withAdminAccess(admin ? Boolean.TRUE : null)
        .endResult()
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }
}
