package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.Config;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeconfigChainTest {
  @TempDir Path dir;
  private Path home;
  private Path first;
  private Path second;

  @BeforeEach
  void files() throws IOException {
    home = Files.createDirectories(dir.resolve("home"));
    first = kubeconfig(dir.resolve("first"), "shared", "https://first:6443", "ns-first", "shared");
    second =
        kubeconfig(dir.resolve("second"), "shared", "https://second:6443", "ns-second", "other");
    Files.writeString(
        second,
        Files.readString(second)
            .replace(
                "contexts:",
                "contexts:\n- name: only-second\n  context: {cluster: shared, user: u,"
                    + " namespace: gpus}"));
  }

  private static Path kubeconfig(
      Path file, String cluster, String server, String namespace, String current)
      throws IOException {
    return Files.writeString(
        file,
        "apiVersion: v1\nkind: Config\n"
            + "clusters:\n- name: "
            + cluster
            + "\n  cluster: {server: '"
            + server
            + "', certificate-authority: ca.crt}\n"
            + "users:\n- name: u\n  user: {token: t}\n"
            + "contexts:\n- name: "
            + current
            + "\n  context: {cluster: "
            + cluster
            + ", user: u, namespace: "
            + namespace
            + "}\n"
            + "current-context: "
            + current
            + "\n");
  }

  private KubeconfigChain chain(String variable) {
    return new KubeconfigChain(Optional.ofNullable(variable), home);
  }

  @Test
  @DisplayName("$KUBECONFIG's files are merged as kubectl: the first to name a cluster wins")
  void mergesTheList() {
    KubeconfigChain.Resolved resolved =
        chain(dir.resolve("missing") + File.pathSeparator + first + File.pathSeparator + second)
            .resolve(ClusterTarget.DEFAULT)
            .orElseThrow();
    assertThat(resolved.files()).containsExactly(first, second);
    assertThat(resolved.context()).isEqualTo("shared");
    Config config = Clients.fromKubeconfig(resolved);
    assertThat(config.getMasterUrl()).startsWith("https://first:6443");
    assertThat(config.getNamespace()).isEqualTo("ns-first");
    assertThat(config.getCaCertFile()).isEqualTo(dir.resolve("ca.crt").toString());
  }

  @Test
  @DisplayName("--context picks a context any of the merged files defines, with its namespace")
  void contextFromTheSecondFile() {
    KubeconfigChain.Resolved resolved =
        chain(first + File.pathSeparator + second)
            .resolve(ClusterTarget.of(null, "only-second"))
            .orElseThrow();
    Config config = Clients.fromKubeconfig(resolved);
    assertThat(config.getCurrentContext().getName()).isEqualTo("only-second");
    assertThat(config.getNamespace()).isEqualTo("gpus");
    assertThat(config.getMasterUrl()).startsWith("https://first:6443");
  }

  @Test
  @DisplayName("a context no file defines is refused, naming it and the contexts there are")
  void missingContext() {
    assertThatThrownBy(() -> chain(first.toString()).resolve(ClusterTarget.of(null, "prod")))
        .isInstanceOf(InvalidArgumentsException.class)
        .hasMessageStartingWith("--context prod: no such context in [" + first + "]")
        .hasMessageContaining("[shared]");
  }

  @Test
  @DisplayName("--kubeconfig wins over $KUBECONFIG, and must exist")
  void explicitFile() {
    assertThat(
            chain(first.toString())
                .resolve(ClusterTarget.of(second.toString(), null))
                .orElseThrow()
                .context())
        .isEqualTo("other");
    assertThatThrownBy(
            () -> chain(null).resolve(ClusterTarget.of(dir.resolve("nope").toString(), null)))
        .hasMessageStartingWith("--kubeconfig " + dir.resolve("nope") + ": cannot read");
  }

  @Test
  @DisplayName("without $KUBECONFIG, ~/.kube/config; without either, in-cluster configuration")
  void homeThenInCluster() throws IOException {
    assertThat(chain(null).resolve(ClusterTarget.DEFAULT)).isEmpty();
    assertThatThrownBy(() -> chain("").resolve(ClusterTarget.of(null, "x")))
        .hasMessageStartingWith("--context x: no kubeconfig to find it in");
    Files.createDirectories(home.resolve(".kube"));
    Files.copy(second, home.resolve(".kube/config"));
    assertThat(chain("").resolve(ClusterTarget.DEFAULT).orElseThrow().context()).isEqualTo("other");
  }
}
