package dev.gpudra.kit.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetadataDriverTest {
  private static final String DRIVER = MetadataSamples.DRIVER;
  private static final String UID = "u1";

  @TempDir Path root;
  private MetadataPaths paths;
  private final Map<String, PrepareResult> prepared = new HashMap<>();
  private final Map<String, UnprepareResult> unprepared = new HashMap<>();

  /**
   * The driver underneath: answers what the test put in {@link #prepared} / {@link #unprepared}.
   */
  private final DraDriver inner =
      new DraDriver() {
        @Override
        public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
          return prepared;
        }

        @Override
        public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
          return unprepared;
        }

        @Override
        public void handleError(Throwable error, String context) {}
      };

  @BeforeEach
  void setUp() {
    paths = new MetadataPaths(root.resolve("plugin"), root.resolve("cdi"), DRIVER);
  }

  private MetadataDriver driver(DeviceAttributes attributes) {
    return new MetadataDriver(inner, new MetadataFiles(paths), attributes);
  }

  private static PreparedDevice device(String request, String name) {
    return new PreparedDevice(
        List.of(request),
        "node-a",
        name,
        List.of("k8s.gpu.nvidia.com/claim=u1-" + name),
        Optional.empty());
  }

  /** Claim default/train allocated gpu-0 and gpu-1 to {@code gpu/big}, gpu-2 to {@code nic}. */
  private static ResourceClaim claim() {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace("default")
        .withName("train")
        .withUid(UID)
        .endMetadata()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .withResults(result("gpu/big", "gpu-0"), result("gpu/big", "gpu-1"), result("nic", "gpu-2"))
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult result(
      String request, String device) {
    return new DeviceRequestAllocationResultBuilder()
        .withRequest(request)
        .withDriver(DRIVER)
        .withPool("node-a")
        .withDevice(device)
        .build();
  }

  @Test
  @DisplayName("each request's file is written; its first device carries the mounting CDI device")
  void prepares() throws Exception {
    prepared.put(
        UID,
        PrepareResult.of(
            List.of(device("gpu", "gpu-0"), device("gpu", "gpu-1"), device("nic", "gpu-2"))));

    PrepareResult result =
        driver((uid, d) -> Map.of("uuid", MetadataSamples.string("GPU-" + d.deviceName())))
            .prepare(List.of(claim()))
            .get(UID);

    assertThat(result.error()).isEmpty();
    assertThat(result.devices())
        .extracting(PreparedDevice::cdiDeviceIds)
        .containsExactly(
            List.of("k8s.gpu.nvidia.com/claim=u1-gpu-0", "gpu.nvidia.com/metadata=u1_gpu"),
            List.of("k8s.gpu.nvidia.com/claim=u1-gpu-1"),
            List.of("k8s.gpu.nvidia.com/claim=u1-gpu-2", "gpu.nvidia.com/metadata=u1_nic"));
    String gpu = Files.readString(paths.hostFile("default", "train", "gpu"));
    assertThat(gpu)
        .contains(
            "\"name\": \"gpu/big\"", "\"name\": \"gpu-0\"", "\"name\": \"gpu-1\"", "GPU-gpu-1")
        .doesNotContain("gpu-2");
    assertThat(Files.readString(paths.hostFile("default", "train", "nic"))).contains("GPU-gpu-2");
  }

  @Test
  @DisplayName(
      "a claim made from a template is mounted under resourceclaimtemplates/<pod's claim name>"
          + " and names it in podClaimName")
  void template() throws Exception {
    prepared.put(UID, PrepareResult.of(List.of(device("nic", "gpu-2"))));
    ResourceClaim claim = claim();
    claim.getMetadata().setAnnotations(Map.of(MetadataDriver.POD_CLAIM_NAME, "net"));

    driver((uid, d) -> Map.of()).prepare(List.of(claim));

    assertThat(Files.readString(paths.hostFile("default", "train", "nic")))
        .contains("\"podClaimName\": \"net\"");
    assertThat(Files.readString(paths.cdiSpecFile(UID, "nic")))
        .contains(
            "/var/run/kubernetes.io/dra-device-attributes/resourceclaimtemplates/net/nic/"
                + "gpu.nvidia.com-metadata.json");
  }

  @Test
  @DisplayName("a claim the driver failed gets no file; its error is passed on")
  void failedClaim() {
    prepared.put(UID, PrepareResult.failed("prepare failed: device busy"));

    PrepareResult result = driver((uid, d) -> Map.of()).prepare(List.of(claim())).get(UID);

    assertThat(result.error()).isEqualTo("prepare failed: device busy");
    assertThat(paths.pluginDataDir()).doesNotExist();
  }

  @Test
  @DisplayName("attributes that cannot be had fail the claim, naming it and the device")
  void attributesFail() {
    prepared.put(UID, PrepareResult.of(List.of(device("gpu", "gpu-0"))));

    PrepareResult result =
        driver(
                (uid, d) -> {
                  throw new IllegalStateException("not prepared");
                })
            .prepare(List.of(claim()))
            .get(UID);

    assertThat(result.error())
        .startsWith("prepare failed: device metadata: ")
        .contains("default/train", "gpu-0", "not prepared");
  }

  @Test
  @DisplayName("unprepare removes the files of a released claim, and keeps those of a failed one")
  void unprepares() {
    prepared.put(UID, PrepareResult.of(List.of(device("gpu", "gpu-0"))));
    MetadataDriver driver = driver((uid, d) -> Map.of());
    driver.prepare(List.of(claim()));
    ClaimRef ref = new ClaimRef("default", "train", UID);

    unprepared.put(UID, UnprepareResult.failed("unprepare failed: busy"));
    assertThat(driver.unprepare(List.of(ref)).get(UID).error()).isEqualTo("unprepare failed: busy");
    assertThat(paths.hostFile("default", "train", "gpu")).exists();

    unprepared.put(UID, UnprepareResult.ok());
    assertThat(driver.unprepare(List.of(ref)).get(UID).failed()).isFalse();
    assertThat(paths.claimDir("default", "train")).doesNotExist();
    assertThat(paths.cdiSpecFile(UID, "gpu")).doesNotExist();
  }
}
