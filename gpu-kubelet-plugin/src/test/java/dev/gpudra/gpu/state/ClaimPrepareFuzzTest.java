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
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;

/**
 * The claim-to-devices path on arbitrary ResourceClaims (as JSON): whatever the allocation says,
 * the driver answers with devices or with an error that names the claim and its fault, never with
 * an internal error, and unprepare then leaves the node as it was. Claims the kit would not hand
 * over (no UID, names that are not DNS names, no allocation) are skipped.
 */
class ClaimPrepareFuzzTest {
  private static final KubernetesSerialization JSON = new KubernetesSerialization();
  private static final ClaimRefCheck REFS = new ClaimRefCheck();
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

  @AfterEach
  void deleteNode() throws IOException {
    TempTrees.delete(node.dir);
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
    Optional<ClaimRef> prepared = prepare(driver, input);
    prepared.ifPresent(ref -> {
      assertThat(driver.unprepare(List.of(ref)).get(ref.uid()).error()).isEmpty();
      assertThat(node.checkpoints.read().claims()).isEmpty();
    });
  }

  /**
   * Prepares the claim the input describes, asserting the driver's answer; empty when the input is
   * nothing the kit would hand over.
   */
  static Optional<ClaimRef> prepare(GpuDraDriver target, byte[] input) {
    ResourceClaim claim;
    try {
      claim = JSON.unmarshal(new String(input, StandardCharsets.UTF_8), ResourceClaim.class);
    } catch (RuntimeException notAClaim) {
      return Optional.empty();
    }
    if (claim == null || claim.getMetadata() == null || claim.getMetadata().getUid() == null) {
      return Optional.empty();
    }
    ClaimRef ref =
        new ClaimRef(
            String.valueOf(claim.getMetadata().getNamespace()),
            String.valueOf(claim.getMetadata().getName()),
            claim.getMetadata().getUid());
    if (REFS.problem(ref).isPresent()
        || claim.getStatus() == null
        || claim.getStatus().getAllocation() == null) {
      return Optional.empty();
    }
    PrepareResult result = target.prepare(List.of(claim)).get(ref.uid());

    assertThat(result).isNotNull();
    // the kind GpuDraDriver mapped, not the message: input (a device name) may say anything
    assertThat(result.error()).doesNotStartWith("prepare failed: internal error");
    if (result.failed()) {
      assertThat(result.error()).contains(ref.namespace() + "/" + ref.name());
    }
    return Optional.of(ref);
  }
}
