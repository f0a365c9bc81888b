package dev.gpudra.computedomain.imex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ImexFilesTest {
  @Test
  @DisplayName("the lowest free index below the limit; a full clique is NVIDIA's error")
  void cliqueIndex() {
    assertThat(CliqueIndex.lowestFree(Set.of(), 18)).isZero();
    assertThat(CliqueIndex.lowestFree(Set.of(0, 1, 3), 18)).isEqualTo(2);
    assertThatThrownBy(() ->
            CliqueIndex.lowestFree(
                Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17), 18))
        .hasMessage("cannot add more nodes, already at maximum (18)");
  }

  @Test
  @DisplayName("nodes.cfg: every possible DNS name (compute-domain-daemon-%04d), or the peers' IPs")
  void nodesConfig() {
    assertThat(NodesConfig.dnsNames(3))
        .isEqualTo(
            "compute-domain-daemon-0000\ncompute-domain-daemon-0001\ncompute-domain-daemon-0002\n");
    assertThat(NodesConfig.dnsNames(18).lines())
        .hasSize(18)
        .last()
        .isEqualTo("compute-domain-daemon-0017");
    assertThat(NodesConfig.ips(List.of("10.0.0.1", "10.0.0.2"))).isEqualTo("10.0.0.1\n10.0.0.2\n");
  }

  @Test
  @DisplayName(
      "/etc/hosts keeps the runtime's lines and rewrites the mappings block by index, replacing an"
          + " older block")
  void hostsFile() {
    String runtime = "127.0.0.1\tlocalhost\n10.0.0.9\tdaemon-pod\n";
    String first = HostsFile.withMappings(runtime, Map.of(1, "10.0.0.2", 0, "10.0.0.1"));

    assertThat(first)
        .isEqualTo(
            runtime
                + "# Compute Domain Daemon mappings\n10.0.0.1\tcompute-domain-daemon-0000\n"
                + "10.0.0.2\tcompute-domain-daemon-0001\n");
    assertThat(HostsFile.withMappings(first, Map.of(0, "10.0.0.7")))
        .isEqualTo(
            runtime + "# Compute Domain Daemon mappings\n10.0.0.7\tcompute-domain-daemon-0000\n");
  }

  @Test
  @DisplayName(
      "imexd.cfg: NVIDIA's fixed settings, the command port bound to the pod's IP, the nodes file"
          + " in /imexd; a file that is not our template is refused")
  void imexConfig() {
    String rendered =
        ImexConfigFile.render(
            ImexConfigFile.template(), "10.0.0.5", java.nio.file.Path.of("/imexd/nodes.cfg"));

    assertThat(rendered.lines())
        .contains(
            "LOG_LEVEL=4",
            "LOG_FILE_NAME=",
            "DAEMONIZE=0",
            "SERVER_PORT=50000",
            "IMEX_CMD_PORT=50005",
            "IMEX_WAIT_FOR_QUORUM=RECOVERY",
            "IMEX_CMD_BIND_INTERFACE_IP=10.0.0.5",
            "IMEX_NODE_CONFIG_FILE=/imexd/nodes.cfg");
    assertThat(rendered).doesNotContain("${");
    assertThatThrownBy(() ->
            ImexConfigFile.render(
                "LOG_LEVEL=4\n", "10.0.0.5", java.nio.file.Path.of("/imexd/nodes.cfg")))
        .hasMessageContaining("has no ${POD_IP}");
  }
}
