package dev.gpudra.operator.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.GpuClusterSpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.operator.alias.GpuClusterAlias;
import dev.gpudra.operator.nvidiadriver.NvidiaDrivers;
import dev.gpudra.operator.render.NodeOs;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.states.StateSet;
import io.fabric8.kubernetes.api.model.Node;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A golden case: a custom resource from {@code golden-policies/}, optionally with keys merged over
 * its spec, on GPU nodes of given operating systems and container runtime, with the NVIDIADrivers
 * that take its driver.
 *
 * @param name the case, and its directory under {@code golden/}
 * @param resource the ClusterPolicy or GPUCluster's file under {@code golden-policies/}
 * @param overlay a file whose {@code spec} is merged key by key over the resource's; empty for none
 * @param set the ClusterPolicy's states or the GPUCluster's
 * @param runtime the GPU nodes' container runtime
 * @param nodes the GPU nodes, with NFD's OS labels
 * @param drivers a file of NVIDIADrivers; empty for none
 */
record GoldenPolicy(
    String name,
    String resource,
    Optional<String> overlay,
    StateSet set,
    Runtime runtime,
    List<Node> nodes,
    Optional<String> drivers) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final String NAMESPACE = "gpu-operator";
  private static final String GPU_DRA_IMAGE = "registry.local/gpu-dra:0.1.0";

  /** The operator's image variables: each NVIDIA image a policy does not name. */
  static final Map<String, String> IMAGE_ENV =
      OperandContext.IMAGE_VARIABLES.stream()
          .collect(
              Collectors.toMap(
                  Function.identity(),
                  v -> "registry.local/env/" + v.toLowerCase(java.util.Locale.ROOT) + ":v1"));

  static Node ubuntu(String name) {
    return NvidiaDrivers.node(name, "ubuntu", "24.04", Map.of());
  }

  static Node node(String name, String os, String version) {
    return NvidiaDrivers.node(name, os, version, Map.of());
  }

  @Override
  public String toString() {
    return name;
  }

  /** What every state's objects are rendered from, as the operator's pass builds it. */
  OperandContext context() {
    return new OperandContext(
        NAMESPACE, spec(), GPU_DRA_IMAGE, IMAGE_ENV, runtime, NodeOs.of(nodes), true);
  }

  private ClusterPolicySpec spec() {
    JsonNode spec = read(resource).get("spec").deepCopy();
    overlay.ifPresent(o -> merge((ObjectNode) spec, (ObjectNode) read(o).get("spec")));
    if (set == StateSet.GPU_CLUSTER) {
      return GpuClusterAlias.policySpec(YAML.convertValue(spec, GpuClusterSpec.class));
    }
    return YAML.convertValue(spec, ClusterPolicySpec.class);
  }

  /**
   * The NVIDIADrivers of the case, as {@link NvidiaDrivers} builds them (UID {@code uid-<name>}).
   */
  List<NvidiaDriver> nvidiaDrivers() {
    return drivers.stream()
        .map(GoldenPolicy::read)
        .map(d -> NvidiaDrivers.driver(d.at("/metadata/name").asText(), d.get("spec").toString()))
        .toList();
  }

  private static void merge(ObjectNode base, ObjectNode over) {
    over.properties()
        .forEach(e -> {
          if (base.get(e.getKey()) instanceof ObjectNode inner
              && e.getValue() instanceof ObjectNode more) {
            merge(inner, more);
          } else {
            base.set(e.getKey(), e.getValue());
          }
        });
  }

  private static JsonNode read(String file) {
    try (InputStream in = GoldenPolicy.class.getResourceAsStream("/golden-policies/" + file)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource golden-policies/" + file);
      }
      return YAML.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
