package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("An image reference is named as containerd stores it, as the kubelet asks for it")
class NodeImageTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "gpu-dra:real-node, docker.io/library/gpu-dra:real-node",
    "org/gpu-dra:1, docker.io/org/gpu-dra:1",
    "registry.gpu-dra.test/gpu-dra:e2e, registry.gpu-dra.test/gpu-dra:e2e",
    "localhost:5000/gpu-dra:1, localhost:5000/gpu-dra:1",
    "localhost/gpu-dra:1, localhost/gpu-dra:1"
  })
  @DisplayName("short names get docker.io (and library/), a registry's name stays")
  void normalized(String ref, String stored) {
    assertThat(NodeImage.normalized(ref)).isEqualTo(stored);
  }
}
