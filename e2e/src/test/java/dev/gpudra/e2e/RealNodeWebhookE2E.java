package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.realcluster.node.ChartPlugin;
import dev.gpudra.testfixtures.tls.SelfSignedCert;
import dev.gpudra.testfixtures.tls.SelfSignedCert.KeyAlgorithm;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The chart's admission webhook as a user installs it ({@code webhook.enabled}, TLS from a Secret
 * and its CA bundle): its pod runs on the real node from our image, the real kube-apiserver calls
 * it through its Service, and a claim the plugin would fail is refused at creation.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeWebhookE2E {
  private static final String SECRET = "gpu-dra-webhook-tls";

  private RealNodeFixture fixture;
  private KubernetesClient client;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    SelfSignedCert cert =
        SelfSignedCert.generate(
            dir,
            "gpu-dra-webhook",
            KeyAlgorithm.RSA,
            "dns:gpu-dra-webhook." + ChartPlugin.NAMESPACE + ".svc");
    cert.write(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    String caBundle =
        Base64.getEncoder()
            .encodeToString(cert.certificatePem().getBytes(StandardCharsets.US_ASCII));
    fixture =
        RealNodeFixture.start(
            dir,
            "dgx-h100",
            List.of(
                "webhook.enabled=true",
                "webhook.tls.mode=secret",
                "webhook.tls.secret.name=" + SECRET,
                "webhook.tls.secret.caBundle=" + caBundle));
    client = fixture.controlPlane().client();
    // the webhook's pod waits for its Secret, as it would for cert-manager's
    client
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName(SECRET)
                .withNamespace(ChartPlugin.NAMESPACE)
                .endMetadata()
                .withType("kubernetes.io/tls")
                .withStringData(
                    Map.of(
                        "tls.crt", Files.readString(dir.resolve("tls.crt")),
                        "tls.key", Files.readString(dir.resolve("tls.key"))))
                .build())
        .create();
    await()
        .atMost(Duration.ofSeconds(180))
        .until(() -> {
          Deployment webhook =
              client
                  .apps()
                  .deployments()
                  .inNamespace(ChartPlugin.NAMESPACE)
                  .withName("gpu-dra-webhook")
                  .get();
          Integer ready =
              webhook.getStatus() == null ? null : webhook.getStatus().getReadyReplicas();
          return ready != null && ready == 1;
        });
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  @DisplayName(
      "through the Service: a claim with a misspelled GpuConfig field is refused with its path, a"
          + " good one is admitted")
  void judgesClaims() {
    // the API server reaches the Service's pod once its EndpointSlice is there and kube-proxy
    // has programmed it
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptionsMatching(e -> !(e instanceof AssertionError))
        .untilAsserted(() ->
            assertThatThrownBy(() -> client.resource(claim("bad", "sharingg: {}")).create())
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("admission webhook \"gpu.nvidia.com\" denied the request")
                .hasMessageContaining(
                    "error decoding object at spec.devices.config[0].opaque.parameters"));
    client.resource(claim("good", "{}")).create();
    assertThat(
            client
                .genericKubernetesResources("resource.k8s.io/v1", "ResourceClaim")
                .inNamespace("default")
                .withName("good")
                .get())
        .isNotNull();
  }

  private static GenericKubernetesResource claim(String name, String extra) {
    return Serialization.unmarshal(
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: %s, namespace: default}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.nvidia.com}
            config:
            - requests: [gpu]
              opaque:
                driver: gpu.nvidia.com
                parameters:
                  apiVersion: resource.nvidia.com/v1beta1
                  kind: GpuConfig
                  %s
        """
            .formatted(name, extra.equals("{}") ? "" : extra),
        GenericKubernetesResource.class);
  }
}
