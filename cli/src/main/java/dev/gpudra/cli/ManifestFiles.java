package dev.gpudra.cli;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Kubernetes objects from YAML or JSON, several documents per file allowed, from what {@code
 * -f} names ({@link ManifestPaths}: standard input, a file or a directory).
 */
final class ManifestFiles {
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
    for (String file : ManifestPaths.expand(flag, filename, recursive)) {
      String source = file.equals(ManifestPaths.STDIN) ? "<stdin>" : file;
      objects.addAll(parseAll(source, text(flag, file)));
    }
    return objects;
  }

  private String text(String flag, String file) {
    try {
      return file.equals(ManifestPaths.STDIN)
          ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
          : Files.readString(Path.of(file));
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          flag + " " + file + ": cannot read: " + OneLineErrors.reason(e));
    }
  }

  private List<HasMetadata> parseAll(String source, String text) {
    List<HasMetadata> objects = new ArrayList<>();
    for (String document : text.split("(?m)^---\\s*$")) {
      if (!document.isBlank()) {
        objects.addAll(parse(source, document));
      }
    }
    return objects;
  }

  private List<HasMetadata> parse(String source, String document) {
    Object parsed;
    try {
      parsed = serialization.unmarshal(document);
    } catch (RuntimeException e) {
      throw new InvalidArgumentsException(source + ": not a Kubernetes object: " + e.getMessage());
    }
    return switch (parsed) {
      case KubernetesList list -> list.getItems();
      case HasMetadata object -> List.of(object);
      case null -> List.of();
      default -> throw new InvalidArgumentsException(source + ": not a Kubernetes object");
    };
  }
}
