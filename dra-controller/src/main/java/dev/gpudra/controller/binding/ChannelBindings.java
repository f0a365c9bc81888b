package dev.gpudra.controller.binding;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatusBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out {@link ChannelBinding}'s steps for a domain's channel claims: node labels by update,
 * conditions through the claim's {@code /status} (the entry for the channel, other entries kept). A
 * write that conflicts or finds the object gone waits for the next reconcile.
 */
public final class ChannelBindings {
  private static final Logger log = LoggerFactory.getLogger(ChannelBindings.class);

  private final KubernetesClient client;
  private final Clock clock;

  public ChannelBindings(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  /**
   * @param nodes the domain's nodes as its status has them
   */
  public void reconcile(
      ComputeDomain domain, List<ResourceClaim> claims, List<ComputeDomainNode> nodes) {
    String uid = domain.getMetadata().getUid();
    String named =
        domain.getMetadata().getNamespace()
            + "/"
            + domain.getMetadata().getName()
            + " ("
            + uid
            + ")";
    Map<String, ComputeDomainNode> byName =
        nodes.stream().collect(Collectors.toMap(ComputeDomainNode::name, Function.identity()));
    Map<String, Optional<String>> labels = new HashMap<>();
    for (ResourceClaim claim : claims) {
      ChannelBinding.nodes(claim).forEach(n -> labels.computeIfAbsent(n, this::domainLabel));
      for (BindingStep step : ChannelBinding.steps(claim, named, uid, labels, byName)) {
        try {
          apply(claim, uid, step);
        } catch (KubernetesClientException e) {
          if (e.getCode() != HttpURLConnection.HTTP_CONFLICT
              && e.getCode() != HttpURLConnection.HTTP_NOT_FOUND) {
            throw e;
          }
          log.debug("binding step {} for claim {} waits: {}", step, key(claim), e.getMessage());
        }
      }
    }
  }

  private void apply(ResourceClaim claim, String uid, BindingStep step) {
    switch (step) {
      case BindingStep.LabelNode label -> {
        client.nodes().withName(label.node()).edit(n -> labelled(n, uid));
        log.info(
            "node {} labelled for ComputeDomain {} (channel claim {})",
            label.node(),
            uid,
            key(claim));
      }
      case BindingStep.SetCondition set -> {
        client
            .resources(ResourceClaim.class)
            .inNamespace(claim.getMetadata().getNamespace())
            .withName(claim.getMetadata().getName())
            .editStatus(c -> withCondition(c, set));
        log.info("claim {}: {} True ({}: {})", key(claim), set.type(), set.reason(), set.message());
      }
    }
  }

  private ResourceClaim withCondition(ResourceClaim claim, BindingStep.SetCondition set) {
    var device = set.device();
    List<AllocatedDeviceStatus> entries = new ArrayList<>();
    AllocatedDeviceStatus mine = null;
    List<AllocatedDeviceStatus> current =
        claim.getStatus().getDevices() == null ? List.of() : claim.getStatus().getDevices();
    for (AllocatedDeviceStatus entry : current) {
      boolean same =
          device.getDriver().equals(entry.getDriver())
              && device.getPool().equals(entry.getPool())
              && device.getDevice().equals(entry.getDevice());
      if (same && mine == null) {
        mine = entry;
      } else {
        entries.add(entry);
      }
    }
    AllocatedDeviceStatusBuilder entry =
        mine == null
            ? new AllocatedDeviceStatusBuilder()
                .withDriver(device.getDriver())
                .withPool(device.getPool())
                .withDevice(device.getDevice())
                .withShareID(device.getShareID())
            : new AllocatedDeviceStatusBuilder(mine);
    List<Condition> conditions = new ArrayList<>();
    if (mine != null && mine.getConditions() != null) {
      mine.getConditions().stream()
          .filter(c -> !set.type().equals(c.getType()))
          .forEach(conditions::add);
    }
    conditions.add(
        new ConditionBuilder()
            .withType(set.type())
            .withStatus("True")
            .withReason(set.reason())
            .withMessage(set.message())
            .withLastTransitionTime(clock.instant().truncatedTo(ChronoUnit.SECONDS).toString())
            .build());
    entry.withConditions(conditions);
    entries.add(entry.build());
    return new ResourceClaimBuilder(claim).editStatus().withDevices(entries).endStatus().build();
  }

  /** The node with the domain's label, unchanged if it got any domain's label meanwhile. */
  private static Node labelled(Node node, String uid) {
    Map<String, String> labels = node.getMetadata().getLabels();
    if (labels != null && labels.containsKey(ComputeDomainLabels.DOMAIN)) {
      return node;
    }
    return new NodeBuilder(node)
        .editMetadata()
        .addToLabels(ComputeDomainLabels.DOMAIN, uid)
        .endMetadata()
        .build();
  }

  private Optional<String> domainLabel(String node) {
    Node found = client.nodes().withName(node).get();
    return found == null || found.getMetadata().getLabels() == null
        ? Optional.empty()
        : Optional.ofNullable(found.getMetadata().getLabels().get(ComputeDomainLabels.DOMAIN));
  }

  private static String key(ResourceClaim claim) {
    return claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
  }
}
