package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PluginLayoutTest {
  @Test
  @DisplayName(
      "the child plugin gets every directory under the work dir, and client-side selectors")
  void pluginArgs() {
    PluginLayout layout = new PluginLayout(Path.of("/w"), "n1");
    assertThat(layout.pluginArgs("dgx-h100"))
        .containsExactly(
            "gpu-kubelet-plugin",
            "--node-name=n1",
            "--kubeconfig=/w/kubeconfig.yaml",
            "--cdi-root=/w/cdi",
            "--kubelet-registrar-directory-path=/w/plugins_registry",
            "--kubelet-plugins-directory-path=/w/plugins",
            "--healthcheck-port=-1",
            "--simulated-gpus=dgx-h100",
            "--slice-field-selectors=client");
    assertThat(layout.registrationSocket())
        .isEqualTo(Path.of("/w/plugins_registry/gpu.nvidia.com-reg.sock"));
    assertThat(layout.dataDir()).isEqualTo(Path.of("/w/plugins/gpu.nvidia.com"));
  }

  @Test
  @DisplayName(
      "a peer runs the user's line through sh with exec, NVIDIA's flags appended as its arguments,"
          + " and gets the same settings as NVIDIA's environment variables")
  void peerCommand() {
    PluginLayout layout = new PluginLayout(Path.of("/w/peer"), "n1-peer");
    PluginBinary.Peer peer = new PluginBinary.Peer("/opt/nvidia/gpu-kubelet-plugin -v 4");
    assertThat(peer.command(layout))
        .containsExactly(
            "/bin/sh",
            "-c",
            "exec /opt/nvidia/gpu-kubelet-plugin -v 4 \"$@\"",
            "peer",
            "--node-name=n1-peer",
            "--kubeconfig=/w/peer/kubeconfig.yaml",
            "--cdi-root=/w/peer/cdi",
            "--kubelet-registrar-directory-path=/w/peer/plugins_registry",
            "--kubelet-plugins-directory-path=/w/peer/plugins",
            "--healthcheck-port=-1");
    assertThat(peer.environment(layout))
        .containsEntry("NODE_NAME", "n1-peer")
        .containsEntry("KUBECONFIG", "/w/peer/kubeconfig.yaml")
        .containsEntry("CDI_ROOT", "/w/peer/cdi")
        .containsEntry("KUBELET_REGISTRAR_DIRECTORY_PATH", "/w/peer/plugins_registry")
        .containsEntry("KUBELET_PLUGINS_DIRECTORY_PATH", "/w/peer/plugins")
        .containsEntry("HEALTHCHECK_PORT", "-1");
  }

  @Test
  @DisplayName("the child JVM runs the gpu-dra main class with its options before -cp")
  void childCommand() {
    ChildJvm jvm = new ChildJvm(Path.of("/jdk/bin/java"), List.of("-Xmx64m"), "/a.jar:/b.jar");
    assertThat(jvm.command(List.of("--version")))
        .containsExactly(
            "/jdk/bin/java",
            "-Xmx64m",
            "-cp",
            "/a.jar:/b.jar",
            "dev.gpudra.cli.GpuDra",
            "--version");
  }
}
