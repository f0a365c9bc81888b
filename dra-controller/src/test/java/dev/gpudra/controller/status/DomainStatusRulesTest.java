package dev.gpudra.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.ComputeDomainStatus;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DomainStatusRulesTest {
  private static final String CLIQUE = "9c6f5af3-53bf-49b5-a436-b66766c413c3.4026";
  private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  private final DomainStatusRules rules = new DomainStatusRules(true);

  private static ComputeDomain domain(int numNodes) {
    return new ComputeDomain(
        new ObjectMetaBuilder().withName("cd").withNamespace("ns").withUid("uid").build(),
        new ComputeDomainSpec(
            numNodes,
            new ComputeDomainSpec.Channel(new ComputeDomainSpec.ClaimTemplate("ch"), null)),
        null);
  }

  private static Pod pod(String node, String clique, boolean ready) {
    PodBuilder pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("daemon-" + node)
            .withLabels(
                clique == null
                    ? Map.of()
                    : Map.of("resource.nvidia.com/computeDomain.cliqueID", clique))
            .endMetadata()
            .withNewSpec()
            .withNodeName(node)
            .endSpec()
            .withNewStatus()
            .withPhase("Running")
            .withPodIP("10.0.0." + node.length())
            .addNewCondition()
            .withType("Ready")
            .withStatus(ready ? "True" : "False")
            .endCondition()
            .endStatus();
    return pod.build();
  }

  private static ComputeDomainClique clique(ComputeDomainDaemon... daemons) {
    return new ComputeDomainClique(
        new ObjectMetaBuilder().withName("uid." + CLIQUE).build(), List.of(daemons));
  }

  private static ComputeDomainDaemon daemon(String node, int index, DomainStatus status) {
    return new ComputeDomainDaemon(node, "10.0.1." + index, CLIQUE, index, status);
  }

  private static Condition condition(ComputeDomainStatus status, String type) {
    return status.conditions().stream()
        .filter(c -> c.getType().equals(type))
        .findFirst()
        .orElseThrow();
  }

  private static ResourceClaim claim(String name, String node, String pod) {
    var claim =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withNamespace("ns")
            .withName(name)
            .endMetadata()
            .withNewStatus();
    if (node != null) {
      claim =
          claim
              .withNewAllocation()
              .withNewDevices()
              .addNewResult()
              .withDriver("compute-domain.nvidia.com")
              .withPool(node)
              .withDevice("channel-0")
              .withRequest("channel")
              .endResult()
              .endDevices()
              .endAllocation()
              .addNewReservedFor()
              .withResource("pods")
              .withName(pod)
              .endReservedFor();
    }
    return claim.endStatus().build();
  }

  @Test
  @DisplayName(
      "ChannelsReady names each channel claim that waits: not allocated, no daemon on its node,"
          + " its node's daemon not ready; True once every claim's node is ready")
  void channelClaims() {
    var pods = List.of(pod("node-a", CLIQUE, true), pod("node-b", CLIQUE, false));
    var cliques =
        List.of(
            clique(
                daemon("node-a", 0, DomainStatus.READY),
                daemon("node-b", 1, DomainStatus.NOT_READY)));
    var claims =
        List.of(
            claim("w-a", "node-a", "worker-a"),
            claim("w-b", "node-b", "worker-b"),
            claim("w-c", "node-c", "worker-c"),
            claim("w-d", null, null));

    Condition waiting =
        condition(rules.status(domain(2), pods, cliques, claims, NOW), "ChannelsReady");
    assertThat(waiting.getStatus()).isEqualTo("False");
    assertThat(waiting.getReason()).isEqualTo("ChannelClaimsWaiting");
    assertThat(waiting.getMessage())
        .isEqualTo(
            "claim ns/w-b (pod worker-b): waits on node node-b: its IMEX daemon is not ready;"
                + " claim ns/w-c (pod worker-c): waits on node node-c: no IMEX daemon joined"
                + " there yet; claim ns/w-d: not allocated yet");

    var allReady =
        List.of(
            clique(
                daemon("node-a", 0, DomainStatus.READY), daemon("node-b", 1, DomainStatus.READY)));
    Condition ready =
        condition(
            rules.status(domain(2), pods, allReady, claims.subList(0, 2), NOW), "ChannelsReady");
    assertThat(ready.getStatus()).isEqualTo("True");
    assertThat(ready.getMessage())
        .isEqualTo("2 channel claims on nodes whose IMEX daemon is ready");
  }

  @Test
  @DisplayName(
      "fabric nodes come from the cliques, only where a daemon pod lives; Ready when all are and"
          + " numNodes joined")
  void fabricNodes() {
    ComputeDomainStatus status =
        rules.status(
            domain(2),
            List.of(pod("node-b", CLIQUE, true), pod("node-a", CLIQUE, true)),
            List.of(
                clique(
                    daemon("node-b", 1, DomainStatus.READY),
                    daemon("node-a", 0, DomainStatus.READY),
                    daemon("node-gone", 2, DomainStatus.READY))),
            NOW);

    assertThat(status.status()).isEqualTo(DomainStatus.READY);
    assertThat(status.nodes())
        .containsExactly(
            new ComputeDomainNode("node-a", "10.0.1.0", CLIQUE, 0, DomainStatus.READY),
            new ComputeDomainNode("node-b", "10.0.1.1", CLIQUE, 1, DomainStatus.READY));
    assertThat(condition(status, "Ready").getStatus()).isEqualTo("True");
    assertThat(condition(status, "Ready").getMessage()).isEqualTo("2 nodes ready");
  }

  @Test
  @DisplayName(
      "a node off the fabric (empty clique label) comes from its pod: index -1, the pod's Ready;"
          + " NotReady names it")
  void offFabricNode() {
    ComputeDomainStatus status =
        rules.status(domain(0), List.of(pod("node-x", "", false)), List.of(), NOW);

    assertThat(status.nodes())
        .containsExactly(
            new ComputeDomainNode("node-x", "10.0.0.6", "", -1, DomainStatus.NOT_READY));
    assertThat(status.status()).isEqualTo(DomainStatus.NOT_READY);
    assertThat(condition(status, "Ready").getReason()).isEqualTo("IMEXNotReady");
    assertThat(condition(status, "Ready").getMessage()).isEqualTo("IMEX is not ready on node-x");
  }

  @Test
  @DisplayName(
      "NVIDIA's rule: no node and numNodes 0 is Ready; fewer nodes than numNodes is NotReady,"
          + " WaitingForNodes")
  void numNodes() {
    assertThat(rules.status(domain(0), List.of(), List.of(), NOW).status())
        .isEqualTo(DomainStatus.READY);
    ComputeDomainStatus waiting =
        rules.status(
            domain(3),
            List.of(pod("node-a", CLIQUE, true)),
            List.of(clique(daemon("node-a", 0, DomainStatus.READY))),
            NOW);

    assertThat(waiting.status()).isEqualTo(DomainStatus.NOT_READY);
    assertThat(condition(waiting, "Ready").getReason()).isEqualTo("WaitingForNodes");
    assertThat(condition(waiting, "Ready").getMessage())
        .isEqualTo("1 of 3 nodes (numNodes) joined");
  }

  @Test
  @DisplayName(
      "DaemonsRunning names a crash-looping daemon with its restarts and last exit, and a pending"
          + " one; a condition keeps its time while its status stays")
  void daemonTrouble() {
    Pod crashing =
        new PodBuilder(pod("node-a", CLIQUE, false))
            .editStatus()
            .addNewContainerStatus()
            .withName("compute-domain-daemon")
            .withRestartCount(3)
            .withNewState()
            .withNewWaiting()
            .withReason("CrashLoopBackOff")
            .endWaiting()
            .endState()
            .withNewLastState()
            .withNewTerminated()
            .withExitCode(1)
            .withMessage("cannot add more nodes, already at maximum (18)\n")
            .endTerminated()
            .endLastState()
            .endContainerStatus()
            .endStatus()
            .build();
    Pod pending =
        new PodBuilder(pod("node-b", CLIQUE, false))
            .editStatus()
            .withPhase("Pending")
            .endStatus()
            .build();

    ComputeDomainStatus first = rules.status(domain(0), List.of(crashing, pending), List.of(), NOW);
    Condition running = condition(first, "DaemonsRunning");

    assertThat(running.getStatus()).isEqualTo("False");
    assertThat(running.getMessage())
        .isEqualTo(
            "pod daemon-node-a on node-a: CrashLoopBackOff, restarted 3 times, last exit code 1:"
                + " cannot add more nodes, already at maximum (18); pod daemon-node-b on node-b: Pending");

    ComputeDomain again = domain(0);
    again.setStatus(first);
    ComputeDomainStatus later =
        rules.status(again, List.of(crashing), List.of(), NOW.plusSeconds(60));
    assertThat(condition(later, "DaemonsRunning").getLastTransitionTime())
        .isEqualTo(NOW.toString());
  }
}
