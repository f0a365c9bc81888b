package dev.gpudra.kit.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gpudra.kit.ClaimRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetadataFilesTest {
  @TempDir Path root;
  private MetadataPaths paths;
  private MetadataFiles files;

  @BeforeEach
  void setUp() {
    paths =
        new MetadataPaths(
            root.resolve("plugins/gpu.nvidia.com"), root.resolve("cdi"), "gpu.nvidia.com");
    files = new MetadataFiles(paths);
  }

  @Test
  @DisplayName("writes the stream (0644, directories 0755) and a CDI spec mounting it read-only")
  void writes() throws IOException {
    DeviceMetadata metadata = MetadataSamples.golden();

    String id = files.write(metadata);

    Path file = paths.hostFile("default", "train", "gpu");
    assertThat(id).isEqualTo("gpu.nvidia.com/metadata=0b5c6d1e-uid_gpu");
    assertThat(Files.readAllBytes(file)).isEqualTo(MetadataJson.stream(metadata));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-r--r--");
    for (Path dir = file.getParent(); !dir.equals(paths.pluginDataDir()); dir = dir.getParent()) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
          .as(dir.toString())
          .isEqualTo("rwxr-xr-x");
    }
    JsonNode spec =
        JsonMapper.builder().build().readTree(paths.cdiSpecFile("0b5c6d1e-uid", "gpu").toFile());
    assertThat(spec.get("kind").asText()).isEqualTo("gpu.nvidia.com/metadata");
    assertThat(spec.get("cdiVersion").asText()).isEqualTo("0.5.0"); // a name starting with a digit
    JsonNode device = spec.get("devices").get(0);
    assertThat(device.get("name").asText()).isEqualTo("0b5c6d1e-uid_gpu");
    JsonNode mount = device.get("containerEdits").get("mounts").get(0);
    assertThat(mount.get("hostPath").asText()).isEqualTo(file.toString());
    assertThat(mount.get("containerPath").asText())
        .isEqualTo(
            "/var/run/kubernetes.io/dra-device-attributes/resourceclaimtemplates/gpu-claim/gpu/"
                + "gpu.nvidia.com-metadata.json");
    assertThat(mount.get("options")).extracting(JsonNode::asText).containsExactly("ro", "bind");
  }

  @Test
  @DisplayName("a repeated prepare rewrites the same bytes, generation 1, leaving no temp file")
  void idempotent() throws IOException {
    DeviceMetadata metadata = MetadataSamples.simple(MetadataSamples.CLAIM, "gpu", "gpu-0");
    files.write(metadata);
    Path file = paths.hostFile("default", "train", "gpu");
    byte[] first = Files.readAllBytes(file);

    files.write(metadata);

    assertThat(Files.readAllBytes(file)).isEqualTo(first);
    assertThat(new String(first, java.nio.charset.StandardCharsets.UTF_8))
        .contains("\"generation\": 1\n");
    try (Stream<Path> all = Files.walk(root)) {
      assertThat(all.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder(
              "metadata.json", "gpu.nvidia.com_metadata_0b5c6d1e-uid_gpu.json");
    }
  }

  @Test
  @DisplayName("a file over the bound is refused, naming the claim and request; nothing is written")
  void bounded() {
    MetadataFiles small = new MetadataFiles(paths, 100);

    assertThatThrownBy(() -> small.write(MetadataSamples.golden()))
        .isInstanceOf(MetadataException.class)
        .hasMessageContaining("device metadata of claim default/train, request \"gpu/sub0\"")
        .hasMessageContaining("more than the bound of 100");
    assertThat(paths.pluginDataDir()).doesNotExist();
  }

  @Test
  @DisplayName("remove deletes the claim's files and specs, keeps other claims', and is idempotent")
  void removes() {
    ClaimRef other = new ClaimRef("default", "other", "u2");
    files.write(MetadataSamples.simple(MetadataSamples.CLAIM, "a", "gpu-0"));
    files.write(MetadataSamples.simple(MetadataSamples.CLAIM, "b", "gpu-1"));
    files.write(MetadataSamples.simple(other, "a", "gpu-2"));

    files.remove(MetadataSamples.CLAIM);
    files.remove(MetadataSamples.CLAIM);

    assertThat(paths.claimDir("default", "train")).doesNotExist();
    assertThat(paths.hostFile("default", "other", "a")).exists();
    assertThat(root.resolve("cdi"))
        .isDirectoryContaining(p -> p.getFileName().toString().contains("_u2_"));
    assertThat(
            List.of(paths.cdiSpecFile("0b5c6d1e-uid", "a"), paths.cdiSpecFile("0b5c6d1e-uid", "b")))
        .allSatisfy(p -> assertThat(p).doesNotExist());
  }
}
