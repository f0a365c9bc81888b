package dev.gpudra.operator.render.nvidia.asset;

import java.util.regex.Pattern;

/**
 * What a state's {@code PROVENANCE.yaml} must say: every field present, file names as NVIDIA's, in
 * apply order (their names' order, as NVIDIA's numbers order its assets).
 */
final class ProvenanceCheck {
  /** NVIDIA's asset file names: an apply-order number, the kind, a YAML suffix. */
  static final Pattern FILE = Pattern.compile("\\d{4}_[a-z0-9_.-]+\\.ya?ml");

  /** A full commit, so that the tree compared with is named exactly. */
  static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

  private ProvenanceCheck() {}

  static void check(String resource, String state, Provenance provenance) {
    if (!state.equals(provenance.state())) {
      throw new AssetException(
          resource, "state: '" + provenance.state() + "' is not its directory's " + state);
    }
    Provenance.Upstream upstream = provenance.upstream();
    if (upstream == null) {
      throw new AssetException(resource, "upstream is missing");
    }
    require(resource, "upstream.repository", upstream.repository());
    require(resource, "upstream.version", upstream.version());
    require(resource, "upstream.commit", upstream.commit());
    if (!COMMIT.matcher(upstream.commit()).matches()) {
      throw new AssetException(
          resource, "upstream.commit: '" + upstream.commit() + "' is not a full 40-digit commit");
    }
    require(resource, "upstream.license", upstream.license());
    if (provenance.files().isEmpty()) {
      throw new AssetException(resource, "files is empty");
    }
    String previous = "";
    for (int i = 0; i < provenance.files().size(); i++) {
      Provenance.AssetFile file = provenance.files().get(i);
      String field = "files[" + i + "].file";
      require(resource, field, file.file());
      require(resource, "files[" + i + "].upstream", file.upstream());
      if (!FILE.matcher(file.file()).matches()) {
        throw new AssetException(
            resource, field + ": '" + file.file() + "' is not named NNNN_<kind>.yaml");
      }
      if (file.file().compareTo(previous) <= 0) {
        throw new AssetException(
            resource,
            field
                + ": '"
                + file.file()
                + "' is listed after '"
                + previous
                + "': files are listed once, in apply order, which is their names' order");
      }
      previous = file.file();
    }
    for (int i = 0; i < provenance.omitted().size(); i++) {
      require(resource, "omitted[" + i + "].upstream", provenance.omitted().get(i).upstream());
      require(resource, "omitted[" + i + "].why", provenance.omitted().get(i).why());
    }
  }

  private static void require(String resource, String field, String value) {
    if (value == null || value.isBlank()) {
      throw new AssetException(resource, field + " is missing");
    }
  }
}
