package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The version matrix's oldest release: the smoke checks of {@link RealNodeSmoke} on Kubernetes
 * 1.34, the first release with {@code resource.k8s.io/v1} (the control plane and the kubelet built
 * from {@code e2e/controlplane/go.1.34.mod}, cached like the current release's). The chart's {@code
 * kubeVersion} starts here.
 */
@ResourceLock(RealNodeFixture.HOST)
class RealNodeOldestReleaseE2E extends RealNodeSmoke {
  private static final String RELEASE = "1.34";

  @Override
  RealNodeFixture startFixture(Path dir) throws InterruptedException, IOException {
    return RealNodeFixture.startRelease(dir, RELEASE);
  }

  @Test
  @DisplayName("the API server and the kubelet are Kubernetes 1.34")
  void release() {
    var client = fixture.controlPlane().client();
    assertThat(client.getKubernetesVersion().getGitVersion()).startsWith("v" + RELEASE + ".");
    assertThat(client.nodes().withName(RealNodeFixture.NODE).get())
        .extracting(n -> n.getStatus().getNodeInfo().getKubeletVersion())
        .asString()
        .startsWith("v" + RELEASE + ".");
  }
}
