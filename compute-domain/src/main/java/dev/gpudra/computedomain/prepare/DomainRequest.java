package dev.gpudra.computedomain.prepare;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.computedomain.checkpoint.DomainTarget;
import java.util.List;
import java.util.Objects;

/**
 * What one claim asks of the compute-domain plugin: its one allocated device and the config that
 * names the domain.
 *
 * @param uid the claim's UID
 * @param namespace the claim's namespace
 * @param name the claim's name
 * @param pool the allocation result's pool
 * @param device {@code channel-0} or {@code daemon-0}
 * @param requestNames the base request names of the result
 * @param target what the config asks for
 * @param domainId the ComputeDomain's UID
 * @param mode how many channels a channel claim gets; {@code SINGLE} for a daemon
 */
public record DomainRequest(
    String uid,
    String namespace,
    String name,
    String pool,
    String device,
    List<String> requestNames,
    DomainTarget target,
    String domainId,
    ChannelAllocationMode mode) {
  public DomainRequest {
    Objects.requireNonNull(uid, "uid");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(domainId, "domainId");
    Objects.requireNonNull(mode, "mode");
    requestNames = List.copyOf(requestNames);
  }

  /** The claim as messages name it: {@code namespace/name}. */
  public String claim() {
    return namespace + "/" + name;
  }
}
