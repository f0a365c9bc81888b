package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalApiServerIT {
  @TempDir Path dir;

  @Test
  @DisplayName("stores objects and is reachable through the kubeconfig it writes")
  void kubeconfigPointsAtServer() throws Exception {
    try (LocalApiServer server = new LocalApiServer().start()) {
      server
          .client()
          .configMaps()
          .inNamespace("default")
          .resource(
              new ConfigMapBuilder()
                  .withNewMetadata()
                  .withName("cm")
                  .endMetadata()
                  .addToData("k", "v")
                  .build())
          .create();
      Path kubeconfig = server.writeKubeconfig(dir.resolve("kubeconfig"));

      try (KubernetesClient fromFile =
          new KubernetesClientBuilder()
              .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
              .build()) {
        assertThat(fromFile.getMasterUrl().toString()).startsWith(server.url());
        assertThat(fromFile.configMaps().inNamespace("default").withName("cm").get().getData())
            .containsEntry("k", "v");
      }
    }
  }
}
