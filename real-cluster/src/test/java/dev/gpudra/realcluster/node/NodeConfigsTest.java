package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodeConfigsTest {
  private final NodeLayout layout = new NodeLayout(Path.of("/tmp/node-x"));
  private final NodeTools tools =
      new NodeTools(
          Path.of("/opt/containerd"),
          Path.of("/usr/sbin/runc"),
          Path.of("/usr/lib/cni"),
          Path.of("/bin/busybox"),
          Path.of("/opt/gpu-dra-testcluster"));

  @Test
  @DisplayName(
      "containerd: own root, state and socket; CDI from the node's dir; pause image pinned;"
          + " registry hosts from the node's dir")
  void containerd() {
    String toml = new ContainerdConfig(layout, tools).toml();

    assertThat(toml)
        .contains("root = '/tmp/node-x/containerd/root'")
        .contains("address = '/tmp/node-x/containerd/sock'")
        .contains("sandbox = '" + NodeImages.PAUSE + "'")
        .contains("cdi_spec_dirs = ['/tmp/node-x/cdi']")
        .contains("restrict_oom_score_adj = true")
        .contains("BinaryName = '/usr/sbin/runc'")
        .contains("Root = '/tmp/node-x/containerd/runc'")
        .contains("bin_dirs = ['/usr/lib/cni']")
        .contains("conf_dir = '/tmp/node-x/cni/conf'")
        .contains("imports = []")
        .contains(
            "[plugins.'io.containerd.cri.v1.images'.registry]\n"
                + "  config_path = '/tmp/node-x/containerd/certs.d'");
  }

  @Test
  @DisplayName("a registry mirror: pulls and resolves from the plain-HTTP server only")
  void registryMirror() {
    assertThat(new RegistryMirror("registry.gpu-dra.test", "127.0.0.1:5000").hostsToml())
        .isEqualTo(
            "server = \"http://127.0.0.1:5000\"\n"
                + "[host.\"http://127.0.0.1:5000\"]\n"
                + "  capabilities = [\"pull\", \"resolve\"]\n");
  }

  @Test
  @DisplayName(
      "kubelet: on the node's address, cgroupfs on cgroup v1, containerd's socket, logs in the node dir,"
          + " pods synced every 10 s")
  void kubelet() throws Exception {
    JsonNode yaml =
        new ObjectMapper(new YAMLFactory())
            .readTree(new KubeletConfig(layout, "10.88.0.1", 10350).yaml());

    assertThat(yaml.get("kind").asText()).isEqualTo("KubeletConfiguration");
    assertThat(yaml.get("address").asText()).isEqualTo("10.88.0.1");
    assertThat(yaml.get("port").asInt()).isEqualTo(10350);
    assertThat(yaml.get("readOnlyPort").asInt()).isZero();
    assertThat(yaml.get("cgroupDriver").asText()).isEqualTo("cgroupfs");
    assertThat(yaml.get("failCgroupV1").asBoolean()).isFalse();
    assertThat(yaml.get("containerRuntimeEndpoint").asText())
        .isEqualTo("unix:///tmp/node-x/containerd/sock");
    assertThat(yaml.get("podLogsDir").asText()).isEqualTo("/tmp/node-x/pod-logs");
    assertThat(yaml.get("evictionHard").get("nodefs.available").asText()).isEqualTo("1%");
    assertThat(yaml.get("featureGates").get("DRAExtendedResource").asBoolean()).isTrue();
    assertThat(yaml.get("syncFrequency").asText())
        .as("ConfigMap edits within seconds")
        .isEqualTo("10s");
  }

  @Test
  @DisplayName("a kubelet port outside 1-65535 is refused")
  void badPort() {
    assertThatThrownBy(() -> new KubeletConfig(layout, "10.88.0.1", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("kubelet port 0");
  }

  @Test
  @DisplayName(
      "CNI: the network's bridge, its gateway (where the API server listens), host-local addresses"
          + " kept in the node dir")
  void cni() throws Exception {
    JsonNode json =
        new ObjectMapper().readTree(new CniConfig(layout, NodeNetwork.standard()).conflist());

    JsonNode bridge = json.get("plugins").get(0);
    assertThat(bridge.get("type").asText()).isEqualTo("bridge");
    assertThat(bridge.get("bridge").asText()).isEqualTo("gpudra0");
    assertThat(bridge.get("ipam").get("dataDir").asText()).isEqualTo("/tmp/node-x/cni/data");
    JsonNode range = bridge.get("ipam").get("ranges").get(0).get(0);
    assertThat(range.get("subnet").asText()).isEqualTo("10.244.77.0/24");
    assertThat(range.get("gateway").asText()).isEqualTo("10.244.77.1");
    assertThat(NodeNetwork.standard().apiServerFlags()).containsExactly("--address=10.244.77.1");
  }

  @Test
  @DisplayName("a pod log line loses the CRI timestamp, stream and tag")
  void criPrefix() {
    assertThat(ContainerLogs.withoutCriPrefix("2026-11-23T19:26:30.72Z stdout F hello world"))
        .isEqualTo("hello world");
    assertThat(ContainerLogs.withoutCriPrefix("garbage")).isEqualTo("garbage");
  }
}
