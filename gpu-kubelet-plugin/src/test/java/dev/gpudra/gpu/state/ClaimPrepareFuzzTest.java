package dev.gpudra.gpu.state;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.dra.ClaimRefCheck;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * The claim-to-devices path on arbitrary ResourceClaims (as JSON): whatever the allocation says,
 * the driver answers with devices or with an error that names the claim and its fault, never with
 * an internal error, and unprepare then leaves the node as it was. Claims the kit would not hand
 * over (no UID, names that are not DNS names, no allocation) are skipped.
 */
class ClaimPrepareFuzzTest {
  private final KubernetesSerialization json = new KubernetesSerialization();
  private final ClaimRefCheck refs = new ClaimRefCheck();
  private final TestNode node;
  private final GpuDraDriver driver;

  ClaimPrepareFuzzTest() {
    try {
      node = new TestNode(Files.createTempDirectory("claim-fuzz"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    driver = new GpuDraDriver(node.state);
  }

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "\"gpu.nvidia.com\"",
    "\"node-a\"",
    "\"gpu-0\"",
    "\"gpu-1\"",
    "\"gpu-2-mig-1g5gb-19-0\"",
    "\"request\"",
    "\"driver\"",
    "\"pool\"",
    "\"device\"",
    "\"adminAccess\"",
    "\"shareID\"",
    "\"config\"",
    "\"opaque\"",
    "\"parameters\"",
    "\"source\"",
    "\"FromClass\"",
    "\"FromClaim\"",
    "\"requests\"",
    "\"GpuConfig\"",
    "\"MigDeviceConfig\"",
    "\"resource.nvidia.com/v1beta1\""
  })
  void preparesOrRefuses(byte[] input) {
    ResourceClaim claim;
    try {
      claim = json.unmarshal(new String(input, StandardCharsets.UTF_8), ResourceClaim.class);
    } catch (RuntimeException notAClaim) {
      return;
    }
    if (claim == null || claim.getMetadata() == null || claim.getMetadata().getUid() == null) {
      return;
    }
    ClaimRef ref =
        new ClaimRef(
            String.valueOf(claim.getMetadata().getNamespace()),
            String.valueOf(claim.getMetadata().getName()),
            claim.getMetadata().getUid());
    if (refs.problem(ref).isPresent()
        || claim.getStatus() == null
        || claim.getStatus().getAllocation() == null) {
      return;
    }
    PrepareResult result = driver.prepare(List.of(claim)).get(ref.uid());

    assertThat(result).isNotNull();
    assertThat(result.error()).doesNotContain("internal error");
    if (result.failed()) {
      assertThat(result.error()).contains(ref.namespace() + "/" + ref.name());
    }
    assertThat(driver.unprepare(List.of(ref)).get(ref.uid()).error()).isEmpty();
    assertThat(node.checkpoints.read().claims()).isEmpty();
  }
}
