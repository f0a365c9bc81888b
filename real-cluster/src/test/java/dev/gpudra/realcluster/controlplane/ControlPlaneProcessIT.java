package dev.gpudra.realcluster.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The supervision contract with gpu-dra-testcluster, against stand-in scripts that speak its
 * protocol (stdout lines, one-line startup errors, SIGTERM): real child processes, no Go needed.
 */
class ControlPlaneProcessIT {
  private static final String KUBECONFIG =
      """
      apiVersion: v1
      kind: Config
      clusters:
      - name: c
        cluster: {server: "https://127.0.0.1:6443", insecure-skip-tls-verify: true}
      users:
      - name: u
        user: {token: t}
      contexts:
      - name: x
        context: {cluster: c, user: u}
      current-context: x
      """;

  @TempDir Path dir;

  private Path script(String body) throws IOException {
    Path file = dir.resolve("fake-testcluster");
    Files.writeString(file, "#!/usr/bin/env bash\n" + body);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  /** Writes the kubeconfig where --kubeconfig says, prints the two lines, waits for SIGTERM. */
  private Path readyScript() throws IOException {
    return script(
        """
        while [[ $# -gt 0 ]]; do case "$1" in --kubeconfig) kc="$2"; shift 2;; --parent-pid) \
        echo "$2" > "$(dirname "$kc")/parent"; shift 2;; *) shift;; esac; done
        cat > "$kc" <<'KC'
        %sKC
        trap 'rm -f "$kc"; echo "stopped (0.0s)"; exit 0' TERM
        echo "kubeconfig: $kc"
        echo "ready: https://127.0.0.1:6443 (Kubernetes v1.35.8, etcd embedded, 0.1s)"
        while true; do sleep 0.1; done
        """
            .formatted(KUBECONFIG));
  }

  @Test
  @DisplayName("ready: kubeconfig and ready line are read, our PID is passed, close stops it")
  void startsAndStops() throws Exception {
    Path work = dir.resolve("work");
    ControlPlaneProcess process =
        ControlPlaneProcess.start(readyScript(), work, Duration.ofSeconds(10));

    assertThat(process.readyLine()).startsWith("https://127.0.0.1:6443 (Kubernetes v1.35.8");
    assertThat(process.kubeconfig()).isEqualTo(work.resolve("kubeconfig"));
    assertThat(process.client().getMasterUrl().toString()).startsWith("https://127.0.0.1:6443");
    assertThat(Files.readString(work.resolve("parent")).strip())
        .isEqualTo(Long.toString(ProcessHandle.current().pid()));

    process.close();

    assertThat(process.isAlive()).isFalse();
    assertThat(work.resolve("kubeconfig")).doesNotExist();
  }

  @Test
  @DisplayName("a startup failure surfaces as its own one-line error")
  void startupError() throws IOException {
    Path bin =
        script(
            """
            echo "some klog noise" >&2
            echo "gpu-dra-testcluster: startup failed: etcd: listen tcp: address in use" >&2
            exit 1
            """);

    assertThatThrownBy(
            () -> ControlPlaneProcess.start(bin, dir.resolve("w"), Duration.ofSeconds(10)))
        .isInstanceOf(ControlPlaneStartException.class)
        .hasMessage(
            "gpu-dra-testcluster: exited before ready (exit code 1): gpu-dra-testcluster: startup"
                + " failed: etcd: listen tcp: address in use");
  }

  @Test
  @DisplayName("not ready in time: the process is stopped and the error says how long we waited")
  void timeout() throws IOException {
    Path bin = script("echo $$ > \"" + dir.resolve("pid") + "\"\nwhile true; do sleep 0.1; done\n");

    assertThatThrownBy(
            () -> ControlPlaneProcess.start(bin, dir.resolve("w"), Duration.ofSeconds(1)))
        .isInstanceOf(ControlPlaneStartException.class)
        .hasMessageStartingWith("gpu-dra-testcluster: not ready within 1 s");
    long pid = Long.parseLong(Files.readString(dir.resolve("pid")).strip());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  @DisplayName("the binary: GPU_DRA_TESTCLUSTER wins; a missing checkout script is one line")
  void locate() throws Exception {
    Path bin = readyScript();
    assertThat(new ControlPlaneBinary(dir, Optional.of(bin), l -> {}).locate()).isEqualTo(bin);
    assertThatThrownBy(
            () -> new ControlPlaneBinary(dir, Optional.of(dir.resolve("nope")), l -> {}).locate())
        .isInstanceOf(ControlPlaneUnavailableException.class)
        .hasMessageContaining("GPU_DRA_TESTCLUSTER=")
        .hasMessageContaining("not an executable file");
    assertThatThrownBy(() -> new ControlPlaneBinary(dir, Optional.empty(), l -> {}).locate())
        .isInstanceOf(ControlPlaneUnavailableException.class)
        .hasMessageContaining("e2e/controlplane/build.sh not found in");
  }

  @Test
  @DisplayName("the build script's exit 2 (Go missing) is its own line; its stderr is progress")
  void goMissing() throws Exception {
    Path script = dir.resolve("e2e/controlplane/build.sh");
    Files.createDirectories(script.getParent());
    Files.writeString(
        script,
        "echo 'gpu-dra-testcluster: Go is not installed (need go >= 1.25 on PATH)' >&2\nexit 2\n");
    List<String> progress = new CopyOnWriteArrayList<>();

    assertThatThrownBy(() -> new ControlPlaneBinary(dir, Optional.empty(), progress::add).locate())
        .isInstanceOf(ControlPlaneUnavailableException.class)
        .hasMessage("gpu-dra-testcluster: Go is not installed (need go >= 1.25 on PATH)");
    assertThat(progress).hasSize(1);
  }
}
