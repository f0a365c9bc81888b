package dev.gpudra.operator.render.nvidia.asset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads a state's base objects from {@code <root>/state-<name>/}: its {@code PROVENANCE.yaml} names
 * the files in apply order; each holds one object of a kind the operator applies, read strictly,
 * with the namespace filled. Every load returns fresh objects, which the caller may change.
 *
 * <p>The bundled operands are parsed and checked once, when this class loads: a render converts the
 * parsed documents to objects and reads no file (a pass of every state took about 3x longer when
 * each render parsed its YAML). An instance made with the public constructor parses on every load,
 * for tests of malformed files.
 */
public final class OperandAssets {
  /** The class-path directory of the operands bundled with the operator. */
  public static final String ROOT = "operands";

  /** Each state's index of files and their upstream counterparts. */
  public static final String PROVENANCE = "PROVENANCE.yaml";

  private static final OperandAssets BUNDLED =
      preloaded(
          OperandAssets.class.getClassLoader(),
          ROOT,
          Arrays.stream(OperandState.values()).map(OperandState::stateName).toList());

  private final ClassLoader classLoader;
  private final String root;
  private final AssetYaml yaml = new AssetYaml();

  /** The states parsed when the instance was made; immutable. */
  private final Map<String, ParsedState> parsed;

  /**
   * @param classLoader where the resources are
   * @param root their directory on the class path
   */
  public OperandAssets(ClassLoader classLoader, String root) {
    this(classLoader, root, Map.of());
  }

  private OperandAssets(ClassLoader classLoader, String root, Map<String, ParsedState> parsed) {
    this.classLoader = classLoader;
    this.root = root;
    this.parsed = Map.copyOf(parsed);
  }

  /** An instance that parsed, once, every one of {@code states} that has a directory. */
  private static OperandAssets preloaded(
      ClassLoader classLoader, String root, List<String> states) {
    OperandAssets reader = new OperandAssets(classLoader, root);
    Map<String, ParsedState> parsed = new HashMap<>();
    for (String state : states) {
      if (classLoader.getResource(reader.resource(state, PROVENANCE)) != null) {
        parsed.put(state, reader.parse(state));
      }
    }
    return new OperandAssets(classLoader, root, parsed);
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
    ParsedState done = parsed.get(state);
    return done != null ? done.provenance() : readProvenance(state);
  }

  /**
   * @param state the state's directory ({@code state-node-status-exporter})
   * @param namespace the namespace the operator runs its operands in
   * @throws AssetException naming the resource and field of a file that cannot be used
   */
  public StateAssets load(String state, String namespace) {
    ParsedState source = parsed.get(state);
    if (source == null) {
      source = parse(state);
    }
    List<StateAssets.Loaded> loaded = new ArrayList<>();
    for (ParsedFile file : source.files()) {
      HasMetadata object = yaml.read(file.resource(), file.tree(), file.type());
      Placeholders.fillNamespace(object, namespace);
      loaded.add(new StateAssets.Loaded(file.resource(), object));
    }
    return new StateAssets(resource(state, ""), loaded);
  }

  private Provenance readProvenance(String state) {
    String resource = resource(state, PROVENANCE);
    Provenance provenance =
        yaml.read(resource, yaml.tree(resource, text(resource)), Provenance.class);
    ProvenanceCheck.check(resource, state, provenance);
    return provenance;
  }

  /** The state's index and documents, each checked: kind, apiVersion, a type, a name. */
  private ParsedState parse(String state) {
    Provenance provenance = readProvenance(state);
    List<ParsedFile> files = new ArrayList<>();
    for (Provenance.AssetFile file : provenance.files()) {
      String resource = resource(state, file.file());
      JsonNode tree = yaml.tree(resource, text(resource));
      Class<? extends HasMetadata> type = type(resource, tree);
      HasMetadata object = yaml.read(resource, tree, type);
      if (object.getMetadata() == null || object.getMetadata().getName() == null) {
        throw new AssetException(resource, "metadata.name is missing");
      }
      files.add(new ParsedFile(resource, tree, type));
    }
    return new ParsedState(provenance, files);
  }

  private static Class<? extends HasMetadata> type(String resource, JsonNode tree) {
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
    return type;
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

  /** A state's index and its documents in apply order. */
  private record ParsedState(Provenance provenance, List<ParsedFile> files) {
    ParsedState {
      files = List.copyOf(files);
    }
  }

  /**
   * One document, parsed and checked; the tree is never changed (each load converts it to a new
   * object).
   */
  private record ParsedFile(String resource, JsonNode tree, Class<? extends HasMetadata> type) {}
}
