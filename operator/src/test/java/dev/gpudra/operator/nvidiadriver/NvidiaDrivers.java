package dev.gpudra.operator.nvidiadriver;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/** NVIDIADrivers and GPU nodes for the tests, from YAML as a user writes them. */
public final class NvidiaDrivers {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private NvidiaDrivers() {}

  /**
   * @param spec the spec in YAML ({@code "default: true"}, {@code "nodeSelector: {pool: a}"})
   */
  public static NvidiaDriver driver(String name, String spec) {
    try {
      return new NvidiaDriver(
          new ObjectMetaBuilder().withName(name).withUid("uid-" + name).build(),
          YAML.readValue(spec.isBlank() ? "{}" : spec, NvidiaDriverSpec.class),
          null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A GPU node with NFD's OS labels and {@code extra}. */
  public static Node node(String name, String os, String version, Map<String, String> extra) {
    Map<String, String> labels = new HashMap<>(extra);
    labels.put("nvidia.com/gpu.present", "true");
    labels.put("feature.node.kubernetes.io/system-os_release.ID", os);
    labels.put("feature.node.kubernetes.io/system-os_release.VERSION_ID", version);
    labels.put(
        "feature.node.kubernetes.io/system-os_release.VERSION_ID.major", version.split("\\.")[0]);
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  public static Node ubuntu(String name, Map<String, String> extra) {
    return node(name, "ubuntu", "24.04", extra);
  }
}
