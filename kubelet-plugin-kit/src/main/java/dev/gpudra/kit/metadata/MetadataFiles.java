package dev.gpudra.kit.metadata;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.Mount;
import dev.gpudra.kit.files.AtomicFile;
import dev.gpudra.kit.files.DurableFile;
import dev.gpudra.kit.files.IoReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes a request's metadata file and the CDI spec that mounts it, and removes a claim's. Files
 * are replaced atomically ({@link AtomicFile}: a reboot voids them, and the kubelet prepares the
 * claims again), mode 0644 in directories of mode 0755, as the kubelet plugin helper writes them.
 */
public final class MetadataFiles {
  /**
   * The most one file may hold: a request of many devices with NVIDIA's attributes takes a few
   * kilobytes; this much means attributes gone wrong, and the kubelet would mount it into every
   * container of the pod.
   */
  public static final int MAX_FILE_BYTES = 256 * 1024;

  private static final Set<PosixFilePermission> DIRECTORY =
      PosixFilePermissions.fromString("rwxr-xr-x");

  private final MetadataPaths paths;
  private final int maxBytes;
  private final ObjectMapper json = new ObjectMapper();

  public MetadataFiles(MetadataPaths paths) {
    this(paths, MAX_FILE_BYTES);
  }

  /**
   * @param maxBytes the most one metadata file may hold
   */
  public MetadataFiles(MetadataPaths paths, int maxBytes) {
    this.paths = Objects.requireNonNull(paths, "paths");
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  public MetadataPaths paths() {
    return paths;
  }

  /**
   * Writes the request's file, then its CDI spec.
   *
   * @return the CDI device that mounts the file
   * @throws MetadataException naming the claim and request, and the field or file at fault
   */
  public String write(DeviceMetadata metadata) {
    ClaimRef claim = metadata.claim();
    String where =
        "device metadata of claim "
            + claim.namespace()
            + "/"
            + claim.name()
            + ", request \""
            + metadata.request()
            + "\"";
    try {
      byte[] content = MetadataJson.stream(metadata);
      if (content.length > maxBytes) {
        throw new MetadataException(
            "the file would hold "
                + content.length
                + " bytes, more than the bound of "
                + maxBytes
                + " (the attributes of its "
                + metadata.devices().size()
                + " devices)");
      }
      String request = metadata.baseRequest();
      Path file = paths.hostFile(claim.namespace(), claim.name(), request);
      directories(file.getParent());
      AtomicFile.replace(file, content, DurableFile.WORLD_READABLE);
      Mount mount =
          new Mount(
              file.toAbsolutePath().toString(),
              paths.containerFile(claim.name(), metadata.podClaimName(), request),
              List.of("ro", "bind"),
              null);
      CdiSpec spec =
          CdiSpec.of(
              paths.cdiKind(),
              ContainerEdits.none(),
              List.of(
                  new CdiDevice(
                      paths.cdiDeviceName(claim.uid(), request),
                      new ContainerEdits(null, null, List.of(mount), null))));
      Files.createDirectories(paths.cdiDir());
      AtomicFile.replace(
          paths.cdiSpecFile(claim.uid(), request), render(spec), DurableFile.WORLD_READABLE);
      return paths.cdiDeviceId(claim.uid(), request);
    } catch (IOException e) {
      throw new MetadataException(where + ": " + IoReason.describe(e), e);
    } catch (MetadataException | IllegalArgumentException e) {
      throw new MetadataException(where + ": " + e.getMessage(), e);
    }
  }

  /**
   * Removes the claim's files and CDI specs; a claim without any is fine.
   *
   * @throws MetadataException naming the claim and the file that could not be removed
   */
  public void remove(ClaimRef claim) {
    try {
      Path dir = paths.claimDir(claim.namespace(), claim.name());
      if (Files.exists(dir)) {
        try (Stream<Path> tree = Files.walk(dir)) {
          for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(path);
          }
        }
      }
      if (Files.isDirectory(paths.cdiDir())) {
        String prefix = paths.cdiFilePrefix(claim.uid());
        try (Stream<Path> specs = Files.list(paths.cdiDir())) {
          for (Path spec : specs.toList()) {
            String name = spec.getFileName().toString();
            if (name.startsWith(prefix) && name.endsWith(".json")) {
              AtomicFile.delete(spec);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new MetadataException(
          "device metadata of claim " + claim + ": cannot remove: " + IoReason.describe(e), e);
    } catch (MetadataException e) {
      throw new MetadataException("device metadata of claim " + claim + ": " + e.getMessage(), e);
    }
  }

  /** Creates the directories below the plugin's data directory, each mode 0755. */
  private void directories(Path requestDir) throws IOException {
    Files.createDirectories(requestDir);
    Path base = paths.pluginDataDir().resolve(MetadataPaths.HOST_SUBDIR);
    for (Path dir = requestDir; dir.startsWith(base); dir = dir.getParent()) {
      Files.setPosixFilePermissions(dir, DIRECTORY);
    }
  }

  private byte[] render(CdiSpec spec) {
    try {
      return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(spec);
    } catch (JsonProcessingException e) {
      throw new MetadataException("cannot render its CDI spec: " + e.getOriginalMessage(), e);
    }
  }
}
