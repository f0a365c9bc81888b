package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.validation.corpus.CorpusCase;
import dev.gpudra.localcluster.validation.corpus.ValidationCorpus;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hand copy of the API server's resource.k8s.io/v1 validation ({@code LocalApiServer}, the IT
 * tier and {@code gpu-dra demo}) against the real kube-apiserver: every case of the validation
 * corpus goes to both, and both must accept it, or both refuse it with the same status code and the
 * same (field, reason) causes. A failure names the case and both answers: fix the hand copy ({@code
 * dev.gpudra.localcluster.validation}), the real server is the truth.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ValidationAgreementE2E {
  static final Path CORPUS = Path.of("local-cluster/src/test/resources/validation-corpus");

  private ControlPlaneProcess controlPlane;
  private KubernetesClient real;
  private LocalApiServer local;
  private String realVersion;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(),
            dir.resolve("cp"),
            Duration.ofSeconds(120),
            // alpha in 1.37: off, the server drops compatibilityGroups instead of validating them
            List.of("--feature-gates=DRADeviceCompatibilityGroups=true"));
    real = controlPlane.client();
    realVersion = real.getKubernetesVersion().getGitVersion();
    local = new LocalApiServer().start();
  }

  @AfterAll
  void stop() {
    if (local != null) {
      local.close();
    }
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  List<CorpusCase> cases() {
    return ValidationCorpus.load(RealControlPlane.checkout().resolve(CORPUS));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "the real kube-apiserver and LocalApiServer give the same verdict: both accept, or both"
          + " refuse with the same code and (field, reason) causes")
  void agree(CorpusCase c) {
    ApiAnswer truth = ApiAnswer.of(real, c, true);
    ApiAnswer copy = ApiAnswer.of(local.client(), c, false);

    assertThat(copy.verdict())
        .as(
            "case '%s' (%s)%n  real kube-apiserver %s: %s%n  LocalApiServer: %s",
            c.name(), c.file(), realVersion, truth, copy)
        .isEqualTo(truth.verdict());
    c.expected()
        .ifPresent(stated ->
            assertThat(truth.verdict())
                .as(
                    "case '%s' (%s): the corpus states %s, the real kube-apiserver %s said: %s",
                    c.name(), c.file(), stated, realVersion, truth)
                .isEqualTo(stated));
  }
}
