package dev.gpudra.cli;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.InvalidTaintRuleException;
import dev.gpudra.allocator.TaintRule;
import dev.gpudra.allocator.TaintRuleReader;
import dev.gpudra.allocator.cluster.AllocatedDevices;
import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The cluster as explain sees it: classes, slices, allocated devices, DeviceTaintRules, nodes (with
 * their taints) and namespaces (with their labels).
 */
record ClusterView(ClusterState state, List<CandidateNode> allNodes, List<Namespace> namespaces) {
  private static final int ONE_SHOT_RETRIES = 2;

  /**
   * Slices and classes from files, NVIDIA's DeviceClasses unless the files define their own; the
   * allocated ResourceClaims among them hold their devices and shares. The nodes are those the
   * slices name and the Node objects given (their labels, taints and cordon count); Namespace
   * objects give the namespaces' labels; DeviceTaintRules (v1, v1beta2, v1alpha3) taint devices.
   */
  static ClusterView fromFiles(String where, List<HasMetadata> objects) {
    Map<String, DeviceClass> classes = new LinkedHashMap<>();
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> classes.put(c.getMetadata().getName(), c));
    objects.stream()
        .filter(DeviceClass.class::isInstance)
        .map(DeviceClass.class::cast)
        .forEach(c -> classes.put(c.getMetadata().getName(), c));
    List<ResourceSlice> slices =
        objects.stream()
            .filter(ResourceSlice.class::isInstance)
            .map(ResourceSlice.class::cast)
            .toList();
    Map<String, CandidateNode> nodes = new TreeMap<>();
    slices.stream()
        .map(s -> s.getSpec().getNodeName())
        .filter(Objects::nonNull)
        .forEach(n -> nodes.put(n, new CandidateNode(n, Map.of())));
    objects.stream()
        .filter(Node.class::isInstance)
        .map(n -> CandidateNode.of((Node) n))
        .forEach(n -> nodes.put(n.name(), n));
    List<ResourceClaim> claims =
        objects.stream()
            .filter(ResourceClaim.class::isInstance)
            .map(ResourceClaim.class::cast)
            .toList();
    return new ClusterView(
        new ClusterState(classes, slices, AllocatedDevices.of(claims), taintRules(where, objects)),
        List.copyOf(nodes.values()),
        namespaces(objects));
  }

  /**
   * The DeviceTaintRules among {@code objects}, checked as the API server checks new ones; {@code
   * where} names the files in an error.
   *
   * @throws InvalidArgumentsException naming the rule and field when one is malformed
   */
  static List<TaintRule> taintRules(String where, List<HasMetadata> objects) {
    try {
      return new TaintRuleReader(TaintRuleReader.Origin.FILE).among(objects);
    } catch (InvalidTaintRuleException e) {
      throw new InvalidArgumentsException(where + ": " + e.getMessage());
    }
  }

  static List<Namespace> namespaces(List<HasMetadata> objects) {
    return objects.stream().filter(Namespace.class::isInstance).map(Namespace.class::cast).toList();
  }

  /** Everything from a cluster: what its scheduler and API server would see. */
  static ClusterView fromApi(ClusterTarget target) {
    Config config = Clients.config(target);
    // a one-shot command: a server that is not there fails in a second, not after 20 of retries
    config.setRequestRetryBackoffLimit(ONE_SHOT_RETRIES);
    try (KubernetesClient client = Clients.connect(config, ApiRateLimit.NONE)) {
      ClusterSnapshot snapshot = ClusterSnapshot.read(client);
      return new ClusterView(
          snapshot.state(), snapshot.nodes(), client.namespaces().list().getItems());
    } catch (KubernetesClientException e) {
      throw ApiErrors.of(config, e);
    }
  }

  List<CandidateNode> nodes(Optional<String> only) {
    List<CandidateNode> chosen =
        allNodes.stream().filter(n -> only.map(n.name()::equals).orElse(true)).toList();
    if (chosen.isEmpty()) {
      throw new InvalidArgumentsException(
          only.map(n -> "--node " + n + ": no such node")
              .orElse("no nodes publish ResourceSlices"));
    }
    return chosen;
  }
}
