package dev.gpudra.operator.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.clusterpolicy.Reasons;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverStatus;
import dev.gpudra.controllerkit.status.StatusPatch;
import dev.gpudra.controllerkit.status.StatusWriter;
import dev.gpudra.operator.nvidiadriver.DriverOwners;
import dev.gpudra.operator.nvidiadriver.DriverPool;
import dev.gpudra.operator.nvidiadriver.DriverPools;
import dev.gpudra.operator.nvidiadriver.InvalidNvidiaDriverException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.driver.NvidiaDriverDaemonSet;
import dev.gpudra.operator.states.OperandState;
import dev.gpudra.operator.states.Readiness;
import dev.gpudra.operator.status.NvidiaDriverStatusRules;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver when the ClusterPolicy hands it to NVIDIADriver resources ({@code
 * driver.useNvidiaDriverCRD: true}), as NVIDIA's NVIDIADriver controller: every GPU node labelled
 * with its owner ({@value NvidiaDriver#OWNER_LABEL}), one driver DaemonSet per owner and OS, the
 * DaemonSets an NVIDIADriver no longer renders deleted, and each NVIDIADriver's status. Conflicting
 * NVIDIADrivers fail closed: no node label changes, every NVIDIADriver says why. While the
 * ClusterPolicy keeps its own driver, every NVIDIADriver says it is disabled.
 */
final class NvidiaDriverPass {
  private static final Logger log = LoggerFactory.getLogger(NvidiaDriverPass.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesClient client;
  private final OperatorCaches caches;
  private final ObjectApplier applier;
  private final String namespace;
  private final Clock clock;

  /** Each NVIDIADriver's status, written only when it differs from the one cached. */
  private final StatusWriter<NvidiaDriver, NvidiaDriverStatus> statusWriter;

  /**
   * What the pass did.
   *
   * @param notReady why the driver is not ready yet, for the ClusterPolicy's status; empty when
   *     every NVIDIADriver is ready
   * @param upgrades each NVIDIADriver's nodes, for the upgrades; empty when they must hold (the
   *     NVIDIADrivers conflict, or none can be read)
   */
  record Result(Optional<String> notReady, Optional<List<UpgradeGroup>> upgrades) {}

  NvidiaDriverPass(
      KubernetesClient client,
      OperatorCaches caches,
      ObjectApplier applier,
      String namespace,
      Clock clock) {
    this.client = client;
    this.caches = caches;
    this.applier = applier;
    this.namespace = namespace;
    this.clock = clock;
    this.statusWriter =
        new StatusWriter<>(client, NvidiaDriver.class, NvidiaDriver::getStatus, StatusPatch.MERGE);
  }

  /** Whether the policy hands its driver to NVIDIADriver resources. */
  static boolean handed(dev.gpudra.api.clusterpolicy.ClusterPolicySpec spec) {
    return spec.driver() != null
        && spec.driver().enabledOrDefault()
        && Boolean.TRUE.equals(spec.driver().useNvidiaDriverCrd());
  }

  /** The ClusterPolicy keeps its driver: every NVIDIADriver is disabled. */
  void disable() {
    for (NvidiaDriver driver : caches.nvidiaDrivers().orElse(List.of())) {
      statusWriter.writeIfChanged(
          driver, NvidiaDriverStatusRules.disabled(namespace, status(driver), clock.instant()));
    }
  }

  /**
   * @param policy the ClusterPolicy, which owns the objects every pool shares
   * @param context the policy's context
   * @param gpuNodes the nodes labelled {@code nvidia.com/gpu.present=true}
   */
  Result run(HasMetadata policy, OperandContext context, List<Node> gpuNodes) {
    return run(policy, context, gpuNodes, unread(context.spec()));
  }

  /**
   * The policy's {@code driver} keys that NVIDIADrivers make moot (all but {@code enabled}, {@code
   * useNvidiaDriverCRD} and the CRD's default {@code kernelModuleType: auto}): NVIDIA's operator
   * ignores them; here the policy says they are not read.
   */
  static List<String> unread(dev.gpudra.api.clusterpolicy.ClusterPolicySpec spec) {
    ObjectNode driver = JSON.valueToTree(spec.driver());
    List<String> keys = new ArrayList<>();
    driver
        .properties()
        .forEach(e -> {
          String key = e.getKey();
          boolean handedOver = key.equals("enabled") || key.equals("useNvidiaDriverCRD");
          boolean defaulted =
              key.equals("kernelModuleType") && e.getValue().asText().equals("auto");
          if (!handedOver && !defaulted && !e.getValue().isNull()) {
            keys.add("driver." + key);
          }
        });
    return keys;
  }

  private Result run(
      HasMetadata policy, OperandContext context, List<Node> gpuNodes, List<String> unread) {
    String state = OperandState.DRIVER.stateName();
    Optional<List<NvidiaDriver>> listed = caches.nvidiaDrivers();
    if (listed.isEmpty()) {
      return hold(
          "driver.useNvidiaDriverCRD: the NVIDIADriver CRD (nvidiadrivers.nvidia.com) was not"
              + " installed when the operator started: install it (the chart's crds/) and restart"
              + " the operator");
    }
    List<NvidiaDriver> drivers = listed.get();
    DriverOwners owners;
    try {
      owners = DriverOwners.assign(drivers, gpuNodes);
    } catch (InvalidNvidiaDriverException e) {
      String reason =
          e.conflictingSelectors() ? Reasons.CONFLICTING_NODE_SELECTOR : Reasons.RECONCILE_FAILED;
      drivers.forEach(d -> notReady(d, reason, e.getMessage()));
      log.warn("NVIDIADrivers refused: {}", e.getMessage());
      return hold(e.getMessage());
    }
    label(owners, gpuNodes);
    List<String> waiting = new ArrayList<>();
    if (!unread.isEmpty()) {
      waiting.add(
          unread
              + ": not read while driver.useNvidiaDriverCRD is true (each NVIDIADriver has its"
              + " own): remove them from the ClusterPolicy");
    }
    List<UpgradeGroup> groups = new ArrayList<>();
    for (NvidiaDriver driver : drivers) {
      if (driver.getMetadata().getDeletionTimestamp() != null) {
        continue;
      }
      Map<String, String> daemonSets = new HashMap<>();
      Optional<String> why =
          apply(new Inputs(policy, context, owners, gpuNodes), driver, daemonSets);
      why.ifPresent(w -> waiting.add("NVIDIADriver " + driver.getMetadata().getName() + ": " + w));
      groups.add(
          UpgradeGroup.nvidiaDriver(
              driver.getMetadata().getName(), driver.getSpec().upgradePolicy(), daemonSets));
    }
    deleteOrphans(drivers);
    if (drivers.isEmpty()) {
      waiting.add(
          "driver.useNvidiaDriverCRD is true and no NVIDIADriver exists: create one (the chart's"
              + " driver.nvidiaDriverCRD.deployDefaultCR makes NVIDIADriver default)");
    }
    Optional<String> notReady =
        waiting.isEmpty()
            ? Optional.empty()
            : Optional.of(state + " (" + String.join("; ", waiting) + ")");
    return new Result(notReady, Optional.of(groups));
  }

  private Result hold(String why) {
    return new Result(
        Optional.of(OperandState.DRIVER.stateName() + " (" + why + ")"), Optional.empty());
  }

  /**
   * What one pass applies every NVIDIADriver's pools from.
   *
   * @param policy the ClusterPolicy, which owns the objects every pool shares
   * @param owners each GPU node's NVIDIADriver
   * @param gpuNodes the nodes labelled {@code nvidia.com/gpu.present=true}
   */
  private record Inputs(
      HasMetadata policy, OperandContext context, DriverOwners owners, List<Node> gpuNodes) {}

  /**
   * One NVIDIADriver's pools applied, its stale DaemonSets deleted, its status written.
   *
   * @param daemonSets filled with the DaemonSet of each node of its pools
   * @return why it is not ready; empty when it is
   */
  private Optional<String> apply(
      Inputs inputs, NvidiaDriver driver, Map<String, String> daemonSets) {
    DriverPools pools = DriverPools.of(driver, inputs.owners(), inputs.gpuNodes());
    List<DaemonSet> rendered = new ArrayList<>();
    try {
      for (DriverPool pool : pools.pools()) {
        NvidiaDriverDaemonSet.Rendered objects =
            NvidiaDriverDaemonSet.render(inputs.context(), driver, pool);
        applier.apply(inputs.policy(), OperandState.DRIVER.stateName(), objects.shared());
        applier.apply(driver, OperandState.DRIVER.stateName(), List.of(objects.daemonSet()));
        rendered.add(objects.daemonSet());
        pool.nodes().forEach(n -> daemonSets.put(n, objects.daemonSet().getMetadata().getName()));
      }
    } catch (StateRefusedException e) {
      notReady(driver, Reasons.RECONCILE_FAILED, e.getMessage());
      return Optional.of(e.getMessage());
    }
    deleteStale(driver, rendered);
    List<String> waiting = new ArrayList<>();
    if (!pools.unlabelled().isEmpty()) {
      waiting.add(
          "nodes "
              + pools.unlabelled()
              + " have no NFD OS labels (feature.node.kubernetes.io/system-os_release.ID,"
              + " VERSION_ID), which the driver image's tag ends in: is NFD installed?");
    }
    List<String> notReady =
        rendered.stream().filter(ds -> !ready(ds)).map(ds -> ds.getMetadata().getName()).toList();
    if (!notReady.isEmpty()) {
      waiting.add("waiting for the driver pods of " + notReady + " to be ready");
    }
    if (waiting.isEmpty()) {
      statusWriter.writeIfChanged(
          driver, NvidiaDriverStatusRules.ready(namespace, status(driver), clock.instant()));
      return Optional.empty();
    }
    String why = String.join("; ", waiting);
    notReady(driver, Reasons.DRIVER_NOT_READY, why);
    return Optional.of(why);
  }

  /** The DaemonSets this NVIDIADriver owns that it renders no more (an OS gone, say). */
  private void deleteStale(NvidiaDriver driver, List<DaemonSet> rendered) {
    Set<String> keep =
        rendered.stream().map(d -> d.getMetadata().getName()).collect(Collectors.toSet());
    List<HasMetadata> stale =
        caches.daemonSets().stream()
            .filter(ds -> ownedBy(ds, driver))
            .filter(ds -> !keep.contains(ds.getMetadata().getName()))
            .map(HasMetadata.class::cast)
            .toList();
    if (!stale.isEmpty()) {
      log.info(
          "NVIDIADriver {}: deleting {}",
          driver.getMetadata().getName(),
          stale.stream().map(s -> s.getMetadata().getName()).toList());
      applier.delete(stale);
    }
  }

  /**
   * The DaemonSets of NVIDIADrivers that are gone: the garbage collector takes them too, this does
   * not wait for it.
   */
  private void deleteOrphans(List<NvidiaDriver> drivers) {
    Set<String> live =
        drivers.stream()
            .filter(d -> d.getMetadata().getDeletionTimestamp() == null)
            .map(d -> d.getMetadata().getName())
            .collect(Collectors.toSet());
    List<HasMetadata> orphans =
        caches.daemonSets().stream()
            .filter(ds -> owner(ds).filter(o -> !live.contains(o)).isPresent())
            .map(HasMetadata.class::cast)
            .toList();
    if (!orphans.isEmpty()) {
      log.info(
          "deleting the driver DaemonSets of deleted NVIDIADrivers: {}",
          orphans.stream().map(o -> o.getMetadata().getName()).toList());
      applier.delete(orphans);
    }
  }

  /** The NVIDIADriver a DaemonSet belongs to, if one. */
  private static Optional<String> owner(DaemonSet ds) {
    return Optional.ofNullable(ds.getMetadata().getOwnerReferences()).orElse(List.of()).stream()
        .filter(o -> NvidiaDriver.KIND.equals(o.getKind()))
        .map(o -> o.getName())
        .findFirst();
  }

  private static boolean ownedBy(DaemonSet ds, NvidiaDriver driver) {
    return Optional.ofNullable(ds.getMetadata().getOwnerReferences()).orElse(List.of()).stream()
        .anyMatch(o ->
            NvidiaDriver.KIND.equals(o.getKind())
                && driver.getMetadata().getName().equals(o.getName()));
  }

  private boolean ready(DaemonSet rendered) {
    String name = rendered.getMetadata().getName();
    return Readiness.daemonSetReady(
        caches.daemonSet(namespace, name),
        caches.pods(namespace, name),
        caches.newestRevision(namespace, name));
  }

  /** Each GPU node's owner label as the owners say, patched only where it differs. */
  private void label(DriverOwners owners, List<Node> gpuNodes) {
    for (Node node : gpuNodes) {
      String name = node.getMetadata().getName();
      Optional<String> want = owners.of(name);
      Optional<String> have =
          Optional.ofNullable(node.getMetadata().getLabels())
              .map(l -> l.get(NvidiaDriver.OWNER_LABEL));
      if (want.equals(have)) {
        continue;
      }
      ObjectNode patch = JSON.createObjectNode();
      ObjectNode labels = patch.putObject("metadata").putObject("labels");
      if (want.isPresent()) {
        labels.put(NvidiaDriver.OWNER_LABEL, want.get());
      } else {
        labels.putNull(NvidiaDriver.OWNER_LABEL);
      }
      client.nodes().withName(name).patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
      log.info(
          "node {}: driver owner {} -> {}", name, have.orElse("(none)"), want.orElse("(none)"));
    }
  }

  private void notReady(NvidiaDriver driver, String reason, String message) {
    statusWriter.writeIfChanged(
        driver,
        NvidiaDriverStatusRules.notReady(
            namespace, reason, message, status(driver), clock.instant()));
  }

  private static Optional<NvidiaDriverStatus> status(NvidiaDriver driver) {
    return Optional.ofNullable(driver.getStatus());
  }
}
