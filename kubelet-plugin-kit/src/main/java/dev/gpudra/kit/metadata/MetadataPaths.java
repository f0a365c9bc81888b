package dev.gpudra.kit.metadata;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a request's metadata lives, as the kubelet plugin helper lays it out: on the host {@code
 * <pluginDataDir>/dra-device-metadata/<namespace>_<claim>/<request>/metadata.json}; in the
 * container {@code /var/run/kubernetes.io/dra-device-attributes/resourceclaims/<claim>/<request>/
 * <driver>-metadata.json}, or {@code resourceclaimtemplates/<podClaimName>/...} for a claim made
 * from a template; its CDI spec {@code <cdiDir>/<driver>_metadata_<claimUID>_<request>.json}, kind
 * {@code <driver>/metadata}, device {@code <claimUID>_<request>}.
 *
 * @param pluginDataDir the driver's directory under the kubelet's plugins directory (a host path:
 *     the CDI spec names it)
 * @param cdiDir where the container runtime reads CDI specs
 * @param driver the DRA driver's name
 */
public record MetadataPaths(Path pluginDataDir, Path cdiDir, String driver) {
  public static final String CONTAINER_DIR = "/var/run/kubernetes.io/dra-device-attributes";

  /** Where below the plugin's data directory the metadata files are. */
  public static final String HOST_SUBDIR = "dra-device-metadata";

  public MetadataPaths {
    Objects.requireNonNull(pluginDataDir, "pluginDataDir");
    Objects.requireNonNull(cdiDir, "cdiDir");
    Objects.requireNonNull(driver, "driver");
  }

  /** The directory of all of a claim's request files. */
  public Path claimDir(String namespace, String claim) {
    return pluginDataDir
        .resolve(HOST_SUBDIR)
        .resolve(segment(namespace, "namespace") + "_" + segment(claim, "name"));
  }

  public Path hostFile(String namespace, String claim, String request) {
    return claimDir(namespace, claim).resolve(segment(request, "request")).resolve("metadata.json");
  }

  public String containerFile(String claim, Optional<String> podClaimName, String request) {
    String claimPart =
        podClaimName
            .filter(n -> !n.isEmpty())
            .map(n -> "resourceclaimtemplates/" + segment(n, "pod claim name"))
            .orElseGet(() -> "resourceclaims/" + segment(claim, "name"));
    return CONTAINER_DIR
        + "/"
        + claimPart
        + "/"
        + segment(request, "request")
        + "/"
        + driver
        + "-metadata.json";
  }

  public String cdiKind() {
    return driver + "/metadata";
  }

  public String cdiDeviceName(String claimUid, String request) {
    return segment(claimUid, "uid") + "_" + segment(request, "request");
  }

  /** The fully qualified CDI device the kubelet hands the runtime. */
  public String cdiDeviceId(String claimUid, String request) {
    return cdiKind() + "=" + cdiDeviceName(claimUid, request);
  }

  public Path cdiSpecFile(String claimUid, String request) {
    return cdiDir.resolve(cdiFilePrefix(claimUid) + segment(request, "request") + ".json");
  }

  /** How the names of a claim's CDI spec files begin. */
  String cdiFilePrefix(String claimUid) {
    return driver + "_metadata_" + segment(claimUid, "uid") + "_";
  }

  /**
   * A name used as one path element: the API server's validation makes these DNS names; a claim
   * that got past it unvalidated must not reach outside the directory.
   */
  private static String segment(String value, String field) {
    if (value == null
        || value.isEmpty()
        || value.equals(".")
        || value.equals("..")
        || value.indexOf('/') >= 0
        || value.indexOf('\0') >= 0) {
      throw new MetadataException(
          "claim "
              + field
              + " "
              + quoted(value)
              + " cannot name a metadata file: not a path element");
    }
    return value;
  }

  private static String quoted(String value) {
    return value == null ? "null" : "\"" + value + "\"";
  }
}
