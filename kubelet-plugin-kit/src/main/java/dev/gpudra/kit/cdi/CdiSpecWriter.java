package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.gpudra.kit.files.AtomicFile;
import dev.gpudra.kit.files.DurableFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Writes and deletes one driver's per-claim spec files {@code
 * <cdiRoot>/<vendor>-<class>_<uid>.yaml}, e.g. {@code k8s.gpu.nvidia.com-claim_<uid>.yaml}.
 */
public final class CdiSpecWriter {
  private final Path cdiRoot;
  private final String filePrefix;
  // strict reads; writes never fold a long quoted string (YAML allows it, readers must undo it)
  private final ObjectMapper yaml =
      YAMLMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .build();

  /**
   * @param vendor the specs' vendor, e.g. {@code k8s.gpu.nvidia.com}
   * @param specClass the claim specs' class, e.g. {@code claim}
   */
  public CdiSpecWriter(Path cdiRoot, String vendor, String specClass) {
    this.cdiRoot = Objects.requireNonNull(cdiRoot, "cdiRoot");
    this.filePrefix =
        Objects.requireNonNull(vendor, "vendor") + "-" + Objects.requireNonNull(specClass) + "_";
  }

  /** How the file names of claims' specs begin: {@code <vendor>-<class>_}. */
  public String filePrefix() {
    return filePrefix;
  }

  /** The spec file of a claim; {@code /} in the ID becomes {@code _} as CDI's helpers do. */
  public Path pathFor(String claimUid) {
    String id = claimUid.replace('/', '_');
    return cdiRoot.resolve(filePrefix + id + ".yaml");
  }

  /**
   * Replaces the claim's spec file atomically (crash-safe, not fsynced: {@link AtomicFile}); mode
   * 0644, as nvcdi writes specs.
   *
   * @throws CdiException when a string of the spec is not Unicode (a lone surrogate), or on I/O
   */
  public Path write(String claimUid, CdiSpec spec) {
    Path file = pathFor(claimUid);
    // Jackson's YAML writer turns a lone high surrogate and the character after it into another
    // character; a record's text holds every string of the spec
    if (!StandardCharsets.UTF_8.newEncoder().canEncode(spec.toString())) {
      throw new CdiException("cannot write CDI spec " + file + ": a string is not Unicode");
    }
    try {
      AtomicFile.replace(
          file, render(spec).getBytes(StandardCharsets.UTF_8), DurableFile.WORLD_READABLE);
    } catch (IOException e) {
      throw new CdiException(
          "cannot write CDI spec " + file + ": " + dev.gpudra.kit.files.IoReason.describe(e), e);
    }
    return file;
  }

  /**
   * The claims whose spec files are in the CDI root, with the device names each spec holds (CDI
   * device {@code <uid>-<device>}): what is provably prepared when the checkpoint is lost.
   *
   * @throws CdiException when the directory or a spec cannot be read
   */
  public java.util.Map<String, java.util.List<String>> claimDevices() {
    String prefix = filePrefix;
    java.util.Map<String, java.util.List<String>> claims = new java.util.TreeMap<>();
    if (!Files.isDirectory(cdiRoot)) {
      return claims;
    }
    try (var files = Files.list(cdiRoot)) {
      for (Path spec : files.toList()) {
        String name = spec.getFileName().toString();
        if (name.startsWith(prefix) && name.endsWith(".yaml")) {
          String uid = name.substring(prefix.length(), name.length() - ".yaml".length());
          claims.put(
              uid,
              deviceNames(spec).stream()
                  .filter(n -> n.startsWith(uid + "-"))
                  .map(n -> n.substring(uid.length() + 1))
                  .toList());
        }
      }
    } catch (IOException e) {
      throw new CdiException("cannot read the CDI specs in " + cdiRoot, e);
    }
    return claims;
  }

  /**
   * The device names of a spec file, read leniently: another writer's spec (NVIDIA's plugin's, a
   * newer CDI version's) still tells which devices its claim holds.
   */
  private java.util.List<String> deviceNames(Path spec) throws IOException {
    com.fasterxml.jackson.databind.JsonNode tree = yaml.readTree(Files.readString(spec));
    java.util.List<String> names = new java.util.ArrayList<>();
    if (tree != null) {
      tree.path("devices").forEach(d -> names.add(d.path("name").asText("")));
    }
    return names;
  }

  /** Whether the claim's spec file exists. */
  public boolean exists(String claimUid) {
    return Files.exists(pathFor(claimUid));
  }

  /** Deletes the claim's spec file; a missing file is fine. */
  public void delete(String claimUid) {
    Path file = pathFor(claimUid);
    try {
      AtomicFile.delete(file);
    } catch (IOException e) {
      throw new CdiException(
          "cannot delete CDI spec " + file + ": " + dev.gpudra.kit.files.IoReason.describe(e), e);
    }
  }

  /** The spec as YAML: a document marker, every string double-quoted, no line folded. */
  public String render(CdiSpec spec) {
    try {
      return yaml.writeValueAsString(spec);
    } catch (JsonProcessingException e) {
      throw new CdiException("cannot render CDI spec: " + e.getOriginalMessage(), e);
    }
  }

  /** Reads a spec strictly (unknown fields are errors, as container runtimes treat them). */
  public CdiSpec parse(String text) {
    try {
      return yaml.readValue(text, CdiSpec.class);
    } catch (JsonProcessingException e) {
      throw new CdiException("invalid CDI spec: " + e.getOriginalMessage(), e);
    }
  }
}
