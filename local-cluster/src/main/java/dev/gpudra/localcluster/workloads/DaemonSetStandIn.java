package dev.gpudra.localcluster.workloads;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetStatus;
import io.fabric8.kubernetes.api.model.apps.DaemonSetStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DaemonSet controller's part the ComputeDomain controller relies on: each DaemonSet gets one
 * pod per node its template's {@code nodeSelector} matches (named {@code <daemonset>-<node>}, owned
 * by it, pinned by the required node affinity on {@code metadata.name} the real controller sets, so
 * the scheduler places it there with its claims); a pod on a node that no longer matches, or of a
 * deleted DaemonSet, is deleted gracefully; the status counts desired, scheduled, updated (pods
 * labelled with the template's generation, as the real controller's {@code
 * pod-template-generation}) and Ready pods. It does not roll pods to a new template. Polls every
 * 100 ms.
 */
public final class DaemonSetStandIn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DaemonSetStandIn.class);
  private static final String KIND = "DaemonSet";

  /** The label the DaemonSet controller gives a pod: the generation of the template it runs. */
  private static final String TEMPLATE_GENERATION = "pod-template-generation";

  private final KubernetesClient client;
  private final StandInLoop loop;

  public DaemonSetStandIn(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
    this.loop = new StandInLoop("daemonset-stand-in", this::step, 100);
  }

  public void start() {
    loop.start();
  }

  /** One reconcile of every DaemonSet; public so tests can drive it without the poller. */
  public synchronized void step() {
    List<DaemonSet> sets = client.apps().daemonSets().inAnyNamespace().list().getItems();
    List<Node> nodes = client.nodes().list().getItems();
    Map<String, List<Pod>> owned =
        OwnedPods.byController(client.pods().inAnyNamespace().list().getItems(), KIND);
    Set<String> live =
        sets.stream()
            .filter(d -> d.getMetadata().getDeletionTimestamp() == null)
            .map(d -> d.getMetadata().getUid())
            .collect(Collectors.toSet());
    for (DaemonSet set : sets) {
      if (live.contains(set.getMetadata().getUid())) {
        reconcile(set, nodes, owned.getOrDefault(set.getMetadata().getUid(), List.of()));
      }
    }
    owned.forEach((uid, orphans) -> {
      if (!live.contains(uid)) {
        orphans.stream()
            .filter(p -> !OwnedPods.deleting(p))
            .forEach(p -> OwnedPods.deleteGracefully(client, p));
      }
    });
  }

  private void reconcile(DaemonSet set, List<Node> nodes, List<Pod> pods) {
    Set<String> wanted =
        nodes.stream()
            .filter(n -> selects(set, n))
            .map(n -> n.getMetadata().getName())
            .collect(Collectors.toSet());
    Map<String, Pod> current =
        pods.stream()
            .filter(p -> !OwnedPods.deleting(p))
            .collect(Collectors.toMap(DaemonSetStandIn::pinnedNode, p -> p, (a, b) -> a));
    wanted.stream().filter(n -> !current.containsKey(n)).forEach(n -> create(set, n));
    current.forEach((node, pod) -> {
      if (!wanted.contains(node)) {
        OwnedPods.deleteGracefully(client, pod);
      }
    });
    long ready = current.values().stream().filter(OwnedPods::ready).count();
    String generation = generation(set);
    long updated =
        current.values().stream()
            .filter(p -> p.getMetadata().getLabels() != null)
            .filter(p -> generation.equals(p.getMetadata().getLabels().get(TEMPLATE_GENERATION)))
            .count();
    DaemonSetStatus status =
        new DaemonSetStatusBuilder()
            .withObservedGeneration(set.getMetadata().getGeneration())
            .withDesiredNumberScheduled(wanted.size())
            .withCurrentNumberScheduled(
                (int) current.keySet().stream().filter(wanted::contains).count())
            .withUpdatedNumberScheduled((int) updated)
            .withNumberReady((int) ready)
            .withNumberAvailable((int) ready)
            .withNumberUnavailable(Math.max(0, wanted.size() - (int) ready))
            .withNumberMisscheduled(0)
            .build();
    if (!status.equals(set.getStatus())) {
      set.setStatus(status);
      client
          .apps()
          .daemonSets()
          .inNamespace(set.getMetadata().getNamespace())
          .resource(set)
          .updateStatus();
    }
  }

  private static boolean selects(DaemonSet set, Node node) {
    Map<String, String> selector = set.getSpec().getTemplate().getSpec().getNodeSelector();
    Map<String, String> labels =
        node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
    return selector == null
        || selector.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
  }

  private void create(DaemonSet set, String node) {
    String name = set.getMetadata().getName() + "-" + node;
    PodSpec spec =
        new PodSpecBuilder(set.getSpec().getTemplate().getSpec())
            .withNewAffinity()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .addNewMatchField()
            .withKey("metadata.name")
            .withOperator("In")
            .withValues(node)
            .endMatchField()
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .endAffinity()
            .build();
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(set.getMetadata().getNamespace())
            .withLabels(set.getSpec().getTemplate().getMetadata().getLabels())
            .addToLabels(TEMPLATE_GENERATION, generation(set))
            .withOwnerReferences(OwnedPods.reference(KIND, set))
            .endMetadata()
            .withSpec(spec)
            .build();
    client.pods().inNamespace(set.getMetadata().getNamespace()).resource(pod).create();
    log.info(
        "DaemonSet {}/{}: created pod {} for node {}",
        set.getMetadata().getNamespace(),
        set.getMetadata().getName(),
        pod.getMetadata().getName(),
        node);
  }

  private static String generation(DaemonSet set) {
    return String.valueOf(Optional.ofNullable(set.getMetadata().getGeneration()).orElse(0L));
  }

  /** The node the pod is pinned to: bound, or named by its affinity before it is. */
  private static String pinnedNode(Pod pod) {
    if (pod.getSpec().getNodeName() != null) {
      return pod.getSpec().getNodeName();
    }
    try {
      return pod.getSpec()
          .getAffinity()
          .getNodeAffinity()
          .getRequiredDuringSchedulingIgnoredDuringExecution()
          .getNodeSelectorTerms()
          .get(0)
          .getMatchFields()
          .get(0)
          .getValues()
          .get(0);
    } catch (NullPointerException | IndexOutOfBoundsException e) {
      return "";
    }
  }

  @Override
  public void close() {
    loop.close();
  }
}
