package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.testfixtures.tls.SelfSignedCert;
import dev.gpudra.testfixtures.tls.SelfSignedCert.KeyAlgorithm;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfigurationBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpu-dra webhook} as a process from the image's classpath, registered with the real
 * kube-apiserver as NVIDIA's chart registers its webhook (a ValidatingWebhookConfiguration for
 * CREATE and UPDATE of ResourceClaims and ResourceClaimTemplates, {@code failurePolicy: Fail}): the
 * API server refuses a claim whose GpuConfig has a misspelled field, naming the field's path, and
 * admits a good one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebhookE2E {
  private static final String PATH = "/validate-resource-claim-parameters";
  private static final String GPU_CONFIG =
      """
            opaque:
              driver: gpu.nvidia.com
              parameters:
                apiVersion: resource.nvidia.com/v1beta1
                kind: GpuConfig
                sharing:
                  strategy: TimeSlicing
                  timeSlicingConfig:
                    %s: Long
      """;

  private Path dir;
  private ControlPlaneProcess controlPlane;
  private KubernetesClient client;
  private Process webhook;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    this.dir = dir;
    Path libs = ImageCli.libs();
    assertThat(libs).as("the image's classpath (build deployments/container)").isDirectory();
    controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(), dir.resolve("cp"), Duration.ofSeconds(120));
    client = controlPlane.client();
    SelfSignedCert cert = selfSigned(dir);
    int port = freePort();
    webhook =
        ImageCli.gpuDra(
                libs,
                "webhook",
                "--tls-cert-file",
                dir.resolve("tls.crt").toString(),
                "--tls-private-key-file",
                dir.resolve("tls.key").toString(),
                "--port",
                Integer.toString(port),
                "--feature-gates",
                "TimeSlicingSettings=true",
                "-v",
                "4")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("webhook.log").toFile())
            .start();
    awaitReady(cert, port);
    client.resource(registration(port, cert)).create();
  }

  @AfterAll
  void stop() {
    if (webhook != null) {
      webhook.destroyForcibly();
    }
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "a ResourceClaim with a misspelled GpuConfig field is refused by the API server, with the"
          + " field's path")
  void refusesMisspelledField() {
    GenericKubernetesResource bad = claim("bad", "intervall");

    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptionsMatching(e -> !(e instanceof AssertionError))
        .untilAsserted(() ->
            assertThatThrownBy(() -> createOrUndo(bad))
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("admission webhook \"gpu.nvidia.com\" denied the request"));
    assertThatThrownBy(() -> client.resource(bad).create())
        .hasMessageContaining(
            "1 configs failed to validate: error decoding object at"
                + " spec.devices.config[0].opaque.parameters: strict decoding error: unknown field"
                + " \"sharing.timeSlicingConfig.intervall\"");
  }

  @Test
  @Order(2)
  @DisplayName("a good ResourceClaim (TimeSlicing, its gate on) is admitted")
  void admitsGoodClaim() {
    client.resource(claim("good", "interval")).create();

    assertThat(
            client
                .genericKubernetesResources("resource.k8s.io/v1", "ResourceClaim")
                .inNamespace("default")
                .withName("good")
                .get())
        .isNotNull();
  }

  @Test
  @Order(3)
  @DisplayName("a v1beta1 ResourceClaimTemplate is judged too, its path under spec.spec")
  void judgesTemplates() {
    GenericKubernetesResource template =
        Serialization.unmarshal(
            """
            apiVersion: resource.k8s.io/v1beta1
            kind: ResourceClaimTemplate
            metadata:
              name: bad-template
              namespace: default
            spec:
              spec:
                devices:
                  requests:
                  - name: gpu
                    deviceClassName: gpu.nvidia.com
                  config:
                  - requests: [gpu]
            """
                + GPU_CONFIG.formatted("intervall").indent(2),
            GenericKubernetesResource.class);

    assertThatThrownBy(() -> client.resource(template).create())
        .hasMessageContaining(
            "error decoding object at spec.spec.devices.config[0].opaque.parameters: strict"
                + " decoding error");
  }

  @Test
  @Order(99)
  @DisplayName("the webhook process ends on SIGTERM with exit code 0, as documented")
  void endsOnSigterm() throws Exception {
    webhook.destroy();

    assertThat(webhook.waitFor(20, TimeUnit.SECONDS))
        .as("its log:%n%s", Files.readString(dir.resolve("webhook.log")))
        .isTrue();
    assertThat(webhook.exitValue()).isZero();
  }

  private void createOrUndo(GenericKubernetesResource claim) {
    client.resource(claim).create();
    client.resource(claim).delete();
  }

  private static GenericKubernetesResource claim(String name, String field) {
    return Serialization.unmarshal(
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: %s
          namespace: default
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.nvidia.com
            config:
            - requests: [gpu]
        """
                .formatted(name)
            + GPU_CONFIG.formatted(field),
        GenericKubernetesResource.class);
  }

  /** As NVIDIA's chart registers its webhook, at a URL instead of a Service. */
  private static ValidatingWebhookConfiguration registration(int port, SelfSignedCert cert)
      throws Exception {
    return new ValidatingWebhookConfigurationBuilder()
        .withNewMetadata()
        .withName("gpu-dra-webhook-e2e")
        .endMetadata()
        .addNewWebhook()
        .withName("gpu.nvidia.com")
        .withNewClientConfig()
        .withUrl("https://127.0.0.1:" + port + PATH)
        .withCaBundle(
            Base64.getEncoder()
                .encodeToString(cert.certificatePem().getBytes(StandardCharsets.US_ASCII)))
        .endClientConfig()
        .addNewRule()
        .withApiGroups("resource.k8s.io")
        .withApiVersions("v1", "v1beta2", "v1beta1")
        .withOperations("CREATE", "UPDATE")
        .withResources("resourceclaims", "resourceclaimtemplates")
        .endRule()
        .withAdmissionReviewVersions("v1")
        .withSideEffects("None")
        .withFailurePolicy("Fail")
        .withTimeoutSeconds(10)
        .endWebhook()
        .build();
  }

  private void awaitReady(SelfSignedCert cert, int port) throws Exception {
    HttpClient http =
        HttpClient.newBuilder().sslContext(SelfSignedCert.trusting(List.of(cert))).build();
    HttpRequest ready =
        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/readyz"))
            .timeout(Duration.ofSeconds(5))
            .build();
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .untilAsserted(() -> {
          assertThat(webhook.isAlive()).as(Files.readString(dir.resolve("webhook.log"))).isTrue();
          HttpResponse<String> response = http.send(ready, HttpResponse.BodyHandlers.ofString());
          assertThat(response.body()).isEqualTo("ok");
        });
  }

  /** A certificate for 127.0.0.1, written as tls.crt and tls.key. */
  private static SelfSignedCert selfSigned(Path dir) throws Exception {
    SelfSignedCert cert =
        SelfSignedCert.generate(dir, "gpu-dra-webhook", KeyAlgorithm.RSA, "ip:127.0.0.1");
    cert.write(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    return cert;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
