package dev.gpudra.operator.render.nvidia.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads a state's base objects from {@code <root>/state-<name>/}: its {@code PROVENANCE.yaml} names
 * the files in apply order; each holds one object of a kind the operator applies, read strictly,
 * with the namespace filled. Every load reads fresh objects, which the caller may change.
 */
public final class OperandAssets {
  /** The class-path directory of the operands bundled with the operator. */
  public static final String ROOT = "operands";

  /** Each state's index of files and their upstream counterparts. */
  public static final String PROVENANCE = "PROVENANCE.yaml";

  private static final OperandAssets BUNDLED =
      new OperandAssets(OperandAssets.class.getClassLoader(), ROOT);

  private final ClassLoader classLoader;
  private final String root;
  private final AssetYaml yaml = new AssetYaml();

  /**
   * @param classLoader where the resources are
   * @param root their directory on the class path
   */
  public OperandAssets(ClassLoader classLoader, String root) {
    this.classLoader = classLoader;
    this.root = root;
  }

  /** The operands bundled with the operator. */
  public static OperandAssets bundled() {
    return BUNDLED;
  }

  /**
   * @param state the state's directory ({@code state-node-status-exporter})
   * @throws AssetException when the index is missing, malformed or incomplete
   */
  public Provenance provenance(String state) {
    String resource = resource(state, PROVENANCE);
    Provenance provenance =
        yaml.read(resource, yaml.tree(resource, text(resource)), Provenance.class);
    ProvenanceCheck.check(resource, state, provenance);
    return provenance;
  }

  /**
   * @param state the state's directory ({@code state-node-status-exporter})
   * @param namespace the namespace the operator runs its operands in
   * @throws AssetException naming the resource and field of a file that cannot be used
   */
  public StateAssets load(String state, String namespace) {
    List<StateAssets.Loaded> loaded = new ArrayList<>();
    for (Provenance.AssetFile file : provenance(state).files()) {
      String resource = resource(state, file.file());
      HasMetadata object = object(resource);
      Placeholders.fillNamespace(object, namespace);
      loaded.add(new StateAssets.Loaded(resource, object));
    }
    return new StateAssets(resource(state, ""), loaded);
  }

  private HasMetadata object(String resource) {
    JsonNode tree = yaml.tree(resource, text(resource));
    String kind = tree.path("kind").asText("");
    Class<? extends HasMetadata> type =
        AssetKinds.type(kind)
            .orElseThrow(() ->
                new AssetException(
                    resource,
                    "kind: '" + kind + "' is not one of the kinds " + AssetKinds.known()));
    String apiVersion = tree.path("apiVersion").asText("");
    if (!apiVersion.equals(HasMetadata.getApiVersion(type))) {
      throw new AssetException(
          resource,
          "apiVersion: '"
              + apiVersion
              + "' is not "
              + kind
              + "'s "
              + HasMetadata.getApiVersion(type));
    }
    HasMetadata object = yaml.read(resource, tree, type);
    if (object.getMetadata() == null || object.getMetadata().getName() == null) {
      throw new AssetException(resource, "metadata.name is missing");
    }
    return object;
  }

  private String text(String resource) {
    try (InputStream in = classLoader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new AssetException(resource, "missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(resource + ": cannot be read", e);
    }
  }

  private String resource(String state, String file) {
    return root + "/" + state + "/" + file;
  }
}
