package dev.gpudra.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.migrate.manifest.InvalidManifestException;
import dev.gpudra.migrate.manifest.ListItem;
import dev.gpudra.migrate.manifest.ManifestDocument;
import dev.gpudra.migrate.manifest.ManifestPart;
import dev.gpudra.migrate.manifest.ManifestReader;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads Kubernetes objects from YAML or JSON, several documents per file allowed, from what {@code
 * -f} names ({@link ManifestPaths}: standard input, a file or a directory), one document (or list
 * item) at a time ({@link ManifestReader}, shared with {@code migrate}). A file that cannot be read
 * or parsed is a usage error naming it, the document and the line.
 */
final class ManifestFiles {
  private final ManifestReader reader = new ManifestReader();
  private final KubernetesSerialization serialization = new KubernetesSerialization();
  private final InputStream stdin;

  /** Reads {@code -f -} from {@code stdin}. */
  ManifestFiles(InputStream stdin) {
    this.stdin = stdin;
  }

  /** Every object in what {@code -f filename} names, in order. */
  List<HasMetadata> read(String filename, boolean recursive) {
    return read("-f", filename, recursive);
  }

  /** Every object in what {@code filename}, given to {@code flag}, names, in order. */
  List<HasMetadata> read(String flag, String filename, boolean recursive) {
    List<HasMetadata> objects = new ArrayList<>();
    parts(flag, filename, recursive, part -> objects.addAll(objects(part)));
    return objects;
  }

  /** Hands each part of what {@code filename} names to {@code sink} as soon as it is read. */
  void parts(String flag, String filename, boolean recursive, Consumer<ManifestPart> sink) {
    for (String file : ManifestPaths.expand(flag, filename, recursive)) {
      try {
        if (file.equals(ManifestPaths.STDIN)) {
          reader.read("<stdin>", stdin, sink);
          continue;
        }
        try (InputStream in = Files.newInputStream(Path.of(file))) {
          reader.read(file, in, sink);
        }
      } catch (IOException | UncheckedIOException e) {
        IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
        throw new InvalidArgumentsException(
            flag + " " + file + ": cannot read: " + OneLineErrors.reason(cause));
      } catch (InvalidManifestException e) {
        throw new InvalidArgumentsException(e.getMessage());
      }
    }
  }

  private List<HasMetadata> objects(ManifestPart part) {
    return switch (part) {
      case ManifestDocument document ->
          document.object().map(o -> objects(document.where(), o)).orElse(List.of());
      case ListItem item -> objects(item.where(), item.node());
      default -> List.of();
    };
  }

  private List<HasMetadata> objects(String where, JsonNode node) {
    if (!(node instanceof ObjectNode)) {
      throw new InvalidArgumentsException(where + ": not a Kubernetes object (a mapping)");
    }
    KubernetesResource resource;
    try {
      resource = serialization.convertValue(node, KubernetesResource.class);
    } catch (RuntimeException e) {
      throw new InvalidArgumentsException(
          where + ": not a Kubernetes object: " + OneLineErrors.rootCause(e));
    }
    return switch (resource) {
      case KubernetesList list -> list.getItems();
      case HasMetadata object -> List.of(object);
      case null -> List.of();
      default -> throw new InvalidArgumentsException(where + ": not a Kubernetes object");
    };
  }
}
