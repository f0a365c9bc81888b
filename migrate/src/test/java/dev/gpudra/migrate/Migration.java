package dev.gpudra.migrate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.migrate.manifest.ListItem;
import dev.gpudra.migrate.manifest.ManifestDocument;
import dev.gpudra.migrate.manifest.ManifestReader;
import dev.gpudra.migrate.manifest.ManifestWriter;
import dev.gpudra.migrate.resources.PluginConfigText;
import dev.gpudra.migrate.resources.ResourceCatalog;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The whole translation, text in and text out, as the command runs it. */
record Migration(String output, List<String> report) {

  static Migration of(String input) {
    return of(input, Optional.empty());
  }

  static Migration withConfig(String config, String input) {
    return of(input, Optional.of(config));
  }

  static Migration of(String input, Optional<String> config) {
    ResourceCatalog catalog =
        config
            .map(text -> ResourceCatalog.of(new PluginConfigText().parse(text, "config.yaml")))
            .orElseGet(ResourceCatalog::withoutConfig);
    MigrationResult result =
        new Migrator(catalog).migrate(new ManifestReader().read("pods.yaml", input));
    return new Migration(
        new ManifestWriter().write(result.documents()),
        result.untranslated().stream().map(Untranslated::line).toList());
  }

  /** The output's objects, read back. */
  List<JsonNode> objects() {
    return new ManifestReader()
        .read("output", output).stream()
            .flatMap(part ->
                switch (part) {
                  case ManifestDocument document -> document.object().stream();
                  case ListItem item -> Stream.of(item.node());
                  default -> Stream.empty();
                })
            .map(JsonNode.class::cast)
            .toList();
  }

  /** The output's object of a kind and name. */
  JsonNode object(String kind, String name) {
    return objects().stream()
        .filter(o -> o.path("kind").asText().equals(kind))
        .filter(o -> o.path("metadata").path("name").asText().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " in\n" + output));
  }
}
