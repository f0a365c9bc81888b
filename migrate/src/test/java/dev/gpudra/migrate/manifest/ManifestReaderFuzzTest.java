package dev.gpudra.migrate.manifest;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.migrate.MigrationSink;
import dev.gpudra.migrate.MigrationStream;
import dev.gpudra.migrate.Migrator;
import dev.gpudra.migrate.Untranslated;
import dev.gpudra.migrate.resources.ResourceCatalog;
import java.io.ByteArrayInputStream;

/**
 * The manifest reader that explain and migrate share, on arbitrary bytes, with migrate's
 * translation of what it reads: it either hands on parts or refuses with an {@link
 * InvalidManifestException}; any other exception (an OutOfMemoryError, a StackOverflowError
 * included) is a crash.
 */
class ManifestReaderFuzzTest {
  private final ManifestReader reader = new ManifestReader();
  private final Migrator migrator = new Migrator(ResourceCatalog.withoutConfig());

  /** Output dropped: only that the translation does not crash matters here. */
  private static final class Discard implements MigrationSink {
    @Override
    public void document(String text) {}

    @Override
    public void append(String text) {}

    @Override
    public void untranslated(Untranslated what) {}
  }

  @FuzzTest(maxDuration = "15s")
  // libFuzzer's dictionary lines: quoted, \xNN for a line break or tab
  @DictionaryEntries({
    "\"---\\x0a\"",
    "\"...\\x0a\"",
    "\"apiVersion: v1\\x0a\"",
    "\"apiVersion: apps/v1\\x0a\"",
    "\"kind: List\\x0a\"",
    "\"kind: Pod\\x0a\"",
    "\"kind: Deployment\\x0a\"",
    "\"items:\\x0a\"",
    "\"- \"",
    "\"  - \"",
    "\"metadata: {name: a}\\x0a\"",
    "\"spec:\\x0a\"",
    "\"containers:\\x0a\"",
    "\"resources: {limits: {nvidia.com/gpu: 1}}\\x0a\"",
    "\"nvidia.com/mig-1g.10gb\"",
    "\"&a \"",
    "\"*a\"",
    "\"[\"",
    "\"{\"",
    "\"|\\x0a\"",
    "\"# c\\x0a\"",
    "\"\\x09\""
  })
  void readsOrRefuses(byte[] input) {
    MigrationStream migration = migrator.stream(new Discard());
    try {
      reader.read("fuzz.yaml", new ByteArrayInputStream(input), migration::accept);
    } catch (InvalidManifestException refused) {
      // the one way to refuse
    }
  }
}
