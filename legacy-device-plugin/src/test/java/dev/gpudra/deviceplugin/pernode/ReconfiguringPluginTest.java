package dev.gpudra.deviceplugin.pernode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin follows the chosen config's content as the kubelet updates a ConfigMap volume (its
 * {@code ..data} link swapped to a new directory), and restarts for nothing else.
 */
class ReconfiguringPluginTest {
  @TempDir Path dir;

  private final List<String> started = new CopyOnWriteArrayList<>();

  private void configMap(String generation, String content) throws IOException {
    Path data = dir.resolve("..g" + generation);
    Files.createDirectory(data);
    Files.writeString(data.resolve("any"), content);
    Path link = dir.resolve("..data_tmp");
    Files.createSymbolicLink(link, data.getFileName());
    Files.move(link, dir.resolve("..data"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    if (!Files.exists(dir.resolve("any"), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(dir.resolve("any"), Path.of("..data/any"));
    }
  }

  private ReconfiguringPlugin.Prepared prepare(Optional<Path> file) {
    String content;
    try {
      content = Files.readString(file.orElseThrow());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return () -> {
      started.add(content);
      return () -> {};
    };
  }

  @Test
  @DisplayName(
      "an edited ConfigMap reaches the running plugin (stopped and started with the new content);"
          + " an unchanged one restarts nothing")
  void followsTheConfigsContent() throws IOException {
    configMap("1", "replicas: 2\n");
    NamedConfigs configs = new NamedConfigs(dir, Optional.of("any"), List.of());
    try (ReconfiguringPlugin plugin =
        ReconfiguringPlugin.start(configs, Optional.empty(), this::prepare)) {
      plugin.followContent(Duration.ofMillis(20));
      await().pollDelay(Duration.ofMillis(200)).until(() -> true);
      assertThat(started).containsExactly("replicas: 2\n");

      configMap("2", "replicas: 4\n");

      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> started.equals(List.of("replicas: 2\n", "replicas: 4\n")));
      assertThat(plugin.current().name()).contains("any");
    }
  }
}
