package dev.gpudra.demo;

import dev.gpudra.migrate.MigrationResult;
import dev.gpudra.migrate.Migrator;
import dev.gpudra.migrate.manifest.ManifestReader;
import dev.gpudra.migrate.manifest.ManifestWriter;
import dev.gpudra.migrate.resources.ResourceCatalog;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A scenario's device-plugin manifests as {@code gpu-dra migrate} translates them (the plugin's
 * default config), its pods renamed {@code <name>-migrated} so that they run beside the originals.
 */
public final class MigratedManifests {
  static final String SUFFIX = "-migrated";

  private MigratedManifests() {}

  /**
   * @throws IllegalStateException naming what the migrate library left untranslated
   */
  public static ScenarioObjects translate(KubernetesClient client, DemoSpec spec) {
    MigrationResult result =
        new Migrator(ResourceCatalog.withoutConfig())
            .migrate(new ManifestReader().read(spec.name() + ".yaml", spec.manifests()));
    if (!result.complete()) {
      throw new IllegalStateException(
          spec.name() + ": gpu-dra migrate left untranslated: " + result.untranslated());
    }
    String yaml = new ManifestWriter().write(result.documents());
    List<HasMetadata> objects =
        client.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))).items();
    objects.stream()
        .filter(Pod.class::isInstance)
        .forEach(p -> p.getMetadata().setName(p.getMetadata().getName() + SUFFIX));
    return new ScenarioObjects(client, objects);
  }
}
