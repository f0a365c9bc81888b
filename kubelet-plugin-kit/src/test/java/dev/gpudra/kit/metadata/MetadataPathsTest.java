package dev.gpudra.kit.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MetadataPathsTest {
  private static final MetadataPaths PATHS =
      new MetadataPaths(
          Path.of("/var/lib/kubelet/plugins/gpu.nvidia.com"),
          Path.of("/var/run/cdi"),
          "gpu.nvidia.com");

  @Test
  @DisplayName("the host file sits under the plugin's data directory, by namespace_claim/request")
  void hostFile() {
    assertThat(PATHS.hostFile("default", "train", "gpu"))
        .isEqualTo(
            Path.of(
                "/var/lib/kubelet/plugins/gpu.nvidia.com/dra-device-metadata/default_train/gpu/"
                    + "metadata.json"));
  }

  @Test
  @DisplayName("a claim named in the pod is under resourceclaims/<claim>")
  void containerFileOfClaim() {
    assertThat(PATHS.containerFile("train", Optional.empty(), "gpu"))
        .isEqualTo(
            "/var/run/kubernetes.io/dra-device-attributes/resourceclaims/train/gpu/"
                + "gpu.nvidia.com-metadata.json");
  }

  @Test
  @DisplayName("a claim made from a template is under resourceclaimtemplates/<podClaimName>")
  void containerFileOfTemplate() {
    assertThat(PATHS.containerFile("pod-gpu-x7k2", Optional.of("gpu"), "req"))
        .isEqualTo(
            "/var/run/kubernetes.io/dra-device-attributes/resourceclaimtemplates/gpu/req/"
                + "gpu.nvidia.com-metadata.json");
  }

  @Test
  @DisplayName("the CDI spec is <driver>_metadata_<uid>_<request>.json, device <uid>_<request>")
  void cdi() {
    assertThat(PATHS.cdiSpecFile("u1", "gpu"))
        .isEqualTo(Path.of("/var/run/cdi/gpu.nvidia.com_metadata_u1_gpu.json"));
    assertThat(PATHS.cdiDeviceId("u1", "gpu")).isEqualTo("gpu.nvidia.com/metadata=u1_gpu");
  }

  record Bad(String name, Runnable call, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Bad> bad() {
    return Stream.of(
        new Bad(
            "a slash in the request", () -> PATHS.hostFile("ns", "c", "a/b"), "request \"a/b\""),
        new Bad("a dot-dot claim name", () -> PATHS.hostFile("ns", "..", "r"), "name \"..\""),
        new Bad("an empty namespace", () -> PATHS.claimDir("", "c"), "namespace \"\""),
        new Bad(
            "a slash in the pod claim name",
            () -> PATHS.containerFile("c", Optional.of("x/.."), "r"),
            "pod claim name \"x/..\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bad")
  @DisplayName("a name that is not one path element is refused, naming the field")
  void refuses(Bad c) {
    assertThatThrownBy(c.call()::run)
        .isInstanceOf(MetadataException.class)
        .hasMessageContaining(c.error())
        .hasMessageContaining("not a path element");
  }
}
