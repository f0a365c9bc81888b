package dev.gpudra.cli;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads Kubernetes objects from YAML or JSON files, several documents per file allowed. */
final class ManifestFiles {
  private final KubernetesSerialization serialization = new KubernetesSerialization();

  List<HasMetadata> read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new InvalidArgumentsException(file + ": cannot read: " + e.getMessage());
    }
    List<HasMetadata> objects = new ArrayList<>();
    for (String document : text.split("(?m)^---\\s*$")) {
      if (!document.isBlank()) {
        objects.addAll(parse(file, document));
      }
    }
    return objects;
  }

  /** Every {@code .yaml}, {@code .yml} and {@code .json} file directly in {@code dir}. */
  List<HasMetadata> readDirectory(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(f -> f.toString().matches(".*\\.(ya?ml|json)$"))
          .sorted()
          .flatMap(f -> read(f).stream())
          .toList();
    } catch (IOException e) {
      throw new InvalidArgumentsException(dir + ": cannot list: " + e.getMessage());
    }
  }

  private List<HasMetadata> parse(Path file, String document) {
    Object parsed;
    try {
      parsed = serialization.unmarshal(document);
    } catch (RuntimeException e) {
      throw new InvalidArgumentsException(file + ": not a Kubernetes object: " + e.getMessage());
    }
    return switch (parsed) {
      case KubernetesList list -> list.getItems();
      case HasMetadata object -> List.of(object);
      case null -> List.of();
      default -> throw new InvalidArgumentsException(file + ": not a Kubernetes object");
    };
  }
}
