package dev.gpudra.gpu.mps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.mount.LibcTmpfs;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The MPS daemons' pods pull and run as NVIDIA's 0.5 flags say")
class MpsPodTest {
  private static PodSpec pod(MpsPod settings) {
    MpsNode node =
        new MpsNode(
            "gpu-dra",
            "node-a",
            "registry.example.com/gpu-dra:1.2.3",
            Path.of("/"),
            Duration.ofSeconds(20),
            Duration.ofSeconds(30),
            settings);
    MpsDaemon daemon = new MpsDaemon("abc", List.of("GPU-1"), Optional.empty(), Map.of(), false);
    return MpsDeployment.of(
            daemon,
            node,
            new MpsDirectories(Path.of("/var/lib/mps"), new LibcTmpfs(), Path.of("/proc/meminfo")))
        .getSpec()
        .getTemplate()
        .getSpec();
  }

  @Test
  @DisplayName("pull policy, pull secrets and account reach the pod; unset, the defaults")
  void reachThePod() {
    PodSpec set = pod(MpsPod.parse("Always", "regcred, other ,", "gpu-dra-sa"));
    assertThat(set.getContainers().getFirst().getImagePullPolicy()).isEqualTo("Always");
    assertThat(set.getImagePullSecrets())
        .extracting(LocalObjectReference::getName)
        .containsExactly("regcred", "other");
    assertThat(set.getServiceAccountName()).isEqualTo("gpu-dra-sa");

    PodSpec unset = pod(MpsPod.parse(null, "", " "));
    assertThat(unset.getContainers().getFirst().getImagePullPolicy()).isEqualTo("IfNotPresent");
    assertThat(unset.getImagePullSecrets()).isEmpty();
    assertThat(unset.getServiceAccountName()).isNull();
  }

  @Test
  @DisplayName("a pull policy Kubernetes does not have is refused, naming the flag")
  void refusesBadPolicy() {
    assertThatThrownBy(() -> MpsPod.parse("Sometimes", null, null))
        .hasMessage(
            "--image-pull-policy (IMAGE_PULL_POLICY) must be Always, IfNotPresent or Never, got"
                + " \"Sometimes\"");
  }
}
