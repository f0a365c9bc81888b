package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
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

  private static Pod pod(KubernetesClient client, String name, String node) {
    return client
        .pods()
        .inNamespace("default")
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .addNewContainer()
                .withName("c")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  @Test
  @DisplayName(
      "a bound pod's delete is graceful, as the API server's: it stays with deletionTimestamp and"
          + " its grace period until deleted with grace period 0; an unbound pod goes at once")
  void gracefulPodDeletion() {
    try (LocalApiServer server = new LocalApiServer().start()) {
      KubernetesClient client = server.client();
      pod(client, "bound", "gpu-node-1");
      pod(client, "unbound", null);
      var pods = client.pods().inNamespace("default");

      pods.withName("bound").delete();
      pods.withName("unbound").delete();

      Pod terminating = pods.withName("bound").get();
      assertThat(terminating.getMetadata().getDeletionTimestamp()).isNotNull();
      assertThat(terminating.getMetadata().getDeletionGracePeriodSeconds()).isEqualTo(30L);
      assertThat(pods.withName("unbound").get()).isNull();

      pods.withName("bound").withGracePeriod(0).delete();

      assertThat(pods.withName("bound").get()).isNull();
    }
  }
}
